import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { CompanyRecord } from '../../functions/data/companies';
import { getVolumeSeries, saveVolumeSeries } from '../../functions/data/data-health';
import { runLocalFeedRecheck } from '../../localstack/job-feeds';
import type { DataHealth, HealthItem } from '../../shared/domain/data-health';
import { addDays } from '../../shared/feed/rules/values';
import { cleanRecords, feedText, xmlChunks, type FeedRecord } from '../../shared/feed/testing/generate';
import { localStack, useLocalEnv } from '../support/local-stack';
import { mailsTo } from '../support/mailbox';
import { makeCompany, makeUser, signedIn, type TestUser } from './helpers/accounts';
import { closeServer, feedServer } from './helpers/order-feed';

/**
 * The volume kind (docs/product.md, "Data health") through the real daily job: a generated history
 * of 5 weeks (40 orders a day, one holiday with none) is stored, then each run's feed holds a
 * chosen number of orders created on the run's last complete day. The run's time is injected
 * (EventBridge's `time`), one day per run.
 *
 * - shop (FR, a feed): 40 (healthy), 12 (a drop: warning, mailed, then muted), 0 (none: failing,
 *   muted, no second mail), 38 (healthy again: the mute ends, the recovery mailed).
 * - site (EN, a View ID only): the sandbox's steady 667 sessions a day against a usual 2,000: a drop.
 */

let stack: ReturnType<typeof localStack>;
let server: Awaited<ReturnType<typeof feedServer>>;
const feedUrl = `http://127.0.0.1:${inject('feedServerPort')}/volume/shop.xml`;
// The shop's older orders end the day before the first measured day (today): only the run's own orders count.
const older = [...cleanRecords({ now: new Date(Date.now() - 86_400_000), orders: 60, seed: 11 })];
let measured = '';
let ordersOfDay = 0;

const base = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 1, 3);
const dayTime = (n: number) => new Date(base + (n - 1) * 86_400_000).toISOString();
const measuredDay = (n: number) => addDays(dayTime(n).slice(0, 10), -1);

/** Orders created on `day`, shaped like the clean feed's (the other rules stay quiet). */
const ordersOn = (day: string, count: number): FeedRecord[] =>
  older.slice(0, count).map((r, i) => ({ ...r, fields: { ...r.fields, id: `V${day.replaceAll('-', '')}${i}`, date: `${day} 12:00:00`, stateupdatedate: day, state: 'new' } }));

let shop: CompanyRecord;
let site: CompanyRecord;
let user: TestUser;

beforeAll(async () => {
  useLocalEnv();
  stack = localStack();
  server = await feedServer(inject('feedServerPort'), (req, res) => {
    if ((req.url ?? '').startsWith('/volume/shop.xml')) res.writeHead(200, { 'content-type': 'application/xml' }).end(feedText(xmlChunks([...older, ...ordersOn(measured, ordersOfDay)])));
    else res.writeHead(404).end();
  });
  shop = await makeCompany('Volume shop', { country: 'FR', orderFeedUrl: feedUrl });
  site = await makeCompany('Volume site', { country: 'GB', viewId: `100001${String(Date.now()).slice(-6)}`, dimensionIndex: '1' });
  user = await makeUser('ROLE_USER', shop);
  // 5 weeks before the first measured day: 40 orders a day, a holiday with none two weeks before the drop.
  const first = measuredDay(1);
  const holiday = addDays(measuredDay(2), -14);
  const days = Array.from({ length: 35 }, (_, i) => addDays(first, -(35 - i)));
  await saveVolumeSeries(shop.id, { orders: Object.fromEntries(days.map((d) => [d, d === holiday ? 0 : 40])), sessions: {} });
  await saveVolumeSeries(site.id, { orders: {}, sessions: Object.fromEntries(days.map((d) => [d, 2000])) });
});

afterAll(async () => {
  if (server) await closeServer(server);
});

const volumeOf = (health: DataHealth): HealthItem => health.items.find((i) => i.kind === 'volume')!;
const frenchWeekday = (day: string) => new Intl.DateTimeFormat('fr', { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));

describe('the volume kind', () => {
  it('a drop against the same weekday warns and mails once, none fails, the recovery mails; the figures are the reason', { timeout: 600_000 }, async () => {
    const client = await signedIn(stack.url, user);
    const health = async () => (await client.get<DataHealth>('/api/data-health')).body;
    const mails = async () => (await mailsTo(stack.endpoints.ses, user.login)).map((m) => m.body.text);
    const run = async (n: number, orders: number) => {
      measured = measuredDay(n);
      ordersOfDay = orders;
      await runLocalFeedRecheck(stack.url, { time: dayTime(n) });
      return volumeOf(await health());
    };

    // Day 1: as usual (the holiday in the 4 weeks does not lower the usual figure).
    let volume = await run(1, 40);
    expect(volume.status).toBe('healthy');
    expect(volume.reason).toMatchObject({ key: 'health.volume.ordersOk', values: { count: 40, usual: 40 } });
    expect((await health()).items.find((i) => i.kind === 'feed')!.status).toBe('healthy');
    expect(await mails()).toEqual([]);

    // Day 2: 12 orders, usually 40: a drop of more than half.
    volume = await run(2, 12);
    expect(volume.status).toBe('warning');
    expect(volume.reason).toMatchObject({ key: 'health.volume.ordersDrop', values: { count: 12, usual: 40 } });
    let texts = await mails();
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain(`Volume des commandes et des sessions\u00a0: désormais\u00a0: avertissement — seulement 12 commandes ${frenchWeekday(measuredDay(2))}\u00a0; habituellement environ 40`);

    // The team knows: the kind is acknowledged and its mails muted for a week (as any kind).
    const muted = await client.post<DataHealth>('/api/data-health/mute', { kind: 'volume', note: 'Shop closed for inventory', days: 7 });
    expect(muted.status).toBe(200);

    // Day 3: none at all: failing, still muted; no second mail.
    volume = await run(3, 0);
    expect(volume.status).toBe('failing');
    expect(volume.mute).toMatchObject({ note: 'Shop closed for inventory', status: 'warning' });
    expect(volume.reason).toMatchObject({ key: 'health.volume.ordersNone', values: { count: 0, usual: 40 } });
    expect(await mails()).toHaveLength(1);

    // Day 4: back to usual: the mute ends by itself and the recovery is mailed.
    volume = await run(4, 38);
    expect(volume.status).toBe('healthy');
    expect(volume.mute).toBeUndefined();
    texts = await mails();
    expect(texts).toHaveLength(2);
    expect(texts[1]).toContain('Volume des commandes et des sessions\u00a0: de nouveau sain');
    expect(volume.history.map((d) => d.status)).toEqual(['healthy', 'warning', 'failing', 'healthy']);

    // The series kept is bounded to 5 weeks and holds the measured days.
    const kept = await getVolumeSeries(shop.id);
    expect(Object.keys(kept.orders)).toHaveLength(35);
    expect([1, 2, 3, 4].map((n) => kept.orders[measuredDay(n)])).toEqual([40, 12, 0, 38]);

    // The sessions come from the analytics tool: the sandbox's 667 a day against a usual 2,000.
    const siteHealth = (await (await signedIn(stack.url, await makeUser('ROLE_USER', site))).get<DataHealth>('/api/data-health')).body;
    expect(volumeOf(siteHealth)).toMatchObject({ status: 'warning', reason: { key: 'health.volume.sessionsDrop', values: { count: 667, usual: 2000 } } });
  });
});
