import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { listAudit } from '../../functions/data/audit';
import type { CompanyRecord } from '../../functions/data/companies';
import { dueDeliveries, getDelivery, listDeliveries } from '../../functions/data/outbox';
import { OUTBOX_RETRY } from '../../functions/core/outbox/backoff';
import { runLocalFeedRecheck } from '../../localstack/job-feeds';
import { startLocalStack, type LocalStack } from '../../localstack/stack';
import type { WebhookAttempt, WebhookEvent } from '../../shared/domain/webhooks';
import { cleanRecords, feedText, xmlChunks } from '../../shared/feed/testing/generate';
import { makeCompany, makeUser, signedIn } from './helpers/accounts';
import { Browser } from './helpers/browser';
import { closeServer, feedServer, finished, startCheck, upload } from './helpers/order-feed';

/**
 * Webhooks against a LOCAL RECEIVER (docs/product.md, "Webhooks"): an http server on loopback that
 * this test's stack, and only it, may reach (WEBHOOK_ALLOW; the guard refuses loopback everywhere
 * else and no deployed stage sets it). The receiver verifies every signature as the API docs show;
 * it fails (500: tried again with backoff), hangs (the 10 s cap), redirects (refused), and an
 * endpoint that always fails ends dead, visible in its log and to administrators. End to end, the
 * daily job over a company whose feed turns bad reaches the receiver as a signed health change.
 * This file runs its own stack and its own outbox sweep (EventBridge's `time` moved past each wait).
 */

type Behaviour = 'ok' | 'fail' | 'hang' | 'redirect';
interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let behaviour: Behaviour = 'ok';
const received: Received[] = [];
const hung: ServerResponse[] = [];
let receiver: Server;
let port: number;
let stack: LocalStack;
let A: CompanyRecord;
let customerA: Browser;
let customerB: Browser;
let clock = Date.now();

/** The receiver's check, the API docs' snippet: HMAC-SHA256 over "<t>.<body>", any v1 may match. */
function verifies(header: string | undefined, body: string, secret: string): boolean {
  const parts = (header ?? '').split(',').map((part) => part.split('='));
  const t = parts.find(([key]) => key === 't')?.[1];
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  return parts.some(([key, value]) => key === 'v1' && value!.length === 64 && timingSafeEqual(Buffer.from(value!, 'hex'), expected));
}

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      if (behaviour === 'hang') return void hung.push(res);
      if (behaviour === 'fail') return void res.writeHead(500).end('down');
      if (behaviour === 'redirect') return void res.writeHead(302, { location: `https://127.0.0.1:${port}/moved` }).end();
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  port = (receiver.address() as AddressInfo).port;
  // This test's stack may reach this receiver (the handlers and jobs run in this process).
  process.env.WEBHOOK_ALLOW = `127.0.0.1:${port}`;
  stack = await startLocalStack({ ports: 'free', web: 'none', seed: false, quiet: true, outboxSweepMs: 0 });
  A = await makeCompany('Hooks A');
  const B = await makeCompany('Hooks B');
  customerA = await signedIn(stack.url, await makeUser('ROLE_USER', A));
  customerB = await signedIn(stack.url, await makeUser('ROLE_USER', B));
}, 120_000);

afterAll(async () => {
  for (const res of hung) res.destroy();
  await new Promise((resolve) => receiver?.close(resolve));
  delete process.env.WEBHOOK_ALLOW;
  await stack?.stop();
});

const sweep = async () => {
  clock += 3 * OUTBOX_RETRY.capMs;
  return (await stack.runJob('outbox-sweep', { time: new Date(clock).toISOString() })) as Record<string, number>;
};

async function until<T>(what: string, find: () => Promise<T | null | undefined | false>, timeoutMs = 40_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await find();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`Still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Waits until no delivery is pending at all, due or not: the sweep moves its clock far ahead, so it
 * would also send an earlier test's delivery still in flight (its kick not run yet on a busy machine).
 */
const outboxSettled = () => until('the earlier deliveries settled', async () => (await dueDeliveries('9999-12-31T23:59:59.999Z', 1)).length === 0);

async function register(client: Browser, path: string, over: Record<string, unknown> = {}): Promise<{ id: string; version: number; secret: string }> {
  const answer = await client.post('/api/webhooks', { name: `Receiver ${path}`, url: `https://127.0.0.1:${port}${path}`, format: 'json', events: ['data-health.changed', 'feed-check.finished'], ...over });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { id: answer.body.webhook.id, version: answer.body.webhook.version, secret: answer.body.secret };
}

const attempts = async (client: Browser, id: string): Promise<WebhookAttempt[]> => {
  const answer = await client.get<WebhookAttempt[]>(`/api/webhooks/${id}/attempts`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};

const sendTest = async (id: string) => {
  const answer = await customerA.post(`/api/webhooks/${id}/test`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(202);
  return answer.body as { deliveryId: string; eventId: string };
};

const receivedAt = (path: string) => received.filter((r) => r.path === path);

describe('registering', () => {
  it('answers the secret once (never listed), refuses http, and audits create, rotate and delete', async () => {
    const made = await register(customerA, '/made');
    expect(made.secret).toMatch(/^whsec_/);
    const list = await customerA.get('/api/webhooks');
    expect(list.body.map((w: { id: string }) => w.id)).toContain(made.id);
    expect(JSON.stringify(list.body)).not.toContain(made.secret);

    const plain = await customerA.post('/api/webhooks', { name: 'Plain', url: `http://127.0.0.1:${port}/x`, format: 'json', events: ['feed-check.finished'] });
    expect(plain.status).toBe(400);
    expect(plain.body.errors).toEqual({ url: 'validation.webhook.url' });

    const rotated = await customerA.post(`/api/webhooks/${made.id}/rotate`, { version: made.version });
    expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
    expect(rotated.body.secret).not.toBe(made.secret);
    expect(Date.parse(rotated.body.webhook.previousSecretUntil) - Date.now()).toBeGreaterThan(23 * 3_600_000);
    const gone = await customerA.request('DELETE', `/api/webhooks/${made.id}`, { json: { version: rotated.body.webhook.version } });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);

    const records = (await listAudit({ of: `company#${A.id}`, kind: 'webhook' }, null, 50)).entries.filter((r) => r.recordId === made.id);
    expect(records.map((r) => r.action).sort()).toEqual(['create', 'delete', 'update']);
    expect(JSON.stringify(records)).not.toContain(made.secret);
    expect(JSON.stringify(records)).not.toContain(rotated.body.secret);
  });

  it('at most 10 endpoints per company: the eleventh is refused with its reason', async () => {
    const C = await makeCompany('Hooks C');
    const customerC = await signedIn(stack.url, await makeUser('ROLE_USER', C));
    for (let i = 0; i < 10; i++) await register(customerC, `/c${i}`);
    const eleventh = await customerC.post('/api/webhooks', { name: 'Eleventh', url: 'https://hooks.example/11', format: 'json', events: ['feed-check.finished'] });
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.errors).toEqual({ name: 'validation.webhook.tooMany' });
  });

  it('another company cannot see, test, rotate or delete an endpoint (404), nor read its log', async () => {
    const mine = await register(customerA, '/mine');
    expect((await customerB.get(`/api/webhooks/${mine.id}/attempts`)).status).toBe(404);
    expect((await customerB.post(`/api/webhooks/${mine.id}/test`)).status).toBe(404);
    expect((await customerB.post(`/api/webhooks/${mine.id}/rotate`, { version: mine.version })).status).toBe(404);
    expect((await customerB.request('DELETE', `/api/webhooks/${mine.id}`, { json: { version: mine.version } })).status).toBe(404);
    expect((await customerB.get('/api/webhooks')).body).toEqual([]);
  });
});

describe('deliveries to the local receiver', () => {
  it('a test event arrives signed (verified with the secret), with its event id; after a rotation both secrets verify', async () => {
    behaviour = 'ok';
    const hook = await register(customerA, '/signed');
    const sent = await sendTest(hook.id);
    const first = await until('the test event', async () => receivedAt('/signed')[0]);
    expect(first.headers['x-portal-event-id']).toBe(sent.eventId);
    expect(first.headers['x-portal-event']).toBe('webhook.test');
    expect(verifies(first.headers['x-portal-signature'] as string, first.body, hook.secret)).toBe(true);
    expect(verifies(first.headers['x-portal-signature'] as string, first.body, 'whsec_someone-else')).toBe(false);
    expect(verifies(first.headers['x-portal-signature'] as string, `${first.body} `, hook.secret)).toBe(false);
    expect((JSON.parse(first.body) as WebhookEvent).id).toBe(sent.eventId);
    const log = await until('the logged try', async () => (await attempts(customerA, hook.id)).find((a) => a.deliveryId === sent.deliveryId));
    expect(log).toMatchObject({ status: 204, error: null, state: 'sent', attempt: 1, event: 'webhook.test' });

    const rotated = await customerA.post(`/api/webhooks/${hook.id}/rotate`, { version: hook.version });
    await sendTest(hook.id);
    const second = await until('the event after rotation', async () => receivedAt('/signed')[1]);
    const header = second.headers['x-portal-signature'] as string;
    expect(header.split(',').filter((part) => part.startsWith('v1='))).toHaveLength(2);
    expect(verifies(header, second.body, rotated.body.secret)).toBe(true);
    expect(verifies(header, second.body, hook.secret)).toBe(true);
  }, 60_000);

  it('a finished feed check is told to the endpoints that subscribed to it, in the Slack format too', async () => {
    behaviour = 'ok';
    await register(customerA, '/slack', { format: 'slack', events: ['feed-check.finished'] });
    await register(customerA, '/health-only', { events: ['data-health.changed'] });
    const check = await finished(customerA, (await startCheck(customerA, { upload_key: await upload(customerA, 'not xml at all'), type: 'xml' })).id);
    const slack = await until('the Slack message', async () => receivedAt('/slack')[0]);
    expect(JSON.parse(slack.body)).toEqual({ text: expect.stringMatching(/^Feed check finished: /) });
    const json = await until('the JSON event', async () => receivedAt('/signed').find((r) => r.headers['x-portal-event'] === 'feed-check.finished'));
    expect((JSON.parse(json.body) as WebhookEvent).data).toMatchObject({ checkId: check.id, trigger: 'manual' });
    expect(receivedAt('/health-only')).toHaveLength(0);
  }, 90_000);

  it('an endpoint answering 500 is tried again later (with backoff), then succeeds once it is back: one event id on every try', async () => {
    await outboxSettled();
    behaviour = 'fail';
    const hook = await register(customerA, '/flaky');
    const sent = await sendTest(hook.id);
    const failed = await until('the failed try', async () => (await attempts(customerA, hook.id)).find((a) => a.attempt === 1));
    expect(failed).toMatchObject({ status: 500, error: 'status', state: 'pending' });
    const waiting = (await getDelivery(sent.deliveryId))!;
    expect(waiting.state).toBe('pending');
    expect(Date.parse(waiting.nextAt) - Date.parse(failed.at)).toBeGreaterThanOrEqual(OUTBOX_RETRY.baseMs);

    behaviour = 'ok';
    expect(await sweep()).toMatchObject({ sent: 1 });
    const log = await attempts(customerA, hook.id);
    expect(log.map((a) => [a.attempt, a.status, a.state])).toEqual([
      [2, 204, 'sent'],
      [1, 500, 'sent'],
    ]);
    expect(new Set(receivedAt('/flaky').map((r) => r.headers['x-portal-event-id']))).toEqual(new Set([sent.eventId]));
  }, 60_000);

  it('a redirect is refused (not followed), a hung endpoint times out: both are tried again', async () => {
    behaviour = 'redirect';
    const moved = await register(customerA, '/redirects');
    await sendTest(moved.id);
    const refused = await until('the refused redirect', async () => (await attempts(customerA, moved.id))[0]);
    expect(refused).toMatchObject({ status: 302, error: 'redirect', state: 'pending' });
    expect(receivedAt('/moved')).toHaveLength(0);

    behaviour = 'hang';
    const slow = await register(customerA, '/hangs');
    await sendTest(slow.id);
    const timedOut = await until('the timed-out try', async () => (await attempts(customerA, slow.id))[0], 60_000);
    expect(timedOut).toMatchObject({ status: null, error: 'timeout', state: 'pending' });
  }, 120_000);

  it('private and loopback addresses outside the test allow-list are refused at registration, and again before connecting', async () => {
    for (const url of ['https://10.1.2.3/hook', `https://localhost:${port + 1}/hook`, 'https://169.254.169.254/latest', 'https://[::1]/hook']) {
      const refused = await customerA.post('/api/webhooks', { name: 'Inside', url, format: 'json', events: ['feed-check.finished'] });
      expect(refused.status, url).toBe(400);
      expect(refused.body.errors, url).toEqual({ url: 'validation.webhook.internal' });
    }
    // Registered while allowed, then the address is no longer (a name that now resolves inside): the delivery refuses it.
    const moved = await register(customerA, '/moved-inside');
    const allowed = process.env.WEBHOOK_ALLOW;
    process.env.WEBHOOK_ALLOW = `127.0.0.1:${port + 1}`;
    try {
      await sendTest(moved.id);
      expect(await until('the refused try', async () => (await attempts(customerA, moved.id))[0])).toMatchObject({ status: null, error: 'address', state: 'pending' });
    } finally {
      process.env.WEBHOOK_ALLOW = allowed;
    }
  }, 60_000);

  it('an endpoint that never answers well ends dead: its log says so and administrators see it with the dead mails', async () => {
    behaviour = 'fail';
    const dead = await register(customerA, '/dead');
    const sent = await sendTest(dead.id);
    await until('the first failed try', async () => (await attempts(customerA, dead.id))[0]);
    for (let i = 0; i < OUTBOX_RETRY.maxAttempts && (await getDelivery(sent.deliveryId))?.state !== 'dead'; i++) await sweep();
    expect((await getDelivery(sent.deliveryId))?.state).toBe('dead');
    const log = await attempts(customerA, dead.id);
    expect(log).toHaveLength(OUTBOX_RETRY.maxAttempts);
    expect(log.every((a) => a.state === 'dead' && a.status === 500)).toBe(true);
    const listed = (await listDeliveries('dead', null, 100)).deliveries.find((d) => d.id === sent.deliveryId);
    expect(listed).toMatchObject({ kind: 'webhook', topic: 'webhook.test', recipient: `webhook:127.0.0.1:${port}` });
  }, 120_000);
});

describe('a daily health change, end to end', () => {
  it('the daily job over a company whose feed turns bad sends a signed data-health.changed event to the receiver, with its event id', async () => {
    behaviour = 'ok';
    let feedUp = true;
    const feed = feedText(xmlChunks([...cleanRecords({ now: new Date(), orders: 10, seed: 3 })]));
    const server = await feedServer(inject('feedServerPort'), (_req, res) => {
      // 404: gone for good, failing at once (a 5xx would be tried again the same day first).
      if (feedUp) res.writeHead(200, { 'content-type': 'application/xml' }).end(feed);
      else res.writeHead(404).end('gone');
    });
    try {
      const H = await makeCompany('Hooks health', { orderFeedUrl: `http://127.0.0.1:${inject('feedServerPort')}/hooks/feed.xml` });
      const customerH = await signedIn(stack.url, await makeUser('ROLE_USER', H));
      const hook = await register(customerH, '/daily-health', { events: ['data-health.changed'] });
      const base = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 1, 3);

      // Day 1: the feed is known healthy (from unknown: no event). Day 2: it fails.
      await runLocalFeedRecheck(stack.url, { time: new Date(base).toISOString() });
      expect(receivedAt('/daily-health')).toHaveLength(0);
      feedUp = false;
      const day2 = base + 86_400_000;
      const run = await runLocalFeedRecheck(stack.url, { time: new Date(day2).toISOString() });
      expect(run.local.outcomes.find((o) => o.companyId === H.id)?.dataHealth?.statuses.feed).toBe('failing');

      // The event is due at the run's time, a day ahead of the clock: the kick finds it not due yet,
      // the sweep (EventBridge's every minute) sends it once that time has come.
      await stack.runJob('outbox-sweep', { time: new Date(day2 + 60_000).toISOString() });
      const delivered = await until('the health change', async () => receivedAt('/daily-health')[0]);
      const event = JSON.parse(delivered.body) as WebhookEvent;
      expect(delivered.headers['x-portal-event']).toBe('data-health.changed');
      expect(delivered.headers['x-portal-event-id']).toBe(event.id);
      expect(event.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(event).toMatchObject({ type: 'data-health.changed', companyId: H.id, data: { kind: 'feed', from: 'healthy', to: 'failing' } });
      expect(verifies(delivered.headers['x-portal-signature'] as string, delivered.body, hook.secret)).toBe(true);
      expect(verifies(delivered.headers['x-portal-signature'] as string, delivered.body.replace('failing', 'healthy'), hook.secret)).toBe(false);
      const log = await until('the logged try', async () => (await attempts(customerH, hook.id)).find((a) => a.event === 'data-health.changed'));
      expect(log).toMatchObject({ status: 204, state: 'sent', attempt: 1 });
      expect(receivedAt('/daily-health')).toHaveLength(1);
    } finally {
      await closeServer(server);
    }
  }, 180_000);
});
