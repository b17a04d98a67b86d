import { describe, expect, it } from 'vitest';
import type { FeedResult } from '../../../shared/feed/types';
import { EXAMPLE_TEXT_MAX, fitResult, resultBytes } from './fit-result';

const base = (): FeedResult => ({
  errors: {},
  counts: {},
  stats: { numOrders: { total: 1, fromNewCustomers: 0, fromCallCenter: 0 }, dateRange: { from: null, to: null }, monthlyStats: {}, stateStats: {} },
});

describe('fitResult', () => {
  it('leaves a normal result as it is', () => {
    const result = { ...base(), errors: { invalidPrice: [{ orderId: 'A1', line: 3, detail: '12,50' }] }, counts: { invalidPrice: 4 } };
    expect(fitResult(result)).toEqual(result);
  });

  it('clips hostile ids and values, keeps the counts', () => {
    const huge = 'x'.repeat(50_000);
    const examples = Array.from({ length: 10 }, (_, i) => ({ orderId: huge, line: i, detail: huge }));
    const result = { ...base(), errors: Object.fromEntries(['a', 'b', 'c', 'd'].map((k) => [k, examples])), counts: { a: 99_999, b: 1, c: 1, d: 1 } };
    expect(resultBytes(result)).toBeGreaterThan(3_000_000);
    const fitted = fitResult(result);
    expect(resultBytes(fitted)).toBeLessThan(300_000);
    expect(fitted.errors.a).toHaveLength(10);
    expect(fitted.errors.a![0]!.orderId).toHaveLength(EXAMPLE_TEXT_MAX);
    expect(fitted.counts).toEqual(result.counts);
  });

  it('keeps the newest 240 months of a feed dated over centuries', () => {
    const result = base();
    for (let year = 1800; year < 2027; year++) for (let m = 1; m <= 12; m++) result.stats.monthlyStats[`${year}-${String(m).padStart(2, '0')}`] = 1;
    const months = Object.keys(fitResult(result).stats.monthlyStats);
    expect(months).toHaveLength(240);
    expect(months.at(-1)).toBe('2026-12');
  });

  it('drops examples when nothing else is enough to fit', () => {
    const examples = Array.from({ length: 10 }, (_, i) => ({ orderId: 'o'.repeat(150), line: i, detail: 'd'.repeat(150) }));
    const result = { ...base(), errors: Object.fromEntries(Array.from({ length: 40 }, (_, k) => [`k${k}`, examples])) };
    const fitted = fitResult(result, 50_000);
    expect(resultBytes(fitted)).toBeLessThanOrEqual(50_000);
    expect(Object.keys(fitted.errors)).toHaveLength(40);
  });
});
