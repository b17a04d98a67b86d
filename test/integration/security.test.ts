import { beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRecord } from '../../functions/data/companies';
import { saveResetToken } from '../../functions/data/password-reset-tokens';
import { makeCompany, makeUser, signedIn, type TestUser } from './helpers/accounts';
import { localStack, useLocalEnv } from '../support/local-stack';
import { latestMailTo, linkIn, mailsTo } from '../support/mailbox';
import { Browser } from './helpers/browser';
import { mintAccessToken } from './helpers/tokens';

/** Sign-in, session and password reset through the local gateway (docs/auth.md). */

let stack: ReturnType<typeof localStack>;
let company: CompanyRecord;
const anonymous = () => new Browser(stack.url);

beforeAll(async () => {
  useLocalEnv();
  stack = localStack();
  company = await makeCompany('Security');
});

const cookieNamed = (setCookies: string[], name: string) => setCookies.find((c) => c.startsWith(`${name}=`));

describe('sign-in', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await makeUser('ROLE_USER', company);
  });

  it('signs in, answers the current user and sets HttpOnly SameSite=Lax cookies (no Secure over http)', async () => {
    const client = anonymous();
    const answer = await client.post('/api/security/login', { username: user.login, password: user.password });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      status: 'signed-in',
      user: { id: user.record.id, login: user.login, role: 'ROLE_USER', company: { id: company.id, name: company.name } },
    });
    for (const name of ['access', 'refresh']) {
      const cookie = cookieNamed(answer.setCookies, name);
      expect(cookie, name).toBeDefined();
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; SameSite=Lax/);
      expect(cookie).toMatch(/; Path=\//);
      expect(cookie).not.toMatch(/Secure/);
    }
    expect(JSON.stringify(answer.body)).not.toMatch(/eyJ/); // no token in the body: JavaScript never sees one
    const current = await client.get('/api/users/current');
    expect(current.status).toBe(200);
    expect(current.body).toMatchObject({ login: user.login, currentCompany: { id: company.id } });
  });

  it('accepts the login in any case', async () => {
    const answer = await anonymous().post('/api/security/login', { username: user.login.toUpperCase(), password: user.password });
    expect(answer.status).toBe(200);
  });

  it('uses Secure __Host- cookies when the request came over https', async () => {
    const client = anonymous();
    const headers = { 'x-forwarded-proto': 'https' };
    const answer = await client.post('/api/security/login', { username: user.login, password: user.password }, { headers });
    expect(answer.status).toBe(200);
    expect(cookieNamed(answer.setCookies, '__Host-access')).toMatch(/; Secure/);
    expect(cookieNamed(answer.setCookies, '__Host-refresh')).toMatch(/; Secure/);
    expect(cookieNamed(answer.setCookies, 'access')).toBeUndefined();
    expect((await client.get('/api/users/current', { headers })).status).toBe(200);
  });

  it('answers a wrong password and an unknown login identically', async () => {
    const wrong = await anonymous().post('/api/security/login', { username: user.login, password: 'Wrong-pass-1' });
    const unknown = await anonymous().post('/api/security/login', { username: 'nobody-at-all@it.portal.test', password: 'Wrong-pass-1' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ code: 'invalid-credentials', message: 'Invalid login or password!' });
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.setCookies).toEqual([]);
    expect(unknown.setCookies).toEqual([]);
  });

  it('validates the body and refuses a cross-site sign-in', async () => {
    const empty = await anonymous().post('/api/security/login', {});
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ code: 'validation', errors: { username: 'validation.required', password: 'validation.required' } });
    const notJson = await anonymous().request('POST', '/api/security/login', { body: '{oops', headers: { 'content-type': 'application/json' } });
    expect(notJson.status).toBe(400);
    const crossSite = await anonymous().post(
      '/api/security/login',
      { username: user.login, password: user.password },
      { secFetchSite: 'cross-site' },
    );
    expect(crossSite.status).toBe(403);
    expect(crossSite.setCookies).toEqual([]);
  });

  it('refuses signed-in calls without a session or with a forged token', async () => {
    expect((await anonymous().get('/api/users/current')).status).toBe(401);
    const forged = anonymous();
    forged.setCookie('access', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.');
    const answer = await forged.get('/api/users/current');
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe('unauthenticated');
  });
});

describe('first sign-in with a temporary password', () => {
  it('asks for a new password, then signs in with it; the temporary one stops working', async () => {
    const user = await makeUser('ROLE_USER', company, { temporary: true });
    // As on AWS, the temporary password is checked before the challenge: a wrong one is a plain refusal.
    const wrong = await anonymous().post('/api/security/login', { username: user.login, password: 'Not-the-temporary-1' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.status).toBeUndefined();
    const client = anonymous();
    const first = await client.post('/api/security/login', { username: user.login, password: user.password });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ status: 'new-password-required', session: expect.any(String) });
    expect(first.setCookies).toEqual([]);

    // The spec's minimum (issue 24): 8 characters; 7 are refused by the schema, 8 pass it and the pool.
    const short = await client.post('/api/security/new-password', { username: user.login, session: first.body.session, password: 'Seven-7' });
    expect(short.status).toBe(400);
    expect(short.body.errors).toEqual({ password: 'validation.passwordMin' });

    const bogus = await client.post('/api/security/new-password', { username: user.login, session: 'not-a-session', password: 'Chosen-pass-1' });
    expect(bogus.status).toBe(401);

    const done = await client.post('/api/security/new-password', { username: user.login, session: first.body.session, password: 'Chosen-8' });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'signed-in', user: { login: user.login } });
    expect((await client.get('/api/users/current')).status).toBe(200);
    // cognito-local cannot refresh the challenge's own refresh token: the portal signs in again.
    expect((await client.post('/api/security/refresh')).status).toBe(200);

    expect((await anonymous().post('/api/security/login', { username: user.login, password: user.password })).status).toBe(401);
    const again = await anonymous().post('/api/security/login', { username: user.login, password: 'Chosen-8' });
    expect(again.body.status).toBe('signed-in');
  });

  it('refuses a made-up challenge session for an account with a permanent password (no takeover)', async () => {
    const user = await makeUser('ROLE_USER', company);
    const answer = await anonymous().post('/api/security/new-password', { username: user.login, session: 'made-up', password: 'Taken-over-1' });
    expect(answer.status).toBe(401);
    expect((await anonymous().post('/api/security/login', { username: user.login, password: 'Taken-over-1' })).status).toBe(401);
    expect((await anonymous().post('/api/security/login', { username: user.login, password: user.password })).status).toBe(200);
  });
});

describe('refresh and logout', () => {
  it('refreshes the access cookie from the refresh cookie', async () => {
    const user = await makeUser('ROLE_USER', company);
    const client = await signedIn(stack.url, user);
    const before = client.cookie('access');
    const answer = await client.post('/api/security/refresh');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'refreshed' });
    expect(cookieNamed(answer.setCookies, 'access')).toMatch(/HttpOnly/);
    expect(cookieNamed(answer.setCookies, 'refresh')).toBeUndefined();
    expect(client.cookie('access')).not.toBe(before);
    expect((await client.get('/api/users/current')).status).toBe(200);
  });

  it('refuses a refresh without cookies or with only the refresh cookie', async () => {
    expect((await anonymous().post('/api/security/refresh')).status).toBe(401);
    const user = await makeUser('ROLE_USER', company);
    const client = await signedIn(stack.url, user);
    const refreshOnly = new Browser(stack.url);
    refreshOnly.setCookie('refresh', client.cookie('refresh')!);
    expect((await refreshOnly.post('/api/security/refresh')).status).toBe(401);
  });

  it('refuses a cross-site logout and leaves the session alone', async () => {
    const user = await makeUser('ROLE_USER', company);
    const client = await signedIn(stack.url, user);
    const answer = await client.get('/api/security/logout', { secFetchSite: 'cross-site' });
    expect(answer.status).toBe(403);
    expect(answer.setCookies).toEqual([]);
    expect((await client.get('/api/users/current')).status).toBe(200);
  });

  it('logs out: 302 to /login, cookies cleared, the old tokens refused at once', async () => {
    const user = await makeUser('ROLE_USER', company);
    const client = await signedIn(stack.url, user);
    const stolen = client.clone();

    const answer = await client.get('/api/security/logout');
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/login');
    expect(cookieNamed(answer.setCookies, 'access')).toMatch(/Max-Age=0/);
    expect(cookieNamed(answer.setCookies, 'refresh')).toMatch(/Max-Age=0/);
    expect(client.cookies()).toEqual({});

    expect((await stolen.get('/api/users/current')).status).toBe(401);
    expect((await stolen.post('/api/security/refresh')).status).toBe(401);

    // A new sign-in right away works (same second as the logout included).
    const back = await signedIn(stack.url, user);
    expect((await back.get('/api/users/current')).status).toBe(200);
  });
});

describe('tokens dated ahead', () => {
  const withToken = (token: string) => {
    const client = anonymous();
    client.setCookie('access', token);
    return client;
  };

  it('refuses a token issued in the future beyond the clock skew', async () => {
    const user = await makeUser('ROLE_USER', company);
    const now = Math.floor(Date.now() / 1000);
    // The same key and claims, dated now: accepted (the minting itself is sound).
    expect((await withToken(await mintAccessToken(user.record.id, now)).get('/api/users/current')).status).toBe(200);
    const ahead = await withToken(await mintAccessToken(user.record.id, now + 3600)).get('/api/users/current');
    expect(ahead.status).toBe(401);
  });

  it('ends at logout a token minted before it with a later iat (within the skew)', async () => {
    const user = await makeUser('ROLE_USER', company);
    const client = await signedIn(stack.url, user);
    const early = withToken(await mintAccessToken(user.record.id, Math.floor(Date.now() / 1000) + 3));
    expect((await early.get('/api/users/current')).status).toBe(200);
    expect((await client.get('/api/security/logout')).status).toBe(302);
    expect((await early.get('/api/users/current')).status).toBe(401);
    // Normal sessions still work after it: a new sign-in right away.
    const back = await signedIn(stack.url, user);
    expect((await back.get('/api/users/current')).status).toBe(200);
  });
});

describe('password reset', () => {
  it('answers the same whether or not the account exists, and mails only real accounts', async () => {
    const user = await makeUser('ROLE_USER', company);
    const known = await anonymous().post('/api/security/password-reset', { login: user.login });
    const unknown = await anonymous().post('/api/security/password-reset', { login: 'ghost-account@it.portal.test' });
    expect(known.status).toBe(200);
    expect(known.body).toEqual({ status: 'sent' });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    // The mail is sent by a job after the answer (docs/auth.md): wait for it, then count.
    await latestMailTo(stack.endpoints.ses, user.login);
    expect(await mailsTo(stack.endpoints.ses, user.login)).toHaveLength(1);
    expect(await mailsTo(stack.endpoints.ses, 'ghost-account@it.portal.test')).toHaveLength(0);
  });

  it('validates the e-mail', async () => {
    const answer = await anonymous().post('/api/security/password-reset', { login: 'not an email' });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ login: 'validation.email' });
  });

  it('works end to end, once, and ends the sessions opened before', async () => {
    const user = await makeUser('ROLE_USER', company);
    const oldSession = await signedIn(stack.url, user);
    await anonymous().post('/api/security/password-reset', { login: user.login });
    const mail = await latestMailTo(stack.endpoints.ses, user.login);
    expect(mail.subject).toBe('Reset your password');
    const link = linkIn(mail, '/password-reset/');
    expect(link).toMatch(new RegExp(`^${stack.env.APP_URL}/password-reset/[A-Za-z0-9_-]{43}$`));
    const token = link!.split('/').pop()!;

    const check = await anonymous().get(`/api/security/password-reset/${token}`);
    expect(check.status).toBe(200);
    expect(check.body).toEqual({ token });

    const short = await anonymous().post(`/api/security/password-reset/${token}`, { password: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.code).toBe('validation');

    const done = await anonymous().post(`/api/security/password-reset/${token}`, { password: 'Reset-pass-1' });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ status: 'changed' });

    const again = await anonymous().post(`/api/security/password-reset/${token}`, { password: 'Other-pass-1' });
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('invalid-token');
    expect((await anonymous().get(`/api/security/password-reset/${token}`)).status).toBe(404);

    expect((await oldSession.get('/api/users/current')).status).toBe(401);
    expect((await oldSession.post('/api/security/refresh')).status).toBe(401);
    expect((await anonymous().post('/api/security/login', { username: user.login, password: user.password })).status).toBe(401);
    const fresh = await signedIn(stack.url, { ...user, password: 'Reset-pass-1' });
    expect((await fresh.get('/api/users/current')).status).toBe(200);
  });

  it('refuses unknown, malformed and expired tokens', async () => {
    const user = await makeUser('ROLE_USER', company);
    const expired = 'E'.repeat(43);
    await saveResetToken(expired, user.record.id, Math.floor(Date.now() / 1000) - 60);
    for (const token of ['U'.repeat(43), 'short', expired]) {
      const check = await anonymous().get(`/api/security/password-reset/${token}`);
      expect(check.status, token).toBe(404);
      expect(check.body).toMatchObject({ code: 'invalid-token' });
      const complete = await anonymous().post(`/api/security/password-reset/${token}`, { password: 'Reset-pass-1' });
      expect(complete.status, token).toBe(404);
    }
    // The expired token did not change the password.
    expect((await anonymous().post('/api/security/login', { username: user.login, password: user.password })).status).toBe(200);
  });
});

/**
 * Issue 20, finding 3: the server refuses a new password equal to the current one on every path
 * that sets one, whatever the web form checks (these requests go straight to the API).
 */
describe('a new password differs from the current one', () => {
  it('refuses the e-mailed temporary password as the first sign-in\'s new one, and keeps the challenge for another', async () => {
    const user = await makeUser('ROLE_USER', company, { temporary: true });
    const client = anonymous();
    const first = await client.post('/api/security/login', { username: user.login, password: user.password });
    expect(first.body.status).toBe('new-password-required');
    const same = await client.post('/api/security/new-password', { username: user.login, session: first.body.session, password: user.password });
    expect(same.status).toBe(400);
    expect(same.body.errors).toEqual({ password: 'validation.passwordSameAsTemporary' });
    // Still temporary: the same challenge takes another password.
    const done = await client.post('/api/security/new-password', { username: user.login, session: first.body.session, password: 'Chosen-pass-2' });
    expect(done.body.status).toBe('signed-in');
  });

  it('refuses a reset to the current password without using the link', async () => {
    const user = await makeUser('ROLE_USER', company);
    const since = Date.now();
    await anonymous().post('/api/security/password-reset', { login: user.login });
    const token = linkIn(await latestMailTo(stack.endpoints.ses, user.login, { since }), '/password-reset/')!.split('/').pop()!;
    const same = await anonymous().post(`/api/security/password-reset/${token}`, { password: user.password });
    expect(same.status).toBe(400);
    expect(same.body.errors).toEqual({ password: 'validation.passwordUnchanged' });
    expect((await anonymous().post(`/api/security/password-reset/${token}`, { password: 'Another-pass-1' })).status).toBe(200);
  });

  it('refuses an administrator setting a user\'s password to the current one', async () => {
    const user = await makeUser('ROLE_USER', company);
    const admin = await signedIn(stack.url, await makeUser('ROLE_ADMIN', company));
    const same = await admin.put<{ errors?: Record<string, string> }>(`/api/users/${user.record.id}`, { version: user.record.version, data: [{ field: 'password', value: user.password }] });
    expect(same.status).toBe(400);
    expect(same.body.errors).toEqual({ password: 'validation.passwordUnchanged' });
  });
});
