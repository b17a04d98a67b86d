import { describe, expect, it } from 'vitest';
import type { FeedResult } from '../feed/types';
import { feedHealth, isFeedCheckActive, matchTrend, missingIdsKept } from './order-feed';

describe('feed check states', () => {
  it('is active only while queued or running, and not without a check', () => {
    expect(isFeedCheckActive({ status: 'queued' })).toBe(true);
    expect(isFeedCheckActive({ status: 'running' })).toBe(true);
    expect(isFeedCheckActive({ status: 'done' })).toBe(false);
    expect(isFeedCheckActive(null)).toBe(false);
    expect(isFeedCheckActive(undefined)).toBe(false);
  });

  it('has a health only once done with a result, or failed', () => {
    const clean = { errors: {} } as unknown as FeedResult;
    const warned = { errors: { zeroPrice: [] } } as unknown as FeedResult;
    expect(feedHealth({ status: 'done', result: clean })).toBe('clean');
    expect(feedHealth({ status: 'done', result: warned })).toBe('warnings');
    expect(feedHealth({ status: 'failed', result: null })).toBe('failed');
    expect(feedHealth({ status: 'done', result: null })).toBeNull();
    expect(feedHealth({ status: 'running', result: clean })).toBeNull();
  });
});

describe('matchTrend', () => {
  const line = (date: string, day: string, inFeed: number, found: number, trigger: 'daily' | 'manual' = 'daily') => ({
    checkId: date,
    date,
    trigger,
    health: 'clean' as const,
    orders: 10,
    warningKeys: [],
    failure: null,
    match: { day, inFeed, found, missing: inFeed - found, callCentre: 1 },
  });
  it('one point per compared day of the last 30 days, the day\'s latest check, oldest first, in percent', () => {
    const history = [
      line('2026-11-20T10:00:00Z', '2026-11-19', 8, 8, 'manual'),
      line('2026-11-20T03:00:00Z', '2026-11-19', 10, 5),
      line('2026-11-19T03:00:00Z', '2026-11-18', 3, 2),
      line('2026-10-10T03:00:00Z', '2026-10-09', 10, 10),
      { ...line('2026-11-18T03:00:00Z', '2026-11-17', 1, 1), match: undefined },
    ];
    expect(matchTrend(history, '2026-11-20').map((p) => [p.day, p.rate])).toEqual([
      ['2026-11-18', 66.7],
      ['2026-11-19', 100],
    ]);
  });
  it('names the check of each point, whose missing ids download while the bucket keeps them', () => {
    const missingIds = { rows: 2, bytes: 30 };
    const [point] = matchTrend([{ ...line('2026-11-20T03:00:00Z', '2026-11-19', 10, 8), match: { day: '2026-11-19', inFeed: 10, found: 8, missing: 2, callCentre: 0, missingIds } }], '2026-11-20');
    expect(point).toMatchObject({ checkId: '2026-11-20T03:00:00Z', date: '2026-11-20T03:00:00Z' });
    expect(missingIdsKept(point!, new Date('2026-11-22T02:59:59Z'))).toBe(true);
    expect(missingIdsKept(point!, new Date('2026-11-22T03:00:00Z'))).toBe(false);
    expect(missingIdsKept({ ...point!, match: { ...point!.match, missingIds: undefined } }, new Date('2026-11-20T04:00:00Z'))).toBe(false);
  });
  it('a day without compared orders is a rate of 0, not a division by zero', () => {
    expect(matchTrend([line('2026-11-20T03:00:00Z', '2026-11-19', 0, 0)], '2026-11-20')[0]?.rate).toBe(0);
  });
});
