import { randomInt, randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRecord } from '../../functions/data/companies';
import { keys } from '../../functions/data/keys';
import { reindexCompanySources } from '../../functions/data/sources';
import { db, tableName } from '../../functions/data/table';
import { putTraffic } from '../../functions/data/traffic';
import type { HttpResponse } from '../support/http-client';
import { localStack, useLocalEnv } from '../support/local-stack';
import { makeCompany, makeUser, signedIn, uniqueSuffix } from './helpers/accounts';
import type { Browser } from './helpers/browser';

/**
 * Every uniqueness rule of the portal (docs/architecture.md, "Uniqueness rules") through the local
 * gateway: N identical creates sent at once store exactly one record and answer the others with one
 * clear refusal; an edit that would make a duplicate is refused; a delete frees the value again.
 * N is kept small enough for a busy 2-core machine: the race needs concurrency, not volume.
 */

let stack: ReturnType<typeof localStack>;
let admin: Browser;
let home: CompanyRecord;
const N = 8;

beforeAll(async () => {
  useLocalEnv();
  stack = localStack();
  home = await makeCompany('Uniqueness home');
  admin = await signedIn(stack.url, await makeUser('ROLE_ADMIN', home));
});

type Answer = HttpResponse<any>;

/** Exactly one answer is a success; every other one is the same refusal (status, message, field). */
function expectOneWinner(answers: Answer[], refusal: { status: number; message?: string; errors?: Record<string, string> }): Answer {
  const won = answers.filter((answer) => answer.status >= 200 && answer.status < 300);
  const lost = answers.filter((answer) => !(answer.status >= 200 && answer.status < 300));
  expect(won, answers.map((a) => `${a.status} ${JSON.stringify(a.body)}`).join('\n')).toHaveLength(1);
  const shapes = new Set(lost.map((answer) => JSON.stringify([answer.status, answer.body.message, answer.body.errors ?? null])));
  expect([...shapes], 'every loser gets the same answer').toHaveLength(1);
  expect(lost[0]!.status).toBe(refusal.status);
  if (refusal.message) expect(lost[0]!.body.message).toBe(refusal.message);
  if (refusal.errors) expect(lost[0]!.body.errors).toEqual(refusal.errors);
  return won[0]!;
}

const times = <T>(n: number, make: (i: number) => Promise<T>): Promise<T[]> => Promise.all(Array.from({ length: n }, (_, i) => make(i)));

async function customerOf(name: string, over: Partial<CompanyRecord> = {}): Promise<{ company: CompanyRecord; client: Browser }> {
  const company = await makeCompany(name, over);
  return { company, client: await signedIn(stack.url, await makeUser('ROLE_USER', company)) };
}

const sourceBody = (name: string, over: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  name,
  channel: 'Affiliate',
  businessModel: 'CPO',
  deduplication: 'Last Paid Click',
  ...over,
});

describe('company names (any case)', () => {
  const TAKEN = 'This company already exists, please use another name';
  const create = (name: string) => admin.post('/api/companies', { name, product: '360', country: 'FR', integrationSteps: ['sources'] });

  it('N creates at once: one company; a rename onto it refused; deleting it frees the name', async () => {
    const name = `Unique co ${uniqueSuffix()}`;
    const winner = expectOneWinner(await times(N, (i) => create(i % 2 ? name : ` ${name.toUpperCase()} `)), { status: 409, message: TAKEN });
    const other = (await create(`Unique other ${uniqueSuffix()}`)).body;
    const rename = await admin.request('PUT', `/api/companies/${other.id}`, { json: { version: other.version, name: name.toLowerCase() } });
    expect([rename.status, rename.body.message]).toEqual([409, TAKEN]);
    // Two renames onto one free name at once: one wins.
    const free = `Unique free ${uniqueSuffix()}`;
    const renames = await Promise.all([
      admin.request('PUT', `/api/companies/${other.id}`, { json: { version: other.version, name: free } }),
      admin.request('PUT', `/api/companies/${winner.body.id}`, { json: { version: winner.body.version, name: free.toUpperCase() } }),
    ]);
    const renamed = expectOneWinner(renames, { status: 409, message: TAKEN });
    // The renamed company let its old name go; the deleted one lets its name go.
    const gone = renamed.body.id === other.id ? winner.body : other;
    expect((await admin.request('DELETE', `/api/companies/${gone.id}`, { json: { version: gone.version } })).status).toBe(200);
    expect((await create(gone.name)).status).toBe(201);
    const oldName = renamed.body.id === other.id ? other.name : name;
    expect((await create(oldName)).status).toBe(201);
  });
});

describe('logins (any case)', () => {
  const body = (login: string) => ({ login, password: 'Welcome-pass-42', firstName: 'Uma', lastName: 'Nique', role: 'ROLE_USER', company: home.name });

  it('N creates at once: one user; a login change onto it refused; deleting it frees the login', async () => {
    const login = `unique-${uniqueSuffix()}@it.portal.test`;
    const winner = expectOneWinner(await times(N, (i) => admin.post('/api/users', body(i % 2 ? login : login.toUpperCase()))), {
      status: 409,
      message: `The login ${login} is already taken`,
    });
    const other = (await admin.post('/api/users', body(`unique-other-${uniqueSuffix()}@it.portal.test`))).body;
    const relog = await admin.put<{ message: string }>(`/api/users/${other.id}`, { version: other.version, data: [{ field: 'login', value: login }] });
    expect([relog.status, relog.body.message]).toEqual([409, `The login ${login} is already taken`]);
    expect((await admin.delete(`/api/users/${winner.body.id}`, { json: { version: winner.body.version } })).status).toBe(200);
    expect((await admin.post('/api/users', body(login))).status).toBe(201);
  });
});

describe('View IDs (one company each: a 400 on the View ID field, docs/analytics.md)', () => {
  const TAKEN = { viewId: 'validation.analytics.viewIdTaken' };
  const freshViewId = (): string => `1000018${String(randomInt(100_000)).padStart(5, '0')}`;
  const create = (viewId: string) =>
    admin.post('/api/companies', { name: `Unique view ${uniqueSuffix()}`, product: '360', country: 'FR', viewId, integrationSteps: ['sources'] });

  it('N companies created at once with one View ID: one holds it; an edit onto it refused; clearing it frees it', async () => {
    const V = freshViewId();
    const winner = expectOneWinner(await times(N, () => create(V)), { status: 400, errors: TAKEN });
    const other = (await create(freshViewId())).body;
    const edit = await admin.request('PUT', `/api/companies/${other.id}`, { json: { version: other.version, viewId: V } });
    expect([edit.status, edit.body.errors]).toEqual([400, TAKEN]);
    expect((await admin.request('PUT', `/api/companies/${winner.body.id}`, { json: { version: winner.body.version, viewId: '' } })).status).toBe(200);
    expect((await admin.request('PUT', `/api/companies/${other.id}`, { json: { version: other.version, viewId: V } })).status).toBe(200);
  });
});

describe('source names (per company, any case) and source ids (across companies)', () => {
  it('N creates of one name at once: one source; a rename onto it refused; deleting it frees the name', async () => {
    const { client } = await customerOf('Unique sources');
    const message = 'The company has a source named "Twin" already: choose another name';
    const winner = expectOneWinner(await times(N, () => client.post('/api/sources', sourceBody('Twin'))), { status: 409, message, errors: { name: 'validation.source.nameTaken' } });
    const other = (await client.post('/api/sources', sourceBody('Other'))).body;
    const { id: _id, ...fields } = other;
    const rename = await client.request('PUT', `/api/sources/${other.id}`, { json: { ...fields, name: ' twin ' } });
    expect([rename.status, rename.body.errors]).toEqual([409, { name: 'validation.source.nameTaken' }]);
    expect((await client.request('DELETE', `/api/sources/${winner.body.id}`, { json: { version: 1 } })).status).toBe(200);
    expect((await client.post('/api/sources', sourceBody('twin'))).status).toBe(201);
  });

  it('N creates of one id at once (any companies): one source', async () => {
    const [a, b] = [await customerOf('Unique source id A'), await customerOf('Unique source id B')];
    const id = randomUUID();
    expectOneWinner(await times(N, (i) => (i % 2 ? a : b).client.post('/api/sources', sourceBody(`Same id ${i}`, { id }))), {
      status: 409,
      message: 'A source with this id exists already: create it again (a new id is made)',
    });
  });
});

describe('UTM rules (per company, whatever the source)', () => {
  const rule = (value: string) => ({
    0: { type: 'equal', utm: 'utmSource', value },
    1: { type: 'any', utm: 'utmMedium', value: '' },
    2: { type: 'contains', utm: 'utmCampaign', value: 'Brand' },
  });

  async function withSources(name: string) {
    const { company, client } = await customerOf(name, { integrationSteps: ['google_analytics', 'sources', 'utm_rules'] });
    await putTraffic(company.id, [{ utmSource: 'google', utmMedium: 'cpc', utmCampaign: 'brand', sessions: 10 }]);
    const google = (await client.post('/api/sources', sourceBody('Google Ads'))).body.id as string;
    const bing = (await client.post('/api/sources', sourceBody('Bing Ads'))).body.id as string;
    return { company, client, google, bing };
  }

  it('N creates of one rule at once (two sources, any case): one rule, one clear 409; deleting it frees the rule', async () => {
    const { client, google, bing } = await withSources('Unique rules');
    // acceptOverlap: the overlap question (another source's rule links the traffic) is not the point here.
    const answers = await times(N, (i) => client.post('/api/traffic-rules', { source: i % 2 ? google : bing, rule: rule(i % 2 ? 'google' : ' GOOGLE '), acceptOverlap: true }));
    const winner = expectOneWinner(answers, { status: 409, errors: { rule: 'validation.utm.duplicate' } });
    const holder = winner.body.rule.source as string;
    expect(answers.find((a) => a.status === 409)!.body.message).toBe(
      `This UTM rule exists already (source "${holder}": utmSource equal "${winner.body.rule.rule[0].value}", utmMedium any, utmCampaign contains "Brand")`,
    );
    expect((await client.get('/api/traffic-rules')).body.rules).toHaveLength(1);
    expect((await client.request('DELETE', `/api/traffic-rules/${winner.body.rule.id}`, { json: { version: 1 } })).status).toBe(200);
    expect((await client.post('/api/traffic-rules', { source: google, rule: rule('google') })).status).toBe(201);
  });

  it('deleting a source frees its rules for another source', async () => {
    const { client, google, bing } = await withSources('Unique rules source');
    expect((await client.post('/api/traffic-rules', { source: google, rule: rule('google') })).status).toBe(201);
    expect((await client.post('/api/traffic-rules', { source: bing, rule: rule('google') })).status).toBe(409);
    expect((await client.request('DELETE', `/api/sources/${google}`, { json: { version: 1 } })).body).toMatchObject({ rulesDeleted: 1 });
    expect((await client.post('/api/traffic-rules', { source: bing, rule: rule('google') })).status).toBe(201);
  });

  it('a rule stored before the guards is refused once `reindex-lists` gave it its guard, and deleting it frees it', async () => {
    const { company, client, google, bing } = await withSources('Unique rules legacy');
    const id = randomUUID();
    const legacy = { id, companyId: company.id, sourceId: google, version: 1, created: 'x', updated: 'x', rule: Object.values(rule('google')) };
    await db().send(new PutCommand({ TableName: tableName(), Item: { ...keys.rule(company.id, id), ...legacy } }));
    await reindexCompanySources(company.id);
    const answers = await times(4, () => client.post('/api/traffic-rules', { source: bing, rule: rule('Google'), acceptOverlap: true }));
    expect(answers.map((a) => [a.status, a.body.errors])).toEqual(Array(4).fill([409, { rule: 'validation.utm.duplicate' }]));
    expect((await client.request('DELETE', `/api/traffic-rules/${id}`, { json: { version: 1 } })).status).toBe(200);
    expect((await client.post('/api/traffic-rules', { source: bing, rule: rule('Google') })).status).toBe(201);
  });
});

describe('commission types (a source’s commissions are all fixed or all percent)', () => {
  const otherType = (name: string, type: string) => `"${name}" has ${type} commissions already: a source has either fixed or percent commissions, not both`;

  it('N creates of both types at once: one type stored, the other refused alike; the last one deleted frees the type', async () => {
    const { client } = await customerOf('Unique commissions', { product: 'affiliate' });
    await client.post('/api/sources', sourceBody('Awin'));
    const answers = await times(N, (i) => client.post('/api/affiliate-commissions', { sourceName: 'Awin', type: i % 2 ? 'fixed' : 'percent', commission: 5 }));
    const won = answers.filter((a) => a.status === 201);
    const type = won[0]!.body.type as string;
    expect(won.every((a) => a.body.type === type)).toBe(true);
    const lost = answers.filter((a) => a.status !== 201);
    expect(lost.length).toBeGreaterThan(0);
    expect(new Set(lost.map((a) => JSON.stringify([a.status, a.body.message, a.body.errors])))).toEqual(
      new Set([JSON.stringify([409, otherType('Awin', type), { type: 'validation.commission.otherType' }])]),
    );
    const other = type === 'fixed' ? 'percent' : 'fixed';
    expect((await client.get('/api/affiliate-commissions')).body.commissions.map((c: { type: string }) => c.type)).toEqual(won.map(() => type));
    for (const [i, commission] of won.entries()) {
      expect((await client.post('/api/affiliate-commissions', { sourceName: 'Awin', type: other, commission: 5 })).status).toBe(409);
      expect((await client.request('DELETE', `/api/affiliate-commissions/${commission.body.id}`, { json: { version: 1 } })).status, `delete ${i}`).toBe(200);
    }
    expect((await client.post('/api/affiliate-commissions', { sourceName: 'Awin', type: other, commission: 5 })).status).toBe(201);
  });

  it('deleting the source frees the type for a new source of that name', async () => {
    const { company, client } = await customerOf('Unique commissions source', { product: 'affiliate' });
    const source = (await client.post('/api/sources', sourceBody('Awin'))).body;
    expect((await client.post('/api/affiliate-commissions', { sourceName: 'Awin', type: 'fixed', commission: 5 })).status).toBe(201);
    expect((await client.request('DELETE', `/api/sources/${source.id}`, { json: { version: 1 } })).status).toBe(200);
    // The guard went with the source (nothing of it is left in the partition).
    expect((await db().send(new GetCommand({ TableName: tableName(), Key: keys.commissionTypeGuard(company.id, source.id), ConsistentRead: true }))).Item).toBeUndefined();
    await client.post('/api/sources', sourceBody('Awin'));
    expect((await client.post('/api/affiliate-commissions', { sourceName: 'Awin', type: 'percent', commission: 5 })).status).toBe(201);
  });

  it('a commission stored before the guards is counted once `reindex-lists` joined it to the guard; deleting it frees the other type', async () => {
    const { company, client } = await customerOf('Unique commissions legacy', { product: 'affiliate' });
    const source = (await client.post('/api/sources', sourceBody('Awin'))).body;
    const id = randomUUID();
    const legacy = { id, companyId: company.id, sourceName: 'Awin', sourceId: source.id, type: 'fixed', commission: 3, version: 1, created: 'x' };
    await db().send(new PutCommand({ TableName: tableName(), Item: { ...keys.commission(company.id, id), ...legacy } }));
    await reindexCompanySources(company.id);
    const refused = await client.post('/api/affiliate-commissions', { sourceName: 'Awin', type: 'percent', commission: 5 });
    expect([refused.status, refused.body.message]).toEqual([409, otherType('Awin', 'fixed')]);
    expect((await client.request('DELETE', `/api/affiliate-commissions/${id}`, { json: { version: 1 } })).status).toBe(200);
    expect((await client.post('/api/affiliate-commissions', { sourceName: 'Awin', type: 'percent', commission: 5 })).status).toBe(201);
  });
});

describe('default collector ids', () => {
  it('N creates of one id at once: one collector; deleting it frees the id', async () => {
    const id = randomUUID();
    const input = (i: number) => ({ id, name: `Unique collector ${i}`, accessEmail: 'ads@criteo.example', type: 'Other', comment: '' });
    const winner = expectOneWinner(await times(N, (i) => admin.post('/api/default-collectors', input(i))), {
      status: 409,
      message: 'A default collector with this id exists already',
    });
    expect((await admin.request('DELETE', `/api/default-collectors/${id}`, { json: { version: winner.body.version } })).status).toBe(200);
    expect((await admin.post('/api/default-collectors', input(0))).status).toBe(201);
  });
});
