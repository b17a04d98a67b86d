import type { FeedResult, WarningExample } from '../../../shared/feed/types';

/**
 * A finished check is stored as ONE DynamoDB item (400 KB at most). The engine already caps the
 * examples per key; this also caps what a hostile feed controls: the length of the quoted values
 * and ids, and (beyond any real feed) the number of months. Counts are never changed.
 */
const FEED_RESULT_MAX_BYTES = 300_000;
export const EXAMPLE_TEXT_MAX = 200;
const MONTHS_KEPT = 240;

const clip = (text: string) => (text.length > EXAMPLE_TEXT_MAX ? `${text.slice(0, EXAMPLE_TEXT_MAX - 1)}…` : text);
const clipExample = (e: WarningExample): WarningExample => ({ ...e, orderId: clip(e.orderId), ...(e.detail !== undefined ? { detail: clip(e.detail) } : {}) });

export const resultBytes = (result: FeedResult): number => new TextEncoder().encode(JSON.stringify(result)).length;

export function fitResult(result: FeedResult, maxBytes = FEED_RESULT_MAX_BYTES): FeedResult {
  const errors: FeedResult['errors'] = {};
  // Stryker disable next-line ArrayDeclaration: the engine gives every key a list; `?? []` is for the Partial type
  for (const [key, examples] of Object.entries(result.errors)) errors[key] = (examples ?? []).map(clipExample);
  let monthlyStats = result.stats.monthlyStats;
  const months = Object.keys(monthlyStats);
  if (months.length > MONTHS_KEPT) {
    monthlyStats = Object.fromEntries(months.sort().slice(-MONTHS_KEPT).map((month) => [month, result.stats.monthlyStats[month]!]));
  }
  const fitted: FeedResult = { ...result, errors, stats: { ...result.stats, monthlyStats } };
  // Still too big (cannot happen with the caps above and today's keys): fewer examples per key.
  // Stryker disable next-line OptionalChaining: every list was set just above; `?.` is for the Partial type
  let keep = Math.max(0, ...Object.values(errors).map((list) => list?.length ?? 0));
  while (resultBytes(fitted) > maxBytes && keep > 0) {
    keep = Math.floor(keep / 2);
    for (const key of Object.keys(errors)) errors[key] = errors[key]!.slice(0, keep);
  }
  return fitted;
}
