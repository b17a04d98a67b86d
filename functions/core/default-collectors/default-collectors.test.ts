import { describe, expect, it, vi } from 'vitest';
import type { DefaultCollector } from '../../../shared/domain/types';
import { addDefaultCollector, changeDefaultCollector, getDefaultCollectors, removeDefaultCollector } from './default-collectors';

const make = (name: string, type: DefaultCollector['type']): DefaultCollector => ({ id: name, name, type, accessEmail: '', comment: '', version: 1 });

describe('default collector use cases', () => {
  const record = (over: Partial<DefaultCollector> = {}) => ({ ...make('Criteo', 'Other'), ...over });
  const fakeDeps = () => ({
    page: vi.fn(async () => ({ collectors: [{ ...record({ id: 'a' }), gsi1pk: 'DEFAULT_COLLECTORS' }], next: null })),
    create: vi.fn(async (id: string, fields: object) => ({ ...record(), ...fields, id })),
    update: vi.fn(async (id: string, _version: number, fields: object) => ({ ...record(), ...fields, id, version: 2 })),
    remove: vi.fn(async () => undefined),
  });

  it('asks by type descending (Other first) with the names ascending by default, each order as asked, and answers the API shape', async () => {
    const deps = fakeDeps();
    expect(await getDefaultCollectors({}, deps as never)).toEqual({ collectors: [record({ id: 'a' })], next: null });
    expect(deps.page).toHaveBeenLastCalledWith({ sort: 'typeDesc', dir: 'asc', search: undefined }, null, 50);
    await getDefaultCollectors({ sort: 'type', dir: 'asc', q: 'awin', limit: '8', cursor: 'abc' }, deps as never);
    expect(deps.page).toHaveBeenLastCalledWith({ sort: 'type', dir: 'asc', search: 'awin' }, 'abc', 8);
    await getDefaultCollectors({ sort: 'name' }, deps as never);
    expect(deps.page).toHaveBeenLastCalledWith({ sort: 'name', dir: 'asc', search: undefined }, null, 50);
    await getDefaultCollectors({ sort: 'accessEmail', dir: 'desc' }, deps as never);
    expect(deps.page).toHaveBeenLastCalledWith({ sort: 'accessEmail', dir: 'desc', search: undefined }, null, 50);
    await expect(getDefaultCollectors({ limit: '51' }, deps as never)).rejects.toMatchObject({ errors: { limit: 'validation.invalid' } });
  });

  it('stores a missing e-mail and comment as empty texts, on create and update', async () => {
    const deps = fakeDeps();
    await addDefaultCollector({ id: 'new', name: 'Awin', type: 'Affiliate' } as never, deps as never);
    expect(deps.create).toHaveBeenCalledWith('new', { name: 'Awin', accessEmail: '', type: 'Affiliate', comment: '' });
    await changeDefaultCollector('a', { version: 1, name: 'Awin', type: 'Other', accessEmail: 'x@awin.test', comment: '{"en":"Hi","ru":"","fr":""}' }, deps as never);
    expect(deps.update).toHaveBeenCalledWith('a', 1, { name: 'Awin', accessEmail: 'x@awin.test', type: 'Other', comment: '{"en":"Hi","ru":"","fr":""}' });
  });

  it('deletes on the version read and answers the id in lower case', async () => {
    const deps = fakeDeps();
    expect(await removeDefaultCollector('AB-CD', { version: 4 }, deps as never)).toEqual({ id: 'ab-cd' });
    expect(deps.remove).toHaveBeenCalledWith('AB-CD', 4);
  });
});
