import { useIntl, type IntlShape } from 'react-intl';
import { isCalendarDay } from 'shared/domain/calendar';

/**
 * The portal's one date format per language (the spec's meetings: dd/mm/yyyy plus hh:mm):
 * English and French 26/11/2026 14:05, Russian 26.11.2026 14:05. Every date a page shows goes
 * through here, so a page never mixes formats. English is formatted as en-GB: the app's `en`
 * would otherwise give the American month-first order, which the spec's dd/mm/yyyy is not.
 */
const DATE = { day: '2-digit', month: '2-digit', year: 'numeric' } as const;
const TIME = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;

const dateLocale = (locale: string) => (locale === 'en' || locale.startsWith('en-') ? 'en-GB' : locale);

/**
 * A date (withTime: and its hours and minutes) in the user's language; '' for a missing or invalid
 * value. The time follows the date after one space in every language: Intl joins them with a comma
 * in English and Russian but not in French, and the pages that show a date and a time apart (the
 * agenda, the next meeting) write them with a space: one format per language, whoever writes it.
 */
export function formatPortalDate(intl: Pick<IntlShape, 'locale'>, value: string | number | Date, withTime = false): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const locale = dateLocale(intl.locale);
  const day = new Intl.DateTimeFormat(locale, DATE).format(date);
  return withTime ? `${day} ${new Intl.DateTimeFormat(locale, TIME).format(date)}` : day;
}

/**
 * A calendar day written without a zone (a feed's `2026-11-20 10:00:00`: the shop's own day), in
 * the portal's format: read as that day, not as a UTC instant that a zone could move by one.
 */
export function formatPortalDay(intl: Pick<IntlShape, 'locale'>, day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  if (!match) return '';
  return formatPortalDate(intl, new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

/** A calendar month (`YYYY-MM`, a chart's axis) as the language writes a month and its year: "Nov 2026", "nov. 2026", "нояб. 2026 г.". */
export function formatPortalMonth(intl: Pick<IntlShape, 'locale'>, month: string): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(dateLocale(intl.locale), { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** A year (the footer's copyright), with the language's digits. */
export const formatPortalYear = (intl: Pick<IntlShape, 'locale'>, date: Date): string => new Intl.DateTimeFormat(dateLocale(intl.locale), { year: 'numeric' }).format(date);

/** The order of day, month and year in the language's one format (en, fr: day/month/year; ru: day.month.year). */
function dayOrder(locale: string): Array<'day' | 'month' | 'year'> {
  const parts = new Intl.DateTimeFormat(dateLocale(locale), DATE).formatToParts(new Date(2026, 10, 26));
  return parts.map((part) => part.type).filter((type): type is 'day' | 'month' | 'year' => type === 'day' || type === 'month' || type === 'year');
}

/**
 * A day typed in the portal's format of the user's language (`26/11/2026`, `26.11.2026`; one-digit
 * day and month, and any of / . - as separator, are read too) as `YYYY-MM-DD`; null when the text
 * names no day that exists (shared/domain/calendar.ts `isCalendarDay`, the server's own check).
 */
export function parsePortalDay(intl: Pick<IntlShape, 'locale'>, text: string): string | null {
  const pieces = text.trim().split(/\s*[./-]\s*/);
  if (pieces.length !== 3 || !pieces.every((piece) => /^\d{1,4}$/.test(piece))) return null;
  const value = Object.fromEntries(dayOrder(intl.locale).map((type, i) => [type, pieces[i]!])) as Record<'day' | 'month' | 'year', string>;
  if (value.year.length !== 4 || value.day.length > 2 || value.month.length > 2) return null;
  const day = `${value.year}-${value.month.padStart(2, '0')}-${value.day.padStart(2, '0')}`;
  return isCalendarDay(day) ? day : null;
}

/**
 * A date and time typed in the portal's format of the user's language, as formatPortalDate writes
 * it (`26/11/2026 14:05`, `26.11.2026 14:05`; a comma after the day is read too, the day as
 * parsePortalDay reads it, `14h05` and `14.05` read too) as the ISO instant (UTC) of that time in
 * the browser's zone, the instant a `datetime-local` input gave; null when it names none.
 */
export function parsePortalDateTime(intl: Pick<IntlShape, 'locale'>, text: string): string | null {
  const match = /^(.*?)(?:,\s*|\s+)(\d{1,2})[:h.](\d{2})$/.exec(text.trim());
  if (!match) return null;
  const day = parsePortalDay(intl, match[1]!);
  const [hours, minutes] = [Number(match[2]), Number(match[3])];
  if (!day || hours > 23 || minutes > 59) return null;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date, hours, minutes).toISOString();
}

/** A `<time>` element showing the date in the portal's format. */
export function DateText({ value, withTime = false }: { value: string | number | Date; withTime?: boolean }) {
  const intl = useIntl();
  const iso = value instanceof Date ? value.toISOString() : typeof value === 'number' ? new Date(value).toISOString() : value;
  return <time dateTime={iso}>{formatPortalDate(intl, value, withTime)}</time>;
}
