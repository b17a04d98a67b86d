import { describe, expect, it } from 'vitest';
import { afterFailure, OUTBOX_RETRY, retryDelayMs } from './backoff';

describe('the outbox backoff', () => {
  it('waits 30 s after the first failed try, doubling each time up to an hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map((attempts) => retryDelayMs(attempts) / 1000)).toEqual([30, 60, 120, 240, 480, 960, 1920, 3600, 3600]);
  });

  it('spreads the next try by up to a fifth of the wait, never less than the wait', () => {
    expect(afterFailure(2, 1_000_000, 0)).toEqual({ dead: false, nextAt: 1_000_000 + 60_000 });
    expect(afterFailure(2, 1_000_000, 0.999_999)).toEqual({ dead: false, nextAt: 1_000_000 + 60_000 + 11_999 });
  });

  it('gives up after the last try: dead, no next time', () => {
    expect(afterFailure(OUTBOX_RETRY.maxAttempts - 1, 0, 0)).toMatchObject({ dead: false });
    expect(afterFailure(OUTBOX_RETRY.maxAttempts, 0, 0)).toEqual({ dead: true });
    expect(afterFailure(3, 0, 0, { baseMs: 1000, capMs: 5000, maxAttempts: 3 })).toEqual({ dead: true });
  });

  it('retries for about two hours before it gives up: an afternoon outage of SES loses nothing', () => {
    let waited = 0;
    for (let attempts = 1; attempts < OUTBOX_RETRY.maxAttempts; attempts++) waited += retryDelayMs(attempts);
    expect(waited / 60_000).toBeCloseTo(123.5, 1);
  });
});
