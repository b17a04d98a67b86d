import { describe, expect, it, vi } from 'vitest';
import type { DefaultCollector } from '../../../shared/domain/types';
import { addDefaultCollector, changeDefaultCollector, getDefaultCollectors, removeDefaultCollector, sortDefaultCollectors } from './default-collectors';

const make = (name: string, type: DefaultCollector['type']): DefaultCollector => ({ id: name, name, type, accessEmail: '', comment: '', version: 1 });

describe('sortDefaultCollectors', () => {
  it('orders by type descending (Other first), then by name', () => {
    const sorted = sortDefaultCollectors([make('b', 'Affiliate'), make('Zed', 'Other'), make('a', 'Affiliate'), make('alpha', 'Other')]);
    expect(sorted.map((c) => c.name)).toEqual(['alpha', 'Zed', 'a', 'b']);
  });
});

describe('default collector use cases', () => {
  const record = (over: Partial<DefaultCollector> = {}) => ({ ...make('Criteo', 'Other'), ...over });
  const fakeDeps = () => ({
    list: vi.fn(async () => [record({ id: 'b', name: 'Awin', type: 'Affiliate' }), record({ id: 'a' })]),
    create: vi.fn(async (id: string, fields: object) => ({ ...record(), ...fields, id })),
    update: vi.fn(async (id: string, _version: number, fields: object) => ({ ...record(), ...fields, id, version: 2 })),
    remove: vi.fn(async () => undefined),
  });

  it('lists in the spec\'s order', async () => {
    expect((await getDefaultCollectors(fakeDeps() as never)).map((c) => c.id)).toEqual(['a', 'b']);
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
