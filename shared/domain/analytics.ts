import type { OtherResource } from './types';
/**
 * Google Analytics verification (spec: "Analytics access", "Custom dimension", section 4's
 * verification status and report colours). The words of the spec are kept on screen and in the
 * API ("view id", "dimension index", "event action"); against GA4 they mean the property id, the
 * position of a custom dimension in the property's list (1-based) and the event name.
 */

/** Spec 9: a view id needs at least 5 characters before it can be checked. */
export const VIEW_ID_MIN_LENGTH = 5;
/** GA4 property ids are numbers of up to ~12 digits; longer input is refused, not truncated. */
export const VIEW_ID_MAX_LENGTH = 20;
/** Spec 9: success threshold and the start of the warning band. */
const SUCCESS_PERCENT = 95;
const WARNING_PERCENT = 65;
/** Spec 9: non-standard dimension examples shown. */
export const NON_STANDARD_EXAMPLES = 10;
/** Days of traffic the access check imports and the coverage checks read. */
export const ANALYTICS_DAYS = 30;

/** 'dimension' is labelled "Transactions" on screen (spec: "method (dimension, labelled transactions, or events)"). */
export const DIMENSION_METHODS = ['dimension', 'events'] as const;
export type DimensionMethod = (typeof DIMENSION_METHODS)[number];

export const VERIFICATION_TYPES = ['accessdimension', 'access'] as const;
export type VerificationType = (typeof VERIFICATION_TYPES)[number];

/**
 * How a check call ended, for the page: 200 answered; 403 access denied (GA's PERMISSION_DENIED,
 * or a property that does not exist for our service account: GA answers both alike); 404 the
 * dimension index names no custom dimension of the property; 502 Google failed otherwise.
 */
export type AnalyticsCode = 200 | 403 | 404 | 502;

interface AnalyticsError {
  /** Google's own message (or ours for 404), shown as the spec's "server's error message". */
  message: string;
}

/** POST /api/analytics/access and POST /api/analytics/utms. */
export interface AccessCheckAnswer {
  code: AnalyticsCode;
  errors: AnalyticsError[];
  /** Sessions of the property over the last ANALYTICS_DAYS days (null when denied). */
  total: number | null;
  property: { id: string; name: string } | null;
  /** First successful check without a stored view id: stored now, and the UTM traffic imported. */
  viewIdStored: boolean;
  /** Traffic rows imported by this call (null: nothing imported). */
  trafficImported: number | null;
  /** Not the company's stored View ID: no step changed, nothing stored (functions/core/integration/own-resource.ts). */
  otherResource: OtherResource | null;
}

/**
 * What the last check of each kind showed, kept with the company so a page opened later reads what
 * actually happened (the cards' fallback when the company has no ga_access / ga_dimension step).
 * `result` is the card the check produced: access granted/denied; the dimension's verdict, or
 * denied (code 403).
 */
export type AccessCheckResult = 'granted' | 'denied';
export type DimensionCheckResult = 'success' | 'low' | 'error' | 'denied';
export interface LastAnalyticsChecks {
  access: { at: string; result: AccessCheckResult } | null;
  dimension: { at: string; result: DimensionCheckResult } | null;
}

/** The card an access answer produces (spec 4 and 8: granted only without errors). */
export const accessResult = (answer: AccessCheckAnswer): AccessCheckResult => (answer.code === 200 && answer.errors.length === 0 ? 'granted' : 'denied');

/** The card a dimension answer produces (spec 8: code 403 is the access-denied case, not an error). */
export function dimensionResult(answer: DimensionCheckAnswer): DimensionCheckResult {
  if (answer.code === 403) return 'denied';
  const verdict = dimensionVerdict(answer);
  // Stryker disable next-line ConditionalExpression,StringLiteral: 'undefined' is the verdict of no answer at all, and here there is one (the type says so)
  return verdict === 'undefined' ? 'error' : verdict;
}

/** The custom dimension the index resolved to (Admin API properties.customDimensions.list). */
export interface ResolvedDimension {
  index: number;
  /** e.g. customEvent:client_id, as used in Data API requests. */
  apiName: string;
  parameterName: string;
  displayName: string;
  scope: 'EVENT' | 'USER' | 'ITEM';
}

/** One coverage figure: `withDimension / total`, '(not set)' excluded from the numerator. */
export interface Coverage {
  /** null when total is 0 (nothing to measure: a missing figure, hence an error verdict). */
  percent: number | null;
  withDimension: number;
  total: number;
}

interface EventsCoverage extends Coverage {
  /** Distinct dimension values over the events. */
  unique: number;
  /** Example event labels (the dimension values), most frequent first. */
  items: { label: string; count: number }[];
}

export interface NonStandardExample {
  value: string;
  sessions: number;
}

/** POST /api/analytics/dimension (method dimension) and POST /api/analytics/events (method events). */
export interface DimensionCheckAnswer {
  code: AnalyticsCode;
  errors: AnalyticsError[];
  method: DimensionMethod;
  dimension: ResolvedDimension | null;
  sessions: Coverage | null;
  /** method dimension only. */
  transactions: Coverage | null;
  /** method events only. */
  events: EventsCoverage | null;
  /** Values not in the standard format (first NON_STANDARD_EXAMPLES); null when all are standard. */
  non_standard_format: { items: NonStandardExample[]; total: number } | null;
  /** First successful check without a stored dimension index: stored now. */
  dimensionIndexStored: boolean;
  /** Not the company's stored View ID or dimension: no step changed, nothing stored. */
  otherResource: OtherResource | null;
}

export type DimensionVerdict = 'undefined' | 'error' | 'low' | 'success';

/**
 * Spec 4, "Verification status of a dimension check". `undefined` before an answer (reset at the
 * start of each check); for the events method the events percent replaces the transactions one.
 */
export function dimensionVerdict(answer: DimensionCheckAnswer | null | undefined, failed = false): DimensionVerdict {
  if (failed) return 'error';
  if (!answer) return 'undefined';
  if (answer.code !== 200 || answer.errors.length > 0) return 'error';
  const first = answer.sessions?.percent;
  const second = answer.method === 'events' ? answer.events?.percent : answer.transactions?.percent;
  // Stryker disable next-line ConditionalExpression,LogicalOperator: Number.isFinite(null or undefined) is false, so the null checks only spell it out
  if (first == null || second == null || !Number.isFinite(first) || !Number.isFinite(second)) return 'error';
  if (first >= SUCCESS_PERCENT && second >= SUCCESS_PERCENT) return 'success';
  return 'low';
}

/**
 * Spec 4: ga_dimension is done when sessions and transactions percents are both >= 95, or the
 * events percent is >= 95.
 */
export function dimensionStepDone(answer: DimensionCheckAnswer): boolean {
  if (answer.code !== 200 || answer.errors.length > 0) return false;
  // Stryker disable next-line UnaryOperator: -1 and +1 are both below SUCCESS_PERCENT
  if (answer.method === 'events') return (answer.events?.percent ?? -1) >= SUCCESS_PERCENT;
  // Stryker disable next-line UnaryOperator: -1 and +1 are both below SUCCESS_PERCENT
  return (answer.sessions?.percent ?? -1) >= SUCCESS_PERCENT && (answer.transactions?.percent ?? -1) >= SUCCESS_PERCENT;
}

export type ReportColour = 'success' | 'warning' | 'danger';

/** Spec 4: 95 or more success, 65 to under 95 warning, below 65 danger. */
export function reportColour(percent: number): ReportColour {
  if (percent >= SUCCESS_PERCENT) return 'success';
  if (percent >= WARNING_PERCENT) return 'warning';
  return 'danger';
}

/**
 * Percent with two decimals, rounded down, from counts (never 100 unless every item is covered).
 * Integer arithmetic first: (57 / 100) * 10000 is 5699.999... in floating point, 57 * 10000 / 100 is 5700.
 * Capped at 100: the tool may count a few more items with the filter than without (its own rounding).
 */
export function coverage(withDimension: number, total: number): Coverage {
  if (total <= 0) return { percent: null, withDimension, total };
  const percent = Math.min(100, Math.floor((withDimension * 10_000) / total) / 100);
  return { percent, withDimension, total };
}

/**
 * The standard dimension value: GA's client id shape, digits.digits (e.g. 1234567890.1700000000).
 * A deployment may configure another pattern (ANALYTICS_STANDARD_FORMAT).
 */
export const STANDARD_DIMENSION_FORMAT = /^\d+\.\d+$/;
