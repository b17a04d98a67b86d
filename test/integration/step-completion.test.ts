import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SANDBOX_PROPERTIES } from '../../functions/core/analytics/sandbox-provider';
import { getCompanyRecord, type CompanyRecord } from '../../functions/data/companies';
import { runLocalFeedRecheck } from '../../localstack/job-feeds';
import type { AccessCheckAnswer, DimensionCheckAnswer } from '../../shared/domain/analytics';
import type { Company, IntegrationStatus, StepType } from '../../shared/domain/types';
import type { TrafficListAnswer } from '../../shared/domain/utm-matching';
import { hasCriticalWarning } from '../../shared/feed/critical';
import { cleanRecords, feedText, xmlChunks } from '../../shared/feed/testing/generate';
import { localStack, useLocalEnv } from '../support/local-stack';
import { mailsTo } from '../support/mailbox';
import { makeCompany, makeUser, signedIn } from './helpers/accounts';
import type { Browser } from './helpers/browser';
import { relinked } from './helpers/traffic';
import { closeServer, feedServer, finished, startCheck } from './helpers/order-feed';

/**
 * Issue 29: a step must never be impossible to finish. For each starting point a company can have
 * (created by an administrator with its View ID, dimension index or feed URL, with or without the
 * hidden steps, its product changed after creation, instruction steps, commissions), every step of
 * that company reaches "done" through the portal's own calls, as its pages make them: no
 * repository write, no seeded traffic. The analytics tool is the sandbox provider.
 */

let stack: ReturnType<typeof localStack>;
let admin: Browser;
let server: Awaited<ReturnType<typeof feedServer>>;
const now = new Date();
const orderFeed = feedText(xmlChunks(cleanRecords({ now, orders: 60, seed: 29 })));
const leadFeed = feedText(xmlChunks(cleanRecords({ now, orders: 60, seed: 29, kind: 'lead' }), 'lead'));
const feedUrl = (path: string) => `http://127.0.0.1:${inject('feedServerPort')}${path}`;

beforeAll(async () => {
  useLocalEnv();
  stack = localStack();
  admin = await signedIn(stack.url, await makeUser('ROLE_ADMIN', await makeCompany('Completion team')));
  server = await feedServer(inject('feedServerPort'), (req, res) => {
    const path = (req.url ?? '').split('?')[0]!;
    if (path.startsWith('/completion/orders')) res.writeHead(200, { 'content-type': 'application/xml' }).end(orderFeed);
    else if (path.startsWith('/completion/leads')) res.writeHead(200, { 'content-type': 'application/xml' }).end(leadFeed);
    else res.writeHead(404).end('not found');
  });
});

afterAll(async () => {
  if (server) await closeServer(server);
});

let properties = 0;
/** A sandbox property of this test's own (1000010029nn reads as 100001): a View ID belongs to one company. */
const property = (kind: keyof typeof SANDBOX_PROPERTIES = 'success') => `${SANDBOX_PROPERTIES[kind]}029${String(++properties).padStart(3, '0')}`;

/** POST /api/companies as the admin form sends it (empty fields: none). */
async function created(name: string, fields: Partial<Record<'viewId' | 'dimensionIndex' | 'orderFeedUrl' | 'product', string>> & { integrationSteps: StepType[] }) {
  const answer = await admin.post<Company>('/api/companies', { name: `${name} ${randomUUID().slice(0, 6)}`, product: '360', country: 'FR', viewId: '', dimensionIndex: '', orderFeedUrl: '', ...fields });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  const record = (await getCompanyRecord(answer.body.id))!;
  return { company: record, customer: await signedIn(stack.url, await makeUser('ROLE_USER', record)) };
}

const steps = async (client: Browser) => (await client.get<IntegrationStatus>('/api/integration-status')).body.steps;
const statusOf = async (client: Browser, step: StepType) => (await steps(client)).find((s) => s.stepType === step)?.status;
const access = async (client: Browser, viewId: string) => (await client.post<AccessCheckAnswer>('/api/analytics/access', { view_id: viewId })).body;
const dimension = async (client: Browser, viewId: string, index: string) =>
  (await client.post<DimensionCheckAnswer>('/api/analytics/dimension', { view_id: viewId, dimension: index })).body;
const byHand = async (client: Browser, stepType: StepType) => {
  const answer = await client.post('/api/integration-status/update', { stepType, status: 'done' });
  expect(answer.status, `${stepType}: ${JSON.stringify(answer.body)}`).toBe(200);
};
async function source(client: Browser, businessModel = 'CPC'): Promise<string> {
  const id = randomUUID();
  const answer = await client.post('/api/sources', { id, name: `Source ${id.slice(0, 6)}`, channel: 'Paid Search', businessModel, deduplication: 'Last Paid Click' });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return id;
}
const sourceName = (id: string) => `Source ${id.slice(0, 6)}`;
/** One rule that links every combination of the sandbox's traffic (no utm_source contains this). */
const linkEverything = async (client: Browser, sourceId: string) => {
  const rule = { 0: { type: 'not contains', utm: 'utmSource', value: 'zz-never' }, 1: { type: 'any', utm: 'utmMedium', value: '' }, 2: { type: 'any', utm: 'utmCampaign', value: '' } };
  const answer = await client.post<{ stepStatus: string | null }>('/api/traffic-rules', { source: sourceId, rule });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  // The relink job links the traffic after the answer, then completes utm_rules if nothing is left.
  await relinked(client);
  return statusOf(client, 'utm_rules');
};
async function feedCheck(client: Browser, url: string) {
  const check = await startCheck(client, { type: 'xml', feed_url: url, view_id: null, upload_key: null });
  return finished(client, check.id);
}
/**
 * The feed page's way to done: a clean check completes the step; with a stored View ID the sandbox's
 * analytics comparison may raise a non-critical warning (ids ending in 7 are unknown to it), after
 * which the page's "Mark as completed" does (shared/feed/critical.ts).
 */
async function completeFeed(client: Browser, url: string) {
  const check = await feedCheck(client, url);
  expect(check).toMatchObject({ status: 'done', otherResource: null });
  if (!check.stepCompleted) {
    expect(hasCriticalWarning(Object.keys(check.result!.errors))).toBe(false);
    await byHand(client, 'status_feed');
  }
  return check;
}
const teamMails = async (company: CompanyRecord) =>
  (await mailsTo(stack.endpoints.ses, stack.env.INTEGRATION_MAILBOX)).filter((mail) => mail.subject.startsWith(`${company.name}: step`)).map((mail) => mail.subject).sort();

/** Every step done, and the Validate button's call accepted (the integration is complete). */
async function expectEverythingDone(client: Browser, company: CompanyRecord) {
  const all = await steps(client);
  expect(all.map((s) => [s.stepType, s.status])).toEqual(all.map((s) => [s.stepType, 'done']));
  expect(all.map((s) => s.stepType).sort()).toEqual([...company.integrationSteps!].sort());
  const validate = await client.post('/api/email/send', { template_id: 'integration-validation' });
  expect(validate.status, JSON.stringify(validate.body)).toBe(200);
  // One mail per completed step, never two.
  expect(await teamMails(company)).toHaveLength(all.length);
}

describe('every step reaches done from each starting point', () => {
  it('created with its View ID and the hidden steps: the access check imports the traffic, so utm_rules completes', async () => {
    const viewId = property();
    const { company, customer } = await created('Start view id', {
      viewId,
      integrationSteps: ['google_analytics', 'ga_access', 'ga_dimension', 'utm_rules', 'sources', 'collector', 'status_feed'],
    });
    expect((await customer.get<TrafficListAnswer>('/api/traffic')).body).toMatchObject({ totalUtms: 0, imported: null, viewId });

    expect(await access(customer, viewId)).toMatchObject({ code: 200, viewIdStored: false, trafficImported: 6, otherResource: null });
    expect((await customer.get<TrafficListAnswer>('/api/traffic')).body).toMatchObject({ totalUtms: 6, imported: { rows: 6 } });
    expect(await dimension(customer, viewId, '1')).toMatchObject({ code: 200, dimensionIndexStored: true, otherResource: null });
    expect(await linkEverything(customer, await source(customer))).toBe('done');
    await byHand(customer, 'sources');
    await byHand(customer, 'collector');
    await completeFeed(customer, feedUrl('/completion/orders-1.xml'));
    await expectEverythingDone(customer, company);
  });

  it('created with its View ID, rules made before any traffic: "Import again" completes utm_rules, once', async () => {
    const viewId = property();
    const { company, customer } = await created('Start rules first', { viewId, integrationSteps: ['utm_rules', 'sources'] });
    // No traffic yet: a rule alone does not complete the step.
    expect(await linkEverything(customer, await source(customer))).toBe('TBD');
    const imported = await customer.post<AccessCheckAnswer>('/api/analytics/utms', { view_id: viewId });
    expect(imported.body).toMatchObject({ code: 200, trafficImported: 6, otherResource: null });
    expect(await statusOf(customer, 'utm_rules')).toBe('done');
    // Again: nothing more to complete, no second mail.
    await customer.post('/api/analytics/utms', { view_id: viewId });
    await byHand(customer, 'sources');
    await expectEverythingDone(customer, company);
  });

  it('created with its View ID and no feed URL: the daily job imports the traffic and completes utm_rules', { timeout: 240_000 }, async () => {
    const viewId = property();
    const { company, customer } = await created('Start daily import', { viewId, integrationSteps: ['utm_rules'] });
    expect(await linkEverything(customer, await source(customer))).toBe('TBD');
    const run = await runLocalFeedRecheck(stack.url);
    const outcome = run.local!.outcomes.find((o) => o.companyId === company.id) as { reason?: string; traffic?: { ok: boolean; rows?: number } } | undefined;
    expect(outcome).toMatchObject({ reason: 'no-feed-url', traffic: { ok: true, rows: 6 } });
    expect((await customer.get<TrafficListAnswer>('/api/traffic')).body).toMatchObject({ totalUtms: 6, unlinkedUtms: 0, imported: { rows: 6 } });
    await expectEverythingDone(customer, company);
  });

  it('created with a View ID and a dimension index: a check of another dimension changes nothing, the stored one completes', async () => {
    const viewId = property();
    const { company, customer } = await created('Start dimension', { viewId, dimensionIndex: '2', integrationSteps: ['google_analytics', 'ga_access', 'ga_dimension'] });
    expect(await dimension(customer, viewId, '1')).toMatchObject({ code: 200, otherResource: { kind: 'dimensionIndex', stored: '2' } });
    expect(await statusOf(customer, 'ga_dimension')).toBe('TBD');
    expect(await access(customer, viewId)).toMatchObject({ code: 200, otherResource: null });
    expect(await dimension(customer, viewId, '2')).toMatchObject({ code: 200, otherResource: null });
    await expectEverythingDone(customer, company);
  });

  it('created with a feed URL: a clean check of another URL changes nothing, the stored one completes status_feed', { timeout: 120_000 }, async () => {
    const stored = feedUrl('/completion/orders-stored.xml');
    const { company, customer } = await created('Start feed URL', { orderFeedUrl: stored, integrationSteps: ['status_feed', 'collector'] });
    expect(await feedCheck(customer, feedUrl('/completion/orders-other.xml'))).toMatchObject({
      status: 'done', stepCompleted: false, feedUrlStored: false, otherResource: { kind: 'orderFeedUrl', stored },
    });
    expect(await statusOf(customer, 'status_feed')).toBe('TBD');
    expect(await feedCheck(customer, stored)).toMatchObject({ status: 'done', stepCompleted: true, otherResource: null });
    await byHand(customer, 'collector');
    await expectEverythingDone(customer, company);
    expect((await getCompanyRecord(company.id))!.orderFeedUrl).toBe(stored);
  });

  it('the create form’s default steps, nothing stored: the first measured dimension check stores the View ID and imports its traffic', { timeout: 120_000 }, async () => {
    const viewId = property();
    const { company, customer } = await created('Start defaults', { integrationSteps: ['google_analytics', 'sources', 'collector', 'status_feed'] });
    expect(await dimension(customer, viewId, '1')).toMatchObject({ code: 200, dimensionIndexStored: true });
    expect(await getCompanyRecord(company.id)).toMatchObject({ viewId, dimensionIndex: '1' });
    expect((await customer.get<TrafficListAnswer>('/api/traffic')).body).toMatchObject({ totalUtms: 6, viewId });
    await source(customer);
    await byHand(customer, 'sources');
    await byHand(customer, 'collector');
    await completeFeed(customer, feedUrl('/completion/orders-2.xml'));
    await expectEverythingDone(customer, company);
  });

  it('a product change after creation (360 to affiliate, commission and instruction steps added): each completes', { timeout: 120_000 }, async () => {
    const { company, customer } = await created('Start product change', { integrationSteps: ['google_analytics', 'sources', 'collector', 'status_feed'] });
    const edited = await admin.request('PUT', `/api/companies/${company.id}`, {
      json: { version: company.version, product: 'affiliate', integrationSteps: ['google_analytics', 'sources', 'collector', 'status_feed', 'commission_rules', 'matomo_analytics', 'utm_rules'] },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const now = (await getCompanyRecord(company.id))!;

    const viewId = property();
    expect(await access(customer, viewId)).toMatchObject({ code: 200, viewIdStored: true, trafficImported: 6 });
    expect(await dimension(customer, viewId, '1')).toMatchObject({ code: 200, otherResource: null });
    const network = await source(customer, 'CPO');
    expect(await linkEverything(customer, network)).toBe('done');
    await byHand(customer, 'sources');
    await byHand(customer, 'collector');
    const commission = await customer.post('/api/affiliate-commissions', { sourceName: sourceName(network), type: 'percent', commission: 5 });
    expect(commission.status, JSON.stringify(commission.body)).toBe(201);
    await byHand(customer, 'commission_rules');
    // The instruction page's confirmation.
    await byHand(customer, 'matomo_analytics');
    await completeFeed(customer, feedUrl('/completion/leads-1.xml'));
    await expectEverythingDone(customer, now);
  });
});
