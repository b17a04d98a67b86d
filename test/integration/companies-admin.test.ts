import { PutObjectCommand } from '@aws-sdk/client-s3';
import { randomUUID } from 'node:crypto';
import { BatchWriteCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { findCompanyByName, getCompanyRecord, markCompanyDeleting, type CompanyRecord } from '../../functions/data/companies';
import { keys } from '../../functions/data/keys';
import { listSteps } from '../../functions/data/steps';
import { db, tableName } from '../../functions/data/table';
import { getUser } from '../../functions/data/users';
import { s3Client } from '../../functions/platform/clients/s3';
import { env } from '../../functions/platform/env';
import { makeCompany, makeUser, signedIn, uniqueSuffix } from './helpers/accounts';
import type { Browser } from './helpers/browser';
import { localStack, useLocalEnv } from '../support/local-stack';

/** Companies admin through the local gateway: list, create, edit, legacy update, delete. */

let stack: ReturnType<typeof localStack>;
let home: CompanyRecord;
let admin: Browser;
let team: CompanyRecord;

beforeAll(async () => {
  useLocalEnv();
  stack = localStack();
  home = await makeCompany('Companies admin home');
  admin = await signedIn(stack.url, await makeUser('ROLE_ADMIN', home));
  team = (await findCompanyByName('Portal Team'))!;
});

async function partitionItems(companyId: string): Promise<Array<Record<string, unknown>>> {
  const items: Array<Record<string, unknown>> = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.companyPartition(companyId) },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

const create = (body: Record<string, unknown>) => admin.post('/api/companies', { integrationSteps: ['google_analytics', 'sources'], ...body });

describe('POST /api/companies', () => {
  it('creates the company and its steps (analytics first) in one go, with the spec defaults', async () => {
    const name = `Created ${uniqueSuffix()}`;
    const answer = await admin.post('/api/companies', { name, integrationSteps: ['sources', 'collector', 'adobe_analytics', 'google_analytics'] });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ name, product: '360', country: 'RU', viewId: null, version: 1 });
    expect(answer.body.integrationSteps).toEqual(['adobe_analytics', 'google_analytics', 'sources', 'collector']);
    const steps = await listSteps(answer.body.id);
    expect(steps.map((s) => s.stepType).sort()).toEqual(['adobe_analytics', 'collector', 'google_analytics', 'sources']);
    expect(steps.every((s) => s.status === 'TBD')).toBe(true);
  });

  it('refuses a name that exists in any case (409 with the spec warning), also when sent twice at once', async () => {
    const name = `Twice ${uniqueSuffix()}`;
    const [a, b] = await Promise.all([create({ name }), create({ name: name.toUpperCase() })]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const refused = a.status === 409 ? a : b;
    expect(refused.body).toMatchObject({ code: 'conflict', message: 'This company already exists, please use another name' });
  });

  it('answers 400 with field messages for bad input, and writes nothing', async () => {
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ name: '' }, { name: 'validation.required' }],
      [{ name: 'x'.repeat(129) }, { name: 'validation.company.nameTooLong' }],
      [{ name: 'Bad view', viewId: 12 }, { viewId: 'validation.invalid' }],
      [{ name: 'Bad view', viewId: '12a' }, { viewId: 'validation.analytics.viewIdNumeric' }],
      // The analytics checks' own rules: an id they would refuse is no View ID to store.
      [{ name: 'Short view', viewId: '1234' }, { viewId: 'validation.analytics.viewIdTooShort' }],
      [{ name: 'No dimension', dimensionIndex: '0' }, { dimensionIndex: 'validation.analytics.dimensionNumeric' }],
      [{ name: 'Big dimension', dimensionIndex: '1000' }, { dimensionIndex: 'validation.analytics.dimensionNumeric' }],
      [{ name: 'Bad url', orderFeedUrl: 'not a url' }, { orderFeedUrl: 'validation.company.url' }],
      [{ name: 'Bad product', product: 'other' }, { product: 'validation.invalid' }],
      [{ name: 'Bad country', country: 'US' }, { country: 'validation.invalid' }],
      [{ name: 'No steps', integrationSteps: [] }, { integrationSteps: 'validation.company.noSteps' }],
      [{ name: 'Bad step', integrationSteps: ['nope'] }, { 'integrationSteps[0]': 'validation.invalid' }],
    ];
    for (const [body, errors] of cases) {
      const answer = await create(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.errors).toMatchObject(errors);
    }
    expect(await findCompanyByName('Bad view')).toBeNull();
  });

  it('is for administrators only', async () => {
    const manager = await signedIn(stack.url, await makeUser('ROLE_MANAGER', home));
    expect((await manager.post('/api/companies', { name: 'Manager made', integrationSteps: ['sources'] })).status).toBe(403);
    expect((await manager.get('/api/companies')).status).toBe(403);
  });
});

describe('GET /api/companies', () => {
  it('lists a page of companies by name with their versions; one company by id', async () => {
    const answer = await admin.get('/api/companies');
    expect(answer.status).toBe(200);
    const names: string[] = answer.body.companies.map((c: { name: string }) => c.name);
    expect(names.map((n) => n.toLowerCase())).toEqual([...names].map((n) => n.toLowerCase()).sort());
    const found = await admin.get(`/api/companies?q=${encodeURIComponent(home.name)}`);
    expect(found.body.companies.find((c: { id: string }) => c.id === home.id)).toMatchObject({ version: 1, integrationSteps: home.integrationSteps });
    expect((await admin.get(`/api/companies/${home.id}`)).body).toMatchObject({ id: home.id, name: home.name });
    expect((await admin.get('/api/companies/no-such-company')).status).toBe(404);
  });
});

describe('PUT /api/companies/{id}', () => {
  it('changes the sent fields on the version read; a stale version gets 409', async () => {
    const company = await makeCompany('Edit me');
    const ok = await admin.request('PUT', `/api/companies/${company.id}`, { json: { version: 1, viewId: '9000777', country: 'GB' } });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ viewId: '9000777', country: 'GB', name: company.name, version: 2 });
    const stale = await admin.request('PUT', `/api/companies/${company.id}`, { json: { version: 1, viewId: '9000778' } });
    expect(stale.status).toBe(409);
    expect((await getCompanyRecord(company.id))!.viewId).toBe('9000777');
  });

  it('a feed URL login and password are stored but never answered, to the admin, the manager or the customer', async () => {
    const company = await makeCompany('Feed secret');
    const secret = 'Feed-secret-9';
    const set = await admin.request('PUT', `/api/companies/${company.id}`, { json: { version: 1, orderFeedUrl: `sftp://shop:${secret}@feeds.example/orders.xml` } });
    expect(set.status).toBe(200);
    expect(set.body.orderFeedUrl).toBe('sftp://feeds.example/orders.xml');
    expect((await getCompanyRecord(company.id))!.orderFeedUrl).toBe(`sftp://shop:${secret}@feeds.example/orders.xml`);
    const customer = await signedIn(stack.url, await makeUser('ROLE_USER', company));
    const manager = await signedIn(stack.url, await makeUser('ROLE_MANAGER', home, { managed: [company] }));
    const answers = [
      await admin.get(`/api/companies/${company.id}`),
      await customer.get('/api/users/find-current-company'),
      await customer.get('/api/companies/managed'),
      await manager.get('/api/companies/managed'),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(JSON.stringify(answer.body)).not.toContain(secret);
    }
    expect(JSON.stringify(answers[1]!.body)).toContain('sftp://feeds.example/orders.xml');
    // The address as answered, sent back with another change, keeps the stored credentials.
    const kept = await admin.request('PUT', `/api/companies/${company.id}`, { json: { version: 2, orderFeedUrl: 'sftp://feeds.example/orders.xml', viewId: '9000005' } });
    expect(kept.status).toBe(200);
    expect((await getCompanyRecord(company.id))!.orderFeedUrl).toBe(`sftp://shop:${secret}@feeds.example/orders.xml`);
  });

  it('20 concurrent edits of one version: exactly 1 success, 19 conflicts', async () => {
    const company = await makeCompany('Race');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => admin.request('PUT', `/api/companies/${company.id}`, { json: { version: 1, dimensionIndex: String(i + 1) } })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect((await getCompanyRecord(company.id))!.version).toBe(2);
  });

  it('moves the name guard and refuses a taken name', async () => {
    const a = await makeCompany('Rename A');
    const b = await makeCompany('Rename B');
    const taken = await admin.request('PUT', `/api/companies/${a.id}`, { json: { version: 1, name: b.name.toLowerCase() } });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('This company already exists, please use another name');
    const renamed = `Renamed ${uniqueSuffix()}`;
    expect((await admin.request('PUT', `/api/companies/${a.id}`, { json: { version: 1, name: renamed } })).status).toBe(200);
    expect((await findCompanyByName(renamed))?.id).toBe(a.id);
    expect(await findCompanyByName(a.name)).toBeNull();
  });

  it('adds and removes step items with the step list, in the same write', async () => {
    const company = await makeCompany('Steps edit', { integrationSteps: ['google_analytics', 'sources', 'collector'] });
    const answer = await admin.request('PUT', `/api/companies/${company.id}`, {
      json: { version: 1, integrationSteps: ['google_analytics', 'collector', 'utm_rules'] },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.integrationSteps).toEqual(['google_analytics', 'collector', 'utm_rules']);
    expect((await listSteps(company.id)).map((s) => s.stepType).sort()).toEqual(['collector', 'google_analytics', 'utm_rules']);
  });

  it('answers 404 for an unknown id, 400 without a version or with wrong types', async () => {
    expect((await admin.request('PUT', '/api/companies/nope', { json: { version: 1, name: 'x' } })).status).toBe(404);
    const noVersion = await admin.request('PUT', `/api/companies/${home.id}`, { json: { name: 'x' } });
    expect(noVersion.status).toBe(400);
    expect(noVersion.body.errors).toEqual({ version: 'validation.required' });
    expect((await admin.request('PUT', `/api/companies/${home.id}`, { json: { version: '1' } })).status).toBe(400);
  });
});

describe('POST /api/companies/update (legacy, current company)', () => {
  it('stores the view id the first time; only an administrator moves a stored one, on the version read', async () => {
    const company = await makeCompany('Legacy');
    const customer = await signedIn(stack.url, await makeUser('ROLE_USER', company));
    const first = await customer.post('/api/companies/update', { viewId: '9000111', companyId: home.id });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: company.id, viewId: '9000111', version: 2 });
    expect((await customer.post('/api/companies/update', { viewId: '9000111' })).status).toBe(200); // same value: harmless
    // The steps were completed on the stored View ID: a customer does not move it, with or without the version (docs/analytics.md).
    for (const body of [{ viewId: '9000222' }, { viewId: '9000333', version: 2 }]) {
      const moved = await customer.post('/api/companies/update', body);
      expect(moved.status).toBe(400);
      expect(moved.body.errors).toEqual({ viewId: 'validation.analytics.storedOnlyAdmin' });
    }
    expect((await getCompanyRecord(company.id))!.viewId).toBe('9000111');
    const teamCompany = await signedIn(stack.url, await makeUser('ROLE_ADMIN', company));
    const [a, b] = await Promise.all([
      teamCompany.post('/api/companies/update', { viewId: '9000333', version: 2 }),
      teamCompany.post('/api/companies/update', { viewId: '9000444', version: 2 }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((await customer.post('/api/companies/update', { dimensionIndex: '5' })).body.dimensionIndex).toBe('5');
    expect((await getCompanyRecord(home.id))!.viewId).toBeNull(); // the id sent was ignored
    const bad = await customer.post('/api/companies/update', { name: 'Hijack' });
    expect(bad.status).toBe(400);
    expect((await customer.post('/api/companies/update', { viewId: 'abc' })).body.errors).toEqual({ viewId: 'validation.analytics.viewIdNumeric' });
  });
});

/** 260 items of every kind in the company's partition, written straight to the table. */
/** Bare items of every kind (a name, as every named entity has one: the source-name rule reads the list). */
async function fillPartition(companyId: string): Promise<void> {
  const kinds = [keys.source, keys.rule, keys.traffic, keys.collector, keys.commission, keys.meeting, keys.feedCheck];
  const items = Array.from({ length: 260 }, (_, i) => ({ ...kinds[i % kinds.length]!(companyId, `item-${i}`), filler: i, name: `Filler ${i}` }));
  for (let i = 0; i < items.length; i += 25) {
    await db().send(new BatchWriteCommand({ RequestItems: { [tableName()]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } }));
  }
}

describe('DELETE /api/companies/{id}', () => {
  it('empties a partition of 260+ items, its uploads, its name guard and the users’ references', async () => {
    const company = await makeCompany('Doomed');
    await fillPartition(company.id);
    await s3Client().send(new PutObjectCommand({ Bucket: env.bucketName, Key: `${keys.feedUploadPrefix(company.id)}feed.xml`, Body: '<orders/>' }));
    const manager = await makeUser('ROLE_MANAGER', home, { managed: [home, company] });
    const managerClient = await signedIn(stack.url, manager);
    await managerClient.post('/api/users/change-current-company', { company: company.id });
    const deletingAdmin = await signedIn(stack.url, await makeUser('ROLE_ADMIN', home));
    await deletingAdmin.post('/api/users/change-current-company', { company: company.id });
    // A source made through the API reserves its id outside the partition: the guard goes too.
    const sourceId = randomUUID();
    const source = { id: sourceId, name: 'Doomed source', channel: 'Paid search', businessModel: 'CPC', deduplication: 'Last Paid Click' };
    expect((await deletingAdmin.post('/api/sources', source)).status).toBe(201);
    const guardOf = async () => (await db().send(new GetCommand({ TableName: tableName(), Key: keys.sourceIdGuard(sourceId) }))).Item;
    expect(await guardOf()).toBeDefined();
    expect((await partitionItems(company.id)).length).toBeGreaterThan(260);

    const answer = await deletingAdmin.request('DELETE', `/api/companies/${company.id}`, { json: { version: 1 } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ deleted: company.id, feedObjects: 1, currentCompany: { id: team.id } });
    expect(answer.body.items).toBeGreaterThanOrEqual(260);
    expect(await partitionItems(company.id)).toEqual([]);
    expect(await guardOf()).toBeUndefined();
    expect(await findCompanyByName(company.name)).toBeNull();
    expect((await deletingAdmin.get('/api/users/find-current-company')).body.id).toBe(team.id);
    expect((await getUser(manager.record.id))!.managedCompanyIds).toEqual([home.id]);
    expect((await managerClient.get('/api/users/find-current-company')).body.id).toBe(home.id);
    expect((await admin.get(`/api/companies?q=${encodeURIComponent(company.name)}`)).body.companies.map((c: { id: string }) => c.id)).not.toContain(company.id);
    // The name is free again.
    expect((await create({ name: company.name })).status).toBe(201);
  });

  it('refuses the default company, a stale or missing version, and a company that is still a main company', async () => {
    expect((await admin.request('DELETE', `/api/companies/${team.id}`, { json: { version: team.version } })).status).toBe(403);
    const company = await makeCompany('Still used');
    await makeUser('ROLE_USER', company);
    await makeUser('ROLE_USER', company);
    const used = await admin.request('DELETE', `/api/companies/${company.id}`, { json: { version: 1 } });
    expect(used.status).toBe(409);
    expect(used.body.message).toBe('2 users still have this company as main company: move or delete them first');
    const free = await makeCompany('Versioned');
    expect((await admin.request('DELETE', `/api/companies/${free.id}`, { json: { version: 9 } })).status).toBe(409);
    const missing = await admin.request('DELETE', `/api/companies/${free.id}`);
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ version: 'validation.required' });
    expect(await getCompanyRecord(free.id)).not.toBeNull();
    expect((await admin.request('DELETE', '/api/companies/nope', { json: { version: 1 } })).status).toBe(404);
  });

  it('finishes a deletion that stopped half-way; twice at once is harmless', async () => {
    const company = await makeCompany('Half done');
    await fillPartition(company.id);
    await markCompanyDeleting(company.id, 1, new Date().toISOString());
    // Marked: gone from the list and from the switcher at once.
    expect((await admin.get(`/api/companies?q=${encodeURIComponent(company.name)}`)).body.companies.map((c: { id: string }) => c.id)).not.toContain(company.id);
    const [a, b] = await Promise.all([
      admin.request('DELETE', `/api/companies/${company.id}`, { json: { version: 1 } }),
      admin.request('DELETE', `/api/companies/${company.id}`, { json: { version: 1 } }),
    ]);
    expect([200, 404]).toContain(a.status);
    expect([200, 404]).toContain(b.status);
    expect([a.status, b.status]).toContain(200);
    expect(await partitionItems(company.id)).toEqual([]);
  });
});
