import { useIntl, type IntlShape } from 'react-intl';

/**
 * The portal's one date format per language (the spec's meetings: dd/mm/yyyy plus hh:mm):
 * English and French 26/11/2026 14:05, Russian 26.11.2026 14:05. Every date a page shows goes
 * through here, so a page never mixes formats. English is formatted as en-GB: the app's `en`
 * would otherwise give the American month-first order, which the spec's dd/mm/yyyy is not.
 */
const DATE = { day: '2-digit', month: '2-digit', year: 'numeric' } as const;
const DATE_TIME = { ...DATE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;

const dateLocale = (locale: string) => (locale === 'en' || locale.startsWith('en-') ? 'en-GB' : locale);

/** A date (withTime: and its hours and minutes) in the user's language; '' for a missing or invalid value. */
export function formatPortalDate(intl: Pick<IntlShape, 'locale'>, value: string | number | Date, withTime = false): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(dateLocale(intl.locale), withTime ? DATE_TIME : DATE).format(date);
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

/** A `<time>` element showing the date in the portal's format. */
export function DateText({ value, withTime = false }: { value: string | number | Date; withTime?: boolean }) {
  const intl = useIntl();
  const iso = value instanceof Date ? value.toISOString() : typeof value === 'number' ? new Date(value).toISOString() : value;
  return <time dateTime={iso}>{formatPortalDate(intl, value, withTime)}</time>;
}
