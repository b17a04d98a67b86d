import type { FeedCheckFailure, FeedHistoryEntry } from './order-feed';

/**
 * Same-day retry of the daily re-check (docs/order-feed.md, "Same-day retry"): a daily fetch that
 * failed for a reason that may pass by itself (the network, the server's 5xx, a timeout) is tried
 * again 1 hour after it, then 4 hours after that retry, before the feed's health kind turns
 * failing. A refusal the server means (a 4xx, a login refused, no such file), a feed that was read
 * but is broken, or an address the guard refuses will fail the same way: it fails at once.
 * Shared: the worker schedules by it, the pages say when the next try is due by it.
 */

/** Wait before each retry, counted from the attempt before it: 1 hour, then 4 hours. */
const FEED_RETRY_DELAYS_MS = [60 * 60_000, 4 * 60 * 60_000] as const;
/** Retries after the run's own attempt. */
export const FEED_RETRIES = FEED_RETRY_DELAYS_MS.length;

/** Fetch failures that may pass by themselves (functions/platform/feed-fetch's codes, the check job's own). */
const TRANSIENT_CODES = new Set(['connection', 'timeout', 'too-slow', 'stalled']);

const PASSING_4XX: ReadonlySet<number> = new Set([408, 429]);

/** Whether a failed check is worth trying again the same day. */
export function isTransientFailure(failure: Pick<FeedCheckFailure, 'code' | 'httpStatus'> | null | undefined): boolean {
  if (!failure) return false;
  // 408 and 429 are 4xx that say "later" (a request timeout, a rate limit): a merchant's server under load.
  if (failure.code === 'status') return failure.httpStatus !== undefined && (failure.httpStatus >= 500 || PASSING_4XX.has(failure.httpStatus));
  return TRANSIENT_CODES.has(failure.code);
}

type AttemptLine = Pick<FeedHistoryEntry, 'trigger' | 'health' | 'failure' | 'date' | 'attempt'>;

/**
 * When the next try of a daily attempt is due (ISO), or null: the attempt did not fail, failed
 * for good, is not a daily one, or was the last retry.
 */
export function nextRetryAt(line: AttemptLine): string | null {
  const attempt = line.attempt ?? 0;
  if (line.trigger !== 'daily' || line.health !== 'failed' || attempt >= FEED_RETRIES || !isTransientFailure(line.failure)) return null;
  return new Date(Date.parse(line.date) + FEED_RETRY_DELAYS_MS[attempt]!).toISOString();
}
