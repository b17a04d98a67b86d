/**
 * Small readers shared by the rules, so "missing", "format" and "positive number" are each
 * decided in one place.
 */
import type { OrderField, RawOrder, RawProduct, ProductField } from '../types';

export const ORDER_STATES = ['new', 'wait', 'cancel', 'refuse', 'return', 'partial_return', 'done'] as const;
export type OrderState = (typeof ORDER_STATES)[number];
/** done and partial_return count as paid (spec, section 4). */
export const PAID_STATES: ReadonlySet<string> = new Set<OrderState>(['done', 'partial_return']);
/** Orders that never turned into revenue: cancelled by the customer or refused (never paid). */
export const CANCELLED_STATES: ReadonlySet<string> = new Set<OrderState>(['cancel', 'refuse']);
const STATE_SET: ReadonlySet<string> = new Set<string>(ORDER_STATES);


/** The field's value, trimmed. Absent and blank are the same thing for a feed: undefined, no usable value. */
const usable = (value: string | undefined): string | undefined => {
  if (value === undefined || value.length === 0) return undefined;
  // Parsers hand out trimmed values: skip trim() when both ends are visible ASCII (trim() strips nothing there).
  const first = value.charCodeAt(0);
  const last = value.charCodeAt(value.length - 1);
  if (first > 32 && first < 127 && last > 32 && last < 127) return value;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
};
export const orderValue = (order: RawOrder, field: OrderField): string | undefined => usable(order.fields[field]);
export const productValue = (product: RawProduct, field: ProductField): string | undefined => usable(product.fields[field]);

/** A wall-clock moment of the feed: no time zone is given, so it is compared as if UTC. */
export interface Moment {
  /** Milliseconds, wall clock read as UTC. */
  time: number;
  /** YYYY-MM-DD */
  day: string;
  /** The text, normalised to YYYY-MM-DD HH:MM:SS (00:00:00 for a day). */
  text: string;
}

const digits = (text: string, from: number, count: number): number => {
  let n = 0;
  for (let i = from; i < from + count; i++) {
    const c = text.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    n = n * 10 + c;
  }
  return n;
};
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Reads YYYY-MM-DD HH:MM:SS and/or YYYY-MM-DD as `accept` says, rejecting impossible calendar
 * values (2026-02-30, 24:00:00) that a pattern alone would let through. Hand-written rather
 * than a regular expression: it runs for every order of million-order feeds.
 */
export function readMoment(text: string, accept: 'date-time' | 'day' | 'day-or-date-time'): Moment | null {
  const hasTime = text.length === 19;
  if (!(hasTime ? accept !== 'day' : text.length === 10 && accept !== 'date-time')) return null;
  if (text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return null; // '-'
  const y = digits(text, 0, 4);
  const mo = digits(text, 5, 2);
  const d = digits(text, 8, 2);
  if (y < 1970 || mo < 1 || mo > 12 || d < 1 || d > (mo === 2 && isLeap(y) ? 29 : DAYS_IN_MONTH[mo - 1]!)) return null;
  let h = 0;
  let mi = 0;
  let sec = 0;
  if (hasTime) {
    if (text.charCodeAt(10) !== 32 || text.charCodeAt(13) !== 58 || text.charCodeAt(16) !== 58) return null; // ' ', ':'
    h = digits(text, 11, 2);
    mi = digits(text, 14, 2);
    sec = digits(text, 17, 2);
    if (h < 0 || h > 23 || mi < 0 || mi > 59 || sec < 0 || sec > 59) return null;
  }
  const day = text.slice(0, 10);
  return { time: Date.UTC(y, mo - 1, d, h, mi, sec), day, text: hasTime ? text : `${day} 00:00:00` };
}

/** The UTC day of a Date, YYYY-MM-DD. */
export const dayOf = (date: Date): string => date.toISOString().slice(0, 10);
/** YYYY-MM-DD shifted by whole days. */
export const addDays = (day: string, days: number): string => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000));

const isDigit = (c: number): boolean => c >= 48 && c <= 57;
/**
 * A plain decimal number with a dot ("12.50"); "12,50", "1e3", "NaN", "12 EUR" are not numbers.
 * The form is /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/, checked with a character loop (twice as fast
 * as the regular expression: it runs for every order and product).
 */
export function readNumber(text: string): number | null {
  const length = text.length;
  let i = 0;
  const sign = text.charCodeAt(0);
  if (sign === 43 || sign === 45) i = 1; // + -
  const intStart = i;
  while (i < length && isDigit(text.charCodeAt(i))) i++;
  const hasInt = i > intStart;
  if (i < length && text.charCodeAt(i) === 46) {
    // '.'
    const fracStart = ++i;
    while (i < length && isDigit(text.charCodeAt(i))) i++;
    if (!hasInt && i === fracStart) return null;
  } else if (!hasInt) return null;
  return i === length ? Number(text) : null;
}
export const isPositiveNumber = (text: string): boolean => {
  const n = readNumber(text);
  return n !== null && n > 0;
};
/** Digits only: commissions are whole amounts. */
export const isNonNegativeInteger = (text: string): boolean => /^\d+$/.test(text);
export const isFlag = (text: string): boolean => text === '0' || text === '1';
export const isKnownState = (text: string): boolean => STATE_SET.has(text);
