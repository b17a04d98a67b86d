import { AdminListGroupsForUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRecord } from '../../functions/data/companies';
import { findUserIdByLogin, getUser } from '../../functions/data/users';
import { getIdentity } from '../../functions/platform/users-admin';
import { ensureCompany, TEAM_COMPANY } from '../../localstack/seed';
import type { AdminUser, CreatedUser, UsersAdminList } from '../../shared/domain/types';
import { makeCompany, makeUser, signedIn, uniqueSuffix, type TestUser } from './helpers/accounts';
import { Browser } from './helpers/browser';
import { awsClients, localStack, useLocalEnv } from '../support/local-stack';
import { latestMailTo, mailsTo } from '../support/mailbox';

/** The users admin through the local gateway: GET/POST /api/users, PUT/DELETE /api/users/{id}. */

let stack: ReturnType<typeof localStack>;
let team: CompanyRecord;
let fr: CompanyRecord;
let ru: CompanyRecord;
let de: CompanyRecord;
let admin: Browser;
let adminUser: TestUser;

beforeAll(async () => {
  useLocalEnv();
  stack = localStack();
  team = await ensureCompany(TEAM_COMPANY);
  [fr, ru, de] = await Promise.all([makeCompany('Users FR', { country: 'FR' }), makeCompany('Users RU', { country: 'RU' }), makeCompany('Users DE', { country: 'DE' })]);
  adminUser = await makeUser('ROLE_ADMIN', team);
  admin = await signedIn(stack.url, adminUser);
});

const newLogin = (tag: string) => `users-${tag}-${uniqueSuffix()}@it.portal.test`;
const body = (over: Record<string, unknown> = {}) => ({
  login: newLogin('new'),
  password: 'Welcome-pass-42',
  firstName: 'Nina',
  lastName: 'Novak',
  role: 'ROLE_USER',
  company: fr.name,
  ...over,
});

async function create(over: Record<string, unknown> = {}) {
  const answer = await admin.post<CreatedUser>('/api/users', body(over));
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

async function groupsOf(login: string): Promise<string[]> {
  const identity = (await getIdentity(login))!;
  const listed = await awsClients().cognito.send(new AdminListGroupsForUserCommand({ UserPoolId: stack.env.USER_POOL_ID, Username: identity.username }));
  return (listed.Groups ?? []).map((g) => g.GroupName ?? '');
}

const rowOf = async (id: string): Promise<AdminUser | undefined> => {
  const answer = await admin.get<AdminUser>(`/api/users/${id}`);
  return answer.status === 200 ? answer.body : undefined;
};

describe('GET /api/users', () => {
  it('lists users with company names, by login, a page at a time; one user by id; admins only', async () => {
    const manager = await makeUser('ROLE_MANAGER', fr, { managed: [ru, de] });
    const answer = await admin.get<UsersAdminList>(`/api/users?q=${encodeURIComponent(manager.login)}`);
    expect(answer.status).toBe(200);
    const row = answer.body.users.find((u) => u.id === manager.record.id)!;
    expect(row).toMatchObject({ login: manager.login, role: 'ROLE_MANAGER', company: fr.name, protected: false, version: 1 });
    expect(row.managedCompanies.sort()).toEqual([ru.name, de.name].sort());
    expect(await rowOf(manager.record.id)).toEqual({ ...row, managedCompanies: expect.arrayContaining(row.managedCompanies) });
    expect((await admin.get('/api/users/no-such-user')).status).toBe(404);
    const all = await admin.get<UsersAdminList>('/api/users');
    expect(all.body.users.find((u) => u.login === 'admin@portal.test')?.protected).toBe(true);
    const logins = all.body.users.map((u) => u.login);
    expect(logins).toEqual([...logins].sort());
    for (const role of ['ROLE_USER', 'ROLE_MANAGER'] as const) {
      const client = await signedIn(stack.url, await makeUser(role, fr));
      expect((await client.get('/api/users')).status).toBe(403);
    }
  });
});

describe('POST /api/users', () => {
  it.each([
    ['FR', () => fr, 'Votre compte sur le portail d’intégration'],
    ['RU', () => ru, 'Ваш доступ к порталу интеграции'],
    ['DE', () => de, 'Your onboarding portal account'],
  ])('creates the identity and the record, and sends the %s welcome e-mail with the temporary password', async (_country, company, subject) => {
    const since = Date.now();
    const created = await create({ company: company().name });
    expect(created).toMatchObject({ role: 'ROLE_USER', roles: ['ROLE_USER'], company: company().name, managedCompanies: [company().name], plainPassword: 'Welcome-pass-42', welcomeMailSent: true, version: 1 });
    expect(created.created).toMatch(/^\d{4}-\d\d-\d\dT/);
    const mail = await latestMailTo(stack.endpoints.ses, created.login, { since });
    expect(mail.subject).toBe(subject);
    expect(mail.body.text).toContain('Nina Novak');
    expect(mail.body.text).toContain(created.login);
    expect(mail.body.text).toContain('Welcome-pass-42');
    expect(mail.body.text).toContain(`${stack.env.APP_URL}/login`);
    expect(await groupsOf(created.login)).toEqual(['ROLE_USER']);
    // The password is temporary: the first sign-in asks for a new one.
    const signIn = await new Browser(stack.url).post('/api/security/login', { username: created.login, password: 'Welcome-pass-42' });
    expect(signIn.body).toMatchObject({ status: 'new-password-required' });
  });

  it('keeps a manager’s chosen companies, or just the main company when none is chosen; never the team company', async () => {
    const chosen = await create({ role: 'ROLE_MANAGER', managedCompanies: [ru.name, de.name] });
    expect(chosen.managedCompanies.sort()).toEqual([ru.name, de.name].sort());
    expect(await groupsOf(chosen.login)).toEqual(['ROLE_MANAGER']);
    expect((await getUser(chosen.id))!.managedCompanyIds.sort()).toEqual([ru.id, de.id].sort());
    const none = await create({ role: 'ROLE_MANAGER', managedCompanies: [] });
    expect(none.managedCompanies).toEqual([fr.name]);
    const customer = await create({ role: 'ROLE_USER', managedCompanies: [ru.name] });
    expect(customer.managedCompanies).toEqual([fr.name]);
    const login = newLogin('team');
    const refused = await admin.post('/api/users', body({ login, role: 'ROLE_MANAGER', managedCompanies: [team.name] }));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ errors: { managedCompanies: 'adminUsers.validation.teamCompany' } });
    expect(await getIdentity(login)).toBeNull();
  });

  it('answers a duplicate login with a clear 409 and leaves nothing behind, also when sent twice at once', async () => {
    const login = newLogin('dup');
    const [a, b] = await Promise.all([admin.post('/api/users', body({ login })), admin.post('/api/users', body({ login: login.toUpperCase() }))]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const conflict = a.status === 409 ? a : b;
    expect(conflict.body).toMatchObject({ code: 'conflict', message: `The login ${login} is already taken` });
    const again = await admin.post('/api/users', body({ login }));
    expect(again.status).toBe(409);
    const winner = (a.status === 201 ? a : b).body as CreatedUser;
    expect(await findUserIdByLogin(login)).toBe(winner.id);
    expect((await getIdentity(login))!.sub).toBe(winner.id);
    expect((await admin.get<UsersAdminList>(`/api/users?q=${encodeURIComponent(login)}`)).body.users.filter((u) => u.login === login)).toHaveLength(1);
    expect(await mailsTo(stack.endpoints.ses, login)).toHaveLength(1);
  });

  it.each([
    ['missing fields', {}, ['login', 'password', 'role', 'company']],
    ['wrong types', { login: 5, password: true, role: ['ROLE_USER'], company: {}, managedCompanies: 'x' }, ['login', 'password', 'company', 'managedCompanies']],
    ['too long values', { login: `${'a'.repeat(250)}@x.io`, password: 'p'.repeat(300), firstName: 'f'.repeat(101), company: 'c'.repeat(201) }, ['login', 'password', 'firstName', 'company']],
    ['a short password and an unknown role', { password: 'short1', role: 'ROLE_ROOT' }, ['password', 'role']],
  ])('refuses %s with field messages and creates nothing', async (_case, over, fields) => {
    const login = newLogin('bad');
    const sent = Object.fromEntries(Object.entries({ ...body({ login }), ...over }).filter(([key]) => !(Object.keys(over).length === 0 && ['login', 'password', 'role', 'company'].includes(key))));
    const answer = await admin.post<{ code: string; errors: Record<string, string> }>('/api/users', sent);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('validation');
    expect(Object.keys(answer.body.errors).sort()).toEqual(expect.arrayContaining(fields));
    expect(await getIdentity(login)).toBeNull();
  });

  it('refuses an unknown main company', async () => {
    const answer = await admin.post('/api/users', body({ company: `Nowhere ${uniqueSuffix()}` }));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ errors: { company: 'adminUsers.validation.unknownCompany' } });
  });
});

describe('PUT /api/users/{id}', () => {
  const put = (id: string, version: number, data: Array<{ field: string; value: unknown }>) => admin.put<AdminUser>(`/api/users/${id}`, { version, data });

  it('changes only the fields sent, bumps the version and refuses a stale one', async () => {
    const user = await create();
    const answer = await put(user.id, 1, [{ field: 'firstName', value: 'Nora' }, { field: 'company', value: ru.name }]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ firstName: 'Nora', lastName: 'Novak', company: ru.name, managedCompanies: [ru.name], version: 2 });
    const stale = await put(user.id, 1, [{ field: 'lastName', value: 'Lost' }]);
    expect(stale.status).toBe(409);
    expect((await rowOf(user.id))).toMatchObject({ lastName: 'Novak', version: 2 });
  });

  it('lets exactly one of 20 concurrent edits of one version win', async () => {
    const user = await create();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => put(user.id, 1, [{ field: 'lastName', value: `Edit ${i}` }])));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200), `statuses: ${statuses.join(' ')}`).toHaveLength(1);
    expect(statuses.filter((s) => s === 409), `statuses: ${statuses.join(' ')}; ${JSON.stringify(answers.find((a) => a.status !== 200 && a.status !== 409)?.body)}`).toHaveLength(19);
    const winner = answers.find((a) => a.status === 200)!.body.lastName;
    expect(await rowOf(user.id)).toMatchObject({ lastName: winner, version: 2 });
  });

  it('moves the Cognito group with the role and keeps managed companies (JSON text of names)', async () => {
    const user = await create();
    const answer = await put(user.id, 1, [
      { field: 'roles', value: ['ROLE_MANAGER'] },
      { field: 'managedCompanies', value: JSON.stringify([ru.name, de.name]) },
    ]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.role).toBe('ROLE_MANAGER');
    expect(answer.body.managedCompanies.sort()).toEqual([ru.name, de.name].sort());
    expect(await groupsOf(user.login)).toEqual(['ROLE_MANAGER']);
    const back = await put(user.id, 2, [{ field: 'roles', value: ['ROLE_USER'] }]);
    expect(back.body).toMatchObject({ role: 'ROLE_USER', managedCompanies: [fr.name] });
    expect(await groupsOf(user.login)).toEqual(['ROLE_USER']);
    const team = await put(user.id, 3, [{ field: 'roles', value: ['ROLE_MANAGER'] }, { field: 'managedCompanies', value: JSON.stringify([TEAM_COMPANY.name]) }]);
    expect(team.status).toBe(400);
  });

  it('sets a new permanent password and ends the user’s sessions at once', async () => {
    const target = await makeUser('ROLE_USER', fr);
    const session = await signedIn(stack.url, target);
    expect((await session.get('/api/users/current')).status).toBe(200);
    const answer = await put(target.record.id, 1, [{ field: 'password', value: 'Brand-new-pass-77' }]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect((await session.get('/api/users/current')).status).toBe(401);
    const signIn = await new Browser(stack.url).post('/api/security/login', { username: target.login, password: 'Brand-new-pass-77' });
    expect(signIn.body).toMatchObject({ status: 'signed-in' });
    expect((await getUser(target.record.id))!.passwordVersion).toBe(1);
  });

  it('changes the login in Cognito and the login guard together; a taken login is a 409', async () => {
    const user = await create();
    const other = await create();
    const taken = await put(user.id, 1, [{ field: 'login', value: other.login }]);
    expect(taken.status).toBe(409);
    const renamed = newLogin('renamed');
    const answer = await put(user.id, 1, [{ field: 'login', value: renamed.toUpperCase() }]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.login).toBe(renamed);
    expect(await findUserIdByLogin(renamed)).toBe(user.id);
    expect(await findUserIdByLogin(user.login)).toBeNull();
    const signIn = await new Browser(stack.url).post('/api/security/login', { username: renamed, password: 'Welcome-pass-42' });
    expect(signIn.body).toMatchObject({ status: 'new-password-required' });
  });

  it('refuses bad input with field messages and changes nothing', async () => {
    const user = await create();
    const cases: unknown[] = [
      {},
      { version: 1 },
      { version: 1, data: [] },
      { version: '1', data: [{ field: 'firstName', value: 'X' }] },
      { version: 1, data: [{ field: 'nickname', value: 'X' }] },
      { version: 1, data: [{ field: 'firstName', value: 'x'.repeat(101) }] },
      { version: 1, data: [{ field: 'login', value: 'not-an-email' }] },
      { version: 1, data: [{ field: 'roles', value: ['ROLE_ROOT'] }] },
      { version: 1, data: [{ field: 'password', value: 'short' }] },
      { version: 1, data: [{ field: 'managedCompanies', value: 'not json' }] },
      { version: 1, data: [{ field: 'company', value: `Nowhere ${uniqueSuffix()}` }] },
    ];
    for (const sent of cases) {
      const answer = await admin.put(`/api/users/${user.id}`, sent);
      expect(answer.status, JSON.stringify(sent)).toBe(400);
    }
    expect(await rowOf(user.id)).toMatchObject({ firstName: 'Nina', version: 1 });
    expect((await put('no-such-user', 1, [{ field: 'firstName', value: 'X' }])).status).toBe(404);
  });

  it('never takes the administrator role away from oneself or the protected administrator', async () => {
    const self = await put(adminUser.record.id, adminUser.record.version, [{ field: 'roles', value: ['ROLE_USER'] }]);
    expect(self.status).toBe(403);
    const seeded = (await admin.get<UsersAdminList>('/api/users?q=admin%40portal.test')).body.users.find((u) => u.protected)!;
    expect((await put(seeded.id, seeded.version, [{ field: 'roles', value: ['ROLE_USER'] }])).status).toBe(403);
  });
});

describe('DELETE /api/users/{id}', () => {
  it('removes the record, the login guard and the identity; the user’s session stops at once', async () => {
    const target = await makeUser('ROLE_USER', fr);
    const session = await signedIn(stack.url, target);
    const stale = await admin.delete(`/api/users/${target.record.id}`, { json: { version: 7 } });
    expect(stale.status).toBe(409);
    const [a, b] = await Promise.all([
      admin.delete(`/api/users/${target.record.id}`, { json: { version: 1 } }),
      admin.delete(`/api/users/${target.record.id}`, { json: { version: 1 } }),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses[0]).toBe(200);
    expect([404, 409]).toContain(statuses[1]);
    expect((await session.get('/api/users/current')).status).toBe(401);
    expect(await getUser(target.record.id)).toBeNull();
    expect(await findUserIdByLogin(target.login)).toBeNull();
    expect(await getIdentity(target.login)).toBeNull();
    // The login is free again.
    await create({ login: target.login });
  });

  it('refuses to delete the protected administrator or oneself, and bad input', async () => {
    const row = (await admin.get<UsersAdminList>('/api/users?q=admin%40portal.test')).body.users.find((u) => u.login === 'admin@portal.test')!;
    expect(row.protected).toBe(true);
    const refused = await admin.delete(`/api/users/${row.id}`, { json: { version: row.version } });
    expect(refused.status).toBe(403);
    expect((await admin.delete(`/api/users/${adminUser.record.id}`, { json: { version: 1 } })).status).toBe(403);
    expect((await admin.delete(`/api/users/${adminUser.record.id}`)).status).toBe(400);
    expect((await admin.delete(`/api/users/${adminUser.record.id}`, { json: { version: 'one' } })).status).toBe(400);
    expect(await getIdentity(row.login)).not.toBeNull();
  });
});
