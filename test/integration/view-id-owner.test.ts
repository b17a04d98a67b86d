import { randomInt } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { findCompanyByName, getCompanyRecord, storeCompanyFieldOnce, type CompanyRecord } from '../../functions/data/companies';
import { keys } from '../../functions/data/keys';
import { db, tableName } from '../../functions/data/table';
import type { StepType } from '../../shared/domain/types';
import { localStack, useLocalEnv } from '../support/local-stack';
import { makeCompany, makeUser, signedIn, uniqueSuffix } from './helpers/accounts';
import type { Browser } from './helpers/browser';
import { recordsWith } from './helpers/view-ids';

/**
 * Issue 20, finding 1: a View ID belongs to ONE company. Every path that stores a company's View ID
 * (legacy POST /api/companies/update, admin create and edit, the first successful access check)
 * refuses one another company holds, atomically (data/companies.ts, the VIEWID# guard), so the
 * analytics routes' ownership rule (ensureOwnView) cannot be side-stepped by storing the id first.
 */

let stack: ReturnType<typeof localStack>;
let admin: Browser;

beforeAll(async () => {
  useLocalEnv();
  stack = localStack();
  admin = await signedIn(stack.url, await makeUser('ROLE_ADMIN', await makeCompany('View rule admin home')));
});

const TAKEN = 'validation.analytics.viewIdTaken';
const STEPS: StepType[] = ['google_analytics', 'ga_access', 'ga_dimension', 'sources'];
/** A fresh id the sandbox reads as its granted property 100001 (sandbox-provider.ts): 1000018 + 5 digits. */
const freshViewId = (): string => `1000018${String(randomInt(100_000)).padStart(5, '0')}`;

async function customerOf(name: string): Promise<{ company: CompanyRecord; customer: Browser }> {
  const company = await makeCompany(name, { integrationSteps: STEPS });
  return { company, customer: await signedIn(stack.url, await makeUser('ROLE_USER', company)) };
}

/** Every item of a company's partition (record, steps, traffic, checks), in a stable form. */
async function partition(companyId: string): Promise<string> {
  const { Items } = await db().send(
    new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.companyPartition(companyId) }, ConsistentRead: true }),
  );
  return JSON.stringify(Items);
}


describe('a View ID another company holds is refused wherever a View ID is stored', () => {
  it('legacy POST /api/companies/update: 400 on viewId, nothing changed, and the analytics routes still refuse it', async () => {
    const V = freshViewId();
    const owner = await customerOf('View rule owner');
    expect((await owner.customer.post('/api/analytics/access', { view_id: V })).body).toMatchObject({ code: 200, viewIdStored: true });
    const attacker = await customerOf('View rule attacker');
    const before = [await partition(attacker.company.id), await partition(owner.company.id)];

    for (const body of [{ viewId: V }, { viewId: V, version: 1 }, { viewId: ` ${V} `, dimensionIndex: '1', version: 1 }]) {
      const answer = await attacker.customer.post<{ code: string; errors: Record<string, string> }>('/api/companies/update', body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body).toMatchObject({ code: 'validation', errors: { viewId: TAKEN } });
    }
    expect([await partition(attacker.company.id), await partition(owner.company.id)]).toEqual(before);
    expect(await recordsWith(V)).toEqual([owner.company.id]);

    // With nothing stored, every read of the property stays refused (the comparison too).
    const reads = [
      await attacker.customer.post('/api/analytics/access', { view_id: V }),
      await attacker.customer.post('/api/analytics/utms', { view_id: V }),
      await attacker.customer.post('/api/analytics/dimension', { view_id: V, dimension: '1' }),
      await attacker.customer.post('/api/analytics/events', { view_id: V, dimension: '1', event_action: 'purchase' }),
      await attacker.customer.post('/api/order-feed/check', { view_id: V, type: 'xml', feed_url: 'https://feeds.example/orders.xml', upload_key: null }),
    ];
    for (const answer of reads) expect([answer.status, (answer.body as { errors?: unknown }).errors]).toEqual([400, { view_id: TAKEN }]);
    expect(await partition(attacker.company.id)).toBe(before[0]);
  });

  it('admin POST /api/companies: 400 on viewId, no company created', async () => {
    const V = freshViewId();
    const holder = await makeCompany('View rule holder', { viewId: V });
    const name = `View rule copy ${uniqueSuffix()}`;
    const answer = await admin.post('/api/companies', { name, product: '360', country: 'FR', viewId: V, integrationSteps: ['sources'] });
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body).toMatchObject({ code: 'validation', errors: { viewId: TAKEN } });
    expect(await findCompanyByName(name)).toBeNull();
    expect(await recordsWith(V)).toEqual([holder.id]);
    // The name was not reserved either: the same create without the View ID works.
    expect((await admin.post('/api/companies', { name, product: '360', country: 'FR', integrationSteps: ['sources'] })).status).toBe(201);
  });

  it('admin PUT /api/companies/{id}: 400 on viewId, the company unchanged', async () => {
    const V = freshViewId();
    const holder = await makeCompany('View rule holder', { viewId: V });
    const target = await makeCompany('View rule target', { viewId: freshViewId() });
    const before = await partition(target.id);
    const answer = await admin.request('PUT', `/api/companies/${target.id}`, { json: { version: target.version, viewId: V, country: 'GB' } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body).toMatchObject({ code: 'validation', errors: { viewId: TAKEN } });
    expect(await partition(target.id)).toBe(before);
    expect(await recordsWith(V)).toEqual([holder.id]);
  });

  it('an administrator moves a View ID by clearing it from its holder first; a deleted company frees its View ID', async () => {
    const V = freshViewId();
    const holder = await makeCompany('View rule mover', { viewId: V });
    const next = await makeCompany('View rule receiver');
    expect((await admin.request('PUT', `/api/companies/${holder.id}`, { json: { version: holder.version, viewId: '' } })).body).toMatchObject({ viewId: null });
    const moved = await admin.request('PUT', `/api/companies/${next.id}`, { json: { version: next.version, viewId: V } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    // The former holder cannot take it back.
    const back = await admin.request('PUT', `/api/companies/${holder.id}`, { json: { version: holder.version + 1, viewId: V } });
    expect([back.status, back.body.errors]).toEqual([400, { viewId: TAKEN }]);
    expect((await admin.request('DELETE', `/api/companies/${next.id}`, { json: { version: next.version + 1 } })).status).toBe(200);
    expect((await admin.request('PUT', `/api/companies/${holder.id}`, { json: { version: holder.version + 1, viewId: V } })).status).toBe(200);
    expect(await recordsWith(V)).toEqual([holder.id]);
  });
});

describe('two companies storing one View ID at once: exactly one wins', () => {
  it('legacy update', async () => {
    const V = freshViewId();
    const [a, b] = [await customerOf('View race A'), await customerOf('View race B')];
    const answers = await Promise.all([a.customer.post('/api/companies/update', { viewId: V }), b.customer.post('/api/companies/update', { viewId: V })]);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    const loser = answers.find((answer) => answer.status !== 200)!;
    // 400 (the guard held by the winner) or 409 (DynamoDB cancelled the concurrent transaction): refused either way.
    expect([400, 409]).toContain(loser.status);
    const winner = answers[0]!.status === 200 ? a : b;
    expect(await recordsWith(V)).toEqual([winner.company.id]);
  });

  it('admin creates', async () => {
    const V = freshViewId();
    const names = [`View race create ${uniqueSuffix()}`, `View race create ${uniqueSuffix()}`];
    const answers = await Promise.all(names.map((name) => admin.post('/api/companies', { name, product: '360', country: 'FR', viewId: V, integrationSteps: ['sources'] })));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    const created = await Promise.all(names.map((name) => findCompanyByName(name)));
    expect(created.filter(Boolean)).toHaveLength(1);
    expect(await recordsWith(V)).toEqual([created.find(Boolean)!.id]);
  });

  it('the first successful access checks (the store itself, and through the gateway)', async () => {
    const V = freshViewId();
    const [a, b] = [await makeCompany('View race store A'), await makeCompany('View race store B')];
    const stored = await Promise.allSettled([storeCompanyFieldOnce(a.id, 'viewId', V), storeCompanyFieldOnce(b.id, 'viewId', V)]);
    expect(stored.filter((result) => result.status === 'fulfilled' && result.value === true)).toHaveLength(1);
    expect(await recordsWith(V)).toHaveLength(1);

    const W = freshViewId();
    const [c, d] = [await customerOf('View race check C'), await customerOf('View race check D')];
    const answers = await Promise.all([c, d].map(({ customer }) => customer.post('/api/analytics/access', { view_id: W })));
    expect(answers.filter((answer) => answer.status === 200 && answer.body.viewIdStored)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused).toHaveLength(1);
    expect([400, 409]).toContain(refused[0]!.status);
    expect(await recordsWith(W)).toHaveLength(1);
    expect((await getCompanyRecord(c.company.id))!.viewId === W).not.toBe((await getCompanyRecord(d.company.id))!.viewId === W);
  });
});
