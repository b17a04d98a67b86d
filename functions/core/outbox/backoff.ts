/**
 * When the outbox tries a delivery again (docs/reliability.md, "Mail"): exponential backoff from
 * `baseMs`, doubling each try up to `capMs`, with up to a fifth more at random so deliveries that
 * failed together (an SES outage) do not all come back in the same second; after `maxAttempts`
 * tries the delivery is dead and waits for an administrator. The default tries 9 times over about
 * 2 hours (30 s, 1, 2, 4, 8, 16, 32 minutes, then an hour): an SES outage of that long loses nothing.
 */
export interface RetryPolicy {
  baseMs: number;
  capMs: number;
  maxAttempts: number;
}

export const OUTBOX_RETRY: RetryPolicy = { baseMs: 30_000, capMs: 60 * 60_000, maxAttempts: 9 };

/** How long a claimed try may take before another dispatcher may claim it (longer than SES's worst case, budget.ts). */
export const OUTBOX_LEASE_MS = 60_000;

/** The wait after the `attempts`-th failed try (1 = the first), before jitter. */
export function retryDelayMs(attempts: number, policy: RetryPolicy = OUTBOX_RETRY): number {
  return Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, attempts - 1));
}

/** What follows a failed try: the next one's time, or dead when it was the last. `random` in [0, 1). */
export function afterFailure(attempts: number, now: number, random: number, policy: RetryPolicy = OUTBOX_RETRY): { dead: true } | { dead: false; nextAt: number } {
  if (attempts >= policy.maxAttempts) return { dead: true };
  const delay = retryDelayMs(attempts, policy);
  return { dead: false, nextAt: now + delay + Math.floor(delay * 0.2 * random) };
}
