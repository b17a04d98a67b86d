import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SANDBOX_DENIED_MESSAGE, SANDBOX_PROPERTIES } from '../../functions/core/analytics/sandbox-provider';
import { getCompany, type CompanyRecord } from '../../functions/data/companies';
import { keys } from '../../functions/data/keys';
import { db, tableName } from '../../functions/data/table';
import { listTraffic, putTraffic } from '../../functions/data/traffic';
import { putNewRule } from '../../functions/data/traffic-rules';
import type { AccessCheckAnswer, DimensionCheckAnswer } from '../../shared/domain/analytics';
import type { StepType } from '../../shared/domain/types';
import { mailsTo } from '../support/mailbox';
import { localStack, useLocalEnv } from '../support/local-stack';
import { makeCompany, makeUser, signedIn } from './helpers/accounts';
import type { Browser } from './helpers/browser';

/**
 * The analytics checks through the local gateway with the sandbox provider (property ids:
 * functions/core/analytics/sandbox-provider.ts): POST /api/analytics/access, /utms, /dimension, /events.
 */

let stack: ReturnType<typeof localStack>;

beforeAll(() => {
  useLocalEnv();
  stack = localStack();
});

const STEPS: StepType[] = ['google_analytics', 'ga_access', 'ga_dimension', 'sources'];
/**
 * Each test's own sandbox properties: a View ID belongs to the company that stored it, and the
 * sandbox reads 100001nnnn as 100001 (sandbox-provider.ts).
 */
let P: Record<keyof typeof SANDBOX_PROPERTIES, string> = { ...SANDBOX_PROPERTIES };
let propertySet = 0;
beforeEach(() => {
  propertySet++;
  P = Object.fromEntries(Object.entries(SANDBOX_PROPERTIES).map(([name, id]) => [name, `${id}${String(propertySet).padStart(4, '0')}`])) as typeof P;
});

async function fixture(name: string): Promise<{ company: CompanyRecord; customer: Browser }> {
  const company = await makeCompany(name, { integrationSteps: STEPS });
  const customer = await signedIn(stack.url, await makeUser('ROLE_USER', company));
  return { company, customer };
}

const access = (client: Browser, view_id: unknown, path = '/api/analytics/access') => client.post<AccessCheckAnswer & { code: unknown }>(path, { view_id });
const dimension = (client: Browser, body: Record<string, unknown>) => client.post<DimensionCheckAnswer>('/api/analytics/dimension', body);
const events = (client: Browser, body: Record<string, unknown>) => client.post<DimensionCheckAnswer>('/api/analytics/events', body);

const statusOf = async (client: Browser, stepType: StepType): Promise<string | undefined> =>
  (await client.get('/api/integration-status')).body.steps.find((s: { stepType: string }) => s.stepType === stepType)?.status;
const teamMails = async (company: CompanyRecord, step: string) =>
  (await mailsTo(stack.endpoints.ses, stack.env.INTEGRATION_MAILBOX)).filter((mail) => mail.subject === `${company.name}: step ${step} completed`);
const stored = async (company: CompanyRecord) => {
  const now = await getCompany(company.id);
  return { viewId: now?.viewId ?? null, dimensionIndex: now?.dimensionIndex ?? null };
};
const trafficOf = async (company: CompanyRecord) =>
  (await listTraffic(company.id)).map((r) => `${r.utmSource}/${r.utmMedium}/${r.utmCampaign}=${r.sessions}`).sort();

async function partition(company: CompanyRecord, { lastChecks = false } = {}): Promise<string> {
  const { Items } = await db().send(
    new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.companyPartition(company.id) }, ConsistentRead: true }),
  );
  // An answered check keeps what it showed (the cards of a page opened later): `lastChecks` keeps those items.
  return JSON.stringify((Items ?? []).filter((item) => lastChecks || !String(item.sk).startsWith(keys.lastAnalyticsCheckPrefix)));
}

describe('POST /api/analytics/access', () => {
  it('a refused property is an answer with Google’s message: nothing stored but the card it showed, no step, no mail', async () => {
    const { company, customer } = await fixture('GA denied');
    const before = await partition(company);
    for (const id of [P.denied, P.unknown, '987654321']) {
      const answer = await access(customer, id);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ code: 403, errors: [{ message: SANDBOX_DENIED_MESSAGE }], total: null, property: null, viewIdStored: false, trafficImported: null, otherResource: null });
    }
    expect(await partition(company)).toBe(before);
    expect((await customer.get<{ analytics: unknown }>('/api/integration-status')).body.analytics).toMatchObject({ access: { result: 'denied' }, dimension: null });
    expect(await statusOf(customer, 'ga_access')).toBe('TBD');
    expect(await teamMails(company, 'Google Analytics access')).toHaveLength(0);
  });

  it('the first granted check stores the view id, imports the UTM traffic (replacing the last import, keeping rules) and completes ga_access once', async () => {
    const { company, customer } = await fixture('GA granted');
    const other = await fixture('GA bystander');
    await putTraffic(company.id, [{ utmSource: 'stale', utmMedium: 'cpc', utmCampaign: 'old', sessions: 5 }]);
    await putTraffic(other.company.id, [{ utmSource: 'theirs', utmMedium: 'cpc', utmCampaign: 'x', sessions: 9 }]);
    const ruleId = randomUUID();
    await putNewRule({
      id: ruleId,
      companyId: company.id,
      sourceId: randomUUID(),
      rule: [{ type: 'equal', utm: 'utmSource', value: 'google' }, { type: 'any', utm: 'utmMedium', value: '' }, { type: 'any', utm: 'utmCampaign', value: '' }],
      version: 1,
      created: new Date().toISOString(),
    } as Parameters<typeof putNewRule>[0]);
    const otherBefore = await partition(other.company);

    const first = await access(customer, P.success);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      code: 200,
      errors: [],
      total: 20000,
      property: { id: P.success, name: 'Sandbox shop (set up well)' },
      viewIdStored: true,
      trafficImported: 6,
      otherResource: null,
    });
    expect(await stored(company)).toEqual({ viewId: P.success, dimensionIndex: null });
    expect(await trafficOf(company)).toEqual([
      '(direct)/(none)/(direct)=4100',
      'bing/cpc/brand=800',
      'facebook/paid_social/spring_sale=2300',
      'google/cpc/brand=6200',
      'google/organic/(organic)=5400',
      'newsletter/email/weekly_42=1200',
    ]);
    expect(await partition(company)).toContain(ruleId);
    expect(await statusOf(customer, 'ga_access')).toBe('done');
    expect(await statusOf(customer, 'google_analytics')).toBe('TBD');

    // Again, with another granted property: granted, but it is not the company's: the stored view id stays, nothing is imported.
    const second = await access(customer, P.low);
    expect(second.body).toMatchObject({ code: 200, errors: [], total: 10000, viewIdStored: false, trafficImported: null, otherResource: { kind: 'viewId', stored: P.success } });
    expect(await stored(company)).toEqual({ viewId: P.success, dimensionIndex: null });
    expect(await trafficOf(company)).toHaveLength(6);

    expect(await teamMails(company, 'Google Analytics access')).toHaveLength(1);
    expect(await partition(other.company)).toBe(otherBefore);
  });

  it('two first checks at once store the view id and import once, and mail the team once', async () => {
    const { company, customer } = await fixture('GA race');
    const answers = await Promise.all([access(customer, P.success), access(customer, P.low)]);
    expect(answers.map((a) => a.body.code)).toEqual([200, 200]);
    expect(answers.filter((a) => a.body.viewIdStored)).toHaveLength(1);
    const winner = answers.find((a) => a.body.viewIdStored)!;
    const { viewId } = await stored(company);
    expect(viewId).toBe(winner.body.property?.id);
    expect(await trafficOf(company)).toHaveLength(viewId === P.success ? 6 : 3);
    expect(await teamMails(company, 'Google Analytics access')).toHaveLength(1);
  });

  it('a granted property without traffic is still granted (and imports no row)', async () => {
    const { company, customer } = await fixture('GA empty');
    const answer = await access(customer, P.zeroTraffic);
    expect(answer.body).toMatchObject({ code: 200, errors: [], total: 0, viewIdStored: true, trafficImported: 0 });
    expect(await trafficOf(company)).toEqual([]);
  });
});

describe('POST /api/analytics/utms (the UTM page\'s "Import again")', () => {
  it('re-imports the stored property: total = rows, previous rows replaced, the time kept; another View ID imports nothing', async () => {
    const { company, customer } = await fixture('GA utms');
    await access(customer, P.success);
    await putTraffic(company.id, [{ utmSource: 'stale', utmMedium: 'cpc', utmCampaign: 'old', sessions: 5 }]);
    expect(await trafficOf(company)).toHaveLength(7);
    const before = (await customer.get<{ imported: { at: string } }>('/api/traffic')).body.imported!.at;

    const answer = await access(customer, P.success, '/api/analytics/utms');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ code: 200, errors: [], total: 6, trafficImported: 6, otherResource: null });
    expect(await trafficOf(company)).toHaveLength(6);
    const listed = (await customer.get<{ imported: { at: string; rows: number }; viewId: string }>('/api/traffic')).body;
    expect(listed).toMatchObject({ imported: { rows: 6 }, viewId: P.success });
    expect(listed.imported.at >= before).toBe(true);

    const other = await access(customer, P.low, '/api/analytics/utms');
    expect(other.body).toMatchObject({ code: 200, trafficImported: null, otherResource: { kind: 'viewId', stored: P.success } });
    expect(await trafficOf(company)).toHaveLength(6);
  });

  it('a refusal of the stored property is the answer with Google\'s words, nothing changed; no View ID stored: 400, the access check first', async () => {
    const company = await makeCompany('GA utms denied', { integrationSteps: STEPS, viewId: P.denied });
    const customer = await signedIn(stack.url, await makeUser('ROLE_USER', company));
    await putTraffic(company.id, [{ utmSource: 'kept', utmMedium: 'cpc', utmCampaign: 'x', sessions: 5 }]);
    const denied = await access(customer, P.denied, '/api/analytics/utms');
    expect(denied.body).toMatchObject({ code: 403, errors: [{ message: SANDBOX_DENIED_MESSAGE }], total: null });
    expect(await trafficOf(company)).toEqual(['kept/cpc/x=5']);
    expect((await customer.get('/api/traffic')).body.imported).toBeNull();

    const fresh = await fixture('GA utms none');
    const none = await access(fresh.customer, P.success, '/api/analytics/utms');
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual({ view_id: 'validation.analytics.accessFirst' });
    expect(await trafficOf(fresh.company)).toEqual([]);
  });
});

describe('POST /api/analytics/dimension and /events', () => {
  it('low coverage: both figures with their counts, the View ID and the index stored the first time, the step not done', async () => {
    const { company, customer } = await fixture('GA low');
    const answer = await dimension(customer, { view_id: P.low, dimension: '1' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      code: 200,
      errors: [],
      method: 'dimension',
      dimension: { index: 1, apiName: 'customEvent:client_id', parameterName: 'client_id', displayName: 'client_id', scope: 'EVENT' },
      sessions: { percent: 70, withDimension: 7000, total: 10000 },
      transactions: { percent: 50, withDimension: 100, total: 200 },
      events: null,
      non_standard_format: null,
      dimensionIndexStored: true,
      otherResource: null,
    });
    expect(await stored(company)).toEqual({ viewId: P.low, dimensionIndex: '1' });
    // A View ID stored by any check imports its traffic (utm_rules completes from it).
    expect(await trafficOf(company)).toHaveLength(3);
    expect(await statusOf(customer, 'ga_dimension')).toBe('TBD');
  });

  it('events method: sessions and events figures, unique count and example labels; done at 95%', async () => {
    const { company, customer } = await fixture('GA events');
    const answer = await events(customer, { view_id: P.success, dimension: '1', event_action: 'purchase' });
    expect(answer.body).toMatchObject({
      code: 200,
      method: 'events',
      transactions: null,
      sessions: { percent: 98.5 },
      events: { percent: 99, withDimension: 396, total: 400, unique: 395 },
    });
    expect(answer.body.events?.items).toHaveLength(10);
    expect(answer.body.events?.items[0]).toEqual({ label: expect.stringMatching(/^\d+\.\d+$/), count: 2 });
    expect(await statusOf(customer, 'ga_dimension')).toBe('done');
    expect(await teamMails(company, 'Google Analytics custom dimension')).toHaveLength(1);
  });

  it('non-standard values: the first 10 with their sessions, and how many there are', async () => {
    const { customer } = await fixture('GA format');
    const answer = await dimension(customer, { view_id: P.nonStandard, dimension: '1' });
    expect(answer.body.code).toBe(200);
    expect(answer.body.non_standard_format?.total).toBe(12);
    expect(answer.body.non_standard_format?.items).toHaveLength(10);
    expect(answer.body.non_standard_format?.items[0]).toEqual({ value: 'GA1.2.0', sessions: 40 });
  });

  it('unknown index: code 404 with a clear message; refused property: code 403; zero traffic: missing figures, nothing stored', async () => {
    const { company, customer } = await fixture('GA errors');
    const unknown = await dimension(customer, { view_id: P.success, dimension: '3' });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toMatchObject({ code: 404, errors: [{ message: 'Custom dimension 3 does not exist: the property has 2 custom dimensions (1 to 2).' }], dimension: null });

    const denied = await events(customer, { view_id: P.denied, dimension: '1', event_action: 'purchase' });
    expect(denied.body).toMatchObject({ code: 403, errors: [{ message: SANDBOX_DENIED_MESSAGE }], sessions: null, events: null });

    const empty = await dimension(customer, { view_id: P.zeroTraffic, dimension: '1' });
    expect(empty.body).toMatchObject({ code: 200, errors: [], sessions: { percent: null, total: 0 }, transactions: { percent: null, total: 0 }, dimensionIndexStored: false });
    expect(await stored(company)).toEqual({ viewId: null, dimensionIndex: null });
    expect(await statusOf(customer, 'ga_dimension')).toBe('TBD');
  });
});

describe('a check of another property or dimension than the stored ones (functions/core/integration/own-resource.ts)', () => {
  const companyMails = async (company: CompanyRecord) =>
    (await mailsTo(stack.endpoints.ses, stack.env.INTEGRATION_MAILBOX)).filter((mail) => mail.subject.startsWith(`${company.name}:`));

  it('stored View ID 100002 (denied): checks that pass on 100005 or 100001 answer their figures, say so, change no step, store nothing, mail nobody', async () => {
    const company = await makeCompany('GA not ours', { integrationSteps: STEPS, viewId: P.denied, dimensionIndex: '1' });
    const customer = await signedIn(stack.url, await makeUser('ROLE_USER', company));
    const before = await partition(company, { lastChecks: true });
    const notOurs = { kind: 'viewId', stored: P.denied };

    const onOther = await dimension(customer, { view_id: P.nonStandard, dimension: '1' });
    expect(onOther.body).toMatchObject({ code: 200, sessions: { percent: 98 }, dimensionIndexStored: false, otherResource: notOurs });
    expect((await events(customer, { view_id: P.success, dimension: '1', event_action: 'purchase' })).body).toMatchObject({ code: 200, events: { percent: 99 }, otherResource: notOurs });
    expect((await access(customer, P.success)).body).toMatchObject({ code: 200, viewIdStored: false, trafficImported: null, otherResource: notOurs });
    // A refused check of another property says so too.
    expect((await access(customer, P.unknown)).body).toMatchObject({ code: 403, otherResource: notOurs });

    for (const step of STEPS) expect(await statusOf(customer, step), step).toBe('TBD');
    expect(await partition(company, { lastChecks: true })).toBe(before);
    expect(await companyMails(company)).toEqual([]);

    // The company's own (denied) property: its answer, no "other" note, the card it showed.
    expect((await access(customer, P.denied)).body).toMatchObject({ code: 403, otherResource: null });
    expect((await customer.get<{ analytics: unknown }>('/api/integration-status')).body.analytics).toMatchObject({ access: { result: 'denied' } });
  });

  it('stored dimension 2: a success on dimension 1 changes nothing; the stored one completes the steps, one mail each', async () => {
    const company = await makeCompany('GA other dimension', { integrationSteps: STEPS, viewId: P.success, dimensionIndex: '2' });
    const customer = await signedIn(stack.url, await makeUser('ROLE_USER', company));
    const other = await dimension(customer, { view_id: P.success, dimension: '1' });
    expect(other.body).toMatchObject({ code: 200, dimension: { index: 1 }, otherResource: { kind: 'dimensionIndex', stored: '2' } });
    expect(await statusOf(customer, 'ga_dimension')).toBe('TBD');
    expect(await companyMails(company)).toEqual([]);

    const own = await dimension(customer, { view_id: P.success, dimension: '2' });
    expect(own.body).toMatchObject({ code: 200, otherResource: null, dimensionIndexStored: false });
    expect(await statusOf(customer, 'ga_dimension')).toBe('done');
    expect(await statusOf(customer, 'google_analytics')).toBe('done');
    expect(await stored(company)).toEqual({ viewId: P.success, dimensionIndex: '2' });
    expect(await teamMails(company, 'Google Analytics custom dimension')).toHaveLength(1);
    expect(await teamMails(company, 'Google Analytics')).toHaveLength(1);
  });
});

describe('bad input', () => {
  type Case = [path: string, body: Record<string, unknown>, field: string, message: string | undefined];
  const cases: Case[] = [
    ['/api/analytics/access', {}, 'view_id', 'validation.required'],
    ['/api/analytics/access', { view_id: '1234' }, 'view_id', 'validation.analytics.viewIdTooShort'],
    ['/api/analytics/access', { view_id: '12a456' }, 'view_id', 'validation.analytics.viewIdNumeric'],
    ['/api/analytics/access', { view_id: '9'.repeat(5000) }, 'view_id', 'validation.analytics.viewIdNumeric'],
    ['/api/analytics/access', { view_id: ['100001'] }, 'view_id', undefined],
    ['/api/analytics/access', { view_id: { $gt: '' } }, 'view_id', undefined],
    ['/api/analytics/access', { view_id: null }, 'view_id', 'validation.required'],
    ['/api/analytics/utms', { view_id: true }, 'view_id', undefined],
    ['/api/analytics/dimension', { view_id: '100001' }, 'dimension', 'validation.required'],
    ['/api/analytics/dimension', { view_id: '100001', dimension: '0' }, 'dimension', 'validation.analytics.dimensionNumeric'],
    ['/api/analytics/dimension', { view_id: '100001', dimension: '1e3' }, 'dimension', 'validation.analytics.dimensionNumeric'],
    ['/api/analytics/dimension', { view_id: '100001', dimension: '99999999' }, 'dimension', 'validation.analytics.dimensionNumeric'],
    ['/api/analytics/events', { view_id: '100001', dimension: '1' }, 'event_action', 'validation.analytics.eventActionRequired'],
    ['/api/analytics/events', { view_id: '100001', dimension: '1', event_action: 'x'.repeat(10_000) }, 'event_action', 'validation.analytics.eventActionInvalid'],
    ['/api/analytics/events', { view_id: '100001', dimension: '1', event_action: "purchase' OR 1=1" }, 'event_action', 'validation.analytics.eventActionInvalid'],
  ];
  // Short titles: some bodies are thousands of characters.
  it.each(cases.map(([path, body, field, message]) => [path, JSON.stringify(body).slice(0, 60), body, field, message] as const))(
    '%s %s: 400 on %s',
    async (path, _title, body, field, message) => {
      const { company, customer } = await fixture('GA input');
      const before = await partition(company, { lastChecks: true });
      const answer = await customer.post<{ code: string; errors: Record<string, string> }>(path, body);
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('validation');
      expect(Object.keys(answer.body.errors)).toContain(field);
      if (message) expect(answer.body.errors[field]).toBe(message);
      expect(await partition(company, { lastChecks: true })).toBe(before);
    },
  );

  it('another company’s stored View ID is refused by every check and the feed check, before Google is asked', async () => {
    const owner = await fixture('View owner');
    expect((await access(owner.customer, P.success)).body).toMatchObject({ code: 200, viewIdStored: true });
    const other = await fixture('View guesser');
    const before = await partition(other.company);
    const refusals = [
      await access(other.customer, P.success),
      await access(other.customer, P.success, '/api/analytics/utms'),
      await dimension(other.customer, { view_id: P.success, dimension: '1' }),
      await events(other.customer, { view_id: P.success, dimension: '1', event_action: 'purchase' }),
      await other.customer.post('/api/order-feed/check', { view_id: P.success, type: 'xml', feed_url: 'https://feeds.example/orders.xml' }),
    ];
    for (const answer of refusals) {
      expect(answer.status).toBe(400);
      expect((answer.body as { errors: unknown }).errors).toEqual({ view_id: 'validation.analytics.viewIdTaken' });
      expect(JSON.stringify(answer.body)).not.toContain('Sandbox shop');
    }
    expect(await partition(other.company)).toBe(before);
    // The owner keeps checking it.
    expect((await dimension(owner.customer, { view_id: P.success, dimension: '1' })).body).toMatchObject({ code: 200 });
  });

  it('signed-out callers get 401', async () => {
    const answer = await fetch(`${stack.url}/api/analytics/access`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ view_id: P.success }) });
    expect(answer.status).toBe(401);
  });
});
