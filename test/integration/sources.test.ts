import { randomUUID } from 'node:crypto';
import { BatchWriteCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRecord } from '../../functions/data/companies';
import { keys } from '../../functions/data/keys';
import { reindexCompanySources } from '../../functions/data/sources';
import { db, tableName } from '../../functions/data/table';
import type { CommissionsPage, Source, SourcesPage } from '../../shared/domain/types';
import { makeCompany, makeUser, signedIn } from './helpers/accounts';
import { Browser } from './helpers/browser';
import { localStack, useLocalEnv } from '../support/local-stack';

/** The sources calls through the local gateway: GET /api/sources(/cpo), POST, PUT and DELETE /api/sources/{id}. */

let stack: ReturnType<typeof localStack>;

beforeAll(() => {
  useLocalEnv();
  stack = localStack();
});

const as = async (role: 'ROLE_USER' | 'ROLE_MANAGER' | 'ROLE_ADMIN', company: CompanyRecord): Promise<Browser> =>
  signedIn(stack.url, await makeUser(role, company));

const body = (over: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  name: 'Google Ads',
  channel: 'Paid Search',
  businessModel: 'CPC',
  deduplication: 'Last Paid Click',
  utmSource: 'google',
  utmMedium: 'cpc',
  utmCampaign: '',
  agency: '',
  ...over,
});
const editable = (source: Source) => {
  const { id: _id, ...rest } = source;
  return rest;
};
const create = (client: Browser, over: Record<string, unknown> = {}) => client.post<Source & { code?: string; errors?: Record<string, string> }>('/api/sources', body(over));
const update = (client: Browser, id: string, json: Record<string, unknown>) =>
  client.request<Source & { code?: string; errors?: Record<string, string> }>('PUT', `/api/sources/${encodeURIComponent(id)}`, { json });
const remove = (client: Browser, id: string, json: Record<string, unknown>) =>
  client.request<{ id: string; rulesDeleted: number; code?: string }>('DELETE', `/api/sources/${encodeURIComponent(id)}`, { json });
/** The first page (50, by name): these tests' companies hold fewer sources. */
const list = async (client: Browser, path = '/api/sources'): Promise<Source[]> => {
  const answer = await client.get<SourcesPage>(path);
  expect(answer.status).toBe(200);
  return answer.body.sources;
};

/** UTM rules as the UTM area stores them (the contract): RULE#<id> items of the partition with a sourceId. */
async function putRules(companyId: string, sourceId: string, count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => randomUUID());
  for (let i = 0; i < ids.length; i += 25) {
    await db().send(
      new BatchWriteCommand({
        RequestItems: {
          [tableName()]: ids.slice(i, i + 25).map((id) => ({
            PutRequest: { Item: { ...keys.rule(companyId, id), id, sourceId, source: 'x', rule: [], version: 1 } },
          })),
        },
      }),
    );
  }
  return ids;
}
async function rulesOf(companyId: string, sourceId: string): Promise<number> {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        FilterExpression: 'sourceId = :s',
        ExpressionAttributeValues: { ':pk': keys.companyPartition(companyId), ':p': keys.rulePrefix, ':s': sourceId },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    count += page.Count ?? 0;
    start = page.LastEvaluatedKey;
  } while (start);
  return count;
}
const guardOf = async (id: string) => (await db().send(new GetCommand({ TableName: tableName(), Key: keys.sourceIdGuard(id), ConsistentRead: true }))).Item;

describe('creating and listing sources', () => {
  it('creates under the browser’s UUID, lists sorted by name with the version, and the CPO list', async () => {
    const company = await makeCompany('Sources list');
    const client = await as('ROLE_USER', company);
    const id = randomUUID();
    const created = await create(client, { id, name: 'meta', channel: 'Paid Social', utmSource: ' facebook ' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ ...body({ id, name: 'meta', channel: 'Paid Social', utmSource: 'facebook' }), version: 1 });
    await create(client, { name: 'Criteo', channel: 'Retargeting', businessModel: 'CPO', deduplication: 'Post Click' });
    await create(client, { name: 'Awin', channel: 'Affiliate', businessModel: 'CPO', deduplication: 'Last Click', agency: 'Agence Bleu' });
    await create(client, { name: 'Newsletter', channel: 'Email', businessModel: 'Free' });
    const sources = await list(client);
    expect(sources.map((s) => s.name)).toEqual(['Awin', 'Criteo', 'meta', 'Newsletter']);
    expect(Object.keys(sources[0]!).sort()).toEqual(['agency', 'businessModel', 'channel', 'deduplication', 'id', 'name', 'utmCampaign', 'utmMedium', 'utmSource', 'version']);
    expect((await list(client, '/api/sources/cpo')).map((s) => s.name)).toEqual(['Awin', 'Criteo']);
    expect(await guardOf(id)).toMatchObject({ companyId: company.id });
  });

  it('refuses bad input with a field message and changes nothing', async () => {
    const company = await makeCompany('Sources bad input');
    const client = await as('ROLE_USER', company);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: undefined }, 'name', 'validation.required'],
      [{ name: '   ' }, 'name', 'validation.required'],
      [{ channel: undefined }, 'channel', 'validation.required'],
      [{ businessModel: undefined }, 'businessModel', 'validation.required'],
      [{ deduplication: '' }, 'deduplication', 'validation.required'],
      [{ businessModel: 'CPA' }, 'businessModel', 'validation.source.businessModel'],
      [{ businessModel: 42 }, 'businessModel', 'validation.source.businessModel'],
      [{ deduplication: 'First Click' }, 'deduplication', 'validation.source.deduplication'],
      [{ id: 'not-a-uuid' }, 'id', 'validation.source.id'],
      [{ id: undefined }, 'id', 'validation.required'],
      [{ name: 'x'.repeat(121) }, 'name', 'validation.source.nameTooLong'],
      [{ utmCampaign: 'x'.repeat(251) }, 'utmCampaign', 'validation.source.tooLong'],
      [{ name: null }, 'name', 'validation.required'],
      // A name that displays as another (right-to-left override), a lone surrogate, a NUL.
      [{ name: '\u202eelgooG' }, 'name', 'validation.invalidCharacters'],
      [{ name: 'Google \ud800' }, 'name', 'validation.invalidCharacters'],
      [{ agency: 'Agency\u0000' }, 'agency', 'validation.invalidCharacters'],
    ];
    for (const [over, field, message] of cases) {
      const answer = await create(client, over);
      expect(answer.status, JSON.stringify(over)).toBe(400);
      expect(answer.body.code).toBe('validation');
      expect(answer.body.errors?.[field], JSON.stringify(answer.body)).toBe(message);
    }
    expect(await list(client)).toEqual([]);
  });

  it('lets an affiliate company choose only CPO and Special: CPC (and CPM, Free) is a 400', async () => {
    const company = await makeCompany('Sources affiliate', { product: 'affiliate' });
    const client = await as('ROLE_USER', company);
    for (const businessModel of ['CPC', 'CPM', 'Free']) {
      const answer = await create(client, { businessModel });
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toEqual({ businessModel: 'validation.source.businessModelAffiliate' });
    }
    expect(await list(client)).toEqual([]);
    const cpo = await create(client, { businessModel: 'CPO' });
    expect(cpo.status).toBe(201);
    expect((await create(client, { name: 'Special deal', businessModel: 'Special' })).status).toBe(201);
    // An edit to CPC is refused as well, and the row stays as it was.
    const refused = await update(client, cpo.body.id, { ...editable(cpo.body), businessModel: 'CPC' });
    expect(refused.status).toBe(400);
    expect((await list(client)).find((s) => s.id === cpo.body.id)).toEqual(cpo.body);
  });

  it('never lets an id be used twice, in the same company or another one, even at once', async () => {
    const [a, b] = [await makeCompany('Sources id A'), await makeCompany('Sources id B')];
    const [clientA, clientB] = [await as('ROLE_USER', a), await as('ROLE_USER', b)];
    const id = randomUUID();
    expect((await create(clientA, { id, name: 'First' })).status).toBe(201);
    const again = await create(clientA, { id, name: 'Second' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('conflict');
    expect((await create(clientB, { id, name: 'Elsewhere' })).status).toBe(409);
    expect((await create(clientB, { id: id.toUpperCase(), name: 'Upper' })).status).toBe(409);
    expect((await list(clientA)).map((s) => s.name)).toEqual(['First']);
    expect(await list(clientB)).toEqual([]);

    const twin = randomUUID();
    const answers = await Promise.all([create(clientA, { id: twin, name: 'Twin A' }), create(clientB, { id: twin, name: 'Twin B' })]);
    expect(answers.map((x) => x.status).sort()).toEqual([201, 409]);
    expect([...(await list(clientA)), ...(await list(clientB))].filter((s) => s.id === twin)).toHaveLength(1);
  });
});

describe('source names are unique in a company (any case, spaces aside)', () => {
  const nameTaken = { code: 'conflict', errors: { name: 'validation.source.nameTaken' } };

  it('refuses a create and an edit to a name another source has, and changes nothing', async () => {
    const company = await makeCompany('Sources names');
    const client = await as('ROLE_USER', company);
    const google = (await create(client, { name: 'Google Ads' })).body;
    const meta = (await create(client, { name: 'Meta Ads' })).body;
    for (const name of ['Google Ads', ' google ads ', 'GOOGLE ADS']) {
      const answer = await create(client, { name });
      expect(answer.status, name).toBe(409);
      expect(answer.body).toMatchObject(nameTaken);
    }
    const renamed = await update(client, meta.id, { ...editable(meta), name: 'google ADS' });
    expect(renamed.status).toBe(409);
    expect(renamed.body).toMatchObject(nameTaken);
    expect(await list(client)).toEqual([google, meta]);
    // The same source may change the case of its own name; a rename frees the old name at once.
    const recased = await update(client, google.id, { ...editable(google), name: 'GOOGLE Ads' });
    expect(recased.status).toBe(200);
    expect((await update(client, google.id, { ...editable(recased.body), name: 'Google Search' })).status).toBe(200);
    expect((await create(client, { name: 'google ads' })).status).toBe(201);
    // A deleted source's name is free again; another company has its own names.
    expect((await remove(client, meta.id, { version: 1 })).status).toBe(200);
    expect((await create(client, { name: 'Meta Ads' })).status).toBe(201);
    const other = await as('ROLE_USER', await makeCompany('Sources names other'));
    expect((await create(other, { name: 'Google Search' })).status).toBe(201);
  });

  it('lets exactly one of concurrent creates or renames to one name through', async () => {
    const company = await makeCompany('Sources names race');
    const client = await as('ROLE_USER', company);
    const creates = await Promise.all(Array.from({ length: 6 }, (_, i) => create(client, { name: i % 2 ? 'Twin' : ' twin ' })));
    expect(creates.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    for (const refused of creates.filter((a) => a.status === 409)) expect(refused.body).toMatchObject(nameTaken);
    const [a, b] = [(await create(client, { name: 'A' })).body, (await create(client, { name: 'B' })).body];
    const renames = await Promise.all([update(client, a.id, { ...editable(a), name: 'Same' }), update(client, b.id, { ...editable(b), name: 'SAME' })]);
    expect(renames.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await list(client)).filter((s) => s.name.toLowerCase() === 'same')).toHaveLength(1);
  });

  it('refuses a name a source stored before the name guards has, once `reindex-lists` gave it its guard (the create reads no list)', async () => {
    const company = await makeCompany('Sources names legacy');
    const client = await as('ROLE_USER', company);
    const id = randomUUID();
    await db().send(
      new BatchWriteCommand({
        RequestItems: { [tableName()]: [{ PutRequest: { Item: { ...keys.source(company.id, id), ...body({ id, name: 'Old Source' }), companyId: company.id, version: 1 } } }] },
      }),
    );
    await reindexCompanySources(company.id);
    expect((await create(client, { name: 'old source' })).body).toMatchObject(nameTaken);
  });
});

describe('editing sources', () => {
  it('saves on the version read: 20 concurrent edits of one version give 1 success and 19 conflicts', async () => {
    const company = await makeCompany('Sources concurrency');
    const client = await as('ROLE_USER', company);
    const source = (await create(client, { name: 'Contended' })).body;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => update(client, source.id, { ...editable(source), name: `Edit ${i}` })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const winner = answers.find((a) => a.status === 200)!.body;
    const [stored] = await list(client);
    expect(stored).toEqual({ ...winner, version: 2 });
    expect(answers.find((a) => a.status === 409)!.body.code).toBe('conflict');
  });

  it('keeps its rules when renamed; a stale or foreign delete changes nothing; a delete removes every rule of the source', async () => {
    const company = await makeCompany('Sources delete');
    const client = await as('ROLE_USER', company);
    const doomed = (await create(client, { name: 'Doomed' })).body;
    const kept = (await create(client, { name: 'Kept' })).body;
    await putRules(company.id, doomed.id, 7);
    await putRules(company.id, kept.id, 3);
    const renamed = await update(client, doomed.id, { ...editable(doomed), name: 'Doomed renamed' });
    expect(renamed.status).toBe(200);
    expect(await rulesOf(company.id, doomed.id)).toBe(7);

    const stale = await remove(client, doomed.id, { version: 1 });
    expect(stale.status).toBe(409);
    expect(await rulesOf(company.id, doomed.id)).toBe(7);
    expect((await remove(client, doomed.id, {})).status).toBe(400);

    const deleted = await remove(client, doomed.id, { version: 2 });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id: doomed.id, rulesDeleted: 7 });
    expect(await rulesOf(company.id, doomed.id)).toBe(0);
    expect(await rulesOf(company.id, kept.id)).toBe(3);
    expect(await guardOf(doomed.id)).toBeUndefined();
    expect((await list(client)).map((s) => s.name)).toEqual(['Kept']);
    expect((await remove(client, doomed.id, { version: 2 })).status).toBe(404);
  });

  it('takes the affiliate commissions of a deleted source with it, and only those', async () => {
    const company = await makeCompany('Sources commissions', { product: 'affiliate' });
    const client = await as('ROLE_USER', company);
    const doomed = (await create(client, { name: 'Doomed CPO', businessModel: 'CPO' })).body;
    await create(client, { name: 'Kept CPO', businessModel: 'CPO' });
    for (const sourceName of ['Doomed CPO', 'Kept CPO']) {
      expect((await client.post('/api/affiliate-commissions', { sourceName, type: 'percent', commission: 10 })).status).toBe(201);
    }
    const deleted = await remove(client, doomed.id, { version: 1 });
    expect(deleted.body).toEqual({ id: doomed.id, rulesDeleted: 0 });
    const left = ((await client.get('/api/affiliate-commissions')).body as CommissionsPage).commissions;
    expect(left.map((c) => c.sourceName)).toEqual(['Kept CPO']);
  });

  it('deletes a source with more rules than one transaction holds (batches first, the source last)', async () => {
    const company = await makeCompany('Sources many rules');
    const client = await as('ROLE_USER', company);
    const source = (await create(client, { name: 'Busy' })).body;
    await putRules(company.id, source.id, 130);
    expect((await remove(client, source.id, { version: 2 })).status).toBe(409);
    expect(await rulesOf(company.id, source.id)).toBe(130);
    const deleted = await remove(client, source.id, { version: 1 });
    expect(deleted.body).toEqual({ id: source.id, rulesDeleted: 130 });
    expect(await rulesOf(company.id, source.id)).toBe(0);
    expect(await list(client)).toEqual([]);
  });
});

describe('company isolation', () => {
  it('a customer of company B can neither read nor change nor delete company A’s sources, even with their ids', async () => {
    const [a, b] = [await makeCompany('Sources iso A'), await makeCompany('Sources iso B', { product: 'affiliate' })];
    const [clientA, clientB] = [await as('ROLE_USER', a), await as('ROLE_USER', b)];
    const source = (await create(clientA, { name: 'Secret', businessModel: 'CPO' })).body;
    await putRules(a.id, source.id, 2);
    expect(await list(clientB)).toEqual([]);
    expect(await list(clientB, '/api/sources/cpo')).toEqual([]);
    const changed = await update(clientB, source.id, { ...editable(source), name: 'Hijacked', businessModel: 'CPO' });
    expect(changed.status).toBe(404);
    expect((await remove(clientB, source.id, { version: 1 })).status).toBe(404);
    // A body naming company A is ignored: the company comes from the session.
    const planted = await clientB.post<Source>('/api/sources', { ...body({ businessModel: 'CPO', name: 'Planted' }), company: a.id, companyId: a.id });
    expect(planted.status).toBe(201);
    expect(await list(clientA)).toEqual([source]);
    expect(await rulesOf(a.id, source.id)).toBe(2);
    expect((await list(clientB)).map((s) => s.name)).toEqual(['Planted']);
  });

  it('answers 404 for ids that are no UUID and 401 without a session', async () => {
    const company = await makeCompany('Sources misc');
    const client = await as('ROLE_MANAGER', company);
    const { id: _id, ...fields } = body();
    expect((await update(client, 'nope', { ...fields, version: 1 })).status).toBe(404);
    const anonymous = new Browser(stack.url);
    expect((await anonymous.get('/api/sources')).status).toBe(401);
    expect((await anonymous.post('/api/sources', body())).status).toBe(401);
  });
});

describe('GET /api/sources and /api/affiliate-commissions, a page at a time (a big advertiser)', () => {
  type Page = { status: number; body: SourcesPage & { errors?: Record<string, string>; message?: string } };
  const names = (answer: Page) => answer.body.sources.map((s) => s.name);

  it('pages through ties (one channel) in a stable order, each source once, a deletion between pages skipped, either direction', async () => {
    const company = await makeCompany('Sources paging');
    const client = await as('ROLE_USER', company);
    const made: Source[] = [];
    for (const name of ['e5', 'c3', 'a1', 'd4', 'b2']) made.push((await create(client, { name, channel: 'Same channel' })).body);
    const seen: string[] = [];
    let cursor = '';
    let deleted = false;
    do {
      const page = (await client.get(`/api/sources?sort=channel&limit=2${cursor ? `&cursor=${cursor}` : ''}`)) as Page;
      expect(page.status).toBe(200);
      seen.push(...names(page));
      // A source of a later page deleted between two pages: the next page goes on without it.
      if (!deleted) {
        const later = made.find((s) => !seen.includes(s.name))!;
        expect((await remove(client, later.id, { version: 1 })).status).toBe(200);
        made.splice(made.indexOf(later), 1);
        deleted = true;
      }
      cursor = page.body.next ?? '';
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual(made.map((s) => s.name).sort());
    expect(names((await client.get('/api/sources?dir=desc')) as Page)).toEqual([...seen].sort().reverse());
  });

  it('sorts by a column, searches any text (markup as text, any case), the CPO ones on their own; refuses a cursor of another query and 129 characters', async () => {
    const company = await makeCompany('Sources search');
    const client = await as('ROLE_USER', company);
    await create(client, { name: '<b>Bold</b>', channel: 'Zeta', businessModel: 'CPO', utmMedium: 'partner' });
    await create(client, { name: 'Awin', channel: 'Alpha', businessModel: 'CPO' });
    await create(client, { name: 'Google', channel: 'Mid', utmMedium: 'cpc' });
    expect(names((await client.get('/api/sources?sort=channel&dir=desc')) as Page)).toEqual(['<b>Bold</b>', 'Google', 'Awin']);
    expect(names((await client.get(`/api/sources?q=${encodeURIComponent('<B>bold')}`)) as Page)).toEqual(['<b>Bold</b>']);
    expect(names((await client.get('/api/sources?q=PARTNER')) as Page)).toEqual(['<b>Bold</b>']);
    expect(names((await client.get('/api/sources/cpo?sort=name')) as Page)).toEqual(['<b>Bold</b>', 'Awin']);
    expect(names((await client.get('/api/sources?q=mid')) as Page)).toEqual(['Google']);
    expect(names((await client.get('/api/sources/cpo?q=mid')) as Page)).toEqual([]);
    expect(((await client.get(`/api/sources?q=${'x'.repeat(128)}`)) as Page).body.sources).toEqual([]);
    const long = (await client.get(`/api/sources?q=${'x'.repeat(129)}`)) as Page;
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual({ q: 'validation.search.tooLong' });
    const first = (await client.get('/api/sources?limit=1')) as Page;
    const refused = (await client.get(`/api/sources?sort=channel&limit=1&cursor=${first.body.next}`)) as Page;
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ cursor: 'validation.invalid' });
    expect(((await client.get('/api/sources?sort=id')) as Page).status).toBe(400);
  });

  it('commissions: a page by source name (its name now, after a rename), by amount, searched; a cursor of another query refused', async () => {
    const company = await makeCompany('Commissions paging', { product: 'affiliate' });
    const client = await as('ROLE_USER', company);
    const awin = (await create(client, { name: 'Awin', channel: 'Affiliate', businessModel: 'CPO' })).body;
    await create(client, { name: 'Zanox', channel: 'Affiliate', businessModel: 'CPO' });
    for (const [sourceName, commission] of [['Awin', 3], ['Zanox', 12.5], ['Awin', 7]] as const) {
      expect((await client.post('/api/affiliate-commissions', { sourceName, type: 'fixed', commission })).status).toBe(201);
    }
    type Commissions = { status: number; body: CommissionsPage & { errors?: Record<string, string> } };
    const get = async (path: string) => (await client.get(path)) as Commissions;
    const first = await get('/api/affiliate-commissions?sort=commission&dir=desc&limit=2');
    expect(first.body.commissions.map((c) => c.commission)).toEqual([12.5, 7]);
    expect((await get(`/api/affiliate-commissions?sort=commission&dir=desc&limit=2&cursor=${first.body.next}`)).body).toEqual({ commissions: [expect.objectContaining({ commission: 3 })], next: null });
    expect((await get(`/api/affiliate-commissions?limit=2&cursor=${first.body.next}`)).body.errors).toEqual({ cursor: 'validation.invalid' });
    expect((await update(client, awin.id, { ...body({ name: 'Tradedoubler', channel: 'Affiliate', businessModel: 'CPO' }), version: 1 })).status).toBe(200);
    expect((await get('/api/affiliate-commissions')).body.commissions.map((c) => c.sourceName)).toEqual(['Tradedoubler', 'Tradedoubler', 'Zanox']);
    expect((await get('/api/affiliate-commissions?q=awin')).body.commissions).toEqual([]);
    expect((await get('/api/affiliate-commissions?q=ZAN')).body.commissions.map((c) => c.commission)).toEqual([12.5]);
  });
});
