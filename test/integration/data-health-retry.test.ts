import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { CompanyRecord } from '../../functions/data/companies';
import { listFeedHistory } from '../../functions/data/feed-checks';
import { runLocalFeedRecheck } from '../../localstack/job-feeds';
import type { DataHealth, HealthItem } from '../../shared/domain/data-health';
import { cleanRecords, feedText, xmlChunks } from '../../shared/feed/testing/generate';
import { localStack, useLocalEnv } from '../support/local-stack';
import { mailsTo } from '../support/mailbox';
import { makeCompany, makeUser, signedIn, type TestUser } from './helpers/accounts';
import { closeServer, feedServer } from './helpers/order-feed';

/**
 * Same-day retry of the daily feed fetch (docs/order-feed.md, "Same-day retry") through the real
 * daily job on the local stack: the run's fetch fails for a passing reason (HTTP 503), its retry is
 * an outbox item due 1 hour later, then 4 hours after that one. The clock is driven as the other
 * job tests drive it: the run's `time` (EventBridge's) for the day, and the outbox sweep's `time`
 * (`retriesDueAt`: the sweep sends the retries due by then to the re-check queue, which is drained);
 * nothing waits an hour.
 *
 * - failing: 503 at the run, a timeout at the first retry, 503 at the second: the feed kind stays
 *   healthy until the second retry fails, then turns failing (one mail).
 * - recovers: 503 at the run, back at the first retry: healthy all along, the tries recorded.
 */

type Behaviour = 'ok' | '503' | 'hang';
const behaviour: Record<'failing' | 'recovers', Behaviour> = { failing: 'ok', recovers: 'ok' };
const hung: ServerResponse[] = [];
const feed = feedText(xmlChunks([...cleanRecords({ now: new Date(), orders: 20, seed: 9 })]));
let stack: ReturnType<typeof localStack>;
let server: Awaited<ReturnType<typeof feedServer>>;
const c: Record<'failing' | 'recovers', CompanyRecord> = {} as never;
const u: Record<'failing' | 'recovers', TestUser> = {} as never;

// Days after tomorrow, as data-health.test.ts: each run files its results under its own day.
const base = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 1, 3);
const dayTime = (n: number) => new Date(base + (n - 1) * 86_400_000).toISOString();
const HOUR = 3_600_000;

beforeAll(async () => {
  useLocalEnv();
  stack = localStack();
  server = await feedServer(inject('feedServerPort'), (req, res) => {
    const name = (req.url ?? '').split('?')[0]!.replace('/retry/', '').replace('.xml', '') as keyof typeof behaviour;
    const now = behaviour[name];
    if (now === 'hang') return void hung.push(res);
    if (now === '503') return void res.writeHead(503).end('down for a moment');
    res.writeHead(200, { 'content-type': 'application/xml' }).end(feed);
  });
  const url = (name: string) => `http://127.0.0.1:${inject('feedServerPort')}/retry/${name}.xml`;
  c.failing = await makeCompany('Retry failing', { country: 'GB', orderFeedUrl: url('failing') });
  c.recovers = await makeCompany('Retry recovers', { country: 'GB', orderFeedUrl: url('recovers') });
  u.failing = await makeUser('ROLE_USER', c.failing);
  u.recovers = await makeUser('ROLE_USER', c.recovers);
});

afterAll(async () => {
  for (const res of hung) res.destroy();
  if (server) await closeServer(server);
});

const feedItem = async (user: TestUser): Promise<HealthItem> => (await (await signedIn(stack.url, user)).get<DataHealth>('/api/data-health')).body.items.find((i) => i.kind === 'feed')!;
const outcomeOf = (run: Awaited<ReturnType<typeof runLocalFeedRecheck>>, company: CompanyRecord) => run.local.outcomes.find((o) => o.companyId === company.id);
/** The history lines of the day-2 run, oldest first: [attempt, health, failure code]. */
const triesOf = async (company: CompanyRecord) =>
  (await listFeedHistory(company.id, 10)).filter((l) => l.runAt === dayTime(2)).reverse().map((l) => [l.attempt, l.health, l.failure?.code ?? null]);

describe('same-day retry of the daily feed fetch', () => {
  it('retries a 503 after 1 hour and then 4 hours; the kind turns failing only when the second retry fails; a feed back at the first retry stays healthy', { timeout: 600_000 }, async () => {
    // Day 1: both feeds are fine.
    await runLocalFeedRecheck(stack.url, { time: dayTime(1) });
    expect((await feedItem(u.failing)).status).toBe('healthy');

    // Day 2: both answer 503: a retry is due an hour after each failed try; the kind keeps "healthy".
    behaviour.failing = '503';
    behaviour.recovers = '503';
    const started = Date.now();
    const run = await runLocalFeedRecheck(stack.url, { time: dayTime(2) });
    for (const company of [c.failing, c.recovers]) {
      const outcome = outcomeOf(run, company);
      expect(outcome).toMatchObject({ outcome: 'checked', health: 'failed', attempt: 0, alerted: false });
      const retryAt = Date.parse((outcome as { retryAt: string }).retryAt);
      expect(retryAt - started).toBeGreaterThanOrEqual(HOUR);
    }
    let item = await feedItem(u.failing);
    expect(item.status).toBe('healthy');
    expect(item.retryAt).toBeDefined();
    expect(item.attempts).toEqual([expect.objectContaining({ attempt: 0, status: 'failing', reason: { key: 'health.feed.failed', values: { code: 'status', http: 503 } } })]);

    // 59 minutes later nothing is due yet.
    const early = await runLocalFeedRecheck(stack.url, { retriesDueAt: new Date(started + HOUR - 60_000).toISOString() });
    expect([outcomeOf(early, c.failing), outcomeOf(early, c.recovers)]).toEqual([undefined, undefined]);

    // The first retry, an hour later (each retry's message delivered twice: it runs once): failing times out, recovers is back.
    behaviour.failing = 'hang';
    behaviour.recovers = 'ok';
    const first = await runLocalFeedRecheck(stack.url, { retriesDueAt: new Date(Date.now() + HOUR + 60_000).toISOString(), duplicateDeliveries: true });
    expect(outcomeOf(first, c.failing)).toMatchObject({ outcome: 'checked', health: 'failed', attempt: 1 });
    expect(outcomeOf(first, c.recovers)).toMatchObject({ outcome: 'checked', health: 'clean', attempt: 1, retryAt: null });
    expect(await triesOf(c.failing)).toEqual([[0, 'failed', 'status'], [1, 'failed', 'timeout']]);
    expect(await triesOf(c.recovers)).toEqual([[0, 'failed', 'status'], [1, 'clean', null]]);
    item = await feedItem(u.failing);
    expect(item.status).toBe('healthy');
    const secondDue = Date.parse(item.retryAt!);
    expect(item.attempts!.map((a) => [a.attempt, a.status])).toEqual([[0, 'failing'], [1, 'failing']]);
    const recovered = await feedItem(u.recovers);
    expect(recovered.status).toBe('healthy');
    expect(recovered.retryAt).toBeUndefined();
    expect(recovered.attempts!.map((a) => [a.attempt, a.status])).toEqual([[0, 'failing'], [1, 'healthy']]);
    expect(recovered.history.at(-1)).toMatchObject({ day: dayTime(2).slice(0, 10), status: 'healthy', attempts: recovered.attempts });
    expect(await mailsTo(stack.endpoints.ses, u.failing.login)).toEqual([]);

    // The second retry, 4 hours after the first: 503 again. Now the kind fails, and its user is mailed once.
    behaviour.failing = '503';
    const second = await runLocalFeedRecheck(stack.url, { retriesDueAt: new Date(secondDue + 60_000).toISOString(), duplicateDeliveries: true });
    expect(outcomeOf(second, c.failing)).toMatchObject({ outcome: 'checked', health: 'failed', attempt: 2, retryAt: null });
    expect(outcomeOf(second, c.recovers)).toBeUndefined();
    expect(await triesOf(c.failing)).toEqual([[0, 'failed', 'status'], [1, 'failed', 'timeout'], [2, 'failed', 'status']]);
    item = await feedItem(u.failing);
    expect(item.status).toBe('failing');
    expect(item.retryAt).toBeUndefined();
    expect(item.attempts!.map((a) => [a.attempt, a.status])).toEqual([[0, 'failing'], [1, 'failing'], [2, 'failing']]);
    expect(item.history.map((d) => d.status)).toEqual(['healthy', 'failing']);
    const mails = await mailsTo(stack.endpoints.ses, u.failing.login);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body.text).toContain('Order feed');

    // Nothing more is due: a later sweep sends no retry, and the next day's run is an ordinary one.
    const after = await runLocalFeedRecheck(stack.url, { retriesDueAt: new Date(secondDue + 10 * HOUR).toISOString() });
    expect(outcomeOf(after, c.failing)).toBeUndefined();
    behaviour.failing = 'ok';
    const day3 = await runLocalFeedRecheck(stack.url, { time: dayTime(3) });
    expect(outcomeOf(day3, c.failing)).toMatchObject({ outcome: 'checked', health: 'clean', attempt: 0, previous: 'failed' });
    expect((await feedItem(u.failing)).status).toBe('healthy');
  });
});
