import { describe, expect, it, vi } from 'vitest';
import type { CollectorFields, CollectorRecord, CollectorWrite } from '../../data/collectors';
import { ConflictError, NotFoundError } from '../../platform/errors';
import { createCollector, deleteCompanyCollector, listCompanyCollectors, updateCollector, type CollectorDeps } from './collectors';

/** An in-memory partitioned store with the repository's conditional semantics. */
function memoryDeps() {
  const items = new Map<string, CollectorRecord>();
  const key = (companyId: string, id: string) => `${companyId}/${id}`;
  const failure = (companyId: string, id: string): { ok: false; reason: 'missing' | 'stale' } => ({
    ok: false,
    reason: items.has(key(companyId, id)) ? 'stale' : 'missing',
  });
  let n = 0;
  const deps: CollectorDeps = {
    // The data layer orders and searches (functions/data/collectors.ts); here the company's own, as stored, with the query asked.
    collectorsPage: async (companyId, query, cursor, limit) => ({ collectors: [...items.values()].filter((c) => c.companyId === companyId).slice(0, limit), next: cursor ? null : `${query.sort}-${query.dir}-${query.search ?? ''}` }),
    collectorCounts: async (companyId) => {
      const own = [...items.values()].filter((c) => c.companyId === companyId);
      return { total: own.length, pending: own.filter((c) => c.configStatus !== 'Yes' || c.collectStatus !== 'Yes').length };
    },
    putNewCollector: async (record) => {
      items.set(key(record.companyId, record.id), record);
      return record;
    },
    replaceCollector: async (companyId, id, expected, fields: CollectorFields, at): Promise<CollectorWrite<CollectorRecord>> => {
      const current = items.get(key(companyId, id));
      if (!current || current.version !== expected) return failure(companyId, id);
      const next = { ...current, ...fields, updated: at, version: current.version + 1 };
      items.set(key(companyId, id), next);
      return { ok: true, value: next };
    },
    deleteCollector: async (companyId, id, expected) => {
      const current = items.get(key(companyId, id));
      if (!current || current.version !== expected) return failure(companyId, id);
      items.delete(key(companyId, id));
      return { ok: true, value: null };
    },
    newId: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
    now: () => new Date('2026-03-01T09:00:00.000Z'),
  };
  return { deps, items };
}

const row = { source: 'Google Ads', accessEmail: 'ads@example.com', comment: '', commentStatus: '', configStatus: 'No', collectStatus: 'No' } as const;

describe('collectors use cases', () => {
  it('creates with statuses No by default and answers no partition fields', async () => {
    const { deps } = memoryDeps();
    const created = await createCollector('c1', { source: 'Criteo', accessEmail: 'x@criteo.com', comment: 'Read access' } as never, deps);
    expect(created).toEqual({
      id: '00000000-0000-4000-8000-000000000001',
      source: 'Criteo',
      accessEmail: 'x@criteo.com',
      comment: 'Read access',
      commentStatus: '',
      configStatus: 'No',
      collectStatus: 'No',
      version: 1,
    });
  });

  it('lists a page of one company only with the whole list’s counts, by source ascending unless asked, and refuses a bad query', async () => {
    const { deps } = memoryDeps();
    await createCollector('c1', { ...row, source: 'meta', configStatus: 'Yes', collectStatus: 'Yes' }, deps);
    await createCollector('c1', { ...row, source: 'Criteo' }, deps);
    await createCollector('c2', { ...row, source: 'Awin' }, deps);
    const page = await listCompanyCollectors('c1', {}, deps);
    expect(page.collectors.map((c) => c.source)).toEqual(['meta', 'Criteo']);
    expect(page).toMatchObject({ next: 'source-asc-', counts: { total: 2, pending: 1 } });
    expect((await listCompanyCollectors('c1', { sort: 'collectStatus', dir: 'desc', q: 'cri', limit: '1' }, deps)).next).toBe('collectStatus-desc-cri');
    expect((await listCompanyCollectors('c1', { limit: '1' }, deps)).collectors).toHaveLength(1);
    await expect(listCompanyCollectors('c1', { sort: 'comment' }, deps)).rejects.toMatchObject({ errors: { sort: 'validation.invalid' } });
    await expect(listCompanyCollectors('c1', { q: 'x'.repeat(129) }, deps)).rejects.toMatchObject({ errors: { q: 'validation.search.tooLong' } });
  });

  it('updates on the version read, then refuses a stale version (409) and another company (404)', async () => {
    const { deps } = memoryDeps();
    const created = await createCollector('c1', row, deps);
    const updated = await updateCollector('c1', created.id, { ...row, version: 1, configStatus: 'Ongoing' }, deps);
    expect(updated).toMatchObject({ configStatus: 'Ongoing', collectStatus: 'No', version: 2 });
    await expect(updateCollector('c1', created.id, { ...row, version: 1, collectStatus: 'Yes' }, deps)).rejects.toBeInstanceOf(ConflictError);
    await expect(updateCollector('c2', created.id, { ...row, version: 2 }, deps)).rejects.toBeInstanceOf(NotFoundError);
    await expect(updateCollector('c1', 'not-a-uuid', { ...row, version: 2 }, deps)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('deletes on the version read only, and only in its own company', async () => {
    const { deps, items } = memoryDeps();
    const created = await createCollector('c1', row, deps);
    await updateCollector('c1', created.id, { ...row, version: 1, source: 'Renamed' }, deps);
    await expect(deleteCompanyCollector('c1', created.id, 1, deps)).rejects.toBeInstanceOf(ConflictError);
    await expect(deleteCompanyCollector('c2', created.id, 2, deps)).rejects.toBeInstanceOf(NotFoundError);
    expect(items.size).toBe(1);
    await expect(deleteCompanyCollector('c1', created.id, 2, deps)).resolves.toEqual({ id: created.id });
    expect(items.size).toBe(0);
  });
});

describe('collectors: order and ids', () => {
  it('a missing comment or status is stored as empty and No', async () => {
    const { deps, items } = memoryDeps();
    await createCollector('c1', { source: 'Criteo', accessEmail: 'x@criteo.com' } as never, deps);
    expect([...items.values()][0]).toMatchObject({ comment: '', commentStatus: '', configStatus: 'No', collectStatus: 'No' });
  });

  it('an id that is no lower-case UUID names no collector, without asking the store', async () => {
    const { deps } = memoryDeps();
    const deleteCollector = vi.fn(deps.deleteCollector);
    const id = 'abcdef01-0000-4000-8000-000000000001';
    for (const odd of [id.toUpperCase(), `${id}0`, `0${id}`, id.replace(/-/g, '')]) {
      await expect(deleteCompanyCollector('c1', odd, 1, { ...deps, deleteCollector }), odd).rejects.toBeInstanceOf(NotFoundError);
    }
    expect(deleteCollector).not.toHaveBeenCalled();
    await expect(updateCollector('c1', id.toUpperCase(), { ...row, version: 1 }, deps)).rejects.toBeInstanceOf(NotFoundError);
  });
});
