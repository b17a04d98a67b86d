import { describe, expect, it } from 'vitest';
import { barGeometry, bottomAxisFit, countTicks } from './chart-geometry';

describe('bars', () => {
  it('draws bars at least 20 long and at most 120 thick', () => {
    expect(barGeometry({ x: 0, y: 295, width: 300, height: 5, value: 1 })).toEqual({ x: 90, y: 280, width: 120, height: 20 });
    // The value axis: whole numbers, about 5 steps, up to at least the largest count.
    expect(countTicks(2)).toEqual([0, 1, 2]);
    expect(countTicks(0)).toEqual([0]);
    expect(countTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(countTicks(119_829)).toEqual([0, 50_000, 100_000, 150_000]);
    expect(countTicks(1000)).toEqual([0, 200, 400, 600, 800, 1000]);
    expect(barGeometry({ x: 10, y: 100, width: 40, height: 200, value: 50 })).toEqual({ x: 10, y: 100, width: 40, height: 200 });
    expect(barGeometry({ x: 10, y: 300, width: 40, height: 0, value: 0 }).height).toBe(0);
  });
});

describe('chart labels fit a phone', () => {
  const states = ['new', 'wait', 'cancel', 'refuse', 'return', 'partial_return', 'done'];
  it('stay level where every label has room (a desktop card)', () => {
    const fit = bottomAxisFit(800, states);
    expect(fit.rotation).toBe(0);
    expect(fit.format('partial_return')).toBe('partial_return');
    expect(fit.showValues).toBe(true);
  });
  it('slant, make room below and shorten at 390 px, and drop the figures over narrow bars', () => {
    const fit = bottomAxisFit(340, [...states, 'a_very_long_state_name']);
    expect(fit.rotation).toBeLessThan(0);
    expect(fit.bottom).toBeGreaterThan(36);
    expect(fit.format('a_very_long_state_name')).toBe('a_very_long…');
    expect(fit.format('a_very_long_state_name').length).toBeLessThanOrEqual(12);
    expect(fit.showValues).toBe(true);
    const months = Array.from({ length: 12 }, (_, i) => `${i + 1}/2026`);
    expect(bottomAxisFit(340, months).showValues).toBe(false);
  });
});
