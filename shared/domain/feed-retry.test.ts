import { describe, expect, it } from 'vitest';
import { FEED_RETRIES, isTransientFailure, nextRetryAt } from './feed-retry';

describe('same-day retry policy', () => {
  it.each([
    ['a connection refused or lost', { code: 'connection' }],
    ['a timeout', { code: 'timeout' }],
    ['a server too slow', { code: 'too-slow' }],
    ['a feed that stopped arriving', { code: 'stalled' }],
    ['HTTP 500', { code: 'status', httpStatus: 500 }],
    ['HTTP 503', { code: 'status', httpStatus: 503 }],
    ['HTTP 429 (the server asks to come back later)', { code: 'status', httpStatus: 429 }],
    ['HTTP 408 (the server gave up waiting)', { code: 'status', httpStatus: 408 }],
  ])('tries %s again', (_name, failure) => {
    expect(isTransientFailure(failure)).toBe(true);
  });

  it.each([
    ['HTTP 404', { code: 'status', httpStatus: 404 }],
    ['HTTP 403 (a 4xx: the server means it)', { code: 'status', httpStatus: 403 }],
    ['an FTP or SFTP refusal (no HTTP status)', { code: 'status' }],
    ['a feed that reads but is malformed', { code: 'malformed' }],
    ['an address the guard refuses', { code: 'address' }],
    ['a host name not found', { code: 'dns' }],
    ['another SFTP host key', { code: 'host-key' }],
    ['a feed too large', { code: 'too-large' }],
    ['an unexpected error', { code: 'internal' }],
    ['no failure', null],
  ])('does not try %s again', (_name, failure) => {
    expect(isTransientFailure(failure)).toBe(false);
  });

  const failed = { trigger: 'daily' as const, health: 'failed' as const, failure: { code: 'status', message: 'HTTP 503', httpStatus: 503 }, date: '2026-11-24T03:00:10.000Z' };

  it('retries 1 hour after the run\'s try, then 4 hours after the first retry, then no more', () => {
    expect(FEED_RETRIES).toBe(2);
    expect(nextRetryAt(failed)).toBe('2026-11-24T04:00:10.000Z');
    expect(nextRetryAt({ ...failed, attempt: 1, date: '2026-11-24T04:00:20.000Z' })).toBe('2026-11-24T08:00:20.000Z');
    expect(nextRetryAt({ ...failed, attempt: 2 })).toBeNull();
  });

  it('never retries a manual check, a clean or warning result, or a failure that will not pass', () => {
    expect(nextRetryAt({ ...failed, trigger: 'manual' })).toBeNull();
    expect(nextRetryAt({ ...failed, health: 'clean', failure: null })).toBeNull();
    expect(nextRetryAt({ ...failed, health: 'warnings', failure: null })).toBeNull();
    expect(nextRetryAt({ ...failed, failure: { code: 'status', message: 'HTTP 403', httpStatus: 403 } })).toBeNull();
  });
});
