/** The years a date of the portal may name (a meeting, a filter of the audit history): a calendar, not a time machine. */
export const FIRST_YEAR = 2000;
export const LAST_YEAR = 2099;

/**
 * THE calendar-day check of every date a request carries (`YYYY-MM-DD`, alone or as the start of
 * a date-time): a day that exists (no 2026-13-01, no 31 February, 29 February in leap years only)
 * between FIRST_YEAR and LAST_YEAR. `Date.parse` would roll 2026-02-31 over to March, and a
 * matching pattern alone lets month 13 through: a filter on such a day answered 200 with nothing.
 */
export function isCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < FIRST_YEAR || year > LAST_YEAR) return false;
  // A day that does not exist rolls over into another (2026-02-31 is 2026-03-03, 2026-13-01 is 2027-01-01): it reads back as another text.
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10) === value;
}
