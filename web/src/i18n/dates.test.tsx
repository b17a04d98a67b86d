import { describe, expect, it } from 'vitest';
import { formatPortalDate, formatPortalDay, parsePortalDay } from './dates';

describe('one date format per language', () => {
  // Local time (whatever the machine's zone): December and a single-digit minute.
  const at = new Date(2026, 11, 31, 9, 5);
  it.each([
    ['en', '31/12/2026', '31/12/2026, 09:05'],
    ['fr', '31/12/2026', '31/12/2026 09:05'],
    ['ru', '31.12.2026', '31.12.2026, 09:05'],
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
