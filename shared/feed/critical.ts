import type { WarningKey } from './warnings';

/**
 * Warnings that keep a customer from completing status_feed by hand (spec: "the user may also
 * complete the stage manually after a check with only non-critical warnings"). The spec does not
 * list them; these are the ones without which an order cannot be attributed at all: no id to
 * match it, no date to place it, no state or price to count it, or no paid order whatsoever.
 * A tiny module of its own: the step rules of every Lambda read it, the warning texts stay out.
 */
export const CRITICAL_WARNINGS: ReadonlySet<WarningKey> = new Set<WarningKey>([
  'missingId',
  'duplicatedIds',
  'missingDate',
  'invalidDate',
  'missingState',
  'invalidState',
  'missingPrice',
  'invalidPrice',
  'noOrdersDone',
]);

/** Whether raised warning keys (a result's `counts` or `errors` keys) hold a critical one. */
export const hasCriticalWarning = (raised: Iterable<string>): boolean => [...raised].some((key) => CRITICAL_WARNINGS.has(key as WarningKey));
