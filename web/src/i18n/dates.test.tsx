import { describe, expect, it } from 'vitest';
import { formatPortalDate, formatPortalDay } from './dates';

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
