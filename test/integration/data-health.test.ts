import { randomUUID } from 'node:crypto';
import type { StatusReportPage } from '../../shared/domain/types';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { getCompany, updateCompany, type CompanyRecord } from '../../functions/data/companies';
import { newFeedCheckId } from '../../functions/data/feed-checks';
import { keys } from '../../functions/data/keys';
import { listTraffic } from '../../functions/data/traffic';
import { putNewRule } from '../../functions/data/traffic-rules';
import { documentClient } from '../../functions/platform/clients/dynamodb';
import { runLocalFeedRecheck } from '../../localstack/job-feeds';
import type { DataHealth, HealthKind } from '../../shared/domain/data-health';
import type { CurrentUser } from '../../shared/domain/types';
import { cleanRecords, feedText, xmlChunks } from '../../shared/feed/testing/generate';
import { localStack, useLocalEnv } from '../support/local-stack';
import { mailsTo } from '../support/mailbox';
import { makeCompany, makeUser, signedIn, uniqueSuffix, type TestUser } from './helpers/accounts';
import { closeServer, feedServer } from './helpers/order-feed';

/**
 * Data health (docs/product.md, "Data health") through the real daily job on the local stack: the
 * gateway's Invoke API starts the dispatcher, the local SQS hands each company to the worker. The
 * run's time moves one day per run (EventBridge's `time`, a fake clock), so each run files its
 * results under its own day and the 7-day reminder comes after 7 runs, not 7 days.
 *
 * - main (FR): feed, then coverage, then access go bad on days 2, 3, 4; all recover on day 5.
 * - steady (EN): healthy all along, in the same runs.
 * - lingering (RU): its feed never works: one mail on day 1, the reminder on day 8.
 * - stuck: its feed re-check throws every time (a running marker naming no check): dead letter,
 *   while the others go on.
 */

let stack: ReturnType<typeof localStack>;
let server: Awaited<ReturnType<typeof feedServer>>;
// The sandbox analytics tool does not know order ids ending in 7 (a feed warning): a clean feed leaves them out.
const feed = feedText(xmlChunks([...cleanRecords({ now: new Date(), orders: 60, seed: 5 })].filter((r) => !r.fields.id!.endsWith('7'))));
let mainFeedUp = true;
const feedUrl = (path: string) => `http://127.0.0.1:${inject('feedServerPort')}${path}`;
const property = (kind: '100001' | '100002' | '100004', tail: string) => `${kind}${tail}`;
const tail = String(Math.floor(Math.random() * 900_000) + 100_000);

const c: Record<'main' | 'steady' | 'lingering' | 'stuck', CompanyRecord> = {} as never;
const u: Record<'mainOn' | 'mainOff' | 'steady' | 'lingering', TestUser> = {} as never;

// Days after tomorrow (real time): the feed's own redelivery rule compares with real check times.
const base = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 1, 3);
const dayTime = (n: number) => new Date(base + (n - 1) * 86_400_000).toISOString();
const dayOf = (n: number) => dayTime(n).slice(0, 10);

beforeAll(async () => {
  useLocalEnv();
  stack = localStack();
  server = await feedServer(inject('feedServerPort'), (req, res) => {
    const path = (req.url ?? '').split('?')[0]!;
    if (path === '/health/good.xml' || (path === '/health/main.xml' && mainFeedUp)) res.writeHead(200, { 'content-type': 'application/xml' }).end(feed);
    // 404: a feed gone for good (a 5xx is tried again the same day: data-health-retry.test.ts).
    else res.writeHead(404).end('gone');
  });
  const analytics = (kind: '100001', n: number) => ({ viewId: property(kind, `${tail}${n}`), dimensionIndex: '1' });
  c.main = await makeCompany('Health main', { country: 'FR', orderFeedUrl: feedUrl('/health/main.xml'), ...analytics('100001', 1) });
  c.steady = await makeCompany('Health steady', { country: 'GB', orderFeedUrl: feedUrl('/health/good.xml'), ...analytics('100001', 2) });
  c.lingering = await makeCompany('Health lingering', { country: 'RU', orderFeedUrl: feedUrl('/health/broken.xml') });
  c.stuck = await makeCompany('Health stuck', { orderFeedUrl: feedUrl('/health/good.xml'), ...analytics('100001', 3) });
  await documentClient().send(
    new PutCommand({
      TableName: stack.env.TABLE_NAME,
      Item: { ...keys.feedCheckRunning(c.stuck.id), checkId: newFeedCheckId(new Date()), startedAt: new Date(Date.now() + 30 * 86_400_000).toISOString() },
    }),
  );
  // The daily job imports each View ID's traffic (docs/analytics.md, "When traffic is imported"): one
  // rule linking any utm_source keeps UTM linking healthy, so the mails below are about the other kinds.
  for (const company of [c.main, c.steady, c.stuck]) {
    await putNewRule({
      id: randomUUID(),
      companyId: company.id,
      sourceId: randomUUID(),
      rule: [{ type: 'not contains', utm: 'utmSource', value: 'zz-never' }, { type: 'any', utm: 'utmMedium', value: '' }, { type: 'any', utm: 'utmCampaign', value: '' }],
      version: 1,
      created: new Date().toISOString(),
      updated: new Date().toISOString(),
    });
  }
  u.mainOn = await makeUser('ROLE_USER', c.main);
  u.mainOff = await makeUser('ROLE_USER', c.main);
  u.steady = await makeUser('ROLE_USER', c.steady);
  u.lingering = await makeUser('ROLE_USER', c.lingering);
});

afterAll(async () => {
  if (server) await closeServer(server);
});

const subjects = async (user: TestUser) => (await mailsTo(stack.endpoints.ses, user.login)).map((m) => m.subject);
const mailsOf = async (user: TestUser) => mailsTo(stack.endpoints.ses, user.login);

async function moveViewId(company: CompanyRecord, kind: '100001' | '100002' | '100004', n: number): Promise<void> {
  const current = (await getCompany(company.id))!;
  await updateCompany(current, { viewId: property(kind, `${tail}${n}${uniqueSuffix().replace(/\D/g, '').slice(0, 2)}`) });
}

const statusesOf = (health: DataHealth) => Object.fromEntries(health.items.map((i) => [i.kind, i.status])) as Record<HealthKind, string>;

describe('data health', () => {
  it('the opt-out is the caller\'s own preference, validated', async () => {
    const client = await signedIn(stack.url, u.mainOff);
    expect((await client.get<CurrentUser>('/api/users/current')).body.healthAlerts).toBe(true);
    const bad = await client.post('/api/users/current/preferences', { healthAlerts: 'no' });
    expect(bad.status).toBe(400);
    expect((await client.get<CurrentUser>('/api/users/current')).body.healthAlerts).toBe(true);
    const off = await client.post<CurrentUser>('/api/users/current/preferences', { healthAlerts: false });
    expect(off.status).toBe(200);
    expect(off.body.healthAlerts).toBe(false);
    expect((await client.get<CurrentUser>('/api/users/current')).body.healthAlerts).toBe(false);
  });

  it('keeps each day\'s results, mails each change once a day, the recovery and the 7-day reminder, and nothing more', { timeout: 600_000 }, async () => {
    const run = async (n: number) => {
      const answer = await runLocalFeedRecheck(stack.url, { time: dayTime(n) });
      // The stuck company dead-letters every run; nobody else does.
      const dead = answer.local.deadLettered.map((d) => d.body);
      expect(dead.filter((b) => b.includes(c.stuck.id))).toHaveLength(1);
      expect(dead.filter((b) => [c.main, c.steady, c.lingering].some((x) => b.includes(x.id)))).toEqual([]);
      return answer;
    };
    const mainClient = await signedIn(stack.url, u.mainOn);
    const health = async () => (await mainClient.get<DataHealth>('/api/data-health')).body;

    // Day 1: main is healthy (its traffic imported by this run, all linked by its rule); lingering's feed fails: its first mail.
    await run(1);
    // Volume waits for 4 weeks of daily figures (data-health-volume.test.ts).
    expect(statusesOf(await health())).toEqual({ feed: 'healthy', 'analytics-access': 'healthy', 'analytics-coverage': 'healthy', 'utm-linking': 'healthy', volume: 'unknown' });
    expect(await listTraffic(c.main.id)).toHaveLength(6);
    expect(await subjects(u.mainOn)).toEqual([]);
    expect(await subjects(u.lingering)).toHaveLength(1);

    // Day 2: main's feed fails.
    mainFeedUp = false;
    await run(2);
    expect(statusesOf(await health()).feed).toBe('failing');
    let mails = await mailsOf(u.mainOn);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(c.main.name);
    expect(mails[0]!.body.text).toContain('Flux de commandes\u00a0: désormais\u00a0: en échec');
    expect(mails[0]!.body.text).toContain('/data-health');

    // Day 3: coverage falls (the property now answers 70 % / 50 %).
    await moveViewId(c.main, '100004', 1);
    await run(3);
    mails = await mailsOf(u.mainOn);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.body.text).toContain('Couverture de la dimension personnalisée\u00a0: désormais\u00a0: en échec');
    expect(mails[1]!.body.text).not.toContain('Flux de commandes');

    // Day 4: access lost (coverage cannot be measured: unknown, no mail of its own).
    await moveViewId(c.main, '100002', 1);
    await run(4);
    expect(statusesOf(await health())).toMatchObject({ feed: 'failing', 'analytics-access': 'failing', 'analytics-coverage': 'unknown' });
    mails = await mailsOf(u.mainOn);
    expect(mails).toHaveLength(3);
    expect(mails[2]!.body.text).toContain('Accès à Analytics\u00a0: désormais\u00a0: en échec');
    expect(mails[2]!.body.text).toContain('n’a plus accès');

    // Day 5: everything fixed: ONE recovery mail for the three kinds.
    mainFeedUp = true;
    await moveViewId(c.main, '100001', 1);
    await run(5);
    mails = await mailsOf(u.mainOn);
    expect(mails).toHaveLength(4);
    for (const kind of ['Flux de commandes', 'Accès à Analytics', 'Couverture de la dimension personnalisée']) expect(mails[3]!.body.text).toContain(`${kind}\u00a0: de nouveau sain`);

    // Days 6 to 8: nothing more for main; lingering gets its reminder on day 8 (7 days after day 1), once.
    for (const n of [6, 7]) await run(n);
    expect(await subjects(u.lingering)).toHaveLength(1);
    await run(8);
    expect(await mailsOf(u.mainOn)).toHaveLength(4);
    const lingering = await mailsOf(u.lingering);
    expect(lingering).toHaveLength(2);
    expect(lingering[1]!.body.text).toContain('Фид заказов: всё ещё: сбой');

    // The opted-out user of main got nothing; steady's user neither.
    expect(await subjects(u.mainOff)).toEqual([]);
    expect(await subjects(u.steady)).toEqual([]);

    // History: one day per run, oldest first, per kind.
    const page = await health();
    expect(page.companyId).toBe(c.main.id);
    expect(page.items.map((i) => i.kind)).toEqual(['feed', 'analytics-access', 'analytics-coverage', 'utm-linking', 'volume']);
    const timeline = (kind: HealthKind) => page.items.find((i) => i.kind === kind)!.history.map((d) => `${d.day}:${d.status}`);
    const days = (statuses: string[]) => statuses.map((s, i) => `${dayOf(i + 1)}:${s}`);
    expect(timeline('feed')).toEqual(days(['healthy', 'failing', 'failing', 'failing', 'healthy', 'healthy', 'healthy', 'healthy']));
    expect(timeline('analytics-access')).toEqual(days(['healthy', 'healthy', 'healthy', 'failing', 'healthy', 'healthy', 'healthy', 'healthy']));
    expect(timeline('analytics-coverage')).toEqual(days(['healthy', 'healthy', 'failing', 'unknown', 'healthy', 'healthy', 'healthy', 'healthy']));
    // Re-imported every day (100004's three combinations on day 3; the denied day 4 keeps them), always linked.
    expect(timeline('utm-linking')).toEqual(days(Array(8).fill('healthy')));
    const feedItem = page.items[0]!;
    expect(feedItem.lastCheck).toBe(dayTime(8));
    expect(feedItem.reason).toEqual({ key: 'health.feed.ok', values: { orders: 54 } });
    expect(page.items[2]!.history[2]!.reason).toEqual({ key: 'health.coverage.below', values: { percent: 50 } });

    // Steady: healthy every day. Its user sees its own company only.
    const steady = (await (await signedIn(stack.url, u.steady)).get<DataHealth>('/api/data-health')).body;
    expect(steady.companyId).toBe(c.steady.id);
    expect(steady.items[0]!.history.map((d) => d.status)).toEqual(Array(8).fill('healthy'));
    expect(steady.items[1]!.history.map((d) => d.status)).toEqual(Array(8).fill('healthy'));

    // The stuck company's analytics were still checked (its feed keeps its last result: none).
    const stuckState = statusesOf((await (await signedIn(stack.url, await makeUser('ROLE_USER', c.stuck))).get<DataHealth>('/api/data-health')).body);
    expect(stuckState).toMatchObject({ feed: 'unknown', 'analytics-access': 'healthy' });

    // Another company's header does not open main's health to steady's user (the header contract's 409, no data).
    const steadyClient = await signedIn(stack.url, u.steady);
    const other = await steadyClient.get<DataHealth>('/api/data-health', { headers: { 'X-Portal-Company': c.main.id } });
    expect(other.status).toBe(409);
    expect(JSON.stringify(other.body)).not.toContain(c.main.id);

    // The admin report carries each company's worst known kind.
    const admin = await signedIn(stack.url, await makeUser('ROLE_ADMIN', c.steady));
    const report = async (companyId: string) => (await admin.get<StatusReportPage>(`/api/integration-status/report?company=${companyId}`)).body.rows;
    expect((await report(c.lingering.id)).map((r) => r.health)).toContain('failing');
    expect((await report(c.main.id)).map((r) => r.health)).toContain('healthy');
    // The check moved the report's rows: "failing first" finds the failing company's steps in its first bucket.
    const first = (await admin.get<StatusReportPage>(`/api/integration-status/report?health=first&q=${encodeURIComponent(c.lingering.name)}`)).body.rows;
    expect(first.length).toBeGreaterThan(0);
    expect(first.every((r) => r.health === 'failing')).toBe(true);
  });
});
