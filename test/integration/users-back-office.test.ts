import { beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRecord } from '../../functions/data/companies';
import { ensureCompany, TEAM_COMPANY } from '../../localstack/seed';
import type { AdminUser, CreatedUser, UsersAdminList } from '../../shared/domain/types';
import { makeCompany, makeUser, signedIn, uniqueSuffix } from './helpers/accounts';
import { Browser } from './helpers/browser';
import { localStack, useLocalEnv } from '../support/local-stack';
import { latestMailTo, mailsTo } from '../support/mailbox';

/** The users admin's back-office additions through the local gateway: last sign-in and "resend welcome e-mail". */

let stack: ReturnType<typeof localStack>;
let team: CompanyRecord;
let ru: CompanyRecord;
let admin: Browser;

beforeAll(async () => {
  useLocalEnv();
  stack = localStack();
  team = await ensureCompany(TEAM_COMPANY);
  ru = await makeCompany('Back office RU', { country: 'RU' });
  admin = await signedIn(stack.url, await makeUser('ROLE_ADMIN', team));
});

const rowOf = async (id: string): Promise<AdminUser | undefined> => {
  const answer = await admin.get<AdminUser>(`/api/users/${id}`);
  return answer.status === 200 ? answer.body : undefined;
};

describe('last sign-in', () => {
  it('is null until the first sign-in, then the time of the latest successful one; a failed sign-in leaves it', async () => {
    const user = await makeUser('ROLE_USER', ru);
    expect(await rowOf(user.record.id)).toMatchObject({ lastSignIn: null, companyId: ru.id, company: ru.name });
    const before = Date.now();
    await signedIn(stack.url, user);
    const first = (await rowOf(user.record.id))!.lastSignIn!;
    expect(Date.parse(first)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(first)).toBeLessThanOrEqual(Date.now() + 1000);
    const wrong = await new Browser(stack.url).post('/api/security/login', { username: user.login, password: 'not-the-password' });
    expect(wrong.status).toBe(401);
    expect((await rowOf(user.record.id))!.lastSignIn).toBe(first);
  });
});

describe('POST /api/users/{id}/welcome-resend', () => {
  it('gives a new temporary password and sends the welcome e-mail again; the old password stops working and the new one leads to the first-sign-in step', async () => {
    const login = `welcome-${uniqueSuffix()}@it.portal.test`;
    const created = await admin.post<CreatedUser>('/api/users', { login, password: 'First-pass-42', firstName: 'Olga', lastName: 'Orlova', role: 'ROLE_USER', company: ru.name });
    expect(created.status).toBe(201);
    const since = Date.now();
    const answer = await admin.post<CreatedUser>(`/api/users/${created.body.id}/welcome-resend`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const password = answer.body.plainPassword;
    expect(password).toMatch(/^[A-Za-z0-9]{10,}$/);
    expect(password).not.toBe('First-pass-42');
    expect(answer.body).toMatchObject({ id: created.body.id, login, welcomeMailSent: true });
    const mail = await latestMailTo(stack.endpoints.ses, login, { since, where: (m) => Boolean(m.body.text?.includes(password)) });
    expect(mail.subject).toBe('Ваш доступ к порталу интеграции');
    expect(mail.body.text).toContain('Olga Orlova');
    expect(mail.body.text).toContain(`${stack.env.APP_URL}/login`);
    expect(await mailsTo(stack.endpoints.ses, login)).toHaveLength(2);

    const old = await new Browser(stack.url).post('/api/security/login', { username: login, password: 'First-pass-42' });
    expect(old.status).toBe(401);
    const browser = new Browser(stack.url);
    const first = await browser.post<{ status: string; session: string }>('/api/security/login', { username: login, password });
    expect(first.body).toMatchObject({ status: 'new-password-required' });
    const done = await browser.post('/api/security/new-password', { username: login, session: first.body.session, password: 'Own-pass-4242' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ status: 'signed-in' });
  });

  it('is refused to customers and managers, for the protected administrator and for oneself; nothing is sent', async () => {
    const target = await makeUser('ROLE_USER', ru);
    for (const role of ['ROLE_USER', 'ROLE_MANAGER'] as const) {
      const client = await signedIn(stack.url, await makeUser(role, ru, { managed: role === 'ROLE_MANAGER' ? [ru] : undefined }));
      expect((await client.post(`/api/users/${target.record.id}/welcome-resend`)).status).toBe(403);
    }
    const protectedAdmin = (await admin.get<UsersAdminList>('/api/users?q=admin%40portal.test')).body.users.find((u) => u.protected)!;
    expect((await admin.post(`/api/users/${protectedAdmin.id}/welcome-resend`)).status).toBe(403);
    const self = await makeUser('ROLE_ADMIN', team);
    const selfClient = await signedIn(stack.url, self);
    expect((await selfClient.post(`/api/users/${self.record.id}/welcome-resend`)).status).toBe(403);
    expect((await admin.post(`/api/users/no-such-user/welcome-resend`)).status).toBe(404);
    expect(await mailsTo(stack.endpoints.ses, target.login)).toHaveLength(0);
    expect(await mailsTo(stack.endpoints.ses, protectedAdmin.login)).toEqual([]);
    // The target's password still works: nothing was changed.
    await signedIn(stack.url, target);
  });
});
