import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError } from '../platform/errors';
import { keys } from './keys';
import { failNext, interpose, under } from './testing/faults';
import { uid, useTestTable } from './testing/table';
import {
  createUser,
  deleteUser,
  findUserByLogin,
  findUserIdByLogin,
  getUser,
  listUsers,
  markPasswordChanged,
  markSignedIn,
  markSignedOut,
  saveUserEdit,
  setCurrentCompany,
  setHealthAlerts,
  setMfaEnrolled,
  updateUser,
  type NewUser,
  type UserRecord,
} from './users';

const table = useTestTable();

const newUser = (over: Partial<NewUser> = {}): NewUser => ({
  id: uid(),
  login: `${uid()}@example.test`,
  cognitoUsername: uid(),
  firstName: 'Ana',
  lastName: 'Lopez',
  roles: ['ROLE_USER'],
  companyId: 'c1',
  managedCompanyIds: ['c1'],
  ...over,
});

const userAudit = (userId: string) => table.partition(`AUDIT#user#${userId}`);

describe('createUser', () => {
  it('stores the user under its key and in the users list, reserves the lower-cased login, and records the creation', async () => {
    const input = newUser({ login: `  ${uid()}@Example.TEST ` });
    const login = input.login.trim().toLowerCase();
    const user = await createUser(input);
    expect(user).toEqual({ ...input, login, currentCompanyId: null, created: expect.any(String), signedOutAt: null, version: 1 });
    expect(Math.abs(Date.parse(user.created) - Date.now())).toBeLessThan(60_000);
    expect(await table.item(keys.user(user.id))).toEqual({ pk: `USER#${user.id}`, sk: 'USER', gsi1pk: 'USERS', gsi1sk: login, ...user, listRows: expect.arrayContaining([{ pk: 'LIST#users#login', sk: `${login}\u0001${user.id}` }]) });
    expect(await table.item(keys.loginGuard(login))).toEqual({ pk: `LOGIN#${login}`, sk: 'LOGIN', userId: user.id });
    expect(await userAudit(user.id)).toEqual([expect.objectContaining({ sk: `V000000000001#${user.created}`, action: 'create', companyId: 'c1', after: expect.objectContaining({ login, firstName: 'Ana' }) })]);
    expect(await getUser(user.id)).toEqual(user);
    const withCurrent = await createUser(newUser({ currentCompanyId: 'c2' }));
    expect(withCurrent.currentCompanyId).toBe('c2');
  });

  it('refuses a login taken in any case (409 naming it) and an id used twice; writes nothing then', async () => {
    const first = await createUser(newUser());
    const loser = newUser({ login: ` ${first.login.toUpperCase()}` });
    await expect(createUser(loser)).rejects.toThrow(new ConflictError(`The login ${first.login} is already taken`));
    expect(await getUser(loser.id)).toBeNull();
    expect(await userAudit(loser.id)).toEqual([]);
    const sameId = newUser({ id: first.id });
    await expect(createUser(sameId)).rejects.toThrow(new ConflictError('This user already exists'));
    expect(await findUserIdByLogin(sameId.login)).toBeNull();
  });
});

describe('reads', () => {
  it('finds a user by login in any case and spacing, and none for an unknown login or id', async () => {
    const user = await createUser(newUser());
    expect(await findUserIdByLogin(` ${user.login.toUpperCase()} `)).toBe(user.id);
    expect(await findUserByLogin(user.login)).toEqual(user);
    expect(await findUserByLogin(`nobody-${uid()}@x.test`)).toBeNull();
    expect(await getUser(uid())).toBeNull();
    // A guard without its user id (damaged) names nobody.
    const broken = `${uid()}@x.test`;
    await table.put({ ...keys.loginGuard(broken), userId: 42 });
    expect(await findUserIdByLogin(broken)).toBeNull();
  });

  it('lists every user of the users partition, sorted by login, all pages, without keys', async () => {
    const mine = [await createUser(newUser({ login: `zz-${uid()}@x.test` })), await createUser(newUser({ login: `aa-${uid()}@x.test` }))];
    // Users of 100 KB each: the list needs more than one 1 MB page.
    for (let i = 0; i < 11; i++) {
      const id = uid();
      await table.put({ ...keys.user(id), gsi1pk: 'USERS', gsi1sk: `m-${id}`, id, login: `m-${id}`, filler: 'x'.repeat(100_000) });
    }
    const users = await listUsers();
    const logins = users.map((u) => u.login);
    expect(logins).toEqual([...logins].sort());
    expect(users.filter((u) => (u as UserRecord & { filler?: string }).filler)).toHaveLength(11);
    expect(users.filter((u) => mine.some((m) => m.id === u.id))).toEqual([mine[1], mine[0]]);
    expect(users.every((u) => !('pk' in u) && !('gsi1pk' in u))).toBe(true);
  });
});

describe('preferences: no version bump, recorded, 404 for a user that is gone', () => {
  it('sets the current company, the health alerts and the last sign-in', async () => {
    const user = await createUser(newUser());
    await setCurrentCompany(user, 'c9');
    await setHealthAlerts((await getUser(user.id))!, false);
    await markSignedIn(user.id, '2026-05-01T10:00:00.000Z');
    expect(await getUser(user.id)).toEqual({ ...user, currentCompanyId: 'c9', healthAlerts: false, lastSignInAt: '2026-05-01T10:00:00.000Z', version: 1 });
    // Each preference is the user's audit record (who switched, from what to what); the sign-in is not.
    const records = await userAudit(user.id);
    expect(records.map((record) => record.action).sort()).toEqual(['create', 'update', 'update']);
    expect(records).toContainEqual(expect.objectContaining({ companyId: 'c1', before: { currentCompanyId: user.currentCompanyId ?? null }, after: { currentCompanyId: 'c9' } }));
    expect(records).toContainEqual(expect.objectContaining({ after: { healthAlerts: false } }));
    // The same value again writes nothing, not even a record.
    await setCurrentCompany((await getUser(user.id))!, 'c9');
    expect(await userAudit(user.id)).toHaveLength(3);
    // A stale read of the user is read again rather than refused.
    await setHealthAlerts(user, true);
    expect((await getUser(user.id))?.healthAlerts).toBe(true);
    const gone = { ...user, id: uid() };
    await expect(setCurrentCompany(gone, 'c1')).rejects.toThrow(new NotFoundError('No such user'));
    await expect(setHealthAlerts(gone, true)).rejects.toBeInstanceOf(NotFoundError);
    await expect(markSignedIn(gone.id, 'x')).rejects.toBeInstanceOf(NotFoundError);
    // The condition keeps the update from creating a user.
    expect(await table.item(keys.user(gone.id))).toBeUndefined();
  });

  it('sets the authenticator enrolment, keeps its date, and forgets the date when turned off', async () => {
    const user = await createUser(newUser());
    const fresh = async () => (await getUser(user.id))!;
    await setMfaEnrolled(user, true, '2026-02-03T04:05:06.000Z');
    expect(await getUser(user.id)).toMatchObject({ mfaEnrolled: true, mfaEnrolledAt: '2026-02-03T04:05:06.000Z', version: 1 });
    await setMfaEnrolled(await fresh(), true);
    expect(await getUser(user.id)).toMatchObject({ mfaEnrolled: true, mfaEnrolledAt: '2026-02-03T04:05:06.000Z' });
    await setMfaEnrolled(await fresh(), false);
    const off = await fresh();
    expect(off.mfaEnrolled).toBe(false);
    expect(off).not.toHaveProperty('mfaEnrolledAt');
    await setMfaEnrolled(off, true);
    expect(await getUser(user.id)).toMatchObject({ mfaEnrolled: true });
    expect(await getUser(user.id)).not.toHaveProperty('mfaEnrolledAt');
    await expect(setMfaEnrolled({ ...user, id: uid() }, false)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('marks the sign-out time, never backwards, and ignores a user that is gone', async () => {
    const user = await createUser(newUser());
    await markSignedOut(user.id, 1000);
    expect((await getUser(user.id))?.signedOutAt).toBe(1000);
    await markSignedOut(user.id, 999);
    await markSignedOut(user.id, 1000);
    expect((await getUser(user.id))?.signedOutAt).toBe(1000);
    await markSignedOut(user.id, 1001);
    expect((await getUser(user.id))?.signedOutAt).toBe(1001);
    expect((await getUser(user.id))?.version).toBe(1);
    // A record stored before the field existed.
    const legacy = uid();
    await table.put({ ...keys.user(legacy), id: legacy });
    await markSignedOut(legacy, 5);
    expect((await getUser(legacy))?.signedOutAt).toBe(5);
    const gone = uid();
    await markSignedOut(gone, 5);
    expect(await table.item(keys.user(gone))).toBeUndefined();
  });

  it('counts password changes from 1, and creates no user for a missing one', async () => {
    const user = await createUser(newUser());
    await markPasswordChanged(user);
    await markPasswordChanged(user);
    expect(await getUser(user.id)).toMatchObject({ passwordVersion: 2, version: 1 });
    // Recorded as who changed it, never what it is.
    const records = (await userAudit(user.id)).filter((record) => record.action === 'password-changed');
    expect(records).toHaveLength(2);
    expect(JSON.stringify(records)).not.toMatch(/password"?:/i);
    const gone = uid();
    await markPasswordChanged({ id: gone, companyId: 'c1' });
    expect(await table.item(keys.user(gone))).toBeUndefined();
    expect(await userAudit(gone)).toEqual([]);
  });
});

describe('saveUserEdit', () => {
  it('writes the changes on the version read (version + 1), with the audit record of the changed fields', async () => {
    const user = await createUser(newUser());
    const saved = await saveUserEdit(user, 1, { firstName: 'Anna', roles: ['ROLE_MANAGER'] });
    expect(saved).toEqual({ ...user, firstName: 'Anna', roles: ['ROLE_MANAGER'], version: 2 });
    expect(await table.item(keys.user(user.id))).toEqual({ pk: `USER#${user.id}`, sk: 'USER', gsi1pk: 'USERS', gsi1sk: user.login, ...saved, listRows: expect.any(Array) });
    const records = await userAudit(user.id);
    // The creation time in the key: a user made again under the same id starts its versions again.
    expect(records.map((r) => r.sk)).toEqual([`V000000000001#${user.created}`, `V000000000002#${user.created}`]);
    expect(records[1]).toMatchObject({ action: 'update', before: { firstName: 'Ana', roles: ['ROLE_USER'] }, after: { firstName: 'Anna', roles: ['ROLE_MANAGER'] } });
  });

  it('refuses a stale version (409), writing nothing', async () => {
    const user = await createUser(newUser());
    await saveUserEdit(user, 1, { lastName: 'B' });
    const error = await saveUserEdit(user, 1, { lastName: 'C', login: `${uid()}@x.test` }).catch((e: unknown) => e);
    expect(error).toEqual(new ConflictError());
    expect((await getUser(user.id))?.lastName).toBe('B');
    expect(await userAudit(user.id)).toHaveLength(2);
    await expect(saveUserEdit({ ...user, id: uid() }, 1, { lastName: 'D' })).rejects.toEqual(new ConflictError());
  });

  it('moves the login guard with a new login, in the same transaction', async () => {
    const user = await createUser(newUser());
    const login = `${uid()}@x.test`;
    const saved = await saveUserEdit(user, 1, { login: ` ${login.toUpperCase()} ` });
    expect(saved.login).toBe(login);
    expect(await table.item(keys.loginGuard(user.login))).toBeUndefined();
    expect(await table.item(keys.loginGuard(login))).toMatchObject({ userId: user.id });
    expect(await table.item(keys.user(user.id))).toMatchObject({ gsi1sk: login, login });
    expect(await findUserByLogin(user.login)).toBeNull();
    // Same login in another case: no guard moves.
    const again = await saveUserEdit(saved, 2, { login: login.toUpperCase() });
    expect(again.login).toBe(login);
    expect(await table.item(keys.loginGuard(login))).toMatchObject({ userId: user.id });
  });

  it("refuses a login another user holds (409 naming it), and leaves alone a guard that is not the user's", async () => {
    const [user, other] = [await createUser(newUser()), await createUser(newUser())];
    await expect(saveUserEdit(user, 1, { login: other.login.toUpperCase() })).rejects.toThrow(new ConflictError(`The login ${other.login} is already taken`));
    expect((await getUser(user.id))?.login).toBe(user.login);
    expect(await findUserIdByLogin(other.login)).toBe(other.id);
    expect(await findUserIdByLogin(user.login)).toBe(user.id);
    // The user's old login guarded for someone else (a record stored before guards existed, or
    // damaged data): the edit claims the new login and leaves that guard to its holder.
    await table.put({ ...keys.loginGuard(user.login), userId: other.id });
    const fresh = `${uid()}@x.test`;
    await saveUserEdit(user, 1, { login: fresh });
    expect(await table.item(keys.loginGuard(user.login))).toMatchObject({ userId: other.id });
    expect(await table.item(keys.loginGuard(fresh))).toMatchObject({ userId: user.id });
  });
});

describe('updateUser', () => {
  it('sets the given fields (undefined ones left alone) on the version read, with its audit record', async () => {
    const user = await createUser(newUser());
    await updateUser(user.id, 1, { firstName: 'Bea', lastName: undefined, managedCompanyIds: ['c1', 'c2'] });
    expect(await getUser(user.id)).toEqual({ ...user, firstName: 'Bea', managedCompanyIds: ['c1', 'c2'], version: 2 });
    const record = (await userAudit(user.id))[1]!;
    expect(record).toMatchObject({ sk: `V000000000002#${user.created}`, action: 'update' });
    // Only what changed: the undefined last name is no change.
    expect([record.before, record.after]).toEqual([{ firstName: 'Ana', managedCompanyIds: ['c1'] }, { firstName: 'Bea', managedCompanyIds: ['c1', 'c2'] }]);
  });

  it("a soft delete is recorded as the user's deletion", async () => {
    const user = await createUser(newUser());
    await updateUser(user.id, 1, { deletedAt: '2026-01-01T00:00:00.000Z' });
    expect((await getUser(user.id))?.deletedAt).toBe('2026-01-01T00:00:00.000Z');
    expect((await userAudit(user.id))[1]).toMatchObject({ action: 'delete', companyId: 'c1' });
    await updateUser(user.id, 2, { deletedAt: null, companyId: 'c7' });
    expect((await userAudit(user.id))[2]).toMatchObject({ action: 'update', companyId: 'c7' });
  });

  it('refuses a stale version or a user that is gone (409), writing nothing', async () => {
    const user = await createUser(newUser());
    await expect(updateUser(user.id, 2, { firstName: 'X' })).rejects.toEqual(new ConflictError());
    await expect(updateUser(uid(), 1, { firstName: 'X' })).rejects.toEqual(new ConflictError());
    expect(await getUser(user.id)).toEqual(user);
    expect(await userAudit(user.id)).toHaveLength(1);
  });
});

describe('deleteUser', () => {
  it('removes the user and its login guard on the version read, with the audit record', async () => {
    const user = await createUser(newUser());
    await deleteUser(user, 1);
    expect(await getUser(user.id)).toBeNull();
    expect(await table.item(keys.loginGuard(user.login))).toBeUndefined();
    expect((await userAudit(user.id))[1]).toMatchObject({ sk: `V000000000002#${user.created}`, action: 'delete', before: expect.objectContaining({ login: user.login }), after: {} });
  });

  it('refuses a stale version and a guard held by another user (409): nothing is deleted', async () => {
    const user = await createUser(newUser());
    await expect(deleteUser(user, 2)).rejects.toEqual(new ConflictError());
    expect(await getUser(user.id)).toEqual(user);
    await table.put({ ...keys.loginGuard(user.login), userId: 'someone-else' });
    await expect(deleteUser(user, 1)).rejects.toEqual(new ConflictError());
    expect(await getUser(user.id)).toEqual(user);
    expect(await userAudit(user.id)).toHaveLength(1);
  });
});

describe('writes refused between the read and the write, and errors that are no refusal', () => {
  it('updateUser: a change landing after the read is a 409', async () => {
    const user = await createUser(newUser());
    await under(interpose('TransactWriteItemsCommand', { before: async () => void (await setCurrentCompany(user, 'c2').then(() => updateUser(user.id, 1, { lastName: 'Other' }))) }), async () => {
      await expect(updateUser(user.id, 1, { firstName: 'X' })).rejects.toEqual(new ConflictError());
    });
    expect(await getUser(user.id)).toMatchObject({ firstName: 'Ana', lastName: 'Other', version: 2 });
  });

  it('every write passes them on', async () => {
    const user = await createUser(newUser());
    const cases: Array<[string, () => Promise<unknown>]> = [
      ['UpdateItemCommand', () => markSignedOut(user.id, 5)],
      ['TransactWriteItemsCommand', () => markPasswordChanged(user)],
      ['TransactWriteItemsCommand', () => setCurrentCompany(user, 'c3')],
      ['TransactWriteItemsCommand', () => saveUserEdit(user, 1, { firstName: 'X' })],
      ['TransactWriteItemsCommand', () => updateUser(user.id, 1, { firstName: 'X' })],
      ['TransactWriteItemsCommand', () => deleteUser(user, 1)],
      ['TransactWriteItemsCommand', () => createUser(newUser())],
    ];
    for (const [command, write] of cases) {
      await under(failNext(command), async () => {
        await expect(write()).rejects.toMatchObject({ name: 'TimeoutError' });
      });
    }
    expect(await getUser(user.id)).toEqual(user);
  });
});
