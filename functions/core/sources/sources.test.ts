import { describe, expect, it, vi } from 'vitest';
import type { SourceRecord } from '../../data/sources';
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors';
import { createSource, deleteSource, listCompanySources, listCpoSources, updateSource, type SourcesDeps } from './sources';

const ID = '0b6f4a52-8e1d-4c3b-9a7f-2d5e6c7b8a90';
const record = (over: Partial<SourceRecord> = {}): SourceRecord => ({
  id: ID,
  companyId: 'c1',
  name: 'Google Ads',
  channel: 'Paid Search',
  businessModel: 'CPC',
  deduplication: 'Last Paid Click',
  utmSource: 'google',
  utmMedium: 'cpc',
  utmCampaign: '',
  agency: '',
  version: 1,
  created: 'x',
  updated: 'x',
  ...over,
});
const input = { id: ID.toUpperCase(), name: 'Google Ads', channel: 'Paid Search', businessModel: 'CPC' as const, deduplication: 'Last Paid Click' as const, utmSource: 'google', utmMedium: 'cpc', utmCampaign: '', agency: '' };

function deps(over: Partial<SourcesDeps> = {}): SourcesDeps {
  return {
    listSources: vi.fn(async () => [record({ id: 'b', name: 'zeta' }), record({ id: 'a', name: 'Awin', businessModel: 'CPO' }), record({ id: 'c', name: 'émail' })]),
    putNewSource: vi.fn(async (r: SourceRecord) => ({ ok: true as const, value: r })),
    updateSource: vi.fn(async () => ({ ok: true as const, value: record({ version: 2 }) })),
    deleteSourceWithRules: vi.fn(async () => ({ ok: true as const, value: { rulesDeleted: 4 } })),
    now: () => new Date('2026-01-01T00:00:00Z'),
    ...over,
  };
}

describe('sources use cases', () => {
  it('lists by name (accents and case aside) without partition fields, and the CPO ones', async () => {
    const d = deps();
    const list = await listCompanySources('c1', d);
    expect(list.map((s) => s.name)).toEqual(['Awin', 'émail', 'zeta']);
    expect(list[0]).not.toHaveProperty('companyId');
    expect((await listCpoSources('c1', d)).map((s) => s.name)).toEqual(['Awin']);
  });

  it('creates with a lower-cased id and version 1; refuses CPC for an affiliate company before any write', async () => {
    const d = deps();
    const created = await createSource({ id: 'c1', product: '360' }, input, d);
    expect(created).toMatchObject({ id: ID, version: 1 });
    const refused = createSource({ id: 'c1', product: 'affiliate' }, input, d);
    await expect(refused).rejects.toBeInstanceOf(ValidationError);
    await expect(refused).rejects.toMatchObject({ errors: { businessModel: 'validation.source.businessModelAffiliate' } });
    expect(d.putNewSource).toHaveBeenCalledTimes(1);
    await expect(createSource({ id: 'c1', product: 'affiliate' }, { ...input, businessModel: 'Special' }, d)).resolves.toMatchObject({ businessModel: 'Special' });
  });

  it('maps the repository outcomes: taken and stale are 409, missing 404, odd path ids 404 without a call', async () => {
    await expect(createSource({ id: 'c1', product: '360' }, input, deps({ putNewSource: async () => ({ ok: false, reason: 'taken' }) }))).rejects.toBeInstanceOf(ConflictError);
    const { id: _id, ...fields } = input;
    await expect(updateSource({ id: 'c1', product: '360' }, ID, { ...fields, version: 1 }, deps({ updateSource: async () => ({ ok: false, reason: 'stale' }) }))).rejects.toBeInstanceOf(ConflictError);
    await expect(deleteSource('c1', ID, 1, deps({ deleteSourceWithRules: async () => ({ ok: false, reason: 'missing' }) }))).rejects.toBeInstanceOf(NotFoundError);
    const d = deps();
    await expect(deleteSource('c1', 'SOURCE#x', 1, d)).rejects.toBeInstanceOf(NotFoundError);
    expect(d.deleteSourceWithRules).not.toHaveBeenCalled();
    await expect(deleteSource('c1', ID.toUpperCase(), 3, d)).resolves.toEqual({ id: ID, rulesDeleted: 4 });
    expect(d.deleteSourceWithRules).toHaveBeenCalledWith('c1', ID, 3);
  });
});
