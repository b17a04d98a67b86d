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

describe('agenda rules at the boundaries (mutation testing found these unchecked)', () => {
  const now = Date.parse('2026-12-31T23:00:00Z');
  const atNow = meeting('at-now', '2026-12-31T23:00:00.000Z');
  // Midnight in Paris is 23:00 UTC: the same instant, written in another zone.
  const atNowParis = meeting('at-now-paris', '2027-01-01T00:00:00+01:00');
  const newYear = meeting('new-year', '2027-01-01T00:00:00.000Z');
  const newYearToo = meeting('new-year-too', '2027-01-01T00:00:00.000Z');

  it('counts a meeting starting this very instant as past, in any zone, and never as the next one', () => {
    expect(meetingState(atNow, null, now)).toBe('past');
    expect(meetingState(atNowParis, null, now)).toBe('past');
    expect(nextMeeting([atNow, atNowParis, newYear], now)?.id).toBe('new-year');
  });

  it('keeps the first of two meetings at the same time as the next one (across the year end)', () => {
    expect(nextMeeting([newYear, newYearToo], now)?.id).toBe('new-year');
    expect(nextMeeting([newYearToo, newYear], now)?.id).toBe('new-year-too');
  });

  it('shows a later meeting as upcoming when there is no next one to compare with', () => {
    expect(meetingState(newYear, null, now)).toBe('upcoming');
  });

  it('adds details to the calendar link only when there are some', () => {
    expect(new URL(googleCalendarUrl(newYear, 'Kick-off')).searchParams.has('details')).toBe(false);
    expect(new URL(googleCalendarUrl(newYear, 'Kick-off', '')).searchParams.has('details')).toBe(false);
    expect(new URL(googleCalendarUrl(newYear, 'Kick-off', 'Agenda')).searchParams.get('details')).toBe('Agenda');
    expect(new URL(googleCalendarUrl(newYear, 'Kick-off')).searchParams.get('dates')).toBe('20270101T000000Z/20270101T003000Z');
  });
});
