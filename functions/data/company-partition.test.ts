import { describe, expect, it } from 'vitest';
import { deletePartitionChildren, detachUserFromCompany } from './company-partition';
import { keys } from './keys';
import { failNext, interpose, recordCommands, under } from './testing/faults';
import { uid, useTestTable } from './testing/table';
import { createUser, getUser, reindexUser, saveUserEdit, setCurrentCompany, updateUser, usersReferencingCompany, type UserRecord } from './users';

const table = useTestTable();

const user = (over: Partial<UserRecord> = {}) =>
  createUser({ id: uid(), login: `${uid()}@x.test`, cognitoUsername: 'c', firstName: 'F', lastName: 'L', roles: ['ROLE_USER'], companyId: uid(), managedCompanyIds: [], ...over });

describe('deletePartitionChildren', () => {
  it("deletes every item of the partition but the record, any number over pages, and the sources' id guards", async () => {
    const companyId = uid();
    await table.put({ ...keys.company(companyId), id: companyId });
    const sources = [uid(), uid()];
    for (const id of sources) {
      await table.put({ ...keys.source(companyId, id), id });
      await table.put({ ...keys.sourceIdGuard(id), companyId });
    }
    // 60 items of 40 KB: the partition is read in several pages, deleted 25 at a time.
    for (let i = 0; i < 60; i++) await table.put({ ...keys.rule(companyId, `r${i}`), filler: 'x'.repeat(40_000) });
    await table.put({ ...keys.step(companyId, 'sources') });
    const other = uid();
    await table.put({ ...keys.rule(other, 'r0') });
    expect(await deletePartitionChildren(companyId)).toBe(63);
    expect(await table.partition(`COMPANY#${companyId}`)).toEqual([{ ...keys.company(companyId), id: companyId }]);
    for (const id of sources) expect(await table.item(keys.sourceIdGuard(id))).toBeUndefined();
    expect(await table.partition(`COMPANY#${other}`)).toHaveLength(1);
    expect(await deletePartitionChildren(companyId)).toBe(0);
  });
});

describe('usersReferencingCompany', () => {
  it('users whose main, managed or current company it is', async () => {
    const companyId = uid();
    const main = await user({ companyId });
    const manager = await user({ managedCompanyIds: [uid(), companyId] });
    const visitor = await user({ currentCompanyId: companyId });
    await user({ managedCompanyIds: [uid()] });
    const found = await usersReferencingCompany(companyId);
    expect(found.map((u) => u.id).sort()).toEqual([main.id, manager.id, visitor.id].sort());
    expect(found.find((u) => u.id === main.id)).toEqual(main);
    expect(await usersReferencingCompany(uid())).toEqual([]);
  });

  it('follows every write of a user by its reference rows, reads only the company’s rows and the users’ records, never the users’ index', async () => {
    const companyId = uid();
    const ids = async () => (await usersReferencingCompany(companyId)).map((u) => u.id).sort();
    // An admin's edit adds the company to a managed list, then takes it out: the row stays, the record decides.
    const manager = await user({ roles: ['ROLE_MANAGER'] });
    const managing = await saveUserEdit(manager, manager.version, { managedCompanyIds: [companyId] });
    expect(await ids()).toEqual([manager.id]);
    await saveUserEdit(managing, managing.version, { managedCompanyIds: [] });
    expect(await ids()).toEqual([]);
    // A switch of the current company (a preference).
    const visitor = await user();
    await setCurrentCompany(visitor, companyId);
    // A change of main company by a plain edit.
    const moved = await user();
    await updateUser(moved.id, moved.version, { companyId });
    // A user stored before the reference rows: found once re-indexed.
    const legacy = await user({ companyId });
    await table.delete(keys.companyUser(companyId, legacy.id));
    expect(await ids()).toEqual([visitor.id, moved.id].sort());
    await reindexUser(legacy.id);
    const sent = recordCommands();
    await under(sent, async () => {
      expect(await ids()).toEqual([visitor.id, moved.id, legacy.id].sort());
    });
    expect(sent.sent.map((c) => [c.command, c.input.IndexName ?? null, (c.input.ExpressionAttributeValues as Record<string, unknown> | undefined)?.[':pk'] ?? null])).toEqual([
      ['QueryCommand', null, keys.companyUsersPartition(companyId)],
      ['BatchGetItemCommand', null, null],
    ]);
    // The company's deletion takes its reference rows with its partition.
    await deletePartitionChildren(companyId);
    expect(await table.partition(keys.companyUsersPartition(companyId))).toEqual([]);
  });
});

describe('detachUserFromCompany', () => {
  it("takes the company out of the managed list (a change of the user: version + 1) and moves the current company (a preference)", async () => {
    const companyId = uid();
    const manager = await user({ managedCompanyIds: ['a', companyId, 'b'], currentCompanyId: companyId });
    await detachUserFromCompany(manager, companyId, 'fallback');
    expect(await getUser(manager.id)).toEqual({ ...manager, managedCompanyIds: ['a', 'b'], currentCompanyId: 'fallback', version: 2 });
    const visitor = await user({ currentCompanyId: companyId });
    await detachUserFromCompany(visitor, companyId, null);
    expect(await getUser(visitor.id)).toEqual({ ...visitor, currentCompanyId: null, version: 1 });
    const managerOnly = await user({ managedCompanyIds: [companyId], currentCompanyId: 'elsewhere' });
    await detachUserFromCompany(managerOnly, companyId, 'fallback');
    expect(await getUser(managerOnly.id)).toEqual({ ...managerOnly, managedCompanyIds: [], version: 2 });
  });

  it('writes nothing for a user that does not reference it', async () => {
    const someone = await user({ managedCompanyIds: ['a'], currentCompanyId: 'a' });
    await under(interpose('UpdateItemCommand', { before: () => Promise.reject(new Error('no write expected')) }), async () => {
      await detachUserFromCompany(someone, uid(), 'x');
    });
    expect(await getUser(someone.id)).toEqual(someone);
  });

  it('re-reads and retries when the user changed meanwhile; a user deleted meanwhile is done', async () => {
    const companyId = uid();
    const manager = await user({ managedCompanyIds: [companyId, 'a'] });
    // An admin edit lands first (version 2): the detach retries on the fresh record.
    await saveUserEdit(manager, 1, { firstName: 'Edited' });
    await detachUserFromCompany(manager, companyId, null);
    expect(await getUser(manager.id)).toMatchObject({ firstName: 'Edited', managedCompanyIds: ['a'], version: 3 });
    const gone = await user({ managedCompanyIds: [companyId] });
    await table.delete(keys.user(gone.id));
    await detachUserFromCompany(gone, companyId, null);
    expect(await table.item(keys.user(gone.id))).toBeUndefined();
  });

  it('passes on errors that are no refusal', async () => {
    const companyId = uid();
    const manager = await user({ managedCompanyIds: [companyId] });
    await under(failNext('TransactWriteItemsCommand'), async () => {
      await expect(detachUserFromCompany(manager, companyId, null)).rejects.toMatchObject({ name: 'TimeoutError' });
    });
  });
});
