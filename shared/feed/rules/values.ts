/**
 * Small readers shared by the rules, so "missing", "format" and "positive number" are each
 * decided in one place. They run for every order (and product) of million-order feeds: character
 * loops, no regular expressions, no allocation where none is needed.
 */
import { trimEnds } from '../parse/common';

const ORDER_STATES = ['new', 'wait', 'cancel', 'refuse', 'return', 'partial_return', 'done'] as const;
export type OrderState = (typeof ORDER_STATES)[number];
/** done and partial_return count as paid (spec, section 4). */
export const PAID_STATES: ReadonlySet<string> = new Set<OrderState>(['done', 'partial_return']);
/** Orders that never turned into revenue: cancelled by the customer or refused (never paid). */
export const CANCELLED_STATES: ReadonlySet<string> = new Set<OrderState>(['cancel', 'refuse']);

/** The field's value, trimmed. Absent and blank are the same thing for a feed: undefined, no usable value. */
export const usable = (value: string | undefined): string | undefined => {
  // Stryker disable next-line ConditionalExpression: a shortcut: '' has no visible ends and trims to '' below
  if (value === undefined || value.length === 0) return undefined;
  // Parsers hand out trimmed values: trimEnds skips the call when both ends are kept anyway.
  const trimmed = trimEnds(value);
  return trimmed === '' ? undefined : trimmed;
};

/** A wall-clock moment of the feed: no time zone is given, so it is compared as if UTC. */
export interface Moment {
  /** Milliseconds, wall clock read as UTC. */
  time: number;
  /** YYYY-MM-DD */
  day: string;
  /** The text, normalised to YYYY-MM-DD HH:MM:SS (00:00:00 for a day). */
  text: string;
}

/** The two digits at text[i, i+2) as a number, or -1 (the callers checked the length). */
const twoDigits = (text: string, i: number): number => {
  const a = text.charCodeAt(i) - 48;
  const b = text.charCodeAt(i + 1) - 48;
  return a < 0 || a > 9 || b < 0 || b > 9 ? -1 : a * 10 + b;
};
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

type MomentForm = 'date-time' | 'day' | 'day-or-date-time';

/**
 * Reads YYYY-MM-DD HH:MM:SS and/or YYYY-MM-DD as `accept` says, rejecting impossible calendar
 * values (2026-02-30, 24:00:00) that a pattern alone would let through. Hand-written rather
 * than a regular expression: it runs for every order of million-order feeds.
 */
export function readMoment(text: string, accept: MomentForm): Moment | null {
  const time = momentTime(text, accept);
  if (time < 0) return null;
  const day = text.slice(0, 10);
  return { time, day, text: text.length === 19 ? text : `${day} 00:00:00` };
}
/** readMoment(text, accept) !== null, without building the Moment. */
export const isMoment = (text: string, accept: MomentForm): boolean => momentTime(text, accept) >= 0;

/** Milliseconds of the moment (wall clock read as UTC), or -1 when the text is not one. */
export function momentTime(text: string, accept: MomentForm): number {
  const hasTime = text.length === 19;
  if (!(hasTime ? accept !== 'day' : text.length === 10 && accept !== 'date-time')) return -1;
  if (text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return -1; // '-'
  const century = twoDigits(text, 0);
  const yy = twoDigits(text, 2);
  // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator,UnaryOperator: a bad digit makes any year below 1970, refused just below
  const y = century < 0 || yy < 0 ? -1 : century * 100 + yy;
  const mo = twoDigits(text, 5);
  const d = twoDigits(text, 8);
  // Stryker disable next-line ConditionalExpression: a year before 1970 also gives a negative time, refused by the callers; this keeps daysFromCivil's operands positive
  if (y < 1970) return -1;
  if (mo < 1 || mo > 12 || d < 1 || d > (mo === 2 && isLeap(y) ? 29 : DAYS_IN_MONTH[mo - 1]!)) return -1;
  let h = 0;
  let mi = 0;
  let sec = 0;
  if (hasTime) {
    if (text.charCodeAt(10) !== 32 || text.charCodeAt(13) !== 58 || text.charCodeAt(16) !== 58) return -1; // ' ', ':'
    h = twoDigits(text, 11);
    mi = twoDigits(text, 14);
    sec = twoDigits(text, 17);
    if (h < 0 || h > 23 || mi < 0 || mi > 59 || sec < 0 || sec > 59) return -1;
  }
  return (daysFromCivil(y, mo, d) * 86_400 + h * 3600 + mi * 60 + sec) * 1000;
}

/**
 * Days from 1970-01-01 to a valid proleptic Gregorian date (H. Hinnant's days_from_civil):
 * the same figure as Date.UTC, without its generic argument handling (it runs per order).
 */
function daysFromCivil(y: number, m: number, d: number): number {
  // Every operand is positive (y >= 1970): `| 0` is Math.floor here, and cheaper.
  const year = m <= 2 ? y - 1 : y;
  const era = (year / 400) | 0;
  const yoe = year - era * 400;
  const doy = (((153 * (m > 2 ? m - 3 : m + 9) + 2) / 5) | 0) + d - 1;
  const doe = yoe * 365 + ((yoe / 4) | 0) - ((yoe / 100) | 0) + doy;
  return era * 146_097 + doe - 719_468;
}

/** The UTC day of a Date, YYYY-MM-DD. */
export const dayOf = (date: Date): string => date.toISOString().slice(0, 10);
/** YYYY-MM-DD shifted by whole days. */
export const addDays = (day: string, days: number): string => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000));

const isDigit = (c: number): boolean => c >= 48 && c <= 57;
/** Powers of ten that a double holds exactly. */
const EXACT_POWERS_OF_TEN = Array.from({ length: 23 }, (_, e) => 10 ** e);
/**
 * A plain decimal number with a dot ("12.50"); "12,50", "1e3", "NaN", "12 EUR" are not numbers.
 * The form is /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/, checked with a character loop rather than the
 * regular expression, and the value computed on the way (it runs for every order and product).
 */
export function readNumber(text: string): number | null {
  const length = text.length;
  let i = 0;
  const sign = text.charCodeAt(0);
  if (sign === 43 || sign === 45) i = 1; // + -
  let mantissa = 0;
  const intStart = i;
  // Past the end charCodeAt is NaN, which is no digit and no dot: the loops stop there.
  for (let c = text.charCodeAt(i); c >= 48 && c <= 57; c = text.charCodeAt(++i)) mantissa = mantissa * 10 + (c - 48);
  const intDigits = i - intStart;
  let fracDigits = 0;
  if (text.charCodeAt(i) === 46) {
    // '.'
    const fracStart = ++i;
    for (let c = text.charCodeAt(i); c >= 48 && c <= 57; c = text.charCodeAt(++i)) mantissa = mantissa * 10 + (c - 48);
    fracDigits = i - fracStart;
    if (intDigits === 0 && fracDigits === 0) return null;
  } else if (intDigits === 0) return null;
  if (i !== length) return null;
  // Up to 15 digits the mantissa is exact, and an exact integer divided by an exact power of
  // ten is correctly rounded: the very double Number() gives. Longer numbers go to Number().
  // Stryker disable next-line ConditionalExpression,EqualityOperator,ArithmeticOperator: as said, Number() gives the very same double for 15 digits or fewer
  if (intDigits + fracDigits > 15) return Number(text);
  const value = mantissa / EXACT_POWERS_OF_TEN[fracDigits]!;
  return sign === 45 ? -value : value;
}
/** A number read by readNumber that is above zero. */
// Stryker disable next-line ConditionalExpression: null > 0 is false anyway; the check is for the type
export const isPositive = (n: number | null): boolean => n !== null && n > 0;
/** Digits only: commissions are whole amounts. */
export const isNonNegativeInteger = (text: string): boolean => {
  for (let i = 0; i < text.length; i++) if (!isDigit(text.charCodeAt(i))) return false;
  return text.length > 0;
};
export const isFlag = (text: string): boolean => text === '0' || text === '1';
/**
 * The state as one of the seven constants, or null. Compares in place (no hashing of the
 * order's fresh string), and the constant it returns hashes and compares for free afterwards.
 */
export const knownState = (text: string): OrderState | null => {
  for (const state of ORDER_STATES) if (state === text) return state;
  return null;
};
