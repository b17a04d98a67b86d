import { describe, expect, it, vi } from 'vitest';
import type { SourceRecord } from '../../data/sources';
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors';
import { createSource, deleteSource, listCompanySources, updateSource, type SourcesDeps } from './sources';

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
    sourcesPage: vi.fn(async () => ({ sources: [record({ id: 'a', name: 'Awin', businessModel: 'CPO' })], next: 'n1' })),
    putNewSource: vi.fn(async (r: SourceRecord) => ({ ok: true as const, value: r })),
    updateSource: vi.fn(async () => ({ ok: true as const, value: record({ version: 2 }) })),
    deleteSourceWithRules: vi.fn(async () => ({ ok: true as const, value: { ruleIds: ['r1', 'r2', 'r3', 'r4'] } })),
    askRelink: vi.fn(async () => undefined),
    now: () => new Date('2026-01-01T00:00:00Z'),
    ...over,
  };
}

describe('sources use cases', () => {
  it('lists a page by name unless asked, without partition fields, and the CPO ones; a bad query is a 400', async () => {
    const d = deps();
    const page = await listCompanySources('c1', {}, undefined, d);
    expect(page).toMatchObject({ sources: [{ name: 'Awin' }], next: 'n1' });
    expect(page.sources[0]).not.toHaveProperty('companyId');
    expect(d.sourcesPage).toHaveBeenLastCalledWith('c1', { sort: 'name', dir: 'asc', search: undefined }, null, 50);
    await listCompanySources('c1', { sort: 'utmMedium', dir: 'desc', q: 'goo', cursor: 'abc', limit: '5' }, 'CPO', d);
    expect(d.sourcesPage).toHaveBeenLastCalledWith('c1', { sort: 'utmMedium', dir: 'desc', search: 'goo', businessModel: 'CPO' }, 'abc', 5);
    await expect(listCompanySources('c1', { sort: 'id' }, undefined, d)).rejects.toMatchObject({ errors: { sort: 'validation.invalid' } });
    await expect(listCompanySources('c1', { q: 'x'.repeat(129) }, undefined, d)).rejects.toMatchObject({ errors: { q: 'validation.search.tooLong' } });
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
    expect(d.askRelink).toHaveBeenCalledWith('c1');
  });
});

describe('sources: which refusal is which', () => {
  const { id: _id, ...fields } = input;
  it.each([
    ['taken', new ConflictError('A source with this id exists already: create it again (a new id is made)')],
    ['stale', new ConflictError('This source was changed by someone else: reload the list and try again')],
    ['missing', new NotFoundError('No such source')],
  ] as const)('the store\'s %s', async (reason, error) => {
    await expect(updateSource({ id: 'c1', product: '360' }, ID, { ...fields, version: 1 }, deps({ updateSource: async () => ({ ok: false, reason }) }))).rejects.toThrow(error);
  });

  it('a name another source has is a 409 on the name, as the store\'s name guard finds it on create and on rename', async () => {
    const guarded = await createSource({ id: 'c1', product: '360' }, { ...input, name: ' AWIN ' }, deps({ putNewSource: async () => ({ ok: false, reason: 'nameTaken' }) })).catch((error: unknown) => error);
    expect(guarded).toEqual(new ConflictError('The company has a source named " AWIN " already: choose another name', { name: 'validation.source.nameTaken' }));
    expect((guarded as ConflictError).errors).toEqual({ name: 'validation.source.nameTaken' });
    const renamed = await updateSource({ id: 'c1', product: '360' }, ID, { ...fields, name: 'Fresh', version: 1 }, deps({ updateSource: async () => ({ ok: false, reason: 'nameTaken' }) })).catch((error: unknown) => error);
    expect((renamed as ConflictError).message).toBe('The company has a source named "Fresh" already: choose another name');
  });

  it('an affiliate company is told which models it may choose; missing texts are stored empty', async () => {
    await expect(createSource({ id: 'c1', product: 'affiliate' }, input, deps())).rejects.toThrow('Affiliate companies choose the business model CPO or Special');
    const d = deps();
    const created = await createSource({ id: 'c1', product: '360' }, { ...input, name: 'Bare', utmSource: undefined, utmMedium: undefined, utmCampaign: undefined, agency: undefined } as never, d);
    expect(created).toMatchObject({ utmSource: '', utmMedium: '', utmCampaign: '', agency: '' });
    expect(d.putNewSource).toHaveBeenCalledWith(expect.objectContaining({ utmSource: '', utmMedium: '', utmCampaign: '', agency: '' }));
    const stored = await listCompanySources('c1', {}, undefined, deps({ sourcesPage: async () => ({ sources: [record({ utmSource: undefined, agency: undefined } as never)], next: null }) }));
    expect(stored.sources[0]).toMatchObject({ utmSource: '', agency: '' });
  });

});
