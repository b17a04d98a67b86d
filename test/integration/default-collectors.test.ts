import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { gsi1, keys } from '../../functions/data/keys';
import { db, tableName } from '../../functions/data/table';
import { formatCollectorComment } from '../../shared/schemas/default-collectors';
import { makeCompany, makeUser, signedIn } from './helpers/accounts';
import { Browser } from './helpers/browser';
import { everyPage } from './helpers/pages';
import { localStack, useLocalEnv } from '../support/local-stack';

/** The default collectors calls through the local gateway against DynamoDB Local. */

let stack: ReturnType<typeof localStack>;
let admin: Browser;
let customer: Browser;
let manager: Browser;

beforeAll(async () => {
  useLocalEnv();
  stack = localStack();
  const company = await makeCompany('Default collectors');
  admin = await signedIn(stack.url, await makeUser('ROLE_ADMIN', company));
  customer = await signedIn(stack.url, await makeUser('ROLE_USER', company));
  manager = await signedIn(stack.url, await makeUser('ROLE_MANAGER', company));
});

const comment = formatCollectorComment({ en: 'Ask for read access', ru: 'Запросите доступ на чтение', fr: 'Demandez un accès en lecture' });
type Row = { id: string; type: string; name: string; version: number };
const all = (client: Browser): Promise<Row[]> => everyPage<Row>(client, '/api/default-collectors', 'collectors');
const fresh = (over: Record<string, unknown> = {}) => ({ id: randomUUID(), name: `Criteo ${randomUUID().slice(0, 6)}`, accessEmail: 'ads@criteo.example', type: 'Affiliate', comment, ...over });

describe('default collectors', () => {
  it('creates, lists for everyone signed in, updates and deletes with versions', async () => {
    const input = fresh();
    const created = await admin.post('/api/default-collectors', input);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toEqual({ ...input, version: 1 });

    for (const reader of [customer, manager, admin]) {
      expect(await all(reader)).toContainEqual(created.body);
    }
    expect((await new Browser(stack.url).get('/api/default-collectors')).status).toBe(401);

    const update = { version: 1, name: `${input.name} EU`, accessEmail: '', type: 'Other', comment };
    const updated = await admin.request('PUT', `/api/default-collectors/${input.id}`, { json: update });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toEqual({ id: input.id, name: `${input.name} EU`, accessEmail: '', type: 'Other', comment, version: 2 });
    const stale = await admin.request('PUT', `/api/default-collectors/${input.id}`, { json: { ...update, name: 'Lost' } });
    expect(stale.status).toBe(409);

    expect((await admin.request('DELETE', `/api/default-collectors/${input.id}`, { json: { version: 1 } })).status).toBe(409);
    const deleted = await admin.request('DELETE', `/api/default-collectors/${input.id}`, { json: { version: 2 } });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id: input.id });
    expect((await admin.request('DELETE', `/api/default-collectors/${input.id}`, { json: { version: 2 } })).status).toBe(404);
    expect((await admin.request('PUT', `/api/default-collectors/${input.id}`, { json: update })).status).toBe(404);
    expect((await all(admin)).map((c) => c.id)).not.toContain(input.id);
  });

  it('lists every page in the spec’s order, type descending then name, the rows one per record', async () => {
    const made = [fresh({ name: 'Zeta Ads', type: 'Other' }), fresh({ name: 'Alpha Aff', type: 'Affiliate' }), fresh({ name: 'Alpha Ads', type: 'Other' })];
    for (const input of made) expect((await admin.post('/api/default-collectors', input)).status).toBe(201);
    const list = await all(customer);
    const ours = list.filter((c) => made.some((m) => m.id === c.id)).map((c) => c.name);
    expect(ours).toEqual(['Alpha Ads', 'Zeta Ads', 'Alpha Aff']);
    const firstAffiliate = list.findIndex((c) => c.type === 'Affiliate');
    expect(list.slice(firstAffiliate).every((c) => c.type === 'Affiliate')).toBe(true);
    const { Items } = await db().send(
      new QueryCommand({ TableName: tableName(), IndexName: gsi1.indexName, KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': gsi1.defaultCollectors.pk } }),
    );
    expect(Items!.length).toBe(list.length);
    expect(Items!.some((item) => item.pk === keys.defaultCollector(made[0]!.id).pk)).toBe(true);
  });

  it('never lets a client id collide, even twice at once', async () => {
    const input = fresh();
    const [a, b] = await Promise.all([admin.post('/api/default-collectors', input), admin.post('/api/default-collectors', { ...input, name: 'Other name' })]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const upper = await admin.post('/api/default-collectors', { ...input, id: input.id.toUpperCase() });
    expect(upper.status).toBe(409);
    const list = await all(admin);
    expect(list.filter((c) => c.id === input.id)).toHaveLength(1);
  });

  it('20 concurrent edits of one version: exactly 1 success and 19 conflicts', async () => {
    const input = fresh();
    await admin.post('/api/default-collectors', input);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        admin.request('PUT', `/api/default-collectors/${input.id}`, { json: { version: 1, name: `Edit ${i}`, type: 'Other', accessEmail: '', comment } }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const stored = (await all(admin)).find((c) => c.id === input.id)!;
    expect(stored.version).toBe(2);
    expect(stored.name).toBe(answers.find((a) => a.status === 200)!.body.name);
  });

  it('refuses writes from customers and managers, and cross-site writes', async () => {
    const input = fresh();
    expect((await customer.post('/api/default-collectors', input)).status).toBe(403);
    expect((await manager.post('/api/default-collectors', input)).status).toBe(403);
    expect((await admin.post('/api/default-collectors', input, { secFetchSite: 'cross-site' })).status).toBe(403);
    await admin.post('/api/default-collectors', input);
    const update = { version: 1, name: 'Taken over', type: 'Other' };
    expect((await customer.request('PUT', `/api/default-collectors/${input.id}`, { json: update })).status).toBe(403);
    expect((await manager.request('DELETE', `/api/default-collectors/${input.id}`, { json: { version: 1 } })).status).toBe(403);
    const stored = (await all(customer)).find((c) => c.id === input.id)!;
    expect(stored).toMatchObject({ name: input.name, version: 1 });
  });

  it('answers 400 with field messages for bad input and stores nothing', async () => {
    const before = (await all(admin)).length;
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ name: undefined }, { name: 'validation.required' }],
      [{ name: '   ' }, { name: 'validation.required' }],
      [{ type: undefined }, { type: 'validation.required' }],
      [{ type: 'Partner' }, { type: 'validation.invalid' }],
      [{ id: 'not-a-uuid' }, { id: 'validation.defaultCollector.id' }],
      [{ id: undefined }, { id: 'validation.required' }],
      [{ name: 'x'.repeat(121) }, { name: 'validation.defaultCollector.nameTooLong' }],
      [{ accessEmail: 'nobody' }, { accessEmail: 'validation.defaultCollector.email' }],
      [{ comment: 'plain text' }, { comment: 'validation.defaultCollector.comment' }],
      [{ comment: JSON.stringify({ en: 1 }) }, { comment: 'validation.defaultCollector.comment' }],
      [{ comment: JSON.stringify({ de: 'Hallo' }) }, { comment: 'validation.defaultCollector.comment' }],
      [{ name: 42 }, { name: 'validation.invalid' }],
      [{ comment: { en: 'x' } }, { comment: 'validation.invalid' }],
    ];
    for (const [over, errors] of cases) {
      const answer = await admin.post('/api/default-collectors', fresh(over));
      expect(answer.status, JSON.stringify(over).slice(0, 60)).toBe(400);
      expect(answer.body.errors).toEqual(errors);
    }
    const noVersion = await admin.request('DELETE', `/api/default-collectors/${randomUUID()}`);
    expect(noVersion.status).toBe(400);
    expect((await all(admin)).length).toBe(before);
  });
});

describe('GET /api/default-collectors: a page at a time (issue 30)', () => {
  const names = async (client: Browser, query: string) => {
    const answer = await client.get(`/api/default-collectors?${query}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return { names: (answer.body.collectors as Row[]).map((c) => c.name), next: answer.body.next as string | null };
  };

  it('pages in each order asked (ties by id), goes on after a deletion between pages, searches names, e-mails and comments, refuses another query’s cursor', async () => {
    // A letter first: the names sort after the markup's '<'.
    const tag = `t${randomUUID().slice(0, 7)}`;
    const made = [
      fresh({ name: `${tag} Same`, type: 'Affiliate', accessEmail: 'b@pg.test' }),
      fresh({ name: `${tag} Same`, type: 'Other', accessEmail: 'a@pg.test' }),
      fresh({ name: `${tag} Alpha`, type: 'Affiliate', accessEmail: 'z@pg.test' }),
      fresh({ name: `<i>${tag}</i> Markup`, type: 'Other', accessEmail: 'm@pg.test', comment: formatCollectorComment({ en: '', ru: 'Только чтение', fr: 'Lecture seule' }) }),
    ];
    for (const input of made) expect((await admin.post('/api/default-collectors', input)).status).toBe(201);
    const q = `q=${tag}`;
    // The spec's default: type descending (Other first), the names ascending in each type.
    expect((await names(customer, q)).names).toEqual([`<i>${tag}</i> Markup`, `${tag} Same`, `${tag} Alpha`, `${tag} Same`]);
    expect((await names(customer, `${q}&sort=type&dir=asc`)).names).toEqual([`${tag} Alpha`, `${tag} Same`, `<i>${tag}</i> Markup`, `${tag} Same`]);
    expect((await names(customer, `${q}&sort=accessEmail&dir=desc`)).names).toEqual([`${tag} Alpha`, `<i>${tag}</i> Markup`, `${tag} Same`, `${tag} Same`]);

    const first = await names(customer, `${q}&sort=name&limit=2`);
    expect(first.names).toEqual([`<i>${tag}</i> Markup`, `${tag} Alpha`]);
    const sameIds = made.filter((m) => m.name === `${tag} Same`).map((m) => m.id).sort();
    // One of the next page's rows deleted meanwhile: the page goes on with what is left.
    expect((await admin.request('DELETE', `/api/default-collectors/${sameIds[0]}`, { json: { version: 1 } })).status).toBe(200);
    const second = await customer.get(`/api/default-collectors?${q}&sort=name&limit=2&cursor=${first.next}`);
    expect((second.body.collectors as Row[]).map((c) => c.id)).toEqual([sameIds[1]]);
    expect(second.body.next).toBeNull();

    expect((await names(customer, `q=${encodeURIComponent(`<I>${tag}</I>`)}`)).names).toEqual([`<i>${tag}</i> Markup`]);
    expect((await names(customer, `q=${encodeURIComponent('lecture seule')}`)).names).toContain(`<i>${tag}</i> Markup`);
    expect((await names(customer, `q=${'x'.repeat(128)}`)).names).toEqual([]);
    const tooLong = await customer.get(`/api/default-collectors?q=${'x'.repeat(129)}`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors).toEqual({ q: 'validation.search.tooLong' });
    const refused = await customer.get(`/api/default-collectors?${q}&sort=accessEmail&limit=2&cursor=${first.next}`);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/cursor/);

    // A rename moves its rows: found by its new name only.
    const alpha = made[2]!;
    const renamed = await admin.request('PUT', `/api/default-collectors/${alpha.id}`, { json: { version: 1, name: `${tag} Omega`, accessEmail: '', type: 'Affiliate', comment } });
    expect(renamed.status).toBe(200);
    expect((await names(customer, `${q}&sort=name`)).names).toEqual([`<i>${tag}</i> Markup`, `${tag} Omega`, `${tag} Same`]);
  });
});
