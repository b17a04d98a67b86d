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
    listCollectors: async (companyId) => [...items.values()].filter((c) => c.companyId === companyId),
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

  it('lists one company only, sorted by source case-insensitively', async () => {
    const { deps } = memoryDeps();
    await createCollector('c1', { ...row, source: 'meta' }, deps);
    await createCollector('c1', { ...row, source: 'Criteo' }, deps);
    await createCollector('c1', { ...row, source: 'Bing' }, deps);
    await createCollector('c2', { ...row, source: 'Awin' }, deps);
    expect((await listCompanyCollectors('c1', deps)).map((c) => c.source)).toEqual(['Bing', 'Criteo', 'meta']);
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
  it('sorts numbers in source names by value, case aside, then by e-mail (case aside), then id', async () => {
    const { deps } = memoryDeps();
    for (const [source, accessEmail] of [['Shop 10', 'a@x.test'], ['shop 9', 'a@x.test'], ['Shop 9', 'B@x.test'], ['shop 9', 'a@y.test']] as const) {
      await createCollector('c1', { ...row, source, accessEmail }, deps);
    }
    expect((await listCompanyCollectors('c1', deps)).map((c) => `${c.source}/${c.accessEmail}`)).toEqual(['shop 9/a@x.test', 'shop 9/a@y.test', 'Shop 9/B@x.test', 'Shop 10/a@x.test']);
  });

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
