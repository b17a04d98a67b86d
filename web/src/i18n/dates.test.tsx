import { describe, expect, it, vi } from 'vitest';
import { formatPortalDate, formatPortalDay, parsePortalDateTime, parsePortalDay } from './dates';

describe('one date format per language', () => {
  // Local time (whatever the machine's zone): December and a single-digit minute.
  const at = new Date(2026, 11, 31, 9, 5);
  it.each([
    ['en', '31/12/2026', '31/12/2026 09:05'],
    ['fr', '31/12/2026', '31/12/2026 09:05'],
    ['ru', '31.12.2026', '31.12.2026 09:05'],
  ])('%s', (locale, date, dateTime) => {
    expect(formatPortalDate({ locale }, at)).toBe(date);
    expect(formatPortalDate({ locale }, at, true)).toBe(dateTime);
  });
  it('a zone-less feed day stays that day', () => {
    expect(formatPortalDay({ locale: 'ru' }, '2026-12-31 23:59:59')).toBe('31.12.2026');
    expect(formatPortalDay({ locale: 'en' }, '2024-02-29')).toBe('29/02/2024');
  });
  it('a missing or invalid value is no date, not "Invalid Date"', () => {
    expect(formatPortalDate({ locale: 'en' }, 'not a date')).toBe('');
  });
});

describe('a day typed in the language’s one format', () => {
  it.each([
    ['en', '31/12/2026', '1/2/2024'],
    ['fr', '31/12/2026', '1/2/2024'],
    ['ru', '31.12.2026', '1.2.2024'],
  ])('%s reads its own format back, and what it writes', (locale, written, short) => {
    expect(parsePortalDay({ locale }, written)).toBe('2026-12-31');
    expect(parsePortalDay({ locale }, ` ${short} `)).toBe('2024-02-01');
    expect(parsePortalDay({ locale }, formatPortalDay({ locale }, '2024-02-29'))).toBe('2024-02-29');
  });
  it('names no day for a day that does not exist or another order', () => {
    for (const text of ['31/04/2026', '29/02/2026', '13/13/2026', '2026-12-31', '12/31/2026', '31/12/26', '31/12', '', 'tomorrow', '01/01/1999']) {
      expect(parsePortalDay({ locale: 'en' }, text), text).toBeNull();
    }
  });
});

describe('a date and time typed in the language’s one format', () => {
  // Local time, as the page shows it: the instant is that time in the browser's zone.
  const at = new Date(2026, 11, 31, 9, 5).toISOString();
  it.each([
    ['en', '31/12/2026 09:05', '31/12/2026, 9:05'],
    ['fr', '31/12/2026 09:05', '31/12/2026 9h05'],
    ['ru', '31.12.2026 09:05', '31.12.2026 9.05'],
  ])('%s reads what it writes, and the same time written more loosely', (locale, written, loose) => {
    expect(formatPortalDate({ locale }, at, true)).toBe(written);
    expect(parsePortalDateTime({ locale }, written)).toBe(at);
    expect(parsePortalDateTime({ locale }, ` ${loose} `)).toBe(at);
  });
  it('reads the time in the browser’s zone, as the datetime-local input it replaces did', () => {
    // Node applies a changed TZ at once (Date and Intl alike); the machine's own zone may be UTC, where local and UTC agree.
    vi.stubEnv('TZ', 'America/New_York');
    try {
      expect(parsePortalDateTime({ locale: 'en' }, '01/01/2026, 09:05')).toBe('2026-01-01T14:05:00.000Z');
      expect(formatPortalDate({ locale: 'en' }, '2026-01-01T14:05:00.000Z', true)).toBe('01/01/2026 09:05');
    } finally {
      vi.unstubAllEnvs();
    }
  });
  it('names no time for a day that does not exist, an hour past 23, a minute past 59, or a day alone', () => {
    for (const text of ['31/04/2026 10:00', '29/02/2026 10:00', '30/04/2026 24:00', '30/04/2026 10:60', '30/04/2026 10:5', '30/04/2026', '10:00', '2026-04-30T10:00', '', '30/04/2026 ten:00']) {
      expect(parsePortalDateTime({ locale: 'en' }, text), text).toBeNull();
    }
    expect(parsePortalDateTime({ locale: 'en' }, '30/04/2026 23:59')).toBe(new Date(2026, 3, 30, 23, 59).toISOString());
  });
});
