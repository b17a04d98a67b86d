import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRecord } from '../../functions/data/companies';
import { startLocalStack, type LocalStack } from '../../localstack/stack';
import { ensureUser } from '../../localstack/seed';
import { latestMailTo, linkIn } from '../support/mailbox';
import { freshCode, totp } from '../support/totp';
import { makeCompany, makeUser, type TestUser } from './helpers/accounts';
import { Browser } from './helpers/browser';

/**
 * Administrators and authenticator apps (TOTP) where the stage requires them (ADMIN_MFA=required,
 * the default of deployed stages). This file runs its own stack with that setting: the shared
 * one keeps the local default (optional), which the other tests sign in with.
 */

let stack: LocalStack;
let company: CompanyRecord;

beforeAll(async () => {
  process.env.ADMIN_MFA = 'required';
  stack = await startLocalStack({ ports: 'free', web: 'none', seed: false, quiet: true });
  // Mails in English (the language follows the main company's country).
  company = await makeCompany('MFA', { country: 'GB' });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  delete process.env.ADMIN_MFA;
});

async function passwordStep(user: TestUser, client = new Browser(stack.url)) {
  return { client, answer: await client.post('/api/security/login', { username: user.login, password: user.password }) };
}

describe('ADMIN_MFA=required', () => {
  it('an administrator without an app gets only the enrolment, then must sign in with codes', async () => {
    const admin = await makeUser('ROLE_ADMIN', company);
    const { client, answer } = await passwordStep(admin);
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe('mfa-setup-required');

    // Everything but the enrolment (and who am I) is closed to this session.
    const closed = await client.get('/api/integration-status');
    expect(closed.status).toBe(403);
    expect(closed.body.code).toBe('mfa-setup-required');
    expect((await client.get('/api/users/current')).status).toBe(200);

    const enrolment = await client.post('/api/security/mfa-setup', { password: admin.password });
    expect(enrolment.status).toBe(200);
    expect(enrolment.body.uri).toContain(`secret=${enrolment.body.secret}`);
    const used = new Set<string>();

    // A wrong first code changes nothing; the right one turns the app on.
    const wrong = await client.post('/api/security/mfa-setup/verify', { password: admin.password, code: totp(enrolment.body.secret) === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('invalid-mfa-code');
    expect((await client.get('/api/integration-status')).status).toBe(403);
    const verified = await client.post('/api/security/mfa-setup/verify', { password: admin.password, code: await freshCode(enrolment.body.secret, used) });
    expect(verified.status).toBe(200);
    expect((await client.get('/api/integration-status')).status).toBe(200);

    // From now on the password alone is not enough.
    const next = await passwordStep(admin);
    expect(next.answer.body).toEqual({ status: 'mfa-required', session: expect.any(String) });
    expect(next.client.cookies().access ?? next.client.cookies()['__Host-access']).toBeUndefined();
    const badCode = await next.client.post('/api/security/mfa', { username: admin.login, session: next.answer.body.session, code: 'abc' });
    expect(badCode.status).toBe(400);
    expect(badCode.body.errors).toEqual({ code: 'validation.mfaCode' });
    const signedIn = await next.client.post('/api/security/mfa', {
      username: admin.login,
      session: next.answer.body.session,
      code: await freshCode(enrolment.body.secret, used),
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.status).toBe('signed-in');
    expect((await next.client.get('/api/companies/managed')).status).toBe(200);
  }, 120_000);

  it('a code session cannot set a password, nor belong to another user', async () => {
    const admin = await makeUser('ROLE_ADMIN', company);
    const other = await makeUser('ROLE_ADMIN', company);
    const { client } = await passwordStep(admin);
    const { secret } = (await client.post('/api/security/mfa-setup', { password: admin.password })).body;
    expect((await client.post('/api/security/mfa-setup/verify', { password: admin.password, code: totp(secret) })).status).toBe(200);
    const { answer } = await passwordStep(admin);
    const session = answer.body.session as string;
    const asPassword = await new Browser(stack.url).post('/api/security/new-password', { username: admin.login, session, password: 'Hijacked-pass-1' });
    expect(asPassword.status).toBe(401);
    const asOther = await new Browser(stack.url).post('/api/security/mfa', { username: other.login, session, code: totp(secret) });
    expect(asOther.status).toBe(401);
  }, 120_000);

  it('customers and managers sign in with their password alone', async () => {
    for (const role of ['ROLE_USER', 'ROLE_MANAGER'] as const) {
      const user = await makeUser(role, company);
      const { client, answer } = await passwordStep(user);
      expect(answer.body.status).toBe('signed-in');
      expect((await client.get('/api/integration-status')).status).toBe(200);
    }
  }, 120_000);

  it('refuses an enrolment without a session', async () => {
    expect((await new Browser(stack.url).post('/api/security/mfa-setup', { password: 'Anything-1234' })).status).toBe(401);
  });
});

/** Signs the user in, sets up an app (password and first code), and answers its secret. */
async function enrol(user: TestUser, used: Set<string>): Promise<{ client: Browser; secret: string }> {
  const { client } = await passwordStep(user);
  const { secret } = (await client.post('/api/security/mfa-setup', { password: user.password })).body as { secret: string };
  const verified = await client.post('/api/security/mfa-setup/verify', { password: user.password, code: await freshCode(secret, used) });
  expect(verified.status).toBe(200);
  return { client, secret };
}

const mfaMails = (user: TestUser, since: number, subject: string) =>
  latestMailTo(stack.endpoints.ses, user.login, { since, where: (mail) => mail.subject === subject });

/** Issue 20, finding 2: a session alone must not add (or remove) an authenticator app, and there is a way back. */
describe('changing the authenticator app (re-authentication, notice, recovery)', () => {
  it('refuses an enrolment without the current password or with a wrong one, and counts wrong ones like sign-ins', async () => {
    const admin = await makeUser('ROLE_ADMIN', company);
    const { client } = await passwordStep(admin);
    // A stolen session alone: no password, no new secret.
    const bare = await client.post('/api/security/mfa-setup');
    expect(bare.status).toBe(400);
    expect(bare.body.errors).toEqual({ password: 'validation.required' });
    const wrong = await client.post('/api/security/mfa-setup', { password: 'Not-the-password-1' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ password: 'validation.currentPasswordWrong' });
    // The verify step asks again: a secret obtained with the password cannot be turned on without it.
    const { secret } = (await client.post('/api/security/mfa-setup', { password: admin.password })).body;
    const noPassword = await client.post('/api/security/mfa-setup/verify', { code: totp(secret) });
    expect(noPassword.status).toBe(400);
    const badPassword = await client.post('/api/security/mfa-setup/verify', { password: 'Not-the-password-1', code: totp(secret) });
    expect(badPassword.body.errors).toEqual({ password: 'validation.currentPasswordWrong' });
    // Nothing was turned on: the session is still limited to the enrolment.
    expect((await client.get('/api/users/current')).body.mfaEnrolled).toBeUndefined();
    expect((await client.get('/api/integration-status')).body.code).toBe('mfa-setup-required');
    // Three more wrong passwords make five: the login backs off like the sign-in page.
    for (let i = 0; i < 3; i++) await client.post('/api/security/mfa-setup', { password: 'Not-the-password-1' });
    expect((await client.post('/api/security/mfa-setup', { password: admin.password })).status).toBe(429);
    expect((await passwordStep(admin)).answer.status).toBe(429);
  }, 120_000);

  it('tells the owner by e-mail, and lets the owner remove the app with password and a current code', async () => {
    const user = await makeUser('ROLE_USER', company);
    const used = new Set<string>();
    const since = Date.now();
    const { client, secret } = await enrol(user, used);
    const added = await mfaMails(user, since, 'An authenticator app was added to your account');
    expect(added.body.text).toContain(user.login);
    expect((await client.get('/api/users/current')).body.mfaEnrolled).toBe(true);

    const withoutCode = await client.post('/api/security/mfa-remove', { password: user.password });
    expect(withoutCode.status).toBe(400);
    // (A code is used up only when Cognito checks it: not behind a wrong password.)
    const wrongPassword = await client.post('/api/security/mfa-remove', { password: 'Not-the-password-1', code: totp(secret) });
    expect(wrongPassword.body.errors).toEqual({ password: 'validation.currentPasswordWrong' });
    const wrongCode = await client.post('/api/security/mfa-remove', { password: user.password, code: totp(secret) === '000000' ? '111111' : '000000' });
    expect(wrongCode.body.code).toBe('invalid-mfa-code');
    expect((await passwordStep(user)).answer.body.status).toBe('mfa-required');

    const removed = await client.post('/api/security/mfa-remove', { password: user.password, code: await freshCode(secret, used) });
    expect(removed.status).toBe(200);
    expect((await passwordStep(user)).answer.body.status).toBe('signed-in');
    await mfaMails(user, since, 'The authenticator app was removed from your account');
  }, 120_000);

  it('lets an administrator reset another user\'s app, never the protected administrator\'s nor their own, and never a non-admin', async () => {
    const used = new Set<string>();
    const admin = await makeUser('ROLE_ADMIN', company);
    const { client: adminClient } = await enrol(admin, used);
    const lost = await makeUser('ROLE_MANAGER', company);
    await enrol(lost, used);
    const customer = await makeUser('ROLE_USER', company);
    const protectedAdmin = await ensureUser({
      login: 'admin@portal.test', password: 'Protected-pass-1', role: 'ROLE_ADMIN', firstName: 'First', lastName: 'Admin', companyId: company.id,
    });

    const byCustomer = await (await passwordStep(customer)).client.post(`/api/users/${lost.record.id}/mfa-reset`);
    expect(byCustomer.status).toBe(403);
    expect((await adminClient.post(`/api/users/${protectedAdmin.id}/mfa-reset`)).status).toBe(403);
    expect((await adminClient.post(`/api/users/${admin.record.id}/mfa-reset`)).status).toBe(403);
    expect((await passwordStep(lost)).answer.body.status).toBe('mfa-required');

    const since = Date.now();
    const reset = await adminClient.post(`/api/users/${lost.record.id}/mfa-reset`);
    expect(reset.status).toBe(200);
    expect(reset.body.mfaEnrolled).toBeUndefined();
    expect((await passwordStep(lost)).answer.body.status).toBe('signed-in');
    await mfaMails(lost, since, 'The authenticator app was removed from your account');
  }, 120_000);

  it('a reset by e-mail says the app is there and removes it only when asked; an administrator then sets up a new one', async () => {
    const used = new Set<string>();
    const admin = await makeUser('ROLE_ADMIN', company);
    await enrol(admin, used);
    const anonymous = new Browser(stack.url);
    const resetLink = async () => {
      const since = Date.now();
      await anonymous.post('/api/security/password-reset', { login: admin.login });
      const mail = await latestMailTo(stack.endpoints.ses, admin.login, { since, where: (m) => m.subject === 'Reset your password', timeoutMs: 10_000 });
      return linkIn(mail, '/password-reset/')!.split('/').pop()!;
    };

    const kept = await resetLink();
    const check = await anonymous.get(`/api/security/password-reset/${kept}`);
    expect(check.body).toEqual({ token: kept, mfa: { since: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) } });
    expect((await anonymous.post(`/api/security/password-reset/${kept}`, { password: 'Kept-app-pass-1' })).status).toBe(200);
    expect((await passwordStep({ ...admin, password: 'Kept-app-pass-1' })).answer.body.status).toBe('mfa-required');

    const removing = await resetLink();
    const since = Date.now();
    expect((await anonymous.post(`/api/security/password-reset/${removing}`, { password: 'Removed-app-pass-1', removeMfa: true })).status).toBe(200);
    await mfaMails(admin, since, 'The authenticator app was removed from your account');
    // No code asked any more; ADMIN_MFA=required sends this administrator to set up a new app.
    expect((await passwordStep({ ...admin, password: 'Removed-app-pass-1' })).answer.body.status).toBe('mfa-setup-required');
  }, 120_000);
});
