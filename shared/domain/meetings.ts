import type { Meeting, MeetingDuration } from './types';

/** Pure agenda rules shared by the agenda, the profile and the dashboard (accounts spec, "Agenda"). */

const DURATION_MINUTES: Record<MeetingDuration, number> = { '30m': 30, '45m': 45, '1h': 60, '1h15m': 75, '1h30m': 90 };

/** The first meeting whose datetime is still ahead, or null. */
export function nextMeeting(meetings: readonly Meeting[], now = Date.now()): Meeting | null {
  let next: Meeting | null = null;
  for (const meeting of meetings) {
    const at = Date.parse(meeting.datetime);
    if (at > now && (!next || at < Date.parse(next.datetime))) next = meeting;
  }
  return next;
}

export type MeetingState = 'past' | 'next' | 'upcoming';

/** Past (check icon), the next upcoming one (bell), or a later one (comments). */
export function meetingState(meeting: Meeting, next: Meeting | null, now = Date.now()): MeetingState {
  if (Date.parse(meeting.datetime) <= now) return 'past';
  return next?.id === meeting.id ? 'next' : 'upcoming';
}

/** The marker of a follow-up meeting's delay ('Data check (J+7)'): it and what follows stay out of calendar titles. */
const DELAY_MARKER = '(J+';

/** '{company} x {product} - {meeting name}', the meeting name cut at the '(J+' marker. */
export function calendarTitle(company: string, product: string, meetingName: string): string {
  const at = meetingName.indexOf(DELAY_MARKER);
  const name = (at === -1 ? meetingName : meetingName.slice(0, at)).trim();
  return `${company} x ${product} - ${name}`;
}

/** UTC in the compact form Google Calendar's `dates` parameter takes: 20260308T090000Z. */
const compactUtc = (time: number) => new Date(time).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/**
 * A Google Calendar "add event" link (render?action=TEMPLATE): the event is prefilled in the
 * user's own calendar, nothing is downloaded, and it works on phones too.
 */
export function googleCalendarUrl(meeting: Meeting, title: string, details?: string): string {
  const start = Date.parse(meeting.datetime);
  const end = start + DURATION_MINUTES[meeting.duration] * 60_000;
  const params = new URLSearchParams({ action: 'TEMPLATE', text: title, dates: `${compactUtc(start)}/${compactUtc(end)}` });
  if (details) params.set('details', details);
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}
