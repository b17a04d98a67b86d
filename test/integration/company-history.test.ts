import { beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRecord } from '../../functions/data/companies';
import { auditedWrite } from '../../functions/data/audit';
import { runAs } from '../../functions/platform/actor';
import type { AuditPage, CompanyHistoryPage } from '../../shared/domain/types';
import { makeCompany, makeUser, signedIn, uniqueSuffix, type TestUser } from './helpers/accounts';
import type { Browser } from './helpers/browser';
import { localStack, useLocalEnv } from '../support/local-stack';

/**
 * A company's own history (docs/product.md, "The company's history"): its users read the audit of
 * their company through GET /api/company-history; an administrator is the platform's team, never
 * a name, and nothing of other companies, users or sign-ins shows.
 */

let stack: ReturnType<typeof localStack>;
let company: CompanyRecord;
let adminUser: TestUser;
let admin: Browser;
let customerUser: TestUser;
let customer: Browser;

beforeAll(async () => {
  useLocalEnv();
  stack = localStack();
  company = await makeCompany('History shop');
  adminUser = await makeUser('ROLE_ADMIN', await makeCompany('History home'));
  admin = await signedIn(stack.url, adminUser);
  customerUser = await makeUser('ROLE_USER', company);
  customer = await signedIn(stack.url, customerUser);
  // The customer adds a source; the administrator, working on the company, adds a collector and renames the customer.
  expect((await customer.post('/api/sources', { id: crypto.randomUUID(), name: 'History source', channel: 'Email', businessModel: 'CPO', deduplication: 'Last Click' })).status).toBe(201);
  expect((await admin.post('/api/users/change-current-company', { company: company.id })).status).toBe(200);
  expect((await admin.post('/api/collectors', { source: 'Team collector', accessEmail: 'team@history.test' })).status).toBe(201);
});

const read = async (client: Browser, query: Record<string, string> = {}) => {
  const answer = await client.get<CompanyHistoryPage>(`/api/company-history?${new URLSearchParams(query)}`);
  expect(answer.status).toBe(200);
  return answer;
};

describe('GET /api/company-history', () => {
  it('shows the company’s changes with its users by login and an administrator as the platform’s team, never by name or id', async () => {
    const answer = await read(customer);
    const byKind = Object.fromEntries(answer.body.entries.map((entry) => [entry.kind, entry]));
    expect(byKind.source).toMatchObject({ action: 'create', who: { type: 'user', login: customerUser.login }, after: { name: 'History source' } });
    expect(byKind.collector).toMatchObject({ action: 'create', who: { type: 'team' }, after: { source: 'Team collector' } });
    const raw = JSON.stringify(answer.body);
    expect(raw).not.toContain(adminUser.login);
    expect(raw).not.toContain(adminUser.record.id);
    expect(raw).not.toContain('actorId');
  });

  it('keeps to the company’s kinds: the administrator’s change of a user of the company is not in it', async () => {
    const renamed = await admin.request('PUT', `/api/users/${customerUser.record.id}`, { json: { version: 1, data: [{ field: 'firstName', value: 'Renamed' }] } });
    expect(renamed.status).toBe(200);
    const all = await read(customer);
    expect(all.body.entries.map((entry) => entry.kind)).not.toContain('user');
    // The admin's view of the same company holds more than the customer's (its users' records go elsewhere, sign-ins too).
    const adminView = await admin.get<AuditPage>(`/api/audit?company=${company.id}`);
    expect(adminView.status).toBe(200);
    expect(all.body.entries.every((entry) => adminView.body.entries.some((seen) => seen.at === entry.at && seen.recordId === entry.recordId))).toBe(true);
  });

  it('filters by kind, and refuses a kind it does not show, a foreign cursor and markup', async () => {
    const collectors = await read(customer, { kind: 'collector' });
    expect(collectors.body.entries.map((entry) => entry.kind)).toEqual(['collector']);
    for (const query of [{ kind: 'user' }, { kind: 'sign-in' }, { kind: '<script>' }, { from: '2026-02-30' }, { cursor: 'x'.repeat(2001) }] as Array<Record<string, string>>) {
      expect((await customer.get(`/api/company-history?${new URLSearchParams(query)}`)).status, JSON.stringify(query)).toBe(400);
    }
    // A cursor of the admin's audit of the same company is another query's: refused, not read.
    const adminPage = await admin.get<AuditPage>(`/api/audit?company=${company.id}`);
    const foreign = adminPage.body.next ?? (await admin.get<AuditPage>('/api/audit')).body.next;
    expect(foreign).toBeTruthy();
    expect((await customer.get(`/api/company-history?cursor=${foreign}`)).status).toBe(400);
  });

  it('names an older record’s administrator as the team, a deleted user as a former user and a job as automatic', async () => {
    const gone = `gone-${uniqueSuffix()}`;
    const write = (actor: { userId: string | null; login: string }, name: string) =>
      runAs(actor, () => auditedWrite([], { kind: 'source', action: 'update', recordId: crypto.randomUUID(), companyId: company.id, before: { name: 'x' }, after: { name } }));
    // Recorded without a role, as before the company's history existed.
    await write({ userId: adminUser.record.id, login: adminUser.login }, 'by an old admin record');
    await write({ userId: gone, login: `${gone}@history.test` }, 'by a deleted user');
    await write({ userId: null, login: 'system' }, 'by the daily job');
    // A kind the company does not read, planted in its index: never shown.
    await runAs({ userId: adminUser.record.id, login: adminUser.login }, () =>
      auditedWrite([], { kind: 'outbox', action: 'resend', recordId: crypto.randomUUID(), companyId: company.id, after: { name: 'a planted mail' } }),
    );
    expect(JSON.stringify((await read(customer)).body)).not.toContain('a planted mail');
    const entries = (await read(customer, { kind: 'source' })).body.entries;
    const whoMade = (name: string) => entries.find((entry) => entry.after.name === name)?.who;
    expect(whoMade('by an old admin record')).toEqual({ type: 'team' });
    expect(whoMade('by a deleted user')).toEqual({ type: 'former' });
    expect(whoMade('by the daily job')).toEqual({ type: 'system' });
    expect(JSON.stringify(entries)).not.toContain(gone);
  });

  it('shows another company nothing of this one, whatever it names', async () => {
    const otherCompany = await makeCompany('History other');
    const other = await signedIn(stack.url, await makeUser('ROLE_USER', otherCompany));
    // Only its own record's creation (by the seed: automatic); a `company` parameter is not one of the route's and is ignored.
    for (const query of ['', `?company=${company.id}`]) {
      const answer = await other.get<CompanyHistoryPage>(`/api/company-history${query}`);
      expect(answer.status).toBe(200);
      expect(answer.body.entries.map((entry) => [entry.companyId, entry.kind, entry.who.type])).toEqual([[otherCompany.id, 'company', 'system']]);
    }
    expect((await other.get('/api/company-history', { headers: { 'X-Portal-Company': company.id } })).status).not.toBe(200);
  });
});
