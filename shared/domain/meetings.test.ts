import { describe, expect, it } from 'vitest';
import type { Meeting } from './types';
import { calendarTitle, googleCalendarUrl, meetingState, nextMeeting } from './meetings';

const meeting = (id: string, datetime: string, over: Partial<Meeting> = {}): Meeting => ({ id, name: id, duration: '30m', datetime, version: 1, ...over });

describe('agenda rules', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');
  const past = meeting('past', '2026-02-27T10:00:00.000Z');
  const soon = meeting('soon', '2026-03-03T10:00:00.000Z');
  const later = meeting('later', '2026-03-10T10:00:00.000Z');

  it('finds the first meeting still ahead, in any order', () => {
    expect(nextMeeting([later, past, soon], now)).toBe(soon);
    expect(nextMeeting([past], now)).toBeNull();
    expect(nextMeeting([], now)).toBeNull();
  });

  it('marks past, next and upcoming meetings', () => {
    const next = nextMeeting([past, soon, later], now);
    expect([past, soon, later].map((m) => meetingState(m, next, now))).toEqual(['past', 'next', 'upcoming']);
  });

  it('cuts the (J+ marker and what follows from calendar titles', () => {
    expect(calendarTitle('Acme Retail', 'Attribution', 'Data quality check (J+7)')).toBe('Acme Retail x Attribution - Data quality check');
    expect(calendarTitle('Acme', 'P', 'Review (J+30) second round')).toBe('Acme x P - Review');
    expect(calendarTitle('Acme', 'P', 'Kick-off (june)')).toBe('Acme x P - Kick-off (june)');
  });

  it('builds a Google Calendar template link with UTC start/end from the duration', () => {
    const url = new URL(googleCalendarUrl(meeting('m', '2026-03-08T09:00:00.000Z', { duration: '1h15m' }), 'Acme x P - Kick-off'));
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('text')).toBe('Acme x P - Kick-off');
    expect(url.searchParams.get('dates')).toBe('20260308T090000Z/20260308T101500Z');
  });
});
