import { describe, expect, it } from 'vitest';
import { clashingCommissionType } from './commissions';

describe('clashingCommissionType (a source’s commissions are all fixed or all percent)', () => {
  const commissions = [
    { sourceId: 's1', type: 'fixed' },
    { sourceId: 's1', type: 'fixed' },
    { sourceId: 's2', type: 'percent' },
  ] as const;

  it('names the other type the source has already', () => {
    expect(clashingCommissionType(commissions, 's1', 'percent')).toBe('fixed');
    expect(clashingCommissionType(commissions, 's2', 'fixed')).toBe('percent');
  });

  it('lets a source have several of one type, and ignores the other sources', () => {
    expect(clashingCommissionType(commissions, 's1', 'fixed')).toBeUndefined();
    expect(clashingCommissionType(commissions, 's3', 'percent')).toBeUndefined();
    expect(clashingCommissionType([], 's1', 'fixed')).toBeUndefined();
  });
});
