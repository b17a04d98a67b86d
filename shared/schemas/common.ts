import { number, object, string } from 'yup';
import { schema } from './define';

/**
 * Pieces every entity's schemas share. An edit or a delete carries the `version` it read: the
 * server writes only on that version (a stale one is 409), so nothing is overwritten silently.
 */
export const version = () =>
  number()
    .nonNullable('validation.required')
    .integer('validation.invalid')
    .min(1, 'validation.invalid')
    // Versions count writes; a number past 2^53 is no version, and DynamoDB's marshaller would throw on it (a 500).
    .max(Number.MAX_SAFE_INTEGER, 'validation.invalid')
    .required('validation.required');

/**
 * Characters no text of a user may hold: control characters (a line's text: also no tab or line
 * break), lone UTF-16 surrogates (no character at all; DynamoDB stores UTF-8), and the bidi
 * overrides and isolates that make a name display as something else (U+202E "abc" shows "cba").
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNPRINTABLE_LINE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
// eslint-disable-next-line no-control-regex -- as above
const UNPRINTABLE_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** A one-line text (a name, a label): `.test(lineText)` refuses it with `validation.invalidCharacters` when it holds any of the above. */
export const lineText = {
  name: 'line-text',
  message: 'validation.invalidCharacters',
  // Stryker disable next-line ConditionalExpression: RegExp#test reads null and undefined as the texts "null" and "undefined", which pass too
  test: (value: string | null | undefined) => value == null || !UNPRINTABLE_LINE.test(value),
};
/** A free text (a comment): line breaks and tabs allowed, the rest as lineText. */
export const freeText = {
  name: 'free-text',
  message: 'validation.invalidCharacters',
  // Stryker disable next-line ConditionalExpression: as above
  test: (value: string | null | undefined) => value == null || !UNPRINTABLE_TEXT.test(value),
};

// The calendar's rule lives without yup (shared/domain/calendar.ts): the web's entry chunk reads it, and yup is not in that chunk.
export { FIRST_YEAR, LAST_YEAR, isCalendarDay } from '../domain/calendar';
import { isCalendarDay } from '../domain/calendar';

/** An optional calendar day as text (a filter's from / to): `validation.date` when it names no real day. */
export const calendarDay = () =>
  string()
    .trim()
    .test('calendar-day', 'validation.date', (value) => value === undefined || value === '' || isCalendarDay(value));

/**
 * A day range's end (`to`): `validation.dateRange` when it comes before the range's start (the
 * `from` field beside it), which could only ever find nothing.
 */
export const calendarDayAfter = (fromField: string) =>
  calendarDay().test('date-range', 'validation.dateRange', function check(value) {
    const from = (this.parent as Record<string, unknown>)[fromField];
    return !value || typeof from !== 'string' || !isCalendarDay(from) || !isCalendarDay(value) || value >= from;
  });

/** A list page's cursor: the `next` a page answered (base64url), or '' for the first page. */
export const pageCursor = () => string().max(2000, 'validation.invalid').matches(/^[A-Za-z0-9_-]*$/, 'validation.invalid');

/** The body of a DELETE: just the version read. */
export const versionOnlySchema = /* @__PURE__ */ schema(() => object({ version: version() }));
