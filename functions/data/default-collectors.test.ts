import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError } from '../platform/errors';
import { createDefaultCollector, deleteDefaultCollector, getDefaultCollector, listDefaultCollectors, updateDefaultCollector, type DefaultCollectorFields } from './default-collectors';
import { keys } from './keys';
import { failNext, interpose, readsOf, under } from './testing/faults';
import { uid, useTestTable } from './testing/table';

const table = useTestTable();
const fields = (over: Partial<DefaultCollectorFields> = {}): DefaultCollectorFields => ({ name: 'Awin', accessEmail: 'a@x.test', type: 'Affiliate', comment: '{"en":"","fr":"","ru":""}', ...over });
const auditOf = (id: string) => table.partition(`AUDIT#default-collector#${id}`);

describe('default collectors (platform-wide)', () => {
  it('creates under the lower-cased client id, in the list sorted by name, with the audit record', async () => {
    const id = uid().toUpperCase();
    const record = await createDefaultCollector(id, fields({ name: 'Zanox' }));
    const lower = id.toLowerCase();
    expect(record).toEqual({ id: lower, ...fields({ name: 'Zanox' }), version: 1 });
    expect(await table.item(keys.defaultCollector(id))).toEqual({ pk: `DEFAULT_COLLECTOR#${lower}`, sk: 'DEFAULT_COLLECTOR', gsi1pk: 'DEFAULT_COLLECTORS', gsi1sk: `zanox#${lower}`, ...record });
    expect(await getDefaultCollector(id)).toEqual(record);
    expect(await auditOf(lower)).toEqual([expect.objectContaining({ action: 'create', companyId: null, gsi1pk: 'AUDIT_OF#platform', after: expect.objectContaining({ name: 'Zanox' }) })]);
    // No version in the audit key: an id used again after a delete records its creation again.
    expect((await auditOf(lower))[0]!.sk).toMatch(/^T/);
    const first = await createDefaultCollector(uid(), fields({ name: 'aaa first' }));
    const listed = await listDefaultCollectors();
    expect(listed[0]).toEqual(first);
    expect(listed).toContainEqual(record);
    expect(await getDefaultCollector(uid())).toBeNull();
  });

  it('refuses an id that exists (any case): 409, nothing overwritten', async () => {
    const id = uid();
    const record = await createDefaultCollector(id, fields());
    await expect(createDefaultCollector(id.toUpperCase(), fields({ name: 'Other' }))).rejects.toThrow(new ConflictError('A default collector with this id exists already'));
    expect(await getDefaultCollector(id)).toEqual(record);
    await expect(createDefaultCollector(uid(), fields({ comment: 'x'.repeat(500_000) }))).rejects.toMatchObject({ name: 'ValidationException' });
  });

  it('updates on the version read (version + 1, list key follows the name), with the audit record', async () => {
    const id = uid();
    await createDefaultCollector(id, fields());
    const updated = await updateDefaultCollector(id.toUpperCase(), 1, fields({ name: 'Bwin', type: 'Other' }));
    expect(updated).toEqual({ id, ...fields({ name: 'Bwin', type: 'Other' }), version: 2 });
    expect(await table.item(keys.defaultCollector(id))).toMatchObject({ gsi1sk: `bwin#${id}`, version: 2 });
    expect((await auditOf(id)).find((r) => r.action === 'update')).toMatchObject({ before: { name: 'Awin', type: 'Affiliate' }, after: { name: 'Bwin', type: 'Other' } });
  });

  it('a stale version is a 409, a missing collector a 404; nothing written', async () => {
    const id = uid();
    await createDefaultCollector(id, fields());
    await expect(updateDefaultCollector(id, 2, fields({ name: 'X' }))).rejects.toThrow(new ConflictError('Someone else changed this default collector; reload and try again'));
    await expect(updateDefaultCollector(uid(), 1, fields())).rejects.toThrow(new NotFoundError('This default collector does not exist (any more)'));
    await expect(deleteDefaultCollector(id, 3)).rejects.toBeInstanceOf(ConflictError);
    await expect(deleteDefaultCollector(uid(), 1)).rejects.toBeInstanceOf(NotFoundError);
    expect(await getDefaultCollector(id)).toMatchObject({ name: 'Awin', version: 1 });
    expect(await auditOf(id)).toHaveLength(1);
  });

  it('a change or deletion between the read and the write: 409 or 404', async () => {
    const id = uid();
    const record = await createDefaultCollector(id, fields());
    await under(interpose('TransactWriteItemsCommand', { before: async () => table.put({ ...(await table.item(keys.defaultCollector(id)))!, version: 2 }) }), async () => {
      await expect(updateDefaultCollector(id, 1, fields({ name: 'X' }))).rejects.toBeInstanceOf(ConflictError);
    });
    await under(interpose('TransactWriteItemsCommand', { before: () => table.delete(keys.defaultCollector(id)) }), async () => {
      await expect(deleteDefaultCollector(id, 2)).rejects.toBeInstanceOf(NotFoundError);
    });
    await table.put({ ...keys.defaultCollector(id), ...record });
    await under(interpose('TransactWriteItemsCommand', { before: () => table.delete(keys.defaultCollector(id)) }), async () => {
      await expect(updateDefaultCollector(id, 1, fields())).rejects.toBeInstanceOf(NotFoundError);
    });
  });

  it('deletes on the version read, with the audit record; the id can be used again', async () => {
    const id = uid();
    await createDefaultCollector(id, fields());
    await deleteDefaultCollector(id.toUpperCase(), 1);
    expect(await getDefaultCollector(id)).toBeNull();
    expect((await auditOf(id)).find((r) => r.action === 'delete')).toMatchObject({ recordId: id, before: expect.objectContaining({ name: 'Awin' }), after: {} });
    expect(await createDefaultCollector(id, fields())).toMatchObject({ version: 1 });
    expect((await auditOf(id)).filter((r) => r.action === 'create')).toHaveLength(2);
  });

  it('passes on errors that are no refusal', async () => {
    const id = uid();
    await createDefaultCollector(id, fields());
    await expect(updateDefaultCollector(id, 1, fields({ comment: 'x'.repeat(500_000) }))).rejects.toMatchObject({ name: 'ValidationException' });
    await under(failNext('TransactWriteItemsCommand'), async () => {
      await expect(deleteDefaultCollector(id, 1)).rejects.toMatchObject({ name: 'TimeoutError' });
    });
    expect(await getDefaultCollector(id)).toMatchObject({ version: 1 });
  });
});

describe('what the reads ask for', () => {
  it('one collector is read consistently (its version decides the write)', async () => {
    expect(await readsOf(() => getDefaultCollector(uid()))).toEqual([{ command: 'GetItemCommand', consistent: true, projection: null }]);
  });
});
