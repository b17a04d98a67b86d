import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRecord } from '../../functions/data/companies';
import { keys } from '../../functions/data/keys';
import { putMailSuppression } from '../../functions/data/mail-suppressions';
import { db, tableName } from '../../functions/data/table';
import type { TranslationCatalogues } from '../../shared/domain/translations';
import type { AuditEntry, AuditPage } from '../../shared/domain/types';
import { makeCompany, makeUser, signedIn, uniqueSuffix } from './helpers/accounts';
import { Browser } from './helpers/browser';
import { localStack, useLocalEnv } from '../support/local-stack';
import { latestMailTo, linkIn } from '../support/mailbox';
import { freshCode, totp } from '../support/totp';

/** The audit history (docs/product.md, "Audit history"): one record per change, in the change's transaction; an admin-only read. */

let stack: ReturnType<typeof localStack>;
let home: CompanyRecord;
let admin: Browser;
let adminId: string;

beforeAll(async () => {
  useLocalEnv();
  stack = localStack();
  home = await makeCompany('Audit home');
  const user = await makeUser('ROLE_ADMIN', home);
  adminId = user.record.id;
  admin = await signedIn(stack.url, user);
});

const history = async (query: Record<string, string>): Promise<AuditEntry[]> => {
  const answer = await admin.get<AuditPage>(`/api/audit?${new URLSearchParams(query)}`);
  expect(answer.status).toBe(200);
  return answer.body.entries;
};
const ofCompany = (company: CompanyRecord, kind?: string) => history({ company: company.id, ...(kind ? { kind } : {}) });

describe('one record per change, with the changed fields only', () => {
  it('collectors: create, update, delete by a customer', async () => {
    const company = await makeCompany('Audit collectors');
    const customer = await makeUser('ROLE_USER', company);
    const client = await signedIn(stack.url, customer);
    const created = await client.post('/api/collectors', { source: 'Google Ads', accessEmail: 'ads@audit.test' });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const edited = await client.request('PUT', `/api/collectors/${id}`, { json: { ...created.body, id: undefined, comment: 'Read only' } });
    expect(edited.status).toBe(200);
    expect((await client.request('DELETE', `/api/collectors/${id}`, { json: { version: 2 } })).status).toBe(200);
    const entries = await ofCompany(company, 'collector');
    expect(entries.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    const [removed, update, create] = entries;
    expect(create).toMatchObject({ actorId: customer.record.id, actorLogin: customer.login, recordId: id, companyId: company.id, before: {} });
    expect(create!.after).toMatchObject({ source: 'Google Ads', accessEmail: 'ads@audit.test' });
    expect(update).toMatchObject({ before: { comment: '' }, after: { comment: 'Read only' } });
    expect(removed!.before).toMatchObject({ source: 'Google Ads', comment: 'Read only' });
    expect(removed!.after).toEqual({});
  });

  it('meetings, sources and commissions: one create record each', async () => {
    const company = await makeCompany('Audit items');
    const client = await signedIn(stack.url, await makeUser('ROLE_USER', company));
    const meeting = `Kick-off ${uniqueSuffix()}`;
    expect((await admin.post('/api/meetings', { name: meeting, duration: '45m', datetime: '2030-01-02T10:00:00.000Z' })).status).toBe(201);
    const sourceId = crypto.randomUUID();
    expect((await client.post('/api/sources', { id: sourceId, name: 'Audit source', channel: 'Email', businessModel: 'CPO', deduplication: 'Last Click' })).status).toBe(201);
    expect((await client.post('/api/affiliate-commissions', { sourceName: 'Audit source', type: 'percent', commission: 10 })).status).toBe(201);
    expect((await ofCompany(home, 'meeting')).filter((e) => e.after.name === meeting).map((e) => [e.action, e.actorId])).toEqual([['create', adminId]]);
    expect((await ofCompany(company, 'source')).map((e) => [e.action, e.recordId, e.after.name])).toEqual([['create', sourceId, 'Audit source']]);
    expect((await ofCompany(company, 'commission')).map((e) => [e.action, e.after.commission])).toEqual([['create', 10]]);
  });

  it('a step: the status before and after', async () => {
    const company = await makeCompany('Audit step');
    const client = await signedIn(stack.url, await makeUser('ROLE_USER', company));
    expect((await client.post('/api/integration-status/update', { stepType: 'collector', status: 'done' })).status).toBe(200);
    const entries = await ofCompany(company, 'step');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'update', recordId: `${company.id}#collector`, before: { status: 'TBD' }, after: { status: 'done' } });
  });

  it('a company and a user edited by an admin: the changed fields, never a feed URL password', async () => {
    const company = await makeCompany('Audit company');
    const secret = `Feed-${uniqueSuffix()}`;
    expect((await admin.request('PUT', `/api/companies/${company.id}`, { json: { version: 1, country: 'GB', orderFeedUrl: `sftp://shop:${secret}@feeds.example/o.xml` } })).status).toBe(200);
    // The fixture's creation is the system's (no request): the admin's edit is the one other record.
    const entries = (await ofCompany(company, 'company')).filter((e) => e.action === 'update');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: adminId, action: 'update', before: { country: 'FR' }, after: { country: 'GB', orderFeedUrl: 'sftp://feeds.example/o.xml' } });
    expect(Object.keys(entries[0]!.after).sort()).toEqual(['country', 'orderFeedUrl']);
    expect(JSON.stringify(entries)).not.toContain(secret);

    const user = await makeUser('ROLE_USER', company);
    expect((await admin.request('PUT', `/api/users/${user.record.id}`, { json: { version: 1, data: [{ field: 'firstName', value: 'Audited' }] } })).status).toBe(200);
    const own = (await history({ subject: user.record.id, kind: 'user' })).filter((e) => e.action === 'update');
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({ actorId: adminId, before: { firstName: 'Test' }, after: { firstName: 'Audited' } });
  });

  it('translations and default collectors: platform-wide records', async () => {
    const id = crypto.randomUUID();
    expect((await admin.post('/api/default-collectors', { id, name: `Audit collector ${uniqueSuffix()}`, type: 'Other' })).status).toBe(201);
    const records = (await history({ user: adminId, kind: 'default-collector' })).filter((e) => e.recordId === id);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ action: 'create', companyId: null });
    // A translations update: the changed ids only, as `<locale>.<id>`, before and after.
    const current = await admin.get<TranslationCatalogues>('/api/translations');
    expect(current.status).toBe(200);
    const { version, catalogues } = current.body;
    const saved = await admin.post('/api/translations', { version, en: { ...catalogues.en, 'route.dashboard': 'Audited overview' }, fr: catalogues.fr, ru: catalogues.ru });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const updates = await history({ user: adminId, kind: 'translations' });
    expect(updates).toHaveLength(1);
    expect(updates[0]).toMatchObject({ action: 'update', recordId: 'overrides', companyId: null, after: { 'en.route.dashboard': 'Audited overview' } });
    expect(updates[0]!.before).not.toHaveProperty('en.route.dashboard');
    // Put back: the catalogue as it was (a second record, the same ids the other way round).
    expect((await admin.post('/api/translations', { version: version + 1, ...catalogues })).status).toBe(200);
    expect((await history({ user: adminId, kind: 'translations' }))[0]).toMatchObject({ before: { 'en.route.dashboard': 'Audited overview' } });
  });

  it('UTM rules: a create and a delete by a customer, in the company’s history', async () => {
    const company = await makeCompany('Audit rules');
    const customer = await makeUser('ROLE_USER', company);
    const client = await signedIn(stack.url, customer);
    const sourceId = crypto.randomUUID();
    expect((await client.post('/api/sources', { id: sourceId, name: 'Audit rules source', channel: 'Email', businessModel: 'CPO', deduplication: 'Last Click' })).status).toBe(201);
    const rule = { 0: { type: 'equal', utm: 'utmSource', value: 'audited' }, 1: { type: 'any', utm: 'utmMedium', value: '' }, 2: { type: 'any', utm: 'utmCampaign', value: '' } };
    const created = await client.post('/api/traffic-rules', { source: sourceId, rule });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const ruleId = created.body.rule.id as string;
    expect((await client.request('DELETE', `/api/traffic-rules/${ruleId}`, { json: { version: created.body.rule.version } })).status).toBe(200);
    const entries = await ofCompany(company, 'rule');
    expect(entries.map((e) => [e.action, e.recordId, e.actorId])).toEqual([
      ['delete', ruleId, customer.record.id],
      ['create', ruleId, customer.record.id],
    ]);
    expect(JSON.stringify(entries[1]!.after)).toContain('audited');
    expect(entries[0]!.after).toEqual({});
    // The page names the rules' source (docs/product.md, "Audit history"): by its name, then, once deleted, by its last name, marked.
    const read = async () => (await admin.get<AuditPage>(`/api/audit?company=${company.id}&kind=rule`)).body.names;
    expect(await read()).toEqual({ [sourceId]: { name: 'Audit rules source', deleted: false } });
    expect((await client.request('DELETE', `/api/sources/${sourceId}`, { json: { version: 1 } })).status).toBe(200);
    expect(await read()).toEqual({ [sourceId]: { name: 'Audit rules source', deleted: true } });
  });
});

describe('atomic with the change', () => {
  it('a stale version changes nothing and records nothing', async () => {
    const company = await makeCompany('Audit stale');
    const client = await signedIn(stack.url, await makeUser('ROLE_USER', company));
    const created = await client.post('/api/collectors', { source: 'Criteo', accessEmail: 'c@audit.test' });
    const stale = await client.request('PUT', `/api/collectors/${created.body.id}`, { json: { ...created.body, id: undefined, version: 7, comment: 'late' } });
    expect(stale.status).toBe(409);
    expect((await ofCompany(company, 'collector')).map((e) => e.action)).toEqual(['create']);
  });

  it('an audit record that cannot be written cancels the change', async () => {
    const company = await makeCompany('Audit refused');
    const client = await signedIn(stack.url, await makeUser('ROLE_USER', company));
    const created = await client.post('/api/collectors', { source: 'Awin', accessEmail: 'a@audit.test' });
    const record = (await client.get<{ collectors: Array<{ id: string }> }>('/api/collectors')).body.collectors.find((c) => c.id === created.body.id);
    expect(record).toBeDefined();
    // The record of version 2 exists already: its condition fails, and with it the edit.
    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.collector(company.id, created.body.id) }));
    await db().send(new PutCommand({ TableName: tableName(), Item: { ...keys.audit('collector', created.body.id, `V${'2'.padStart(12, '0')}#${Item!.created}`) } }));
    const edit = await client.request('PUT', `/api/collectors/${created.body.id}`, { json: { ...created.body, id: undefined, comment: 'never' } });
    expect(edit.status).toBe(409);
    const after = (await client.get<{ collectors: Array<{ id: string; comment: string; version: number }> }>('/api/collectors')).body.collectors.find((c) => c.id === created.body.id);
    expect(after).toMatchObject({ comment: '', version: 1 });
    expect((await ofCompany(company, 'collector')).map((e) => e.action)).toEqual(['create']);
  });

  it('a refused change records nothing: validation (400) and another company id (404)', async () => {
    const company = await makeCompany('Audit invalid');
    const other = await makeCompany('Audit other');
    const client = await signedIn(stack.url, await makeUser('ROLE_USER', company));
    const intruder = await signedIn(stack.url, await makeUser('ROLE_USER', other));
    expect((await client.post('/api/collectors', { source: '', accessEmail: 'not-an-email' })).status).toBe(400);
    const created = await client.post('/api/collectors', { source: 'Tradedoubler', accessEmail: 't@audit.test' });
    const foreign = await intruder.request('PUT', `/api/collectors/${created.body.id}`, { json: { ...created.body, id: undefined, comment: 'x' } });
    expect([403, 404]).toContain(foreign.status);
    expect((await ofCompany(company, 'collector')).map((e) => e.action)).toEqual(['create']);
    expect((await ofCompany(other)).filter((e) => e.actorLogin !== 'system')).toEqual([]);
  });
});

describe('sign-ins', () => {
  it('records a sign-in and failed ones (an unknown login creates nothing else)', async () => {
    const company = await makeCompany('Audit sign-in');
    const user = await makeUser('ROLE_USER', company);
    await signedIn(stack.url, user);
    expect((await new Browser(stack.url).post('/api/security/login', { username: user.login, password: 'Wrong-password-1' })).status).toBe(401);
    const own = await history({ subject: user.record.id, kind: 'sign-in' });
    expect(own.map((e) => e.action)).toEqual(['failed', 'signed-in']);
    expect(own[1]).toMatchObject({ actorId: user.record.id, actorLogin: user.login, client: expect.any(String) });
    expect(own[0]).toMatchObject({ actorId: null, actorLogin: user.login });

    const unknown = `nobody-${uniqueSuffix()}@audit.test`;
    expect((await new Browser(stack.url).post('/api/security/login', { username: unknown, password: 'Whatever-1' })).status).toBe(401);
    const tried = (await history({ kind: 'sign-in' })).filter((e) => e.actorLogin === unknown);
    expect(tried).toEqual([expect.objectContaining({ action: 'failed', recordId: unknown, actorId: null })]);
    expect((await admin.get<{ users: Array<{ login: string }> }>(`/api/users?q=${encodeURIComponent(unknown)}`)).body.users.some((u) => u.login === unknown)).toBe(false);
  });
});

describe('the read', () => {
  it('is for admins only, and its filters are checked', async () => {
    const company = await makeCompany('Audit read');
    const customer = await signedIn(stack.url, await makeUser('ROLE_USER', company));
    const manager = await signedIn(stack.url, await makeUser('ROLE_MANAGER', company, { managed: [company] }));
    expect((await customer.get('/api/audit')).status).toBe(403);
    expect((await manager.get(`/api/audit?company=${company.id}`)).status).toBe(403);
    const bad = await admin.get('/api/audit?kind=nothing&from=yesterday');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['from', 'kind']);
    // Days that do not exist, or a range that ends before it starts: a 400 that says so, never an empty 200.
    const impossible: Array<[string, Record<string, string>, string]> = [
      ['from=2026-13-01', { from: 'validation.date' }, 'from="2026-13-01" is no day of the calendar'],
      ['to=2026-02-29', { to: 'validation.date' }, 'to="2026-02-29" is no day of the calendar'],
      ['from=2026-04-31&to=2026-05-01', { from: 'validation.date' }, 'from="2026-04-31"'],
      ['from=1999-12-31', { from: 'validation.date' }, 'years 2000 to 2099'],
      ['from=2026-05-10&to=2026-05-01', { to: 'validation.dateRange' }, 'to="2026-05-01" is before from'],
    ];
    for (const [query, errors, message] of impossible) {
      const answer = await admin.get(`/api/audit?${query}`);
      expect([answer.status, answer.body.code, answer.body.errors], query).toEqual([400, 'validation', errors]);
      expect(answer.body.message, query).toContain(message);
    }
    expect((await admin.get('/api/audit?from=2024-02-29&to=2024-02-29')).status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect((await history({ company: home.id, from: '2000-01-01', to: '2000-12-31' })).length).toBe(0);
    const ofToday = await history({ user: adminId, from: today, to: today });
    expect(ofToday.every((e) => e.actorId === adminId && e.at.startsWith(today))).toBe(true);
  });

  it('pages newest first with `next`', async () => {
    const company = await makeCompany('Audit pages');
    const client = await signedIn(stack.url, await makeUser('ROLE_USER', company));
    for (let i = 0; i < 27; i++) await client.post('/api/collectors', { source: `M${i}`, accessEmail: 'm@audit.test' });
    const first = await admin.get<AuditPage>(`/api/audit?company=${company.id}&kind=collector`);
    expect(first.body.entries).toHaveLength(25);
    expect(first.body.next).toEqual(expect.any(String));
    const second = await admin.get<AuditPage>(`/api/audit?company=${company.id}&kind=collector&cursor=${first.body.next}`);
    expect(second.body.entries).toHaveLength(2);
    expect(second.body.next).toBeNull();
    const names = [...first.body.entries, ...second.body.entries].map((e) => e.after.source);
    expect(names[0]).toBe('M26');
    expect(names.at(-1)).toBe('M0');
  });
});

/**
 * The changes the first version of the history left out (issue 24): each recorded in the
 * change's own transaction, each refusal recording nothing.
 */
describe('preferences, the authenticator app, passwords, checks and deletions', () => {
  const ofUser = (id: string) => history({ subject: id, kind: 'user' });
  const numeric = () => String(100_000_000 + Math.floor(Math.random() * 800_000_000));

  it('the current company: a manager’s switch is recorded as theirs; a refused switch records nothing', async () => {
    const [a, b] = [await makeCompany('Audit switch A'), await makeCompany('Audit switch B')];
    const manager = await makeUser('ROLE_MANAGER', a, { managed: [a, b] });
    const client = await signedIn(stack.url, manager);
    const customer = await makeUser('ROLE_USER', a);
    const refused = await (await signedIn(stack.url, customer)).post('/api/users/change-current-company', { company: b.id });
    expect(refused.status).toBe(403);
    expect((await ofUser(customer.record.id)).filter((e) => e.action !== 'create')).toEqual([]);

    expect((await client.post('/api/users/change-current-company', { company: b.id })).status).toBe(200);
    expect((await client.post('/api/users/change-current-company', { company: b.id })).status).toBe(200); // no change, no record
    const entries = (await ofUser(manager.record.id)).filter((e) => e.action === 'update');
    expect(entries).toEqual([
      expect.objectContaining({ actorId: manager.record.id, recordId: manager.record.id, before: { currentCompanyId: null }, after: { currentCompanyId: b.id } }),
    ]);
  });

  it('an authenticator app: enrolment and removal by its owner, an administrator’s reset; a wrong code records nothing', async () => {
    const company = await makeCompany('Audit MFA');
    const owner = await makeUser('ROLE_USER', company);
    const client = await signedIn(stack.url, owner);
    const { secret } = (await client.post('/api/security/mfa-setup', { password: owner.password })).body as { secret: string };
    const wrongCode = totp(secret) === '000000' ? '111111' : '000000';
    expect((await client.post('/api/security/mfa-setup/verify', { password: owner.password, code: wrongCode })).status).toBe(400);
    expect((await ofUser(owner.record.id)).filter((e) => e.action === 'update')).toEqual([]);
    const used = new Set<string>();
    expect((await client.post('/api/security/mfa-setup/verify', { password: owner.password, code: await freshCode(secret, used) })).status).toBe(200);
    expect((await client.post('/api/security/mfa-remove', { password: owner.password, code: await freshCode(secret, used) })).status).toBe(200);
    const own = (await ofUser(owner.record.id)).filter((e) => e.action === 'update');
    expect(own.map((e) => [e.actorId, e.before.mfaEnrolled ?? null, e.after.mfaEnrolled])).toEqual([
      [owner.record.id, true, false],
      [owner.record.id, null, true],
    ]);
    expect(own[1]!.after.mfaEnrolledAt).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
    expect(JSON.stringify(own)).not.toContain(secret);

    const lost = await makeUser('ROLE_USER', company);
    const lostClient = await signedIn(stack.url, lost);
    const second = (await lostClient.post('/api/security/mfa-setup', { password: lost.password })).body as { secret: string };
    expect((await lostClient.post('/api/security/mfa-setup/verify', { password: lost.password, code: await freshCode(second.secret, new Set()) })).status).toBe(200);
    expect((await admin.post(`/api/users/${lost.record.id}/mfa-reset`)).status).toBe(200);
    expect((await ofUser(lost.record.id)).find((e) => e.action === 'update' && e.after.mfaEnrolled === false)).toMatchObject({ actorId: adminId });
  }, 120_000);

  it('the analytics fields a check stores the first time, as the customer’s; a refused property records nothing', async () => {
    const company = await makeCompany('Audit checks', { integrationSteps: ['google_analytics', 'ga_access', 'ga_dimension'] });
    const customer = await makeUser('ROLE_USER', company);
    const client = await signedIn(stack.url, customer);
    const suffix = String(Math.floor(Math.random() * 10_000)).padStart(4, '0');
    expect((await client.post('/api/analytics/access', { view_id: `100002${suffix}` })).body.viewIdStored).toBe(false);
    expect((await ofCompany(company, 'company')).filter((e) => e.action === 'update')).toEqual([]);
    const granted = `100001${suffix}`;
    expect((await client.post('/api/analytics/access', { view_id: granted })).body.viewIdStored).toBe(true);
    expect((await client.post('/api/analytics/dimension', { view_id: granted, dimension: '2' })).body.dimensionIndexStored).toBe(true);
    const updates = (await ofCompany(company, 'company')).filter((e) => e.action === 'update');
    expect(updates.map((e) => [e.actorId, e.before, e.after])).toEqual([
      [customer.record.id, { dimensionIndex: null }, { dimensionIndex: '2' }],
      [customer.record.id, { viewId: null }, { viewId: granted }],
    ]);
  });

  it('the legacy analytics update (POST /api/companies/update): recorded; a stale version records nothing', async () => {
    const company = await makeCompany('Audit legacy');
    const client = await signedIn(stack.url, await makeUser('ROLE_USER', company));
    const viewId = numeric();
    expect((await client.post('/api/companies/update', { viewId, version: 1 })).status).toBe(200);
    expect((await client.post('/api/companies/update', { viewId: numeric(), version: 1 })).status).toBe(409);
    const updates = (await ofCompany(company, 'company')).filter((e) => e.action === 'update');
    expect(updates.map((e) => [e.before, e.after])).toEqual([[{ viewId: null }, { viewId }]]);
  });

  it('a company’s deletion: its start and its end, and each user it detaches; a refused deletion records nothing', async () => {
    const doomed = await makeCompany('Audit doomed');
    const other = await makeCompany('Audit survivor');
    const main = await makeUser('ROLE_USER', doomed);
    const manager = await makeUser('ROLE_MANAGER', other, { managed: [other, doomed] });
    expect((await admin.request('DELETE', `/api/companies/${doomed.id}`, { json: { version: 1 } })).status).toBe(409);
    expect((await ofCompany(doomed, 'company')).filter((e) => e.actorLogin !== 'system')).toEqual([]);

    expect((await admin.request('DELETE', `/api/users/${main.record.id}`, { json: { version: 1 } })).status).toBe(200);
    expect((await admin.request('DELETE', `/api/companies/${doomed.id}`, { json: { version: 1 } })).status).toBe(200);
    const entries = (await ofCompany(doomed, 'company')).filter((e) => e.actorLogin !== 'system');
    expect(entries.map((e) => [e.action, e.actorId])).toEqual([
      ['delete', adminId],
      ['deletion-started', adminId],
    ]);
    expect(entries[1]!.after).toEqual({ deletingAt: expect.stringMatching(/^\d{4}-/) });
    const detached = (await ofUser(manager.record.id)).filter((e) => e.action === 'update');
    expect(detached).toEqual([expect.objectContaining({ actorId: adminId, before: { managedCompanyIds: [other.id, doomed.id] }, after: { managedCompanyIds: [other.id] } })]);
  });

  it('passwords: set by an administrator, by a reset link (as the owner’s), at the first sign-in (with its sign-in); never the password', async () => {
    const company = await makeCompany('Audit passwords');
    const user = await makeUser('ROLE_USER', company);
    const byAdmin = `Admin-set-${uniqueSuffix()}`;
    expect((await admin.request('PUT', `/api/users/${user.record.id}`, { json: { version: 1, data: [{ field: 'password', value: byAdmin }] } })).status).toBe(200);
    const anonymous = new Browser(stack.url);
    expect((await anonymous.post('/api/security/password-reset/not-a-real-token-0000000000000000000000', { password: 'Whatever-pass-1' })).status).toBe(404);
    const since = Date.now();
    await anonymous.post('/api/security/password-reset', { login: user.login });
    const mail = await latestMailTo(stack.endpoints.ses, user.login, { since, where: (m) => m.subject === 'Reset your password', timeoutMs: 10_000 });
    const token = linkIn(mail, '/password-reset/')!.split('/').pop()!;
    const byLink = `Reset-set-${uniqueSuffix()}`;
    expect((await anonymous.post(`/api/security/password-reset/${token}`, { password: byLink })).status).toBe(200);
    const changes = (await ofUser(user.record.id)).filter((e) => e.action === 'password-changed');
    expect(changes.map((e) => e.actorId)).toEqual([user.record.id, adminId]);
    expect(changes.every((e) => Object.keys(e.before).length === 0 && Object.keys(e.after).length === 0)).toBe(true);

    const newcomer = await makeUser('ROLE_USER', company, { temporary: true });
    const first = await anonymous.post('/api/security/login', { username: newcomer.login, password: newcomer.password });
    expect(first.body.status).toBe('new-password-required');
    const chosen = `Chosen-${uniqueSuffix()}`;
    const done = await anonymous.post('/api/security/new-password', { username: newcomer.login, session: first.body.session, password: chosen });
    expect(done.body.status).toBe('signed-in');
    const own = await history({ subject: newcomer.record.id });
    expect(own.filter((e) => e.action !== 'create').map((e) => [e.kind, e.action, e.actorId])).toEqual([
      ['sign-in', 'signed-in', newcomer.record.id],
      ['user', 'password-changed', newcomer.record.id],
    ]);
    expect(JSON.stringify([...changes, ...own])).not.toMatch(new RegExp(`${byAdmin}|${byLink}|${chosen}`));
  }, 60_000);

  it('a user’s main company (the id, not only its name) and the alert preference; a refused value records nothing', async () => {
    const [a, b] = [await makeCompany('Audit main A'), await makeCompany('Audit main B')];
    const user = await makeUser('ROLE_USER', a);
    expect((await admin.request('PUT', `/api/users/${user.record.id}`, { json: { version: 1, data: [{ field: 'company', value: b.name }] } })).status).toBe(200);
    const client = await signedIn(stack.url, user);
    expect((await client.post('/api/users/current/preferences', { healthAlerts: 'no' })).status).toBe(400);
    expect((await client.post('/api/users/current/preferences', { healthAlerts: false })).status).toBe(200);
    const updates = (await ofUser(user.record.id)).filter((e) => e.action === 'update');
    expect(updates.map((e) => [e.actorId, e.before, e.after])).toEqual([
      [user.record.id, {}, { healthAlerts: false }],
      [adminId, { companyId: a.id, managedCompanyIds: [a.id] }, { companyId: b.id, managedCompanyIds: [b.id] }],
    ]);
  });

  it('lifting a mail suppression: recorded in the user’s history; nothing to lift records nothing', async () => {
    const user = await makeUser('ROLE_USER', await makeCompany('Audit mail'));
    expect((await admin.request('DELETE', `/api/users/${user.record.id}/mail-suppression`)).status).toBe(200);
    expect((await ofUser(user.record.id)).filter((e) => e.action === 'update')).toEqual([]);
    await putMailSuppression({ address: user.login, type: 'bounce', reason: 'mailbox full', at: new Date().toISOString() });
    expect((await admin.request('DELETE', `/api/users/${user.record.id}/mail-suppression`)).status).toBe(200);
    expect((await ofUser(user.record.id)).filter((e) => e.action === 'update')).toEqual([
      expect.objectContaining({ actorId: adminId, before: { mailSuppression: 'bounce' }, after: {} }),
    ]);
  });
});

