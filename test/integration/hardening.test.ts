import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRecord } from '../../functions/data/companies';
import { makeCompany, makeUser, signedIn } from './helpers/accounts';
import { localStack, useLocalEnv } from '../support/local-stack';
import { linkIn, mailsTo } from '../support/mailbox';
import { Browser } from './helpers/browser';
import { clearLocalClientThrottles, OTHER_LOCAL_ADDRESS, postFromAddress } from './helpers/throttles';

/**
 * The findings of the security probe (docs/auth.md, "Request guard", "Throttling" and "Sessions end
 * at once"), each through the local gateway: every test here failed on the code before the fix.
 */

let stack: ReturnType<typeof localStack>;
let company: CompanyRecord;
const anonymous = () => new Browser(stack.url);

beforeAll(async () => {
  useLocalEnv();
  stack = localStack();
  company = await makeCompany('Hardening');
});

// The failures and mails counted here must not throttle the test files that run after this one.
afterAll(() => clearLocalClientThrottles());

async function resetLinksOf(login: string, count: number): Promise<string[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const links = (await mailsTo(stack.endpoints.ses, login)).map((mail) => linkIn(mail, '/password-reset/')!).filter(Boolean);
    if (links.length >= count || Date.now() > deadline) return links;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('password reset links', () => {
  it('ends every outstanding link once one reset is completed', async () => {
    const user = await makeUser('ROLE_USER', company);
    for (let i = 0; i < 3; i++) expect((await anonymous().post('/api/security/password-reset', { login: user.login })).status).toBe(200);
    const links = await resetLinksOf(user.login, 3);
    expect(links).toHaveLength(3);
    const [oldest, middle, newest] = links.map((link) => link.split('/').pop()!);

    expect((await anonymous().post(`/api/security/password-reset/${newest}`, { password: 'Owner-new-pass-1' })).status).toBe(200);

    for (const token of [oldest, middle]) {
      expect((await anonymous().get(`/api/security/password-reset/${token}`)).status, token).toBe(404);
      const hijack = await anonymous().post(`/api/security/password-reset/${token}`, { password: 'Attacker-pass-1' });
      expect(hijack.status).toBe(404);
      expect(hijack.body.code).toBe('invalid-token');
    }
    // The owner's fresh password still works; the attacker's never took.
    await signedIn(stack.url, { ...user, password: 'Owner-new-pass-1' });
    expect((await anonymous().post('/api/security/login', { username: user.login, password: 'Attacker-pass-1' })).status).toBe(401);
  });
});

describe('password reset e-mails', () => {
  it('go out 3 times an hour per account at most, with the same answer every time', async () => {
    const user = await makeUser('ROLE_USER', company);
    for (let i = 0; i < 6; i++) {
      const answer = await anonymous().post('/api/security/password-reset', { login: user.login });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ status: 'sent' });
    }
    expect(await resetLinksOf(user.login, 4)).toHaveLength(3);
  });
});

describe('password reset e-mail language', () => {
  it('arrives in the language the reset was asked in', async () => {
    const user = await makeUser('ROLE_USER', company);
    expect((await anonymous().post('/api/security/password-reset', { login: user.login, language: 'ru' })).status).toBe(200);
    const [link] = await resetLinksOf(user.login, 1);
    expect(link).toBeDefined();
    const mail = (await mailsTo(stack.endpoints.ses, user.login))[0]!;
    expect(mail.subject).toBe('Сброс пароля');
    expect(mail.body.text).toContain('Задать новый пароль');
    const bad = await anonymous().post('/api/security/password-reset', { login: user.login, language: 'de' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ language: 'validation.invalid' });
  });
});

describe('wrong JSON types', () => {
  const bodies: Array<[string, unknown]> = [
    ['array for a string', { username: ['a@b.co'], password: ['x'], login: ['a@b.co'], session: ['s'], company: ['c'] }],
    ['object for a string', { username: { $ne: 1 }, password: { a: 1 }, login: { a: 1 }, session: {}, company: { id: 1 } }],
    ['number for a string', { username: 5, password: 5, login: 5, session: 5, company: 5 }],
  ];
  const rawBodies = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'].map(
    (key) => `{"${key}":{"polluted":true},"username":"nobody@it.portal.test","password":"wrong-pass-1","login":"nobody@it.portal.test","session":"s","company":"c"}`,
  );

  it.each(['/api/security/login', '/api/security/password-reset', '/api/security/new-password', `/api/security/password-reset/${'A'.repeat(43)}`])(
    '%s answers 400 with field messages, never 500',
    async (path) => {
      for (const [label, json] of bodies) {
        const answer = await anonymous().post(path, json);
        expect(answer.status, label).toBe(400);
        expect(answer.body.code, label).toBe('validation');
        expect(Object.values(answer.body.errors ?? {}), label).toContain('validation.invalid');
      }
      for (const raw of rawBodies) {
        const answer = await anonymous().request('POST', path, { body: raw, headers: { 'content-type': 'application/json' } });
        expect(answer.status, raw).toBeLessThan(500);
      }
    },
  );

  it('change-company answers 400 too, and stays on the caller’s company', async () => {
    const client = await signedIn(stack.url, await makeUser('ROLE_USER', company));
    for (const [label, json] of bodies) {
      const answer = await client.post('/api/users/change-current-company', json);
      expect(answer.status, label).toBe(400);
    }
    for (const raw of rawBodies) {
      const answer = await client.request('POST', '/api/users/change-current-company', { body: raw, headers: { 'content-type': 'application/json' } });
      expect(answer.status, raw).toBeLessThan(500);
    }
    expect((await client.get('/api/users/current')).body.currentCompany.id).toBe(company.id);
  });
});

describe('cross-site requests', () => {
  it('refuses a foreign Origin, same-site and a text/plain body on state-changing calls', async () => {
    const user = await makeUser('ROLE_USER', company);
    const login = { username: user.login, password: user.password };
    const foreign = await anonymous().post('/api/security/login', login, { secFetchSite: null, headers: { origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    const sameSite = await anonymous().post('/api/security/login', login, { secFetchSite: 'same-site' });
    expect(sameSite.status).toBe(403);
    // What a plain HTML form can send: no preflight, no JSON content type.
    const form = await anonymous().request('POST', '/api/security/login', {
      secFetchSite: null,
      body: JSON.stringify(login),
      headers: { 'content-type': 'text/plain' },
    });
    expect(form.status).toBe(415);
    for (const answer of [foreign, sameSite, form]) expect(answer.setCookies).toEqual([]);
    // The portal itself still signs in, with or without an Origin of its own.
    const own = await anonymous().post('/api/security/login', login, { headers: { origin: stack.url } });
    expect(own.status).toBe(200);
  });

  it('never runs logout for a HEAD request', async () => {
    const client = await signedIn(stack.url, await makeUser('ROLE_USER', company));
    const head = await client.request('HEAD', '/api/security/logout');
    expect(head.status).toBe(405);
    expect((await client.get('/api/users/current')).status).toBe(200);
  });
});

describe('sign-in throttling', () => {
  it('after 30 wrong passwords the right one is refused with 429 and Retry-After', async () => {
    const user = await makeUser('ROLE_USER', company);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      statuses.push((await anonymous().post('/api/security/login', { username: user.login, password: `Wrong-pass-${i}` })).status);
    }
    // Five tries are answered, then the login backs off (the waits are 30 s and more: no race here).
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(new Set(statuses.slice(5))).toEqual(new Set([429]));
    const right = await anonymous().post('/api/security/login', { username: user.login, password: user.password });
    expect(right.status).toBe(429);
    expect(right.body.code).toBe('too-many-requests');
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(right.setCookies).toEqual([]);
  });

  it('wrong passwords from one address do not lock the owner out at another (no 429 for a clean client)', async () => {
    const user = await makeUser('ROLE_USER', company);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      statuses.push(await postFromAddress(OTHER_LOCAL_ADDRESS, `${stack.url}/api/security/login`, { username: user.login, password: `Wrong-pass-${i}` }));
    }
    // The stranger's address does back off...
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    // ...but the owner, from 127.0.0.1, signs in.
    const owner = anonymous();
    const right = await owner.post('/api/security/login', { username: user.login, password: user.password });
    expect(right.status).toBe(200);
    expect((await owner.get('/api/users/current')).status).toBe(200);
  });
});

describe('security headers and CSP reports', () => {
  it('sends Permissions-Policy, COOP, CORP and the CSP reporting endpoint', async () => {
    const answer = await anonymous().get('/api/users/current');
    expect(answer.headers.get('permissions-policy')).toContain('camera=()');
    expect(answer.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(answer.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(answer.headers.get('reporting-endpoints')).toBe('csp="/api/security/csp-report"');
  });

  it('takes violation reports from browsers (any page, report content types only)', async () => {
    const report = JSON.stringify({ 'csp-report': { 'document-uri': `${stack.url}/dashboard`, 'effective-directive': 'script-src-elem', 'blocked-uri': 'https://evil.example/x.js' } });
    const sent = await anonymous().request('POST', '/api/security/csp-report', {
      body: report,
      secFetchSite: 'cross-site',
      headers: { 'content-type': 'application/csp-report' },
    });
    expect(sent.status).toBe(204);
    const wrongType = await anonymous().request('POST', '/api/security/csp-report', { body: report, headers: { 'content-type': 'text/plain' } });
    expect(wrongType.status).toBe(415);
    const huge = await anonymous().request('POST', '/api/security/csp-report', {
      body: 'x'.repeat(70 * 1024),
      headers: { 'content-type': 'application/csp-report' },
    });
    expect(huge.status).toBe(400);
  });
});
