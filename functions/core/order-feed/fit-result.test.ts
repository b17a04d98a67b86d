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

  it('clips at the limits exactly: 200 characters stay, 201 become 199 and an ellipsis; a missing detail stays missing', () => {
    const at = 'a'.repeat(EXAMPLE_TEXT_MAX);
    const over = 'b'.repeat(EXAMPLE_TEXT_MAX + 1);
    const fitted = fitResult({ ...base(), errors: { k: [{ orderId: at, line: 1, detail: over }, { orderId: over, line: 2 }] } });
    expect(fitted.errors.k![0]).toEqual({ orderId: at, line: 1, detail: `${'b'.repeat(EXAMPLE_TEXT_MAX - 1)}…` });
    expect(fitted.errors.k![1]).toStrictEqual({ orderId: `${'b'.repeat(EXAMPLE_TEXT_MAX - 1)}…`, line: 2 });
  });

  it('keeps exactly 240 months untouched, and of 241 drops the oldest, whatever their order', () => {
    const result = base();
    const months = Array.from({ length: 241 }, (_, i) => `${2000 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`);
    for (const month of [...months].reverse()) result.stats.monthlyStats[month] = 1;
    const fitted = Object.keys(fitResult(result).stats.monthlyStats);
    expect(fitted).toHaveLength(240);
    expect(fitted).not.toContain('2000-01');
    delete result.stats.monthlyStats['2000-01'];
    expect(fitResult(result).stats.monthlyStats).toBe(result.stats.monthlyStats);
  });

  it('drops no example of a result exactly at the byte limit, and keeps halving until under it', () => {
    const examples = Array.from({ length: 8 }, (_, i) => ({ orderId: `o${i}`, line: i }));
    const result = { ...base(), errors: { k: examples } };
    expect(fitResult(result, resultBytes(result)).errors.k).toHaveLength(8);
    expect(fitResult(result, resultBytes(result) - 1).errors.k).toHaveLength(4);
    // With room for no example at all: none left, and the loop ends.
    expect(fitResult(result, 10).errors.k).toEqual([]);
  });
});

