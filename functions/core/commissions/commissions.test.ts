import { describe, expect, it, vi } from 'vitest';
import type { CommissionRecord } from '../../data/commissions';
import type { SourceRecord } from '../../data/sources';
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors';
import { createCommission, deleteCompanyCommission, listCompanyCommissions, type CommissionsDeps } from './commissions';

const source = (name: string, businessModel: SourceRecord['businessModel']): SourceRecord => ({
  id: `id-${name}`, companyId: 'c1', name, channel: 'Affiliate', businessModel, deduplication: 'Last Click',
  utmSource: '', utmMedium: '', utmCampaign: '', agency: '', version: 1, created: 'x', updated: 'x',
});

function deps(over: Partial<CommissionsDeps> = {}): CommissionsDeps {
  return {
    commissionsPage: vi.fn(async () => ({ commissions: [], next: null })),
    sourceRefsOf: async () => [],
    sourceNamed: async (_companyId, name) => [source('Awin', 'CPO'), source('Google', 'CPC')].find((s) => s.name.toLowerCase() === name.trim().toLowerCase()) ?? null,
    putNewCommission: vi.fn(async (r: CommissionRecord) => ({ ok: true as const, value: r })),
    deleteCommission: async () => 'ok',
    newId: () => 'new-id',
    now: () => new Date('2026-01-01T00:00:00Z'),
    ...over,
  };
}

describe('affiliate commissions use cases', () => {
  it('creates on a CPO source and refuses others before any write', async () => {
    const d = deps();
    expect(await createCommission('c1', { sourceName: 'Awin', type: 'percent', commission: 12 }, d)).toEqual({
      id: 'new-id', sourceName: 'Awin', sourceId: 'id-Awin', type: 'percent', commission: 12, version: 1,
    });
    await expect(createCommission('c1', { sourceName: 'Google', type: 'fixed', commission: 3 }, d)).rejects.toMatchObject({ errors: { sourceName: 'validation.commission.notCpo' } });
    await expect(createCommission('c1', { sourceName: 'Nope', type: 'fixed', commission: 3 }, d)).rejects.toBeInstanceOf(ValidationError);
    expect(d.putNewCommission).toHaveBeenCalledTimes(1);
  });

  it('answers the other type with a 409 on the type, as the data layer’s type guard finds it', async () => {
    const byGuard = deps({ putNewCommission: vi.fn(async () => ({ ok: false as const, reason: 'otherType' as const, otherType: 'fixed' as const })) });
    const refused = await createCommission('c1', { sourceName: 'Awin', type: 'percent', commission: 10 }, byGuard).catch((error: unknown) => error);
    expect(refused).toEqual(new ConflictError('"Awin" has fixed commissions already: a source has either fixed or percent commissions, not both', { type: 'validation.commission.otherType' }));
    expect((refused as ConflictError).errors).toEqual({ type: 'validation.commission.otherType' });
  });

  it('lists a page by source name unless asked and maps delete outcomes', async () => {
    const rows = [
      { id: '2', companyId: 'c1', sourceName: 'zeta', sourceId: 's2', type: 'fixed' as const, commission: 1, version: 1, created: 'x' },
      { id: '1', companyId: 'c1', sourceName: 'Awin', sourceId: 's', type: 'percent' as const, commission: 1, version: 1, created: 'x' },
    ];
    const d = deps({ commissionsPage: vi.fn(async () => ({ commissions: rows, next: 'n' })) });
    // A source the rename has not reached yet shows its current name (read with the page).
    const page = await listCompanyCommissions('c1', { sort: 'commission', dir: 'desc', q: 'aw' }, { ...d, sourceRefsOf: async () => [{ id: 's', name: 'Awin FR' }] });
    expect(page).toEqual({ commissions: [expect.objectContaining({ id: '2', sourceName: 'zeta' }), expect.objectContaining({ id: '1', sourceName: 'Awin FR' })], next: 'n' });
    expect(d.commissionsPage).toHaveBeenLastCalledWith('c1', { sort: 'commission', dir: 'desc', search: 'aw' }, null, 50);
    await listCompanyCommissions('c1', {}, d);
    expect(d.commissionsPage).toHaveBeenLastCalledWith('c1', { sort: 'sourceName', dir: 'asc', search: undefined }, null, 50);
    await expect(listCompanyCommissions('c1', { sort: 'created' }, d)).rejects.toMatchObject({ errors: { sort: 'validation.invalid' } });
    await expect(deleteCompanyCommission('c1', 'x', 1, deps({ deleteCommission: async () => 'stale' }))).rejects.toBeInstanceOf(ConflictError);
    await expect(deleteCompanyCommission('c1', 'x', 1, deps({ deleteCommission: async () => 'missing' }))).rejects.toBeInstanceOf(NotFoundError);
    await expect(deleteCompanyCommission('c1', 'COMMISSION#x', 1, deps())).rejects.toBeInstanceOf(NotFoundError);
    await expect(deleteCompanyCommission('c1', 'x', 1, deps())).resolves.toEqual({ id: 'x' });
  });
});

describe('commissions: which refusal says what', () => {
  it('names the source\'s problem: not CPO, or no such source', async () => {
    const d = deps();
    await expect(createCommission('c1', { sourceName: 'Google', type: 'fixed', commission: 3 }, d)).rejects.toThrow(
      new ValidationError({ sourceName: 'validation.commission.notCpo' }, 'Commissions are set on CPO sources only'),
    );
    const unknown = await createCommission('c1', { sourceName: 'awin', type: 'fixed', commission: 3 }, d).catch((error: unknown) => error);
    expect(unknown).toEqual(new ValidationError({ sourceName: 'validation.commission.unknownSource' }, 'The company has no source with this name'));
    expect((unknown as ValidationError).errors).toEqual({ sourceName: 'validation.commission.unknownSource' });
  });

  it('says why a delete is refused', async () => {
    await expect(deleteCompanyCommission('c1', 'x', 1, deps({ deleteCommission: async () => 'stale' }))).rejects.toThrow('This commission was changed by someone else: reload the list and try again');
    await expect(deleteCompanyCommission('c1', 'x', 1, deps({ deleteCommission: async () => 'missing' }))).rejects.toThrow('No such commission');
    await expect(deleteCompanyCommission('c1', 'a b', 1, deps())).rejects.toThrow('No such commission');
  });
});
