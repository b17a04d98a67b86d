import { beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRecord } from '../../functions/data/companies';
import type { Collector, CollectorsPage } from '../../shared/domain/types';
import { makeCompany, makeUser, signedIn } from './helpers/accounts';
import { Browser } from './helpers/browser';
import { localStack, useLocalEnv } from '../support/local-stack';

/** The collector page's calls through the local gateway: GET/POST /api/collectors, PUT/DELETE /api/collectors/{id}. */

let stack: ReturnType<typeof localStack>;

beforeAll(() => {
  useLocalEnv();
  stack = localStack();
});

const as = async (role: 'ROLE_USER' | 'ROLE_MANAGER' | 'ROLE_ADMIN', company: CompanyRecord, managed?: CompanyRecord[]): Promise<Browser> =>
  signedIn(stack.url, await makeUser(role, company, { managed }));

const create = (client: Browser, body: Record<string, unknown>) => client.post('/api/collectors', body);
const update = (client: Browser, id: string, body: Record<string, unknown>) => client.request('PUT', `/api/collectors/${encodeURIComponent(id)}`, { json: body });
const remove = (client: Browser, id: string, body: Record<string, unknown>) => client.request('DELETE', `/api/collectors/${encodeURIComponent(id)}`, { json: body });
const list = async (client: Browser): Promise<Collector[]> => {
  const answer = await client.get<CollectorsPage>('/api/collectors');
  expect(answer.status).toBe(200);
  return answer.body.collectors;
};

const google = { source: 'Google Ads', accessEmail: 'ads-reader@portal.test', comment: 'Read-only access to the MCC' };
const editable = (c: Collector) => ({
  version: c.version,
  source: c.source,
  accessEmail: c.accessEmail,
  comment: c.comment,
  commentStatus: c.commentStatus,
  configStatus: c.configStatus,
  collectStatus: c.collectStatus,
});

describe('creating and listing', () => {
  it('creates with a server-made UUID and statuses No, lists sorted by source with versions', async () => {
    const company = await makeCompany('Collectors list');
    const customer = await as('ROLE_USER', company);
    const created = await create(customer, { ...google, source: '  Google Ads  ' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), ...google, commentStatus: '', configStatus: 'No', collectStatus: 'No', version: 1 });
    await create(customer, { source: 'criteo', accessEmail: 'c@criteo.test' });
    await create(customer, { source: 'Bing Ads', accessEmail: 'b@bing.test', configStatus: 'Ongoing' });
    const rows = await list(customer);
    expect(rows.map((c) => c.source)).toEqual(['Bing Ads', 'criteo', 'Google Ads']);
    expect(rows[0]).toMatchObject({ configStatus: 'Ongoing', collectStatus: 'No', version: 1 });
    expect(Object.keys(rows[0]!).sort()).toEqual(['accessEmail', 'collectStatus', 'comment', 'commentStatus', 'configStatus', 'id', 'source', 'version']);
  });

  it('creates twice when asked twice at once (two collectors, two ids)', async () => {
    const company = await makeCompany('Collectors twice');
    const customer = await as('ROLE_USER', company);
    const [a, b] = await Promise.all([create(customer, google), create(customer, google)]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.id).not.toBe(b.body.id);
    expect(await list(customer)).toHaveLength(2);
  });
});

describe('who may do what', () => {
  it('lets customers, managers and admins of the company work on its collectors', async () => {
    const company = await makeCompany('Collectors roles');
    for (const role of ['ROLE_USER', 'ROLE_MANAGER', 'ROLE_ADMIN'] as const) {
      const client = await as(role, company, role === 'ROLE_MANAGER' ? [company] : undefined);
      const made = (await create(client, { ...google, source: `By ${role}` })).body;
      const changed = await update(client, made.id, { ...editable(made), collectStatus: 'Yes' });
      expect(changed.status, role).toBe(200);
      expect((await remove(client, made.id, { version: 2 })).status, role).toBe(200);
    }
  });

  it('never reads, changes or deletes another company’s collectors, even with their ids', async () => {
    const a = await makeCompany('Collectors A');
    const b = await makeCompany('Collectors B');
    const ownerB = await as('ROLE_USER', b);
    const ofB = (await create(ownerB, { source: 'Secret of B', accessEmail: 'b@b.test' })).body;

    // A customer of A, a manager of A, and a manager of both working on A: the session's company decides.
    const callers = [await as('ROLE_USER', a), await as('ROLE_MANAGER', a, [a]), await as('ROLE_MANAGER', a, [a, b])];
    for (const caller of callers) {
      const created = await caller.post(`/api/collectors?company=${b.id}`, { source: 'Of A', accessEmail: 'a@a.test', company: b.id, companyId: b.id });
      expect(created.status).toBe(201);
      const seen = await caller.get(`/api/collectors?company=${b.id}&companyId=${b.id}`);
      expect(JSON.stringify(seen.body)).not.toContain('Secret of B');
      expect((await update(caller, ofB.id, { ...editable(ofB), source: 'Changed by A', company: b.id })).status).toBe(404);
      expect((await remove(caller, ofB.id, { version: 1, company: b.id })).status).toBe(404);
      expect(await list(ownerB)).toEqual([ofB]);
    }
    expect((await list(callers[0]!)).map((c) => c.source)).toEqual(['Of A', 'Of A', 'Of A']);
  });

  it('refuses anonymous callers', async () => {
    const anonymous = new Browser(stack.url);
    expect((await anonymous.get('/api/collectors')).status).toBe(401);
    expect((await anonymous.post('/api/collectors', google)).status).toBe(401);
    expect((await anonymous.request('PUT', '/api/collectors/x', { json: { version: 1, ...google } })).status).toBe(401);
    expect((await anonymous.request('DELETE', '/api/collectors/x', { json: { version: 1 } })).status).toBe(401);
  });
});

describe('editing with versions', () => {
  it('changes a status freely (any to any), bumps the version and refuses the stale one with 409', async () => {
    const company = await makeCompany('Collectors edit');
    const customer = await as('ROLE_USER', company);
    const made = (await create(customer, google)).body;
    const yes = await update(customer, made.id, { ...editable(made), configStatus: 'Yes', commentStatus: 'Access granted on 3 March' });
    expect(yes.status).toBe(200);
    expect(yes.body).toEqual({ ...made, configStatus: 'Yes', commentStatus: 'Access granted on 3 March', version: 2 });
    const back = await update(customer, made.id, { ...editable(yes.body), configStatus: 'No', collectStatus: 'Ongoing' });
    expect(back.body).toMatchObject({ configStatus: 'No', collectStatus: 'Ongoing', version: 3 });

    const stale = await update(customer, made.id, { ...editable(yes.body), source: 'Overwrite' });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('conflict');
    expect(await list(customer)).toEqual([back.body]);
  });

  it('20 concurrent edits of one version: exactly 1 success and 19 conflicts, nothing else lost', async () => {
    const company = await makeCompany('Collectors race');
    const customer = await as('ROLE_USER', company);
    const made = (await create(customer, google)).body;
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => update(customer, made.id, { ...editable(made), source: `Edit ${i}` })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const winner = answers.find((a) => a.status === 200)!.body;
    expect(await list(customer)).toEqual([{ ...winner, version: 2 }]);
  });

  it('deletes only the version read; a second delete finds nothing', async () => {
    const company = await makeCompany('Collectors delete');
    const customer = await as('ROLE_USER', company);
    const made = (await create(customer, google)).body;
    await update(customer, made.id, { ...editable(made), collectStatus: 'Yes' });
    expect((await remove(customer, made.id, { version: 1 })).status).toBe(409);
    expect(await list(customer)).toHaveLength(1);
    const [first, second] = await Promise.all([remove(customer, made.id, { version: 2 }), remove(customer, made.id, { version: 2 })]);
    expect([first.status, second.status].sort()).toEqual([200, 404]);
    expect(first.status === 200 ? first.body : second.body).toEqual({ id: made.id });
    expect(await list(customer)).toEqual([]);
    expect((await remove(customer, 'no-such-collector', { version: 1 })).status).toBe(404);
    expect((await update(customer, 'x'.repeat(2000), { version: 1, ...google })).status).toBe(404);
    expect((await remove(customer, '../../etc', { version: 1 })).status).toBe(404);
  });
});

describe('bad input', () => {
  it('answers 400 with a field message id per bad field and changes nothing', async () => {
    const company = await makeCompany('Collectors bad input');
    const customer = await as('ROLE_USER', company);
    const made = (await create(customer, google)).body;

    const missing = await create(customer, {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ source: 'validation.required', accessEmail: 'validation.required' });

    const wrongTypes = await create(customer, { source: 5, accessEmail: ['a@b.co'], comment: { en: 'x' }, configStatus: 1 });
    expect(wrongTypes.status).toBe(400);
    expect(wrongTypes.body.errors).toMatchObject({ source: 'validation.invalid', accessEmail: 'validation.invalid', comment: 'validation.invalid' });

    const badValues = await create(customer, { source: '   ', accessEmail: 'not-an-email', configStatus: 'Maybe', collectStatus: 'yes' });
    expect(badValues.body.errors).toEqual({
      source: 'validation.required',
      accessEmail: 'validation.collector.email',
      configStatus: 'validation.collector.status',
      collectStatus: 'validation.collector.status',
    });

    const tooLong = await create(customer, { source: 'x'.repeat(121), accessEmail: `${'a'.repeat(250)}@b.co`, comment: 'c'.repeat(2001), commentStatus: 'd'.repeat(2001) });
    expect(tooLong.body.errors).toEqual({
      source: 'validation.collector.sourceTooLong',
      accessEmail: 'validation.collector.email',
      comment: 'validation.collector.commentTooLong',
      commentStatus: 'validation.collector.commentTooLong',
    });

    expect((await update(customer, made.id, { ...google })).body.errors).toEqual({ version: 'validation.required' });
    expect((await update(customer, made.id, { ...editable(made), version: '1' })).body.errors).toEqual({ version: 'validation.invalid' });
    expect((await update(customer, made.id, { ...editable(made), accessEmail: '' })).body.errors).toEqual({ accessEmail: 'validation.required' });
    expect((await update(customer, made.id, { ...editable(made), collectStatus: null })).status).toBe(400);
    expect((await remove(customer, made.id, {})).body.errors).toEqual({ version: 'validation.required' });
    const notJson = await customer.request('POST', '/api/collectors', { body: 'source=x', headers: { 'content-type': 'text/plain' } });
    expect(notJson.status).toBe(415);

    expect(await list(customer)).toEqual([made]);
  });
});

describe('GET /api/collectors: a page at a time (issue 30, the big advertiser)', () => {
  const page = async (client: Browser, query: string) => {
    const answer = await client.get<CollectorsPage>(`/api/collectors?${query}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };
  const sources = (body: CollectorsPage) => body.collectors.map((c) => c.source);

  it('pages in the order asked with ties by id, survives a deletion between pages, searches, refuses another query’s cursor, counts the whole list', async () => {
    const customer = await as('ROLE_USER', await makeCompany('Collector pages'));
    const made: Collector[] = [];
    for (const [source, accessEmail, configStatus] of [
      ['Same', 'b@x.test', 'Yes'],
      ['Same', 'a@x.test', 'No'],
      ['Awin', 'z@x.test', 'Ongoing'],
      ['<b>Bold</b>', 'm@x.test', 'No'],
      ['Criteo', 'c@x.test', 'Yes'],
    ] as const) {
      made.push((await create(customer, { source, accessEmail, comment: `note of ${source}`, configStatus, collectStatus: 'Yes' })).body);
    }
    const first = await page(customer, 'limit=2');
    expect(sources(first)).toEqual(['<b>Bold</b>', 'Awin']);
    expect(first.counts).toEqual({ total: 5, pending: 3 });
    // A collector of the next page deleted before it is asked: the page goes on after it.
    const criteo = made[4]!;
    expect((await remove(customer, criteo.id, { version: 1 })).status).toBe(200);
    const second = await page(customer, `limit=2&cursor=${first.next}`);
    expect(sources(second)).toEqual(['Same', 'Same']);
    // The two of one source: by id, the same on every read.
    const same = made.filter((c) => c.source === 'Same').map((c) => c.id).sort();
    expect(second.collectors.map((c) => c.id)).toEqual(same);
    // A page that ends the list exactly still names a next one (DynamoDB's last key); it is empty and the last.
    expect(await page(customer, `limit=2&cursor=${second.next}`)).toMatchObject({ collectors: [], next: null });
    expect(second.counts).toEqual({ total: 4, pending: 3 });

    expect(sources(await page(customer, 'sort=configStatus&dir=desc'))).toEqual(['Same', 'Awin', 'Same', '<b>Bold</b>']);
    expect(sources(await page(customer, 'sort=accessEmail&limit=1'))).toEqual(['Same']);
    // Search: any part of source, e-mail or notes, case aside; markup is text.
    expect(sources(await page(customer, `q=${encodeURIComponent('<B>BOLD')}`))).toEqual(['<b>Bold</b>']);
    expect(sources(await page(customer, 'q=note%20of%20aw'))).toEqual(['Awin']);
    expect(sources(await page(customer, 'q=z%40x'))).toEqual(['Awin']);
    expect((await page(customer, `q=${'x'.repeat(128)}`)).collectors).toEqual([]);
    const tooLong = await customer.get(`/api/collectors?q=${'x'.repeat(129)}`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors).toEqual({ q: 'validation.search.tooLong' });
    const refused = await customer.get(`/api/collectors?sort=accessEmail&limit=2&cursor=${first.next}`);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/cursor/);
    expect((await customer.get('/api/collectors?sort=comment')).status).toBe(400);

    // An edit moves the rows: the renamed collector sorts and is found under its new name.
    const awin = (await page(customer, 'q=awin')).collectors[0]!;
    expect((await update(customer, awin.id, { ...editable(awin), source: 'Zanox', configStatus: 'Yes' })).status).toBe(200);
    expect(sources(await page(customer, ''))).toEqual(['<b>Bold</b>', 'Same', 'Same', 'Zanox']);
    expect(sources(await page(customer, 'q=zanox'))).toEqual(['Zanox']);
    expect((await page(customer, '')).counts).toEqual({ total: 4, pending: 2 });
  });

  it('another company’s cursor reads nothing of it', async () => {
    const a = await as('ROLE_USER', await makeCompany('Collector cursor A'));
    const b = await as('ROLE_USER', await makeCompany('Collector cursor B'));
    for (const source of ['One', 'Two']) await create(a, { source, accessEmail: 'x@a.test' });
    await create(b, { source: 'Secret of B', accessEmail: 'x@b.test' });
    const first = await page(a, 'limit=1');
    const answer = await b.get(`/api/collectors?limit=1&cursor=${first.next}`);
    expect(JSON.stringify(answer.body)).not.toContain('Two');
    expect(answer.status).toBe(400);
  });
});
