import { describe, expect, it, vi } from 'vitest';
import type { CompanyRecord } from '../../data/companies';
import type { UserRecord } from '../../data/users';
import { ConflictError, ForbiddenError, InvalidCredentialsError, NotFoundError, ValidationError } from '../../platform/errors';
import { CompanyDirectory, isProtectedLogin, toAdminUser } from './admin-users';
import { createFirstAdmin, type CreateAdminDeps } from './create-admin';
import { createAdminUser, welcomeTemplate, type CreateUserDeps } from './create-user';
import { deleteAdminUser, type DeleteUserDeps } from './delete-user';
import { getAdminUser, listAdminUsers, type ListUsersDeps } from './list-users';
import { resetUserMfa, type ResetUserMfaDeps } from './reset-user-mfa';
import { toCompany, toCurrentUser } from './views';
import { updateAdminUser, type UpdateUserDeps } from './update-user';
import { logger } from '../../platform/log';
import { companyLookupOf } from './testing/company-lookup';

const company = (id: string, name: string, over: Partial<CompanyRecord> = {}): CompanyRecord => ({
  id,
  name,
  product: '360',
  country: 'FR',
  viewId: null,
  dimensionIndex: null,
  orderFeedUrl: null,
  integrationSteps: ['sources'],
  isDefault: false,
  created: '2026-01-01T00:00:00.000Z',
  version: 1,
  ...over,
});
const companies = [company('a', 'Alpha'), company('b', 'Beta', { country: 'RU' }), company('t', 'Team', { isDefault: true })];

const user = (over: Partial<UserRecord> = {}): UserRecord => ({
  id: 'u',
  login: 'u@portal.test',
  cognitoUsername: 'cog-u',
  firstName: 'Una',
  lastName: 'User',
  roles: ['ROLE_USER'],
  companyId: 'a',
  managedCompanyIds: ['a'],
  currentCompanyId: null,
  created: '2026-01-01T00:00:00.000Z',
  signedOutAt: null,
  version: 1,
  ...over,
});

describe('toAdminUser and CompanyDirectory', () => {
  const directory = new CompanyDirectory(companies);

  it('answers company names, the managed list only for managers, and the protected flag', () => {
    expect(toAdminUser(user(), directory.byId, 'U@portal.test')).toMatchObject({ company: 'Alpha', managedCompanies: ['Alpha'], protected: true });
    const manager = user({ roles: ['ROLE_MANAGER'], managedCompanyIds: ['a', 'b'] });
    expect(toAdminUser(manager, directory.byId, undefined)).toMatchObject({ role: 'ROLE_MANAGER', managedCompanies: ['Alpha', 'Beta'], protected: false });
  });

  it('keeps just the main company unless a manager chose some; never the team company', () => {
    const main = directory.main('alpha');
    expect(directory.managedIds('ROLE_USER', ['Beta'], main)).toEqual(['a']);
    expect(directory.managedIds('ROLE_MANAGER', [], main)).toEqual(['a']);
    expect(directory.managedIds('ROLE_MANAGER', ['Beta', 'beta'], main)).toEqual(['b']);
    expect(() => directory.managedIds('ROLE_MANAGER', ['Team'], main)).toThrow(ValidationError);
    expect(() => directory.main('Nowhere')).toThrow(ValidationError);
  });

  it('picks the welcome template by country', () => {
    expect([welcomeTemplate('RU'), welcomeTemplate('fr'), welcomeTemplate('DE')]).toEqual(['welcome-ru', 'welcome-fr', 'welcome-default']);
  });
});

describe('createAdminUser', () => {
  const input = { login: ' New@Portal.test ', password: 'Temp-pass-1234', firstName: 'Nina', lastName: 'Novak', role: 'ROLE_USER' as const, company: 'Beta', managedCompanies: [] };
  const deps = (over: Partial<CreateUserDeps> = {}): CreateUserDeps => ({
    companyLookup: companyLookupOf(companies),
    findUserIdByLogin: async () => null,
    createIdentity: vi.fn(async () => ({ sub: 'sub-1', username: 'cog-1' })),
    deleteIdentity: vi.fn(async () => undefined),
    createUser: vi.fn(async (record) => ({ ...record, currentCompanyId: null, created: '2026-02-02T00:00:00.000Z', signedOutAt: null, version: 1 })),
    sendMail: vi.fn(async () => undefined),
    appUrl: () => 'https://portal.test',
    protectedLogin: () => undefined,
    ...over,
  });

  it('creates the identity then the record, and mails the temporary password with the company’s template', async () => {
    const d = deps();
    const created = await createAdminUser(input, d);
    expect(d.createIdentity).toHaveBeenCalledWith('new@portal.test', 'Temp-pass-1234', 'ROLE_USER');
    expect(d.createUser).toHaveBeenCalledWith(expect.objectContaining({ id: 'sub-1', cognitoUsername: 'cog-1', companyId: 'b', managedCompanyIds: ['b'] }));
    expect(d.sendMail).toHaveBeenCalledWith({
      to: 'new@portal.test',
      template: 'welcome-ru',
      data: { name: 'Nina Novak', url_integration: 'https://portal.test/login', login: 'new@portal.test', password: 'Temp-pass-1234' },
    });
    expect(created).toMatchObject({ id: 'sub-1', company: 'Beta', plainPassword: 'Temp-pass-1234', welcomeMailSent: true });
  });

  it('deletes the identity again when the table write fails, and answers a taken login as 409', async () => {
    const d = deps({ createUser: vi.fn(async () => Promise.reject(new ConflictError('taken'))) });
    await expect(createAdminUser(input, d)).rejects.toThrow('The login new@portal.test is already taken');
    expect(d.deleteIdentity).toHaveBeenCalledWith('cog-1');
    const outage = deps({ createUser: vi.fn(async () => Promise.reject(new Error('DynamoDB down'))) });
    await expect(createAdminUser(input, outage)).rejects.toThrow('DynamoDB down');
    expect(outage.deleteIdentity).toHaveBeenCalledWith('cog-1');
  });

  it('refuses a known login before touching Cognito, and still answers when the mail fails', async () => {
    const taken = deps({ findUserIdByLogin: async () => 'someone' });
    await expect(createAdminUser(input, taken)).rejects.toBeInstanceOf(ConflictError);
    expect(taken.createIdentity).not.toHaveBeenCalled();
    const noMail = deps({ sendMail: vi.fn(async () => Promise.reject(new Error('SES down'))) });
    vi.spyOn(logger(), 'error').mockImplementation(() => undefined);
    expect(await createAdminUser(input, noMail)).toMatchObject({ welcomeMailSent: false, plainPassword: 'Temp-pass-1234' });
  });
});

describe('updateAdminUser', () => {
  const deps = (current: UserRecord, over: Partial<UpdateUserDeps> = {}): UpdateUserDeps => ({
    getUser: async () => current,
    companyLookup: companyLookupOf(companies),
    saveUserEdit: vi.fn(async (before, version, changes) => ({ ...before, ...changes, version: version + 1 })),
    setEmail: vi.fn(async () => undefined),
    setRoleGroup: vi.fn(async () => undefined),
    identity: {
      setPermanentPassword: vi.fn(async () => undefined),
      signOutEverywhere: vi.fn(async () => undefined),
      // The current password is 'Current-pass-1' (the new-password rule asks Cognito by signing in).
      signIn: vi.fn(async (_username: string, password: string) => {
        if (password !== 'Current-pass-1') throw new InvalidCredentialsError();
        return { kind: 'new-password-required' as const, session: 'S' };
      }),
      revokeRefreshToken: vi.fn(async () => undefined),
    },
    markPasswordChanged: vi.fn(async () => undefined),
    markSignedOut: vi.fn(async () => undefined),
    protectedLogin: () => 'admin@portal.test',
    now: () => 1_700_000_000_000,
    ...over,
  });
  const caller = { id: 'admin' };

  it('writes the changed fields, then moves the group and sets the password (sessions end)', async () => {
    const d = deps(user());
    const answer = await updateAdminUser(
      'u',
      { version: 1, data: [{ field: 'roles', value: ['ROLE_MANAGER'] }, { field: 'managedCompanies', value: '["Beta"]' }, { field: 'password', value: 'Another-pass-99' }] },
      caller,
      d,
    );
    expect(d.saveUserEdit).toHaveBeenCalledWith(expect.anything(), 1, { roles: ['ROLE_MANAGER'], companyId: 'a', managedCompanyIds: ['b'] });
    expect(d.setRoleGroup).toHaveBeenCalledWith('cog-u', 'ROLE_MANAGER');
    expect(d.identity.setPermanentPassword).toHaveBeenCalledWith('cog-u', 'Another-pass-99');
    expect(d.markSignedOut).toHaveBeenCalledWith('u', 1_700_000_000);
    expect(answer).toMatchObject({ role: 'ROLE_MANAGER', managedCompanies: ['Beta'], version: 2 });
  });

  it('reverts the table edit when Cognito refuses', async () => {
    const d = deps(user(), { setEmail: vi.fn(async (_u: string, login: string) => (login === 'new@portal.test' ? Promise.reject(new Error('Cognito down')) : undefined)) });
    await expect(updateAdminUser('u', { version: 1, data: [{ field: 'login', value: 'New@portal.test' }] }, caller, d)).rejects.toThrow('Cognito down');
    expect(d.saveUserEdit).toHaveBeenLastCalledWith(expect.objectContaining({ login: 'new@portal.test', version: 2 }), 2, expect.objectContaining({ login: 'u@portal.test' }));
  });

  it('never demotes oneself or the protected administrator', async () => {
    const self = deps(user({ id: 'admin', roles: ['ROLE_ADMIN'] }));
    await expect(updateAdminUser('admin', { version: 1, data: [{ field: 'roles', value: ['ROLE_USER'] }] }, caller, self)).rejects.toBeInstanceOf(ForbiddenError);
    const seeded = deps(user({ login: 'admin@portal.test', roles: ['ROLE_ADMIN'] }));
    await expect(updateAdminUser('u', { version: 1, data: [{ field: 'roles', value: ['ROLE_USER'] }] }, caller, seeded)).rejects.toBeInstanceOf(ForbiddenError);
    expect(seeded.saveUserEdit).not.toHaveBeenCalled();
  });

  it('lets only the protected administrator set their own password (another admin would take the account over)', async () => {
    const seeded = user({ id: 'first', login: 'admin@portal.test', roles: ['ROLE_ADMIN'] });
    const other = deps(seeded);
    await expect(updateAdminUser('first', { version: 1, data: [{ field: 'password', value: 'Hijack-pass-1' }] }, { id: 'admin2' }, other)).rejects.toBeInstanceOf(ForbiddenError);
    expect(other.saveUserEdit).not.toHaveBeenCalled();
    expect(other.identity.setPermanentPassword).not.toHaveBeenCalled();
    const self = deps(seeded);
    await updateAdminUser('first', { version: 1, data: [{ field: 'password', value: 'Own-new-pass-1' }] }, { id: 'first' }, self);
    expect(self.identity.setPermanentPassword).toHaveBeenCalledWith('cog-u', 'Own-new-pass-1');
  });
});

describe('deleteAdminUser', () => {
  const deps = (current: UserRecord | null): DeleteUserDeps => ({
    getUser: async () => current,
    deleteUser: vi.fn(async () => undefined),
    deleteIdentity: vi.fn(async () => undefined),
    identity: { signOutEverywhere: vi.fn(async () => undefined) },
    protectedLogin: () => 'admin@portal.test',
  });

  it('deletes the record, then the identity', async () => {
    const d = deps(user());
    expect(await deleteAdminUser('u', 1, { id: 'admin' }, d)).toEqual({ id: 'u' });
    expect(d.deleteUser).toHaveBeenCalledWith(expect.objectContaining({ id: 'u' }), 1);
    expect(d.deleteIdentity).toHaveBeenCalledWith('cog-u');
  });

  it('refuses the protected administrator and oneself, touching nothing', async () => {
    const seeded = deps(user({ login: 'Admin@portal.test' }));
    await expect(deleteAdminUser('u', 1, { id: 'admin' }, seeded)).rejects.toBeInstanceOf(ForbiddenError);
    const self = deps(user({ id: 'admin' }));
    await expect(deleteAdminUser('admin', 1, { id: 'admin' }, self)).rejects.toBeInstanceOf(ForbiddenError);
    expect(seeded.deleteUser).not.toHaveBeenCalled();
    expect(self.deleteIdentity).not.toHaveBeenCalled();
  });
});

describe('createFirstAdmin', () => {
  const input = { login: ' First@Portal.TEST ', firstName: 'Fay', lastName: 'First', companyName: 'Team' };
  const deps = (over: Partial<CreateAdminDeps> = {}): CreateAdminDeps => ({
    findCompanyByName: vi.fn(async () => null),
    createCompany: vi.fn(async (fields) => company('new-team', fields.name, { isDefault: fields.isDefault })),
    findUserByLogin: vi.fn(async () => null),
    getIdentity: vi.fn(async () => null),
    createIdentity: vi.fn(async () => ({ sub: 'sub-first', username: 'cog-first' })),
    createUser: vi.fn(async (record) => ({ ...record, currentCompanyId: null, created: '2026-02-02T00:00:00.000Z', signedOutAt: null, version: 1 })),
    newPassword: () => 'Temporary-16char',
    ...over,
  });

  it('creates the team company (360, FR, the default one), the identity with a temporary password, and the admin', async () => {
    const d = deps();
    const created = await createFirstAdmin(input, d);
    expect(d.findUserByLogin).toHaveBeenCalledWith('first@portal.test');
    expect(d.createCompany).toHaveBeenCalledWith({ name: 'Team', product: '360', country: 'FR', isDefault: true });
    expect(d.createIdentity).toHaveBeenCalledWith('first@portal.test', 'Temporary-16char', 'ROLE_ADMIN');
    expect(d.createUser).toHaveBeenCalledWith({
      id: 'sub-first',
      login: 'first@portal.test',
      cognitoUsername: 'cog-first',
      firstName: 'Fay',
      lastName: 'First',
      roles: ['ROLE_ADMIN'],
      companyId: 'new-team',
      managedCompanyIds: ['new-team'],
    });
    expect(created).toMatchObject({ company: { id: 'new-team' }, temporaryPassword: 'Temporary-16char', user: { id: 'sub-first' } });
  });

  it('reuses the company of that name and an identity left by an interrupted run (whose password it does not know)', async () => {
    const d = deps({ findCompanyByName: vi.fn(async () => companies[2]!), getIdentity: vi.fn(async () => ({ sub: 'sub-old', username: 'cog-old' })) });
    const created = await createFirstAdmin(input, d);
    expect(d.createCompany).not.toHaveBeenCalled();
    expect(d.createIdentity).not.toHaveBeenCalled();
    expect(d.createUser).toHaveBeenCalledWith(expect.objectContaining({ id: 'sub-old', cognitoUsername: 'cog-old', companyId: 't', managedCompanyIds: ['t'] }));
    expect(created.temporaryPassword).toBeNull();
  });

  it('refuses a login that is already a user, creating nothing', async () => {
    const d = deps({ findUserByLogin: vi.fn(async () => user()) });
    await expect(createFirstAdmin(input, d)).rejects.toThrow(new ConflictError('first@portal.test is already a user of this stage'));
    expect(d.createCompany).not.toHaveBeenCalled();
    expect(d.createIdentity).not.toHaveBeenCalled();
  });
});

describe('listAdminUsers', () => {
  const deps = (users: UserRecord[], over: Partial<ListUsersDeps> = {}): ListUsersDeps => ({
    listUsersPage: vi.fn(async () => ({ users, next: 'NEXT' })),
    getCompanies: vi.fn(async (ids: readonly string[]) => companies.filter((c) => ids.includes(c.id))),
    getUser: async (id) => users.find((u) => u.id === id) ?? null,
    protectedLogin: () => 'admin@portal.test',
    ...over,
  });

  it('answers a page of rows with company names, the protected flag and the next cursor, from the query asked', async () => {
    const d = deps([user({ id: 'u1', login: 'admin@portal.test' }), user({ id: 'u2', companyId: 'b', managedCompanyIds: ['b'] })]);
    const list = await listAdminUsers({ q: ' Acme ', sort: 'company', dir: 'desc', team: 'hidden', cursor: 'abc', limit: '10' }, d);
    expect(d.listUsersPage).toHaveBeenCalledWith({ sort: 'company', dir: 'desc', search: ' Acme ', hide: 'team' }, 'abc', 10);
    expect(list.users.map((u) => [u.id, u.protected, u.company])).toEqual([
      ['u1', true, 'Alpha'],
      ['u2', false, 'Beta'],
    ]);
    expect(list.next).toBe('NEXT');
    await listAdminUsers({}, d);
    expect(d.listUsersPage).toHaveBeenLastCalledWith({ sort: 'login', dir: 'asc', search: undefined }, null, 50);
  });

  it('names at most 20 managed companies of a row and counts the rest; the one user read names them all', async () => {
    const many = Array.from({ length: 25 }, (_, i) => company(`m${i}`, `Shop ${String(i).padStart(2, '0')}`));
    const manager = user({ id: 'm', roles: ['ROLE_MANAGER'], managedCompanyIds: many.map((c) => c.id) });
    const d = deps([manager], { getCompanies: async (ids) => [...companies, ...many].filter((c) => ids.includes(c.id)) });
    const [row] = (await listAdminUsers({}, d)).users;
    expect(row!.managedCompanies).toHaveLength(20);
    expect(row!.managedMore).toBe(5);
    const one = await getAdminUser('m', d);
    expect(one.managedCompanies).toHaveLength(25);
    expect(one.managedMore).toBeUndefined();
    await expect(getAdminUser('nobody', d)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('refuses a search over 128 characters, an unknown sort and an unknown parameter with a 400 naming them', async () => {
    const d = deps([]);
    await expect(listAdminUsers({ q: 'x'.repeat(128) }, d)).resolves.toEqual({ users: [], next: 'NEXT' });
    await expect(listAdminUsers({ q: 'x'.repeat(129), sort: 'password', other: '1' }, d)).rejects.toMatchObject({
      errors: { q: 'validation.search.tooLong', sort: 'validation.invalid' },
    });
  });
});

describe('resetUserMfa', () => {
  const deps = (current: UserRecord | null, over: Partial<ResetUserMfaDeps> = {}): ResetUserMfaDeps => ({
    getUser: vi.fn(async () => current),
    companyLookup: companyLookupOf(companies),
    identity: { removeTotp: vi.fn(async () => undefined) },
    setMfaEnrolled: vi.fn(async () => undefined),
    notify: vi.fn(async () => undefined),
    protectedLogin: () => 'admin@portal.test',
    ...over,
  });

  it('removes the app in Cognito, then on the record, tells the owner, and answers the user without it', async () => {
    const d = deps(user({ mfaEnrolled: true } as Partial<UserRecord>));
    const answer = await resetUserMfa('u', { id: 'admin' }, d);
    expect(d.getUser).toHaveBeenCalledWith('u');
    expect(d.identity.removeTotp).toHaveBeenCalledWith('cog-u');
    expect(d.setMfaEnrolled).toHaveBeenCalledWith(expect.objectContaining({ id: 'u', mfaEnrolled: true }), false);
    expect(d.notify).toHaveBeenCalledWith(expect.objectContaining({ id: 'u' }), 'removed');
    expect(answer).toMatchObject({ id: 'u', company: 'Alpha' });
    // Answered without the app: the edit page no longer offers the reset.
    expect(answer).not.toHaveProperty('mfaEnrolled');
  });

  it('refuses a missing or deleted user, the protected administrator and the caller, touching nothing', async () => {
    for (const [current, caller, error] of [
      [null, 'admin', NotFoundError],
      [user({ deletedAt: '2026-03-01T00:00:00.000Z' } as Partial<UserRecord>), 'admin', NotFoundError],
      [user({ login: ' Admin@Portal.test' }), 'admin', ForbiddenError],
      [user({ id: 'admin' }), 'admin', ForbiddenError],
    ] as const) {
      const d = deps(current);
      await expect(resetUserMfa('u', { id: caller }, d)).rejects.toBeInstanceOf(error);
      expect(d.identity.removeTotp).not.toHaveBeenCalled();
    }
  });
});

describe('updateAdminUser: what an edit writes, field by field', () => {
  const caller = { id: 'admin' };
  const deps = (current: UserRecord | null, over: Partial<UpdateUserDeps> = {}) => {
    const d = {
      getUser: vi.fn(async () => current),
      companyLookup: companyLookupOf(companies),
      saveUserEdit: vi.fn(async (before: UserRecord, version: number, changes: Partial<UserRecord>) => ({ ...before, ...changes, version: version + 1 })),
      setEmail: vi.fn(async () => undefined),
      setRoleGroup: vi.fn(async () => undefined),
      identity: {
        setPermanentPassword: vi.fn(async () => undefined),
        signOutEverywhere: vi.fn(async () => undefined),
        signIn: vi.fn(async () => Promise.reject(new InvalidCredentialsError())),
        revokeRefreshToken: vi.fn(async () => undefined),
      },
      markPasswordChanged: vi.fn(async () => undefined),
      markSignedOut: vi.fn(async () => undefined),
      protectedLogin: () => 'admin@portal.test',
      now: () => 1_700_000_000_999,
      ...over,
    };
    return d as typeof d & UpdateUserDeps;
  };
  const edit = (data: Array<{ field: string; value: string | string[] }>) => ({ version: 1, data }) as Parameters<typeof updateAdminUser>[1];

  it.each([
    [[{ field: 'login', value: ' New@Portal.TEST ' }], { login: 'new@portal.test' }],
    [[{ field: 'firstName', value: ' Ada ' }], { firstName: 'Ada' }],
    [[{ field: 'lastName', value: ' Lovelace ' }], { lastName: 'Lovelace' }],
    // The same role sent again is written again (with the company fields it implies).
    [[{ field: 'roles', value: ['ROLE_USER'] }], { roles: ['ROLE_USER'], companyId: 'a', managedCompanyIds: ['a'] }],
    [[{ field: 'company', value: ' beta ' }], { companyId: 'b', managedCompanyIds: ['b'] }],
  ])('%j writes %j and touches nothing in Cognito', async (data, changes) => {
    const d = deps(user());
    await updateAdminUser('u', edit(data), caller, d);
    expect(d.saveUserEdit).toHaveBeenCalledWith(expect.objectContaining({ id: 'u' }), 1, changes);
    expect(d.setRoleGroup).not.toHaveBeenCalled();
    expect(d.identity.setPermanentPassword).not.toHaveBeenCalled();
    expect(d.markSignedOut).not.toHaveBeenCalled();
    expect(d.setEmail).toHaveBeenCalledTimes('login' in changes ? 1 : 0);
  });

  it('moves the e-mail in Cognito with the login', async () => {
    const d = deps(user());
    await updateAdminUser('u', edit([{ field: 'login', value: 'New@portal.test' }]), caller, d);
    expect(d.setEmail).toHaveBeenCalledWith('cog-u', 'new@portal.test');
  });

  it('a manager keeps the companies chosen before when only the role or company changes; a list of just the main one is "none chosen"', async () => {
    const manager = user({ roles: ['ROLE_MANAGER'], managedCompanyIds: ['a', 'b'] });
    const d = deps(manager);
    await updateAdminUser('u', edit([{ field: 'company', value: 'Beta' }]), caller, d);
    expect(d.saveUserEdit).toHaveBeenCalledWith(expect.anything(), 1, { companyId: 'b', managedCompanyIds: ['a', 'b'] });
    const justMain = deps(user({ roles: ['ROLE_MANAGER'], managedCompanyIds: ['a'] }));
    await updateAdminUser('u', edit([{ field: 'company', value: 'Beta' }]), caller, justMain);
    expect(justMain.saveUserEdit).toHaveBeenCalledWith(expect.anything(), 1, { companyId: 'b', managedCompanyIds: ['b'] });
    // A company chosen before that was deleted since is dropped.
    const gone = deps(user({ roles: ['ROLE_MANAGER'], managedCompanyIds: ['a', 'deleted'] }));
    await updateAdminUser('u', edit([{ field: 'roles', value: ['ROLE_MANAGER'] }]), caller, gone);
    expect(gone.saveUserEdit).toHaveBeenCalledWith(expect.anything(), 1, { roles: ['ROLE_MANAGER'], companyId: 'a', managedCompanyIds: ['a'] });
  });

  it('a new list of managed companies replaces the old one', async () => {
    const d = deps(user({ roles: ['ROLE_MANAGER'], managedCompanyIds: ['a', 'b'] }));
    await updateAdminUser('u', edit([{ field: 'managedCompanies', value: '["Alpha"]' }]), caller, d);
    expect(d.saveUserEdit).toHaveBeenCalledWith(expect.anything(), 1, { companyId: 'a', managedCompanyIds: ['a'] });
  });

  it('refuses an edit when the user\'s company was deleted, unless the edit names a company', async () => {
    const orphan = user({ companyId: 'deleted', managedCompanyIds: ['deleted'] });
    await expect(updateAdminUser('u', edit([{ field: 'roles', value: ['ROLE_USER'] }]), caller, deps(orphan))).rejects.toThrow(
      new NotFoundError('The user’s company no longer exists: choose another one'),
    );
    const d = deps(orphan);
    await updateAdminUser('u', edit([{ field: 'company', value: 'Alpha' }]), caller, d);
    expect(d.saveUserEdit).toHaveBeenCalledWith(expect.anything(), 1, { companyId: 'a', managedCompanyIds: ['a'] });
  });

  it('a new password is checked against the current one first: the same one is refused, nothing written', async () => {
    const d = deps(user(), { identity: { ...deps(null).identity, signIn: vi.fn(async () => ({ kind: 'new-password-required' as const, session: 'S' })) } });
    await expect(updateAdminUser('u', edit([{ field: 'password', value: 'Same-pass-12' }]), caller, d)).rejects.toBeInstanceOf(ValidationError);
    expect(d.identity.signIn).toHaveBeenCalledWith('cog-u', 'Same-pass-12');
    expect(d.saveUserEdit).not.toHaveBeenCalled();
  });

  it('a password change ends the user\'s sessions and reset links, at the second of the change', async () => {
    const d = deps(user());
    await updateAdminUser('u', edit([{ field: 'password', value: 'Fresh-pass-12' }]), caller, d);
    expect(d.markPasswordChanged).toHaveBeenCalledWith(expect.objectContaining({ id: 'u', companyId: 'a' }));
    expect(d.markSignedOut).toHaveBeenCalledWith('u', 1_700_000_000);
    expect(d.identity.signOutEverywhere).toHaveBeenCalledWith('cog-u');
  });

  it('says why it refuses, touching nothing', async () => {
    await expect(updateAdminUser('gone', edit([{ field: 'firstName', value: 'x' }]), caller, deps(null))).rejects.toThrow(new NotFoundError('No such user'));
    await expect(updateAdminUser('u', edit([{ field: 'firstName', value: 'x' }]), caller, deps(user({ deletedAt: '2026-03-01T00:00:00.000Z' } as Partial<UserRecord>)))).rejects.toThrow(
      new NotFoundError('No such user'),
    );
    const self = deps(user({ id: 'admin', roles: ['ROLE_ADMIN'] }));
    await expect(updateAdminUser('admin', edit([{ field: 'roles', value: ['ROLE_USER'] }]), caller, self)).rejects.toThrow(new ForbiddenError('This account keeps its administrator role'));
    const seeded = deps(user({ id: 'first', login: 'admin@portal.test', roles: ['ROLE_ADMIN'] }));
    await expect(updateAdminUser('first', edit([{ field: 'login', value: 'other@portal.test' }]), caller, seeded)).rejects.toThrow(
      new ForbiddenError('The login of the protected administrator cannot change'),
    );
    await expect(updateAdminUser('first', edit([{ field: 'password', value: 'Hijack-pass-1' }]), caller, seeded)).rejects.toThrow(
      new ForbiddenError('Only the protected administrator changes their own password'),
    );
    expect(seeded.saveUserEdit).not.toHaveBeenCalled();
  });

  it('the protected administrator may write their own login in another case, and change their name', async () => {
    const seeded = deps(user({ id: 'first', login: 'admin@portal.test', roles: ['ROLE_ADMIN'] }));
    await updateAdminUser('first', edit([{ field: 'login', value: ' Admin@Portal.test ' }, { field: 'firstName', value: 'Ada' }]), caller, seeded);
    expect(seeded.saveUserEdit).toHaveBeenCalledWith(expect.anything(), 1, { login: 'admin@portal.test', firstName: 'Ada' });
    expect(seeded.setEmail).not.toHaveBeenCalled();
  });

  it('reverts the table (and the e-mail) when Cognito refuses the group, and logs a revert that fails', async () => {
    const d = deps(user(), { setRoleGroup: vi.fn(async () => Promise.reject(new Error('Cognito down'))) });
    await expect(updateAdminUser('u', edit([{ field: 'roles', value: ['ROLE_MANAGER'] }, { field: 'login', value: 'm@portal.test' }]), caller, d)).rejects.toThrow('Cognito down');
    expect(d.setEmail).toHaveBeenLastCalledWith('cog-u', 'u@portal.test');
    expect(d.saveUserEdit).toHaveBeenLastCalledWith(
      expect.objectContaining({ version: 2 }),
      2,
      { login: 'u@portal.test', firstName: 'Una', lastName: 'User', roles: ['ROLE_USER'], companyId: 'a', managedCompanyIds: ['a'] },
    );
    const log = vi.spyOn(logger(), 'error').mockImplementation(() => undefined);
    let saves = 0;
    const stuck = deps(user(), {
      setRoleGroup: vi.fn(async () => Promise.reject(new Error('Cognito down'))),
      saveUserEdit: vi.fn(async (before: UserRecord, version: number, changes: Partial<UserRecord>) => {
        if (saves++ > 0) throw new RangeError('table down');
        return { ...before, ...changes, version: version + 1 };
      }),
    });
    await expect(updateAdminUser('u', edit([{ field: 'roles', value: ['ROLE_MANAGER'] }]), caller, stuck)).rejects.toThrow('Cognito down');
    expect(log).toHaveBeenCalledWith('Could not revert a user edit after a Cognito failure', { userId: 'u', error: 'RangeError' });
    log.mockRestore();
  });
});

describe('the other user use cases say why they refuse', () => {
  it('deleteAdminUser', async () => {
    const d = (current: UserRecord | null): DeleteUserDeps => ({
      getUser: async () => current,
      deleteUser: vi.fn(async () => undefined),
      deleteIdentity: vi.fn(async () => undefined),
      identity: { signOutEverywhere: vi.fn(async () => undefined) },
      protectedLogin: () => 'admin@portal.test',
    });
    await expect(deleteAdminUser('u', 1, { id: 'admin' }, d(null))).rejects.toThrow(new NotFoundError('No such user'));
    await expect(deleteAdminUser('u', 1, { id: 'admin' }, d(user({ login: 'admin@portal.test' })))).rejects.toThrow(new ForbiddenError('This administrator account cannot be deleted'));
    await expect(deleteAdminUser('admin', 1, { id: 'admin' }, d(user({ id: 'admin' })))).rejects.toThrow(new ForbiddenError('You cannot delete your own account'));
    const ok = d(user());
    await deleteAdminUser('u', 3, { id: 'admin' }, ok);
    expect(ok.identity.signOutEverywhere).toHaveBeenCalledWith('cog-u');
  });
});

describe('views of users and companies', () => {
  it('a company answers nulls for what it lacks, and is the default one only when marked so', () => {
    const bare = { ...company('c', 'Co'), viewId: undefined, dimensionIndex: undefined, integrationSteps: undefined, isDefault: undefined } as unknown as CompanyRecord;
    expect(toCompany(bare)).toMatchObject({ viewId: null, dimensionIndex: null, integrationSteps: [], isDefault: false, orderFeedUrl: null });
    expect(toCompany(company('t', 'Team', { isDefault: true, viewId: '123', dimensionIndex: '2' }))).toMatchObject({ viewId: '123', dimensionIndex: '2', isDefault: true });
  });

  it('the current user: companies by name, alerts on unless turned off, the app only when enrolled', () => {
    const me = toCurrentUser(user({ roles: [] }), companies[0]!, companies[1]!, [companies[2]!, companies[1]!, companies[0]!]);
    expect(me).toMatchObject({ role: 'ROLE_USER', roles: ['ROLE_USER'], company: { id: 'a' }, currentCompany: { id: 'b' }, healthAlerts: true });
    expect(me.managedCompanies.map((c) => c.name)).toEqual(['Alpha', 'Beta', 'Team']);
    expect(me).not.toHaveProperty('mfaEnrolled');
    const off = toCurrentUser(user({ healthAlerts: false, mfaEnrolled: true } as Partial<UserRecord>), companies[0]!, companies[0]!, []);
    expect(off).toMatchObject({ healthAlerts: false, mfaEnrolled: true });
    expect(toCurrentUser(user({ healthAlerts: true } as Partial<UserRecord>), companies[0]!, companies[0]!, []).healthAlerts).toBe(true);
  });
});

describe('admin-users edges', () => {
  const directory = new CompanyDirectory(companies);

  it('the protected administrator is recognised whatever the spaces and case, and nobody is when none is set', () => {
    expect(isProtectedLogin(' Admin@Portal.test ', 'admin@portal.TEST ')).toBe(true);
    expect(isProtectedLogin('admin@portal.test', undefined)).toBe(false);
    expect(isProtectedLogin('', '')).toBe(false);
  });

  it('finds companies by name whatever the spaces and case, and names the field of a refusal', () => {
    expect(directory.main('  ALPHA ').id).toBe('a');
    expect(() => directory.main('Nowhere')).toThrow(new ValidationError({ company: 'adminUsers.validation.unknownCompany' }));
    expect(() => directory.main('Nowhere', 'data[0].value')).toThrow(new ValidationError({ 'data[0].value': 'adminUsers.validation.unknownCompany' }));
    const main = directory.main('alpha');
    expect(directory.managedIds('ROLE_MANAGER', [' beta ', 'ALPHA'], main)).toEqual(['b', 'a']);
    expect(() => directory.managedIds('ROLE_MANAGER', ['Nowhere'], main)).toThrow(new ValidationError({ managedCompanies: 'adminUsers.validation.unknownCompany' }));
    expect(() => directory.managedIds('ROLE_MANAGER', ['team'], main, 'x')).toThrow(new ValidationError({ x: 'adminUsers.validation.teamCompany' }));
  });

  it('an admin user shows managed company names only for a manager, drops deleted ones, and the last sign-in', () => {
    const manager = user({ roles: ['ROLE_MANAGER'], managedCompanyIds: ['b', 'deleted'], lastSignInAt: '2026-05-01T00:00:00.000Z' } as Partial<UserRecord>);
    expect(toAdminUser(manager, directory.byId, undefined)).toMatchObject({ managedCompanies: ['Beta'], lastSignIn: '2026-05-01T00:00:00.000Z' });
    const customer = user({ managedCompanyIds: ['a', 'b'] });
    expect(toAdminUser(customer, directory.byId, undefined)).toMatchObject({ managedCompanies: ['Alpha'], lastSignIn: null });
    // A user whose main company is gone has no company name and no list.
    expect(toAdminUser(user({ companyId: 'gone' }), directory.byId, undefined)).toMatchObject({ company: '', managedCompanies: [] });
  });
});

describe('createAdminUser edges', () => {
  const input = { login: 'new@portal.test', password: 'Temp-pass-1234', firstName: '', lastName: '', role: 'ROLE_MANAGER' as const, company: 'Beta', managedCompanies: ['Alpha', 'Beta'] };
  const deps = (over: Partial<CreateUserDeps> = {}): CreateUserDeps => ({
    companyLookup: companyLookupOf(companies),
    findUserIdByLogin: async () => null,
    createIdentity: vi.fn(async () => ({ sub: 'sub-1', username: 'cog-1' })),
    deleteIdentity: vi.fn(async () => undefined),
    createUser: vi.fn(async (record) => ({ ...record, currentCompanyId: null, created: '2026-02-02T00:00:00.000Z', signedOutAt: null, version: 1 })),
    sendMail: vi.fn(async () => undefined),
    appUrl: () => 'https://portal.test',
    protectedLogin: () => undefined,
    ...over,
  });

  it('greets a user without a name by login, stores a manager\'s companies and the one role', async () => {
    const d = deps();
    await createAdminUser(input, d);
    expect(d.createUser).toHaveBeenCalledWith(expect.objectContaining({ firstName: '', lastName: '', roles: ['ROLE_MANAGER'], companyId: 'b', managedCompanyIds: ['a', 'b'] }));
    expect(d.sendMail).toHaveBeenCalledWith(expect.objectContaining({ data: expect.objectContaining({ name: 'new@portal.test' }) }));
    const one = deps();
    await createAdminUser({ ...input, firstName: 'Nina' }, one);
    expect(one.sendMail).toHaveBeenCalledWith(expect.objectContaining({ data: expect.objectContaining({ name: 'Nina' }) }));
  });

  it('a suppressed address is no mail sent; a failed mail is logged by its error only', async () => {
    expect((await createAdminUser(input, deps({ sendMail: vi.fn(async () => ({ skipped: true }) as never) }))).welcomeMailSent).toBe(false);
    const log = vi.spyOn(logger(), 'error').mockImplementation(() => undefined);
    await createAdminUser(input, deps({ sendMail: vi.fn(async () => Promise.reject(new TypeError('SES down at 10.0.0.1'))) }));
    expect(log).toHaveBeenCalledWith('Welcome e-mail not sent', { error: 'TypeError' });
    log.mockRestore();
  });
});

describe('user writes read only the companies they name (never the whole platform)', () => {
  const platform = [...companies, ...Array.from({ length: 50 }, (_, i) => company(`x${i}`, `Other ${i}`))];
  const manager = user({ roles: ['ROLE_MANAGER'], companyId: 'a', managedCompanyIds: ['a', 'b'] });
  const identity = {
    setPermanentPassword: vi.fn(async () => undefined),
    signOutEverywhere: vi.fn(async () => undefined),
    signIn: vi.fn(async () => Promise.reject(new InvalidCredentialsError())),
    revokeRefreshToken: vi.fn(async () => undefined),
  };
  const updateDeps = (current: UserRecord, lookup: ReturnType<typeof companyLookupOf>): UpdateUserDeps => ({
    getUser: async () => current,
    companyLookup: lookup,
    saveUserEdit: vi.fn(async (before, version, changes) => ({ ...before, ...changes, version: version + 1 })),
    setEmail: vi.fn(async () => undefined),
    setRoleGroup: vi.fn(async () => undefined),
    identity,
    markPasswordChanged: vi.fn(async () => undefined),
    markSignedOut: vi.fn(async () => undefined),
    protectedLogin: () => undefined,
    now: () => 1_700_000_000_000,
  });

  it('a create asks for its main and managed companies by name, nothing by id', async () => {
    const lookup = companyLookupOf(platform);
    const created = await createAdminUser(
      { login: 'm@portal.test', password: 'Temp-pass-1234', firstName: '', lastName: '', role: 'ROLE_MANAGER', company: 'Alpha', managedCompanies: ['Beta'] },
      {
        companyLookup: lookup,
        findUserIdByLogin: async () => null,
        createIdentity: async () => ({ sub: 's', username: 'c' }),
        deleteIdentity: async () => undefined,
        createUser: async (record) => ({ ...record, currentCompanyId: null, created: 'now', signedOutAt: null, version: 1 }),
        sendMail: async () => undefined,
        appUrl: () => 'https://portal.test',
        protectedLogin: () => undefined,
      },
    );
    expect(lookup.findCompaniesByNames.mock.calls).toEqual([[['Alpha', 'Beta']]]);
    expect(lookup.getCompanies).not.toHaveBeenCalled();
    expect(created).toMatchObject({ company: 'Alpha', managedCompanies: ['Beta'] });
  });

  it('an edit reads the user’s stored companies by id and the ones it names, and answers their names', async () => {
    const untouched = companyLookupOf(platform);
    expect(await updateAdminUser('u', { version: 1, data: [{ field: 'firstName', value: 'Ann' }] }, { id: 'admin' }, updateDeps(manager, untouched))).toMatchObject({
      company: 'Alpha',
      managedCompanies: ['Alpha', 'Beta'],
    });
    expect(untouched.getCompanies.mock.calls).toEqual([[['a', 'a', 'b']]]);
    expect(untouched.findCompaniesByNames).not.toHaveBeenCalled();

    const moved = companyLookupOf(platform);
    const d = updateDeps(manager, moved);
    const answer = await updateAdminUser('u', { version: 1, data: [{ field: 'company', value: 'Other 7' }, { field: 'managedCompanies', value: '["Other 3"]' }] }, { id: 'admin' }, d);
    expect(moved.findCompaniesByNames.mock.calls).toEqual([[['Other 7', 'Other 3']]]);
    expect(d.saveUserEdit).toHaveBeenCalledWith(expect.anything(), 1, { companyId: 'x7', managedCompanyIds: ['x3'] });
    expect(answer).toMatchObject({ company: 'Other 7', managedCompanies: ['Other 3'] });
  });

  it('an MFA reset reads the user’s own companies by id alone', async () => {
    const lookup = companyLookupOf(platform);
    const d: ResetUserMfaDeps = { getUser: async () => manager, companyLookup: lookup, identity: { removeTotp: async () => undefined }, setMfaEnrolled: async () => undefined, notify: async () => undefined, protectedLogin: () => undefined };
    expect(await resetUserMfa('u', { id: 'admin' }, d)).toMatchObject({ company: 'Alpha', managedCompanies: ['Alpha', 'Beta'] });
    expect(lookup.getCompanies.mock.calls).toEqual([[['a', 'a', 'b']]]);
    expect(lookup.findCompaniesByNames).not.toHaveBeenCalled();
  });
});
