import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { CompanyRecord } from '../../functions/data/companies';
import { runLocalFeedRecheck } from '../../localstack/job-feeds';
import type { DataHealth } from '../../shared/domain/data-health';
import type { AuditPage } from '../../shared/domain/types';
import { cleanRecords, feedText, xmlChunks } from '../../shared/feed/testing/generate';
import { localStack, useLocalEnv } from '../support/local-stack';
import { mailsTo } from '../support/mailbox';
import { makeCompany, makeUser, signedIn, type TestUser } from './helpers/accounts';
import { closeServer, feedServer } from './helpers/order-feed';

/**
 * A warning's lifecycle (docs/product.md, "Data health") through the real daily job and the real
 * routes: a kind muted for 30 days mails nothing, not even its 7-day reminder, until its time is
 * up, then mails again; a muted kind healthy again ends its mute and mails its recovery. The job's
 * time is injected (EventBridge's `time`); the mute's end is the API's real now + 30 days, so the
 * runs are placed around it, not waited for.
 *
 * - muted (EN): its feed fails all along; muted after the first mail.
 * - control (EN): its feed fails all along, never muted: its reminder shows what the mute held back.
 * - healed (FR): its feed fails, is muted, then works again.
 */

let stack: ReturnType<typeof localStack>;
let server: Awaited<ReturnType<typeof feedServer>>;
let healedUp = false;
const feed = feedText(xmlChunks([...cleanRecords({ now: new Date(), orders: 20, seed: 9 })]));
const feedUrl = (path: string) => `http://127.0.0.1:${inject('feedServerPort')}${path}`;
const c: Record<'muted' | 'control' | 'healed', CompanyRecord> = {} as never;
const u: Record<'muted' | 'control' | 'healed', TestUser> = {} as never;

const start = Date.now();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (offset: number) => new Date(start + offset).toISOString();

beforeAll(async () => {
  useLocalEnv();
  stack = localStack();
  server = await feedServer(inject('feedServerPort'), (req, res) => {
    const path = (req.url ?? '').split('?')[0]!;
    if (path === '/lifecycle/healed.xml' && healedUp) res.writeHead(200, { 'content-type': 'application/xml' }).end(feed);
    // 404: a feed gone for good (a 5xx is tried again the same day: data-health-retry.test.ts).
    else res.writeHead(404).end('gone');
  });
  c.muted = await makeCompany('Lifecycle muted', { country: 'GB', orderFeedUrl: feedUrl('/lifecycle/muted.xml') });
  c.control = await makeCompany('Lifecycle control', { country: 'GB', orderFeedUrl: feedUrl('/lifecycle/control.xml') });
  c.healed = await makeCompany('Lifecycle healed', { country: 'FR', orderFeedUrl: feedUrl('/lifecycle/healed.xml') });
  for (const key of ['muted', 'control', 'healed'] as const) u[key] = await makeUser('ROLE_USER', c[key]);
});

afterAll(async () => {
  if (server) await closeServer(server);
});

const mails = async (user: TestUser) => (await mailsTo(stack.endpoints.ses, user.login)).map((m) => m.body.text);

describe('a warning\'s lifecycle', () => {
  it('a muted kind mails nothing until its time is up, then mails; healthy again, its mute ends by itself', { timeout: 600_000 }, async () => {
    const run = (offset: number) => runLocalFeedRecheck(stack.url, { time: at(offset) });
    const client = { muted: await signedIn(stack.url, u.muted), healed: await signedIn(stack.url, u.healed) };

    // Nothing to acknowledge before a kind is bad: refused, nothing stored.
    const early = await client.muted.post('/api/data-health/mute', { kind: 'feed', note: 'We know', days: 30 });
    expect(early.status).toBe(400);
    expect(early.body).toMatchObject({ errors: { kind: 'validation.health.notBad' } });

    // Run 1: every feed fails: one mail each.
    await run(HOUR);
    for (const user of Object.values(u)) expect(await mails(user)).toHaveLength(1);

    // Bad input: a clear field message, nothing changed.
    for (const body of [{ kind: 'feed', note: '', days: 30 }, { kind: 'feed', note: 'x', days: 3 }, { kind: 'feed', note: 'x', days: '7' }, { kind: 'nope', note: 'x', days: 7 }]) {
      expect((await client.muted.post('/api/data-health/mute', body)).status).toBe(400);
    }
    expect((await client.muted.get<DataHealth>('/api/data-health')).body.items[0]!.mute).toBeUndefined();

    // Acknowledged and muted for 30 days: the page says who, until when and why.
    const muted = await client.muted.post<DataHealth>('/api/data-health/mute', { kind: 'feed', note: 'The shop moves to a new server', days: 30 });
    expect(muted.status).toBe(200);
    const mute = muted.body.items.find((i) => i.kind === 'feed')!.mute!;
    expect(mute).toMatchObject({ note: 'The shop moves to a new server', byName: `${u.muted.record.firstName} ${u.muted.record.lastName}`, status: 'failing' });
    expect(Date.parse(mute.until) - Date.parse(mute.at)).toBe(30 * DAY);
    expect((await client.healed.post('/api/data-health/mute', { kind: 'feed', note: 'Fixing it', days: 30 })).status).toBe(200);

    // The admin report shows the muted kind apart, beside the company's (unchanged) health.
    const admin = await signedIn(stack.url, await makeUser('ROLE_ADMIN', c.control));
    const reportRows = (await admin.get<{ rows: Array<{ health?: string; muted?: unknown[] }> }>(`/api/integration-status/report?company=${c.muted.id}`)).body.rows;
    expect(reportRows.length).toBeGreaterThan(0);
    for (const row of reportRows) expect(row).toMatchObject({ health: 'failing', muted: [{ kind: 'feed', status: 'failing', until: mute.until }] });

    // Run 2, 7 days later: the control's reminder; the muted company nothing. The healed feed works again:
    // its mute ends by itself and its recovery is mailed.
    healedUp = true;
    await run(HOUR + 7 * DAY);
    expect(await mails(u.control)).toHaveLength(2);
    expect(await mails(u.muted)).toHaveLength(1);
    const healed = await mails(u.healed);
    expect(healed).toHaveLength(2);
    expect(healed[1]).toContain('Flux de commandes\u00a0: de nouveau sain');
    expect((await client.healed.get<DataHealth>('/api/data-health')).body.items[0]).toMatchObject({ status: 'healthy' });
    expect((await client.healed.get<DataHealth>('/api/data-health')).body.items[0]!.mute).toBeUndefined();

    // Run 3, a day before the mute's end: still nothing.
    await run(29 * DAY);
    expect(await mails(u.muted)).toHaveLength(1);
    expect((await client.muted.get<DataHealth>('/api/data-health')).body.items[0]!.mute).toBeDefined();

    // Run 4, after the mute's end: mailed again, still failing; the mute is over.
    await run(30 * DAY + 2 * HOUR);
    const after = await mails(u.muted);
    expect(after).toHaveLength(2);
    expect(after[1]).toContain('Order feed: still failing');

    // Each change is in the company's audit: muted by the user, ended by the platform.
    const audit = async (company: CompanyRecord) =>
      (await admin.get<AuditPage>(`/api/audit?company=${company.id}&kind=health-mute`)).body.entries.map((e) => [e.action, e.actorLogin, e.after]);
    expect(await audit(c.muted)).toEqual([
      ['delete', 'system', { end: 'expired' }],
      ['create', u.muted.login, { kind: 'feed', note: 'The shop moves to a new server', until: mute.until, status: 'failing' }],
    ]);
    expect((await audit(c.healed)).map(([action, , after]) => [action, after])).toEqual([
      ['delete', { end: 'resolved' }],
      ['create', expect.objectContaining({ note: 'Fixing it' })],
    ]);

    // Muted again, then unmuted by hand: its mails resume; the audit says so.
    expect((await client.muted.post('/api/data-health/mute', { kind: 'feed', note: 'Again', days: 1 })).status).toBe(200);
    const unmuted = await client.muted.post<DataHealth>('/api/data-health/mute', { kind: 'feed', days: 0 });
    expect(unmuted.status).toBe(200);
    expect(unmuted.body.items[0]!.mute).toBeUndefined();
    expect((await client.muted.post('/api/data-health/mute', { kind: 'feed', days: 0 })).status).toBe(400);
    expect((await audit(c.muted))[0]).toEqual(['delete', u.muted.login, { end: 'unmuted' }]);

    // Another company's user cannot touch it: its own (healthy) company is what it mutes, never this one.
    const other = await (await signedIn(stack.url, u.healed)).post('/api/data-health/mute', { kind: 'feed', days: 0 }, { headers: { 'X-Portal-Company': c.muted.id } });
    expect(other.status).toBe(409);
  });
});
