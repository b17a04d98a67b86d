import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRecord } from '../../functions/data/companies';
import { keys } from '../../functions/data/keys';
import { db, tableName } from '../../functions/data/table';
import { putTraffic, replaceTraffic } from '../../functions/data/traffic';
import { localStack, useLocalEnv } from '../support/local-stack';
import { mailsTo } from '../support/mailbox';
import { makeCompany, makeUser, signedIn } from './helpers/accounts';
import type { Browser } from './helpers/browser';
import { relinked, relinkSettled } from './helpers/traffic';

/**
 * UTM management through the local gateway: GET /api/traffic, POST /api/traffic/match,
 * GET/POST /api/traffic-rules, POST /api/traffic-rules/apply, DELETE /api/traffic-rules/{id}.
 * Traffic is written through the repository (the analytics import comes later); sources as
 * plain SOURCE# items with an id and a name (the sources repository is another area).
 */

let stack: ReturnType<typeof localStack>;
beforeAll(() => {
  useLocalEnv();
  stack = localStack();
});

const STEPS = ['google_analytics', 'sources', 'utm_rules'] as const;
const TRAFFIC = [
  { utmSource: 'google', utmMedium: 'cpc', utmCampaign: 'brand', sessions: 1200 },
  { utmSource: 'google', utmMedium: 'cpc', utmCampaign: 'generic', sessions: 3400 },
  { utmSource: 'Newsletter', utmMedium: 'email', utmCampaign: 'june', sessions: 310 },
  { utmSource: 'criteo', utmMedium: 'retargeting', utmCampaign: '', sessions: 95 },
];

const rule = (source: [string, string], medium: [string, string] = ['any', ''], campaign: [string, string] = ['any', '']) => ({
  0: { type: source[0], utm: 'utmSource', value: source[1] },
  1: { type: medium[0], utm: 'utmMedium', value: medium[1] },
  2: { type: campaign[0], utm: 'utmCampaign', value: campaign[1] },
});

async function putSource(company: CompanyRecord, name: string): Promise<string> {
  const id = randomUUID();
  await db().send(new PutCommand({ TableName: tableName(), Item: { ...keys.source(company.id, id), id, companyId: company.id, name, version: 1 } }));
  return id;
}

interface Fixture {
  company: CompanyRecord;
  customer: Browser;
  google: string;
  mail: string;
  criteo: string;
}

async function fixture(name: string, steps: readonly string[] = STEPS): Promise<Fixture> {
  const company = await makeCompany(name, { integrationSteps: [...steps] as CompanyRecord['integrationSteps'] });
  await putTraffic(company.id, TRAFFIC);
  const [google, mail, criteo] = [await putSource(company, 'Google Ads'), await putSource(company, 'Newsletter'), await putSource(company, 'Criteo')];
  const customer = await signedIn(stack.url, await makeUser('ROLE_USER', company));
  return { company, customer, google, mail, criteo };
}

/** Every item of the company's partition, to show that a refused call changed nothing. */
async function partition(company: CompanyRecord): Promise<string> {
  // Once the relink job of the last change is done: its links are that change's, not this call's.
  await relinkSettled(company.id);
  const { Items } = await db().send(
    new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.companyPartition(company.id) }, ConsistentRead: true }),
  );
  // The traffic's counts are a cache a read writes when a write dropped them (functions/core/traffic/links.ts).
  return JSON.stringify((Items ?? []).filter((item) => item.sk !== keys.trafficSummary(company.id).sk));
}

const stepOf = async (client: Browser) =>
  (await client.get('/api/integration-status')).body.steps.find((s: { stepType: string }) => s.stepType === 'utm_rules')?.status;
const teamMails = async (company: CompanyRecord) =>
  (await mailsTo(stack.endpoints.ses, stack.env.INTEGRATION_MAILBOX)).filter((mail) => mail.subject.includes(company.name));

describe('GET /api/traffic and POST /api/traffic/match', () => {
  it('answers the company’s rows by sessions with the aggregates, and what a draft rule would link', async () => {
    const { customer, company } = await fixture('Traffic list');
    const answer = await customer.get('/api/traffic');
    expect(answer.status).toBe(200);
    expect(answer.body.rows.map((r: { utmCampaign: string; sessions: number; linked: boolean }) => [r.utmCampaign, r.sessions, r.linked])).toEqual([
      ['generic', 3400, false],
      ['brand', 1200, false],
      ['june', 310, false],
      ['', 95, false],
    ]);
    expect(answer.body).toMatchObject({ unlinkedUtms: 4, unlinkedSessions: 5005, totalSessions: 5005, totalUtms: 4 });
    expect(answer.body.rows[0].id).toMatch(/^[0-9a-f]{32}$/);

    const before = await partition(company);
    const match = await customer.post('/api/traffic/match', { rule: rule(['equal', 'GOOGLE'], ['any', ''], ['not contains', 'gen']) });
    expect(match.status).toBe(200);
    expect(match.body).toMatchObject({ utms: 1, sessions: 1200 });
    expect(match.body.rows[0]).toMatchObject({ utmSource: 'google', utmCampaign: 'brand', linked: false });
    expect(await partition(company)).toBe(before);
  });

  it('shows a customer nothing of another company, and a manager the company they work on', async () => {
    const a = await fixture('Traffic A');
    const b = await makeCompany('Traffic B');
    await putTraffic(b.id, [{ utmSource: 'b-only', utmMedium: 'secret', utmCampaign: 'b', sessions: 7 }]);
    const fromA = await a.customer.get('/api/traffic');
    expect(JSON.stringify(fromA.body)).not.toContain('b-only');
    const manager = await signedIn(stack.url, await makeUser('ROLE_MANAGER', a.company, { managed: [a.company, b] }));
    expect((await manager.post('/api/users/change-current-company', { company: b.id })).status).toBe(200);
    const fromB = await manager.get('/api/traffic');
    expect(fromB.body.rows.map((r: { utmSource: string }) => r.utmSource)).toEqual(['b-only']);
  });
});

describe('POST /api/traffic-rules and GET /api/traffic-rules', () => {
  it('creates a rule with the source name joined, links its traffic and lists it in the spec’s shape', async () => {
    const { customer, google } = await fixture('Rules create');
    const created = await customer.post('/api/traffic-rules', { source: google, rule: rule(['equal', ' google '], ['equal', 'cpc']) });
    expect(created.status).toBe(201);
    expect(created.body.rule).toMatchObject({
      sourceId: google,
      source: 'Google Ads',
      version: 1,
      rule: [
        { type: 'equal', utm: 'utmSource', value: 'google' },
        { type: 'equal', utm: 'utmMedium', value: 'cpc' },
        { type: 'any', utm: 'utmCampaign', value: '' },
      ],
    });
    // The answer comes before the relink job links its traffic: the counts before, and `linking`.
    expect(created.body).toMatchObject({ linking: true, stepStatus: 'TBD' });
    const list = await customer.get('/api/traffic-rules');
    expect(list.body).toEqual({ rules: [created.body.rule], next: null });
    const traffic = await relinked(customer, '?traffic=all');
    expect(traffic).toMatchObject({ linking: false, unlinkedUtms: 2, unlinkedSessions: 405, totalSessions: 5005, totalUtms: 4 });
    expect(traffic.rows.filter((r) => r.linked)).toHaveLength(2);
  });

  it('refuses malformed rules and unknown sources with a field message, changing nothing', async () => {
    const { customer, company, google } = await fixture('Rules refused');
    const other = await fixture('Rules other company');
    const before = await partition(company);
    const cases: Array<[unknown, Record<string, string>]> = [
      [{ source: google }, { rule: 'validation.required' }],
      [{ rule: rule(['equal', 'google']) }, { source: 'validation.utm.sourceRequired' }],
      [{ source: google, rule: '[{"type":"equal"}]' }, { rule: 'validation.invalid' }],
      [{ source: google, rule: [rule(['equal', 'google'])[0]] }, { rule: 'validation.invalid' }],
      [{ source: 42, rule: rule(['equal', 'google']) }, { source: 'validation.invalid' }],
      [{ source: google, rule: rule(['any', 'google']) }, { rule: 'validation.utm.allAny' }],
      [{ source: google, rule: rule(['regex', '.*']) }, { 'rule.0.type': 'validation.utm.type' }],
      [{ source: google, rule: rule(['equal', '']) }, { 'rule.0.value': 'validation.utm.valueRequired' }],
      [{ source: google, rule: rule(['equal', 'x'.repeat(201)]) }, { 'rule.0.value': 'validation.utm.valueTooLong' }],
      [{ source: google, rule: { ...rule(['equal', 'google']), 1: { type: 'equal', utm: 'utmSource', value: 'cpc' } } }, { 'rule.1.utm': 'validation.utm.order' }],
      [{ source: google, rule: { 0: rule(['equal', 'google'])[0] } }, { 'rule.1': 'validation.required' }],
      [{ source: google, rule: { ...rule(['equal', 'google']), 2: { type: 'equal', utm: 'utmCampaign', value: 5 } } }, { 'rule.2.value': 'validation.invalid' }],
      [{ source: 'x'.repeat(65), rule: rule(['equal', 'google']) }, { source: 'validation.invalid' }],
      [{ source: other.google, rule: rule(['equal', 'google']) }, { source: 'validation.utm.sourceUnknown' }],
    ];
    for (const [body, errors] of cases) {
      const answer = await customer.post('/api/traffic-rules', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.errors, JSON.stringify(body)).toMatchObject(errors);
    }
    expect((await customer.request('POST', '/api/traffic-rules', { body: '{"source":', headers: { 'content-type': 'application/json' } })).status).toBe(400);
    expect((await customer.post('/api/traffic/match', { rule: rule(['any', '']) })).body.errors).toEqual({ rule: 'validation.utm.allAny' });
    expect(await partition(company)).toBe(before);
    expect((await customer.get('/api/traffic-rules')).body.rules).toEqual([]);
  });

  it('completes utm_rules exactly once, with one team mail, when the last unlinked UTM gets linked', async () => {
    const { customer, company, google, mail, criteo } = await fixture('Rules complete');
    const first = await customer.post('/api/traffic-rules', { source: google, rule: rule(['equal', 'google']) });
    expect(first.body.stepStatus).toBe('TBD');
    const second = await customer.post('/api/traffic-rules', { source: mail, rule: rule(['any', ''], ['equal', 'email']) });
    expect(second.body.stepStatus).toBe('TBD');
    expect(await relinked(customer)).toMatchObject({ unlinkedUtms: 1, unlinkedSessions: 95 });
    expect(await stepOf(customer)).toBe('TBD');
    expect(await teamMails(company)).toHaveLength(0);

    // Two rules of one source that both link the last one, sent at once: one transition, one mail.
    const [a, b] = await Promise.all([
      customer.post('/api/traffic-rules', { source: criteo, rule: rule(['contains', 'CRITEO']) }),
      customer.post('/api/traffic-rules', { source: criteo, rule: rule(['equal', 'criteo']) }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    // The relink job completes the step once it linked the last one.
    expect((await relinked(customer)).unlinkedUtms).toBe(0);
    expect(await stepOf(customer)).toBe('done');
    const mails = await teamMails(company);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`${company.name}: step UTM rules completed`);

    // A further rule, or deleting one, neither mails again nor reopens the step (only an administrator does).
    const more = await customer.post('/api/traffic-rules', { source: google, rule: rule(['equal', 'bing']) });
    expect(more.body.stepStatus).toBe('done');
    expect((await customer.request('DELETE', `/api/traffic-rules/${first.body.rule.id}`, { json: { version: 1 } })).status).toBe(200);
    await relinked(customer);
    expect(await stepOf(customer)).toBe('done');
    expect(await teamMails(company)).toHaveLength(1);
  });

  it('leaves the step alone for a company without it, and apply catches up once the step is added', async () => {
    const { customer, company, google, mail, criteo } = await fixture('Rules no step', ['google_analytics', 'sources']);
    for (const [source, r] of [[google, rule(['equal', 'google'])], [mail, rule(['equal', 'newsletter'])], [criteo, rule(['equal', 'criteo'])]] as const) {
      expect((await customer.post('/api/traffic-rules', { source, rule: r })).body.stepStatus).toBeNull();
    }
    const admin = await signedIn(stack.url, await makeUser('ROLE_ADMIN', company));
    const current = await admin.get('/api/users/find-current-company');
    const added = await admin.request('PUT', `/api/companies/${company.id}`, { json: { version: current.body.version, integrationSteps: [...STEPS] } });
    expect(added.status, JSON.stringify(added.body)).toBe(200);

    await relinked(customer);
    const rulesBefore = (await customer.get('/api/traffic-rules')).body;
    const applied = await customer.post('/api/traffic-rules/apply', { source: google, rule: rule(['equal', 'yahoo']) });
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({ stepStatus: 'done', aggregates: { unlinkedUtms: 0 }, withRule: { unlinkedUtms: 0, totalUtms: 4 } });
    expect((await customer.get('/api/traffic-rules')).body).toEqual(rulesBefore);
    expect(await teamMails(company)).toHaveLength(1);
  });

  it('apply previews a draft rule without writing it', async () => {
    const { customer, company, google } = await fixture('Rules apply');
    const before = await partition(company);
    const applied = await customer.post('/api/traffic-rules/apply', { source: google, rule: rule(['equal', 'google']) });
    expect(applied.body).toEqual({
      aggregates: { unlinkedUtms: 4, unlinkedSessions: 5005, totalSessions: 5005, totalUtms: 4 },
      withRule: { unlinkedUtms: 2, unlinkedSessions: 405, totalSessions: 5005, totalUtms: 4 },
      stepStatus: 'TBD',
    });
    expect(await partition(company)).toBe(before);
    expect((await customer.post('/api/traffic-rules/apply', { source: google, rule: rule(['any', '']) })).status).toBe(400);
  });
});

describe('rules that contradict each other', () => {
  const rulesOf = async (client: Browser) => (await client.get('/api/traffic-rules')).body.rules as Array<{ sourceId: string }>;

  it('refuses the same rule again (case and spaces aside, any source) with a 409 naming the existing rule', async () => {
    const { customer, company, google, criteo } = await fixture('Rules duplicate');
    expect((await customer.post('/api/traffic-rules', { source: google, rule: rule(['equal', 'google'], ['equal', 'cpc']) })).status).toBe(201);
    const before = await partition(company);
    for (const [source, acceptOverlap] of [[google, false], [criteo, true]] as const) {
      const again = await customer.post('/api/traffic-rules', { source, rule: rule(['equal', ' GOOGLE '], ['equal', 'CPC']), acceptOverlap });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: 'conflict', errors: { rule: 'validation.utm.duplicate' } });
      expect(again.body.message).toBe('This UTM rule exists already (source "Google Ads": utmSource equal "google", utmMedium equal "cpc", utmCampaign any)');
    }
    expect(await partition(company)).toBe(before);
    // Another type or value is another rule.
    expect((await customer.post('/api/traffic-rules', { source: google, rule: rule(['equal', 'google'], ['contains', 'cpc']) })).status).toBe(201);
  });

  it('refuses a rule linking traffic another source links unless the request accepts the overlap', async () => {
    const { customer, company, google, mail, criteo } = await fixture('Rules overlap');
    expect((await customer.post('/api/traffic-rules', { source: google, rule: rule(['equal', 'google'], ['any', ''], ['equal', 'brand']) })).status).toBe(201);
    // The same source may cover its own traffic twice; traffic no rule links yet is no overlap.
    expect((await customer.post('/api/traffic-rules', { source: google, rule: rule(['contains', 'goo']) })).status).toBe(201);
    expect((await customer.post('/api/traffic-rules', { source: criteo, rule: rule(['equal', 'criteo']) })).status).toBe(201);
    const before = await partition(company);
    const overlapping = { source: mail, rule: rule(['any', ''], ['equal', 'cpc']) };
    for (const body of [overlapping, { ...overlapping, acceptOverlap: false }]) {
      const refused = await customer.post('/api/traffic-rules', body);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: 'conflict', errors: { rule: 'validation.utm.overlap' } });
      expect(refused.body.message).toContain('2 traffic combination(s) would be linked to two sources');
      expect(refused.body.message).toContain('"Google Ads"');
    }
    expect((await customer.post('/api/traffic-rules', { ...overlapping, acceptOverlap: 'yes' })).status).toBe(400);
    // The page asks the same check before sending, over every rule (it shows a page of them): the match answers it for the draft's source.
    const asked = await customer.post('/api/traffic/match', { rule: overlapping.rule, source: mail });
    expect(asked.status).toBe(200);
    expect(asked.body.overlap.map((row: { utmCampaign: string; sourceIds: string[] }) => [row.utmCampaign, row.sourceIds])).toEqual([
      ['generic', [google]],
      ['brand', [google]],
    ]);
    expect(asked.body.overlapSources).toEqual([{ id: google, name: 'Google Ads' }]);
    // Google's own source: its rules are no overlap; without a source nothing is asked.
    expect((await customer.post('/api/traffic/match', { rule: overlapping.rule, source: google })).body.overlap).toEqual([]);
    expect((await customer.post('/api/traffic/match', { rule: overlapping.rule })).body.overlap).toBeUndefined();
    expect(await partition(company)).toBe(before);
    const accepted = await customer.post('/api/traffic-rules', { ...overlapping, acceptOverlap: true });
    expect(accepted.status).toBe(201);
    expect((await rulesOf(customer)).filter((r) => r.sourceId === mail)).toHaveLength(1);
  });

  it('finds an overlap on a far page of a utmSource’s combinations, by the indexes and not the company’s whole traffic', async () => {
    const { customer, company, google, mail } = await fixture('Rules overlap far');
    // 1,100 combinations of one utmSource: its index is read 1,000 rows at a time; the one sorted last is on the second page.
    const stored = await putTraffic(company.id, Array.from({ length: 1100 }, (_, i) => ({ utmSource: 'far', utmMedium: 'cpc', utmCampaign: `c-${i}`, sessions: 1 + i })));
    const last = stored.reduce((a, b) => (a.id > b.id ? a : b));
    expect((await customer.post('/api/traffic-rules', { source: google, rule: rule(['equal', 'FAR '], ['any', ''], ['equal', last.utmCampaign]) })).status).toBe(201);
    const refused = await customer.post('/api/traffic-rules', { source: mail, rule: rule(['equal', 'far'], ['equal', 'cpc']) });
    expect(refused.status).toBe(409);
    expect(refused.body.errors).toEqual({ rule: 'validation.utm.overlap' });
    expect(refused.body.message).toContain(`1 traffic combination(s) would be linked to two sources, e.g. utmSource equal "far", utmMedium equal "cpc", utmCampaign equal "${last.utmCampaign}" (already linked to "Google Ads")`);
    // The preview of the draft answers the same overlap.
    expect((await customer.post('/api/traffic/match', { rule: rule(['equal', 'far'], ['equal', 'cpc']), source: mail })).body).toMatchObject({ utms: 1100, overlap: [{ utmCampaign: last.utmCampaign, sourceIds: [google] }] });
  }, 180_000); // 1,100 combinations written on a busy machine: no timing asserted, only room given
});

describe('DELETE /api/traffic-rules/{id}', () => {
  it('deletes on the version read, unlinks its traffic; another company cannot delete it even with its id', async () => {
    const { customer, company, google } = await fixture('Rules delete');
    const other = await fixture('Rules delete other');
    const created = (await customer.post('/api/traffic-rules', { source: google, rule: rule(['equal', 'google']) })).body.rule;
    const before = await partition(company);

    const foreign = await other.customer.request('DELETE', `/api/traffic-rules/${created.id}`, { json: { version: 1, company: company.id, companyId: company.id } });
    expect(foreign.status).toBe(404);
    expect(JSON.stringify((await other.customer.get('/api/traffic-rules')).body)).not.toContain(created.id);
    expect(await partition(company)).toBe(before);

    expect((await customer.request('DELETE', `/api/traffic-rules/${created.id}`, { json: { version: 2 } })).status).toBe(409);
    expect((await customer.request('DELETE', `/api/traffic-rules/${created.id}`, { json: {} })).body.errors).toEqual({ version: 'validation.required' });
    expect(await partition(company)).toBe(before);

    const [a, b] = await Promise.all([
      customer.request('DELETE', `/api/traffic-rules/${created.id}`, { json: { version: 1 } }),
      customer.request('DELETE', `/api/traffic-rules/${created.id}`, { json: { version: 1 } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 404]);
    expect((await customer.get('/api/traffic-rules')).body.rules).toEqual([]);
    expect((await relinked(customer)).unlinkedUtms).toBe(4);
  });

  it('answers the rule list with an empty source name once its source is gone', async () => {
    const { customer, company, mail } = await fixture('Rules orphan');
    await customer.post('/api/traffic-rules', { source: mail, rule: rule(['equal', 'newsletter']) });
    const { DeleteCommand } = await import('@aws-sdk/lib-dynamodb');
    await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.source(company.id, mail) }));
    expect((await customer.get('/api/traffic-rules')).body.rules[0]).toMatchObject({ sourceId: mail, source: '' });
  });
});

describe('GET /api/traffic: a page at a time (issue 30, the big advertiser)', () => {
  const many = (n: number, sessions: (i: number) => number) =>
    Array.from({ length: n }, (_, i) => ({ utmSource: `src${i}`, utmMedium: i % 2 ? 'cpc' : 'email', utmCampaign: `c${i}`, sessions: sessions(i) }));
  const ids = (answer: { body: { rows: Array<{ utmSource: string }> } }) => answer.body.rows.map((r) => r.utmSource);

  it('pages by sessions through ties without repeats, even when a combination goes between pages; counts the whole traffic', async () => {
    const company = await makeCompany('Traffic pages');
    // Ten combinations of 7 sessions each (a tie the id breaks), five of 100.
    await putTraffic(company.id, [...many(10, () => 7), ...many(15, (i) => i).slice(10).map((r) => ({ ...r, sessions: 100 }))]);
    const customer = await signedIn(stack.url, await makeUser('ROLE_USER', company));
    const first = await customer.get('/api/traffic?limit=4');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ unlinkedUtms: 15, totalUtms: 15, totalSessions: 570 });
    expect(first.body.rows).toHaveLength(4);
    expect(first.body.rows.every((r: { sessions: number }) => r.sessions === 100)).toBe(true);
    const seen = [...ids(first)];
    // One shown on the next page is gone before it is read (an import without it).
    const later = await customer.get(`/api/traffic?limit=4&cursor=${first.body.next}`);
    const gone = later.body.rows[2].utmSource as string;
    const all = [...many(10, () => 7), ...many(15, (i) => i).slice(10).map((r) => ({ ...r, sessions: 100 }))];
    await replaceTraffic(company.id, all.filter((r) => r.utmSource !== gone));
    let cursor = first.body.next as string | null;
    while (cursor) {
      const page = await customer.get(`/api/traffic?limit=4&cursor=${cursor}`);
      expect(page.status).toBe(200);
      seen.push(...ids(page));
      cursor = page.body.next;
    }
    expect(seen).not.toContain(gone);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(14);
    // Ascending: the ties first, in the same tie order as descending reversed.
    const asc = await customer.get('/api/traffic?dir=asc&limit=50');
    expect(ids(asc)).toEqual([...seen].reverse());
  });

  it('refuses a cursor of another query or company, a search over 128 characters; takes 128 and markup as text', async () => {
    const { customer } = await fixture('Traffic cursors');
    const other = await fixture('Traffic cursors other');
    const first = await customer.get('/api/traffic?limit=1');
    expect(first.body.next).toEqual(expect.any(String));
    for (const query of [`dir=asc&cursor=${first.body.next}`, `q=google&cursor=${first.body.next}`, `linked=linked&cursor=${first.body.next}`]) {
      const refused = await customer.get(`/api/traffic?limit=1&${query}`);
      expect(refused.status, query).toBe(400);
      expect(refused.body.message).toMatch(/cursor/);
    }
    expect((await other.customer.get(`/api/traffic?limit=1&cursor=${first.body.next}`)).status).toBe(400);
    expect((await customer.get(`/api/traffic?q=${'g'.repeat(129)}`)).status).toBe(400);
    const long = await customer.get(`/api/traffic?q=${'g'.repeat(128)}`);
    expect(long.status).toBe(200);
    expect(long.body.rows).toEqual([]);
    const markup = await customer.get(`/api/traffic?q=${encodeURIComponent('<script>alert(1)</script>')}`);
    expect(markup.status).toBe(200);
    expect(markup.body.rows).toEqual([]);
    expect(ids(await customer.get('/api/traffic?q=GOOG'))).toEqual(['google', 'google']);
    expect((await customer.get('/api/traffic?linked=maybe')).status).toBe(400);
  });

  it('keeps each combination’s link state as rules and sources come and go', async () => {
    const { customer, google, mail } = await fixture('Traffic links');
    const linkedNow = async () => relinked(customer, '?linked=linked').then((answer) => answer.rows.map((row) => row.utmSource));
    const created = await customer.post('/api/traffic-rules', { source: google, rule: rule(['equal', 'google']) });
    expect(created.status).toBe(201);
    expect(await linkedNow()).toEqual(['google', 'google']);
    expect(await relinked(customer)).toMatchObject({ unlinkedUtms: 2, unlinkedSessions: 405, totalSessions: 5005, totalUtms: 4 });
    expect(ids(await customer.get('/api/traffic?linked=unlinked'))).toEqual(['Newsletter', 'criteo']);
    // A second rule of another source on the same traffic: the first keeps it; deleting the first hands it over.
    const overlapping = await customer.post('/api/traffic-rules', { source: mail, rule: rule(['any', ''], ['equal', 'cpc']), acceptOverlap: true });
    expect(overlapping.status).toBe(201);
    const removed = await customer.request('DELETE', `/api/traffic-rules/${created.body.rule.id}`, { json: { version: 1 } });
    expect(removed.status).toBe(200);
    expect(await linkedNow()).toEqual(['google', 'google']);
    // The source's deletion takes its rules: their traffic is unlinked.
    expect((await customer.request('DELETE', `/api/sources/${mail}`, { json: { version: 1 } })).status).toBe(200);
    expect(await linkedNow()).toEqual([]);
    expect(await relinked(customer)).toMatchObject({ unlinkedUtms: 4, unlinkedSessions: 5005 });
  });
});

describe('GET /api/traffic-rules: a page at a time', () => {
  it('pages by creation, searches the values, filters by source; a cursor of another query is refused; a source’s deletion takes its rows', async () => {
    const { customer, google, mail } = await fixture('Rule pages');
    for (const [source, value] of [[google, 'a1'], [mail, 'b2'], [google, 'a3'], [mail, 'b4'], [google, '<b>a5</b>']] as const) {
      expect((await customer.post('/api/traffic-rules', { source, rule: rule(['equal', value]) })).status).toBe(201);
    }
    const values = (answer: { body: { rules: Array<{ rule: Array<{ value: string }> }> } }) => answer.body.rules.map((r) => r.rule[0]!.value);
    const first = await customer.get('/api/traffic-rules?limit=2');
    expect(values(first)).toEqual(['a1', 'b2']);
    const second = await customer.get(`/api/traffic-rules?limit=2&cursor=${first.body.next}`);
    expect(values(second)).toEqual(['a3', 'b4']);
    expect(values(await customer.get('/api/traffic-rules?dir=desc&limit=1'))).toEqual(['<b>a5</b>']);
    expect(values(await customer.get(`/api/traffic-rules?source=${mail}`))).toEqual(['b2', 'b4']);
    expect(values(await customer.get(`/api/traffic-rules?q=${encodeURIComponent('<B>A5')}`))).toEqual(['<b>a5</b>']);
    expect((await customer.get(`/api/traffic-rules?q=${'x'.repeat(128)}`)).body.rules).toEqual([]);
    expect((await customer.get(`/api/traffic-rules?q=${'x'.repeat(129)}`)).status).toBe(400);
    const refused = await customer.get(`/api/traffic-rules?dir=desc&limit=2&cursor=${first.body.next}`);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/cursor/);
    expect((await customer.request('DELETE', `/api/sources/${mail}`, { json: { version: 1 } })).status).toBe(200);
    expect(values(await customer.get('/api/traffic-rules'))).toEqual(['a1', 'a3', '<b>a5</b>']);
  });
});
