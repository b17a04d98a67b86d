import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRecord } from '../../functions/data/companies';
import { startLocalStack, type LocalStack } from '../../localstack/stack';
import { totp } from '../support/totp';
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
  company = await makeCompany('MFA');
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  delete process.env.ADMIN_MFA;
});

/** The next code of the app, never the one just used (Cognito refuses a code twice). */
async function freshCode(secret: string, used: Set<string>): Promise<string> {
  for (;;) {
    const code = totp(secret);
    if (!used.has(code)) {
      used.add(code);
      return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

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

    const enrolment = await client.post('/api/security/mfa-setup');
    expect(enrolment.status).toBe(200);
    expect(enrolment.body.uri).toContain(`secret=${enrolment.body.secret}`);
    const used = new Set<string>();

    // A wrong first code changes nothing; the right one turns the app on.
    const wrong = await client.post('/api/security/mfa-setup/verify', { code: totp(enrolment.body.secret) === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('invalid-mfa-code');
    expect((await client.get('/api/integration-status')).status).toBe(403);
    const verified = await client.post('/api/security/mfa-setup/verify', { code: await freshCode(enrolment.body.secret, used) });
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
    const { secret } = (await client.post('/api/security/mfa-setup')).body;
    expect((await client.post('/api/security/mfa-setup/verify', { code: totp(secret) })).status).toBe(200);
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
    expect((await new Browser(stack.url).post('/api/security/mfa-setup')).status).toBe(401);
  });
});
