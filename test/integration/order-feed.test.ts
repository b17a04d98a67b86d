import { Buffer } from 'node:buffer';
import { ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { listAudit } from '../../functions/data/audit';
import type { CompanyRecord } from '../../functions/data/companies';
import { getCompany } from '../../functions/data/companies';
import { FEED_CHECKS_KEPT, claimFeedCheck, createFeedCheck, finishFeedCheck, getFeedCheck, listFeedHistory, newFeedCheckId, type FeedCheckRecord } from '../../functions/data/feed-checks';
import { keys } from '../../functions/data/keys';
import { listSteps } from '../../functions/data/steps';
import { db, tableName } from '../../functions/data/table';
import { s3Client } from '../../functions/platform/clients/s3';
import { env } from '../../functions/platform/env';
import { FEED_HISTORY_MAX, type FeedCheck, type FeedOverview } from '../../shared/domain/order-feed';
import { cleanRecords, feedText, xmlChunks } from '../../shared/feed/testing/generate';
import { localStack, useLocalEnv } from '../support/local-stack';
import { mailsTo } from '../support/mailbox';
import { makeCompany, makeUser, signedIn } from './helpers/accounts';
import type { Browser } from './helpers/browser';
import { closeServer, feedServer, finished, postToS3, startCheck, upload, uploadTicket } from './helpers/order-feed';

/**
 * The order-feed calls through the local gateway, the job run by the gateway's Invoke API, s3rver
 * for the uploads and a loopback feed server the TEST stack allows (FEED_FETCH_ALLOW):
 * POST /api/order-feed/upload, POST /api/order-feed/check, GET /api/order-feed/checks/{id},
 * GET /api/order-feed. The 1M-order feed is order-feed-1m.test.ts.
 */

let stack: ReturnType<typeof localStack>;
let server: Awaited<ReturnType<typeof feedServer>>;
/** What the feed server answers per path; a path of `held` waits for release() before the last bytes. */
const routes = new Map<string, { body: string; contentType?: string }>();
let held: Array<() => void> = [];
const release = () => {
  for (const go of held) go();
  held = [];
};

const now = new Date();
const cleanFeed = (orders = 300, seed = 1) => feedText(xmlChunks(cleanRecords({ now, orders, seed })));
const feedUrl = (path: string) => `http://127.0.0.1:${inject('feedServerPort')}${path}`;

beforeAll(async () => {
  useLocalEnv();
  stack = localStack();
  server = await feedServer(inject('feedServerPort'), (req, res) => {
    const path = (req.url ?? '').split('?')[0]!;
    if (path.startsWith('/held/')) {
      // A slow feed: half now, the rest when the test releases it (the check is "running" meanwhile).
      const body = cleanFeed(200, 7);
      res.writeHead(200, { 'content-type': 'application/xml', 'content-length': String(Buffer.byteLength(body)) });
      const half = body.length >> 1;
      res.write(body.slice(0, half));
      held.push(() => res.end(body.slice(half)));
      return;
    }
    const route = routes.get(path);
    if (!route) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': route.contentType ?? 'application/xml' }).end(route.body);
  });
});

afterAll(async () => {
  release();
  if (server) await closeServer(server);
});

async function customerOf(name: string, over: Partial<CompanyRecord> = {}): Promise<{ company: CompanyRecord; client: Browser }> {
  const company = await makeCompany(name, over);
  return { company, client: await signedIn(stack.url, await makeUser('ROLE_USER', company)) };
}
const feedStep = async (company: CompanyRecord) => (await listSteps(company.id)).find((s) => s.stepType === 'status_feed')?.status;
const teamMails = async (company: CompanyRecord) =>
  (await mailsTo(stack.endpoints.ses, stack.env.INTEGRATION_MAILBOX)).filter((mail) => mail.subject.includes(company.name));
const partitionItems = async (companyId: string): Promise<string[]> => {
  const { Items } = await db().send(
    new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.companyPartition(companyId) }, ConsistentRead: true }),
  );
  return (Items ?? []).map((item) => item.sk as string);
};
const uploadsOf = async (companyId: string): Promise<number> =>
  (await s3Client().send(new ListObjectsV2Command({ Bucket: env.bucketName, Prefix: keys.feedUploadPrefix(companyId) }))).KeyCount ?? 0;
const overview = async (client: Browser) => {
  const answer = await client.get<FeedOverview>('/api/order-feed');
  expect(answer.status).toBe(200);
  return answer.body;
};

describe('upload, then check', () => {
  it('checks an uploaded clean feed as a job: progress, result, history, step done and one mail', async () => {
    const { company, client } = await customerOf('Feed upload');
    expect(await overview(client)).toEqual({ current: null, history: [], orderFeedUrl: null });
    const feed = cleanFeed(300);
    const key = await upload(client, feed, 'boutique été.xml');
    expect(key.startsWith(`feeds/${company.id}/`)).toBe(true);

    const queued = await startCheck(client, { upload_key: key, type: 'xml', view_id: null });
    expect(['queued', 'running', 'done']).toContain(queued.status);
    expect(queued.source).toEqual({ kind: 'upload', key, fileName: 'boutique été.xml', size: Buffer.byteLength(feed) });
    expect(queued.startedBy).not.toBe('');

    const done = await finished(client, queued.id);
    expect(done.failure).toBeNull();
    expect(done.status).toBe('done');
    expect(done.result?.errors).toEqual({});
    expect(done.result?.stats.numOrders.total).toBe(300);
    expect(done.progress).toEqual({ bytes: Buffer.byteLength(feed), totalBytes: Buffer.byteLength(feed), orders: 300 });
    expect(done.stepCompleted).toBe(true);
    expect(done.feedUrlStored).toBe(false);
    expect(await feedStep(company)).toBe('done');

    const seen = await overview(client);
    expect(seen.current?.id).toBe(done.id);
    expect(seen.history).toEqual([{ checkId: done.id, date: done.finishedAt, trigger: 'manual', health: 'clean', orders: 300, warningKeys: [], failure: null }]);

    // A second clean check: history grows (newest first), the step stays done, no second mail.
    const again = await finished(client, (await startCheck(client, { upload_key: key, type: 'xml' })).id);
    expect(again.stepCompleted).toBe(false);
    const after = await overview(client);
    expect(after.history.map((h) => h.checkId)).toEqual([again.id, done.id]);
    expect(await teamMails(company)).toHaveLength(1);
  });

  it('reports warnings without completing the step, and a malformed feed as a failed check', async () => {
    const { company, client } = await customerOf('Feed warnings');
    const spoiled = cleanFeed(300, 3).replace(/<price>([\d.]+)<\/price>/, '<price>12,50</price>');
    const warned = await finished(client, (await startCheck(client, { upload_key: await upload(client, spoiled), type: 'xml' })).id);
    expect(warned.status).toBe('done');
    expect(Object.keys(warned.result!.errors)).toContain('invalidPrice');
    expect(warned.result!.errors.invalidPrice![0]!.detail).toContain('12,50');
    expect(warned.stepCompleted).toBe(false);

    const broken = await finished(client, (await startCheck(client, { upload_key: await upload(client, '<orders><order><id>1</id>'), type: 'xml' })).id);
    expect(broken.status).toBe('failed');
    expect(broken.result).toBeNull();
    expect(broken.failure?.code).toMatch(/truncated|malformed/);
    expect(broken.failure?.message).toMatch(/line \d+/);

    const { history } = await overview(client);
    expect(history.map((h) => [h.health, h.failure?.code ?? null])).toEqual([
      ['failed', broken.failure!.code],
      ['warnings', null],
    ]);
    expect(history[1]!.warningKeys).toContain('invalidPrice');
    expect(await feedStep(company)).toBe('TBD');
    expect(await teamMails(company)).toHaveLength(0);
  });

  it('lets the customer complete the step by hand after a check with only non-critical warnings, not after a failed or critical one', async () => {
    const { company, client } = await customerOf('Feed manual');
    const byHand = () => client.post<{ errors?: Record<string, string> }>('/api/integration-status/update', { stepType: 'status_feed', status: 'done' });
    const refusedNow = async () => {
      const refused = await byHand();
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual({ status: 'validation.step.feedNotChecked' });
    };
    await finished(client, (await startCheck(client, { upload_key: await upload(client, 'not xml at all'), type: 'xml' })).id);
    await refusedNow();
    // invalidPrice is critical (shared/feed/critical.ts): the orders cannot be counted.
    const unpriced = cleanFeed(100, 5).replace(/<price>([\d.]+)<\/price>/, '<price>oops</price>');
    const critical = await finished(client, (await startCheck(client, { upload_key: await upload(client, unpriced), type: 'xml' })).id);
    expect(Object.keys(critical.result!.counts)).toContain('invalidPrice');
    await refusedNow();
    // invalidIscallcenter is not.
    const callCentre = cleanFeed(100, 5).replace(/<iscallcenter>[01]<\/iscallcenter>/, '<iscallcenter>2</iscallcenter>');
    const minor = await finished(client, (await startCheck(client, { upload_key: await upload(client, callCentre), type: 'xml' })).id);
    expect(Object.keys(minor.result!.counts)).toEqual(['invalidIscallcenter']);
    expect((await byHand()).status).toBe(200);
    expect(await feedStep(company)).toBe('done');
  });

  it('checks a CSV upload, and a lead feed for a lead company', async () => {
    const { client } = await customerOf('Feed csv');
    const csv = 'id;date;state;price\nA1;2026-11-10 12:00:00;done;10.00\n';
    const check = await finished(client, (await startCheck(client, { upload_key: await upload(client, csv, 'feed.csv', 'csv'), type: 'csv' })).id);
    expect(check.status).toBe('done');
    expect(check.type).toBe('csv');
    expect(check.result?.stats.numOrders.total).toBe(1);

    const lead = await customerOf('Feed lead', { product: 'lead' });
    const leads = feedText(xmlChunks(cleanRecords({ now, orders: 50, kind: 'lead' }), 'lead'));
    const checked = await finished(lead.client, (await startCheck(lead.client, { upload_key: await upload(lead.client, leads), type: 'xml' })).id);
    expect(checked.failure).toBeNull();
    expect(checked.result?.stats.numOrders.total).toBe(50);
    // The order-feed root is wrong for a lead company.
    const asOrders = await finished(lead.client, (await startCheck(lead.client, { upload_key: await upload(lead.client, cleanFeed(5)), type: 'xml' })).id);
    expect(asOrders.failure?.code).toBe('wrong-root');
  });

  it('refuses an empty upload: S3 by the policy, the check by the object itself', async () => {
    const { client } = await customerOf('Feed empty');
    const ticket = await uploadTicket(client, 'empty.xml', 10);
    expect((await postToS3(ticket, new Blob([]), 'empty.xml')).status).toBe(400);
    // An empty object under the key anyway (a policy is S3's check, not ours): the check refuses it.
    await s3Client().send(new PutObjectCommand({ Bucket: env.bucketName, Key: ticket.key, Body: '' }));
    const answer = await client.post<{ code: string; errors: Record<string, string> }>('/api/order-feed/check', { upload_key: ticket.key, type: 'xml' });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ upload_key: 'validation.feed.emptyFile' });
  });

  it('binds the ticket to the declared size: 100 bytes declared, 64 KiB refused and nothing stored; the declared size uploads', async () => {
    const { company, client } = await customerOf('Feed size bound');
    const ticket = await uploadTicket(client, 'small.xml', 100);
    const big = await postToS3(ticket, new Blob([Buffer.alloc(64 * 1024, 0x41)]), 'small.xml');
    expect(big.status).toBe(400);
    expect(await big.text()).toContain('<Code>EntityTooLarge</Code>');
    expect(await uploadsOf(company.id)).toBe(0);

    const exact = await postToS3(ticket, new Blob([Buffer.alloc(100, 0x41)]), 'small.xml');
    expect(exact.status, await exact.text()).toBeLessThan(300);
    expect(await uploadsOf(company.id)).toBe(1);
  });

  it('hands out a presigned POST for one key under the company prefix, with the size range, content type and a short expiry', async () => {
    const { company, client } = await customerOf('Feed ticket');
    const ticket = await uploadTicket(client, 'shop.csv', 1234, 'csv');
    expect(ticket.key).toMatch(new RegExp(`^feeds/${company.id}/[0-9a-f-]{36}\\.csv$`));
    expect(ticket.url).toContain(stack.env.FEED_BUCKET);
    expect(ticket.maxBytes).toBe(1234);
    const expires = Date.parse(ticket.expiresAt) - Date.now();
    expect(expires).toBeGreaterThan(10 * 60_000);
    expect(expires).toBeLessThanOrEqual(15 * 60_000);
    expect(ticket.fields.key).toBe(ticket.key);
    expect(ticket.fields['Content-Type']).toBe('text/csv');
    const policy = JSON.parse(Buffer.from(ticket.fields.Policy!, 'base64').toString('utf8')) as { conditions: unknown[]; expiration: string };
    expect(policy.conditions).toEqual(
      expect.arrayContaining([{ key: ticket.key }, ['content-length-range', 1, 1234], ['eq', '$Content-Type', 'text/csv'], { bucket: stack.env.FEED_BUCKET }]),
    );
    expect(Math.abs(Date.parse(policy.expiration) - Date.parse(ticket.expiresAt))).toBeLessThan(5000);
  });
});

describe('URL checks', () => {
  it('fetches an allowed loopback URL, stores the first clean URL once, never stores credentials in a check', async () => {
    const { company, client } = await customerOf('Feed url');
    routes.set('/url/feed.xml', { body: cleanFeed(120, 11) });
    routes.set('/url/other.xml', { body: cleanFeed(80, 12) });
    const first = await finished(client, (await startCheck(client, { feed_url: feedUrl('/url/feed.xml'), type: 'xml' })).id);
    expect(first.failure).toBeNull();
    expect(first.source).toEqual({ kind: 'url', url: feedUrl('/url/feed.xml') });
    expect(first.result?.stats.numOrders.total).toBe(120);
    expect(first.feedUrlStored).toBe(true);
    expect(first.stepCompleted).toBe(true);
    expect((await getCompany(company.id))?.orderFeedUrl).toBe(feedUrl('/url/feed.xml'));
    expect((await overview(client)).orderFeedUrl).toBe(feedUrl('/url/feed.xml'));
    // Stored by the check's job, recorded as the customer's who started it (docs/product.md, "Audit history").
    const me = (await client.get<{ id: string }>('/api/users/current')).body.id;
    const stored = (await listAudit({ of: `company#${company.id}`, kind: 'company' }, null, 25)).entries.filter((e) => e.action === 'update');
    expect(stored).toEqual([expect.objectContaining({ actorId: me, before: { orderFeedUrl: null }, after: { orderFeedUrl: feedUrl('/url/feed.xml') } })]);

    const second = await finished(client, (await startCheck(client, { feed_url: feedUrl('/url/other.xml'), type: 'xml' })).id);
    expect(second.status).toBe('done');
    expect(second.feedUrlStored).toBe(false);
    expect((await getCompany(company.id))?.orderFeedUrl).toBe(feedUrl('/url/feed.xml'));

    // http with user:password is refused by the fetcher; the stored check never shows the secret.
    const secret = feedUrl('/url/feed.xml').replace('http://', 'http://shop:s3cr3t-pw@');
    const refused = await startCheck(client, { feed_url: secret, type: 'xml' });
    expect(JSON.stringify(refused)).not.toContain('s3cr3t-pw');
    const failed = await finished(client, refused.id);
    expect(failed.status).toBe('failed');
    expect(failed.failure?.code).toBe('credentials');
    expect(JSON.stringify(await overview(client))).not.toContain('s3cr3t-pw');
    // The job read the URL (credentials included: the fetcher saw them) from the check record, which
    // drops it when the check finishes: nothing in the company's items holds the secret any more.
    const { Items } = await db().send(
      new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.companyPartition(company.id) }, ConsistentRead: true }),
    );
    expect(JSON.stringify(Items)).not.toContain('s3cr3t-pw');
    expect((Items ?? []).some((item) => 'fetchUrl' in item)).toBe(false);
  });

  it('turns fetch refusals and HTTP errors into failed checks with the fetcher code', async () => {
    const { company, client } = await customerOf('Feed url refused');
    const missing = await finished(client, (await startCheck(client, { feed_url: feedUrl('/url/missing.xml'), type: 'xml' })).id);
    expect(missing.failure?.code).toBe('status');
    // Loopback on another port: not allow-listed, refused before any connection.
    const internal = await finished(client, (await startCheck(client, { feed_url: 'http://127.0.0.1:9/feed.xml', type: 'xml' })).id);
    expect(internal.failure?.code).toBe('address');
    expect(await feedStep(company)).toBe('TBD');
    expect((await getCompany(company.id))?.orderFeedUrl).toBeNull();
  });

  it('refuses a scheme it never fetches at once, with a clear message', async () => {
    const { client } = await customerOf('Feed url scheme');
    for (const url of ['gopher://example.com/feed.xml', 'file:///etc/passwd', 'dict://example.com:11111/']) {
      const answer = await client.post<{ code: string; message: string; errors: Record<string, string> }>('/api/order-feed/check', { feed_url: url, type: 'xml' });
      expect(answer.status, url).toBe(400);
      expect(answer.body.errors).toHaveProperty('feed_url');
    }
    expect((await overview(client)).current).toBeNull();
  });
});

describe('one check at a time', () => {
  it('answers the running check to a second request, also to two requests at once', async () => {
    const { client } = await customerOf('Feed one at a time');
    const running = await startCheck(client, { feed_url: feedUrl('/held/a.xml'), type: 'xml' });
    const key = await upload(client, cleanFeed(10));
    const [again, concurrent] = await Promise.all([startCheck(client, { upload_key: key, type: 'xml' }), startCheck(client, { feed_url: feedUrl('/url/feed.xml'), type: 'xml' })]);
    expect(again.id).toBe(running.id);
    expect(concurrent.id).toBe(running.id);
    // It runs: the page sees the bytes read so far.
    await expect.poll(async () => (await client.get<FeedCheck>(`/api/order-feed/checks/${running.id}`)).body.progress.bytes, { timeout: 20_000 }).toBeGreaterThan(0);
    expect((await overview(client)).current?.status).toBe('running');
    release();
    const done = await finished(client, running.id);
    expect(done.result?.stats.numOrders.total).toBe(200);
    const next = await startCheck(client, { upload_key: key, type: 'xml' });
    expect(next.id).not.toBe(running.id);
    await finished(client, next.id);
  });

  it('requests at once with no check running never make two checks run together', async () => {
    const { client } = await customerOf('Feed race');
    const key = await upload(client, cleanFeed(50));
    const answers = await Promise.all(Array.from({ length: 4 }, () => startCheck(client, { upload_key: key, type: 'xml' })));
    // In one process the four meet the first check's marker and get its id; served by the bundles
    // (a Lambda instance each, started one after the other) a small check may finish before the
    // next request arrives, which may then start the next one. Either way never two at once.
    const ids = [...new Set(answers.map((a) => a.id))];
    const checks = await Promise.all(ids.map((id) => finished(client, id)));
    const spans = checks.map((check) => [Date.parse(check.createdAt), Date.parse(check.finishedAt!)] as const).sort((x, y) => x[0] - y[0]);
    for (let i = 1; i < spans.length; i++) expect(spans[i]![0]).toBeGreaterThanOrEqual(spans[i - 1]![1]);
    expect((await overview(client)).history).toHaveLength(ids.length);
  });
});

describe('tenancy', () => {
  let a: { company: CompanyRecord; client: Browser };
  let b: { company: CompanyRecord; client: Browser };
  let aCheck: FeedCheck;
  let aKey: string;

  beforeAll(async () => {
    a = await customerOf('Feed tenant A');
    b = await customerOf('Feed tenant B');
    aKey = await upload(a.client, cleanFeed(20));
    aCheck = await finished(a.client, (await startCheck(a.client, { upload_key: aKey, type: 'xml' })).id);
  });

  it("cannot read another company's check", async () => {
    const answer = await b.client.get<{ code: string }>(`/api/order-feed/checks/${aCheck.id}`);
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe('not-found');
    expect(JSON.stringify((await overview(b.client)))).not.toContain(aCheck.id);
    expect((await b.client.get<{ code: string }>('/api/order-feed/checks/not-a-uuid')).status).toBe(404);
  });

  it("cannot check another company's upload: answered like a missing one", async () => {
    const foreign = await b.client.post<{ code: string; message: string }>('/api/order-feed/check', { upload_key: aKey, type: 'xml' });
    const missing = await b.client.post<{ code: string; message: string }>('/api/order-feed/check', {
      upload_key: `feeds/${b.company.id}/00000000-0000-4000-8000-000000000000.xml`,
      type: 'xml',
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    for (const sneaky of [`feeds/${b.company.id}/../${a.company.id}/${aKey.split('/').pop()}`, `feeds/${b.company.id}/x/${aKey.split('/').pop()}`, `/${aKey}`]) {
      const answer = await b.client.post('/api/order-feed/check', { upload_key: sneaky, type: 'xml' });
      expect(answer.status, sneaky).toBe(404);
    }
    expect((await overview(b.client)).current).toBeNull();
  });

  it("gets upload tickets under its own prefix only, whatever the request says", async () => {
    const ticket = await b.client.post<{ key: string }>('/api/order-feed/upload', { fileName: `../${a.company.id}/x.xml`, size: 10, type: 'xml', companyId: a.company.id, key: aKey });
    expect(ticket.status).toBe(200);
    expect(ticket.body.key.startsWith(`feeds/${b.company.id}/`)).toBe(true);
    expect(ticket.body.key).not.toContain(a.company.id);
  });
});

describe('company deletion', () => {
  it('removes its checks, history, running marker and uploads', async () => {
    const home = await makeCompany('Feed admin home');
    const doomed = await makeCompany('Feed doomed');
    const admin = await signedIn(stack.url, await makeUser('ROLE_ADMIN', home));
    expect((await admin.post('/api/users/change-current-company', { company: doomed.id })).status).toBe(200);
    const done = await finished(admin, (await startCheck(admin, { upload_key: await upload(admin, cleanFeed(20)), type: 'xml' })).id);
    // A second check left running (held by the feed server) keeps the marker in place.
    await startCheck(admin, { feed_url: feedUrl('/held/doomed.xml'), type: 'xml' });
    const kinds = async () => (await partitionItems(doomed.id)).map((sk) => sk.replace(/[#].*/, '#'));
    expect(await kinds()).toEqual(expect.arrayContaining(['FEEDCHECK#', 'FEEDHIST#', 'FEEDRUN']));
    expect(await uploadsOf(doomed.id)).toBe(1);
    const answer = await admin.request<{ feedObjects: number }>('DELETE', `/api/companies/${doomed.id}`, { json: { version: 1 } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.feedObjects).toBe(1);
    release();
    // The held job ends after the deletion: it finds its check gone and writes nothing back.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await partitionItems(doomed.id)).toEqual([]);
    expect(await uploadsOf(doomed.id)).toBe(0);
    expect(done.status).toBe('done');
  });
});

/** A queued URL check written straight to the table (the records' tests bypass the routes). */
const queuedCheck = (companyId: string, at: string, over: Partial<FeedCheckRecord> = {}): FeedCheckRecord => ({
  id: newFeedCheckId(new Date(at)),
  companyId,
  status: 'queued',
  type: 'xml',
  viewId: null,
  source: { kind: 'url', url: 'https://shop.example/feed.xml' },
  startedBy: 'daily',
  createdAt: at,
  updatedAt: at,
  finishedAt: null,
  progress: { bytes: 0, totalBytes: null, orders: 0 },
  result: null,
  failure: null,
  stepCompleted: false,
  feedUrlStored: false,
  otherResource: null,
  ...over,
});

describe('records', () => {
  it('keeps the newest 60 history lines and 20 checks', async () => {
    const company = await makeCompany('Feed history cap');
    const ids: string[] = [];
    for (let i = 0; i < FEED_HISTORY_MAX + 3; i++) {
      const at = new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString();
      const record = queuedCheck(company.id, at);
      expect(await createFeedCheck(record, at)).toBe(true);
      const failure = { code: 'status', message: 'HTTP 500' };
      expect(await finishFeedCheck({ ...record, status: 'failed', failure, finishedAt: at }, { checkId: record.id, date: at, trigger: 'daily', health: 'failed', orders: 0, warningKeys: [], failure })).toBe(true);
      ids.push(record.id);
    }
    const history = await listFeedHistory(company.id);
    expect(history.map((h) => h.checkId)).toEqual(ids.slice(-FEED_HISTORY_MAX).reverse());
    const checks = (await partitionItems(company.id)).filter((sk) => sk.startsWith('FEEDCHECK#'));
    expect(checks).toEqual(ids.slice(-FEED_CHECKS_KEPT).map((id) => `FEEDCHECK#${id}`));
    expect(await partitionItems(company.id)).not.toContain('FEEDRUN');
  }, 120_000);

  it('drops the URL with its credentials when the job claims the check: a job that dies after it leaves none behind', async () => {
    const company = await makeCompany('Feed claim forgets the URL');
    const at = new Date().toISOString();
    const secretUrl = 'sftp://shop:s3cr3t-pw@feeds.example/orders.xml';
    const record = queuedCheck(company.id, at, { source: { kind: 'url', url: 'sftp://feeds.example/orders.xml' }, startedBy: 'user', fetchUrl: secretUrl });
    expect(await createFeedCheck(record, at)).toBe(true);
    // Queued: the job reads the URL from the record (its payload is ids only).
    expect((await getFeedCheck(company.id, record.id))?.fetchUrl).toBe(secretUrl);
    const claimed = await claimFeedCheck(company.id, record.id, new Date().toISOString(), new Date(Date.now() + 60_000).toISOString());
    expect(claimed?.status).toBe('running');
    // The job then "dies" (no finish): the stuck running check holds no credentials.
    const stuck = await getFeedCheck(company.id, record.id);
    expect(stuck?.status).toBe('running');
    expect(stuck && 'fetchUrl' in stuck).toBe(false);
    expect(JSON.stringify(stuck)).not.toContain('s3cr3t-pw');
    // A second claim (a repeated invoke while the lease holds) takes nothing.
    expect(await claimFeedCheck(company.id, record.id, new Date().toISOString(), new Date(Date.now() + 60_000).toISOString())).toBeNull();
  });
});

describe('bad input', () => {
  it('refuses bodies the schema refuses, with the field messages', async () => {
    const { client } = await customerOf('Feed bad input');
    const cases: Array<[string, Record<string, unknown>, Record<string, string>]> = [
      ['/api/order-feed/check', { type: 'xml' }, { feed_url: 'validation.feed.urlOrFile' }],
      ['/api/order-feed/check', { type: 'xml', feed_url: feedUrl('/url/feed.xml'), upload_key: 'feeds/x/y.xml' }, { feed_url: 'validation.feed.urlOrFile' }],
      ['/api/order-feed/check', { type: 'json', feed_url: feedUrl('/url/feed.xml') }, { type: 'validation.invalid' }],
      ['/api/order-feed/check', { type: 'xml', feed_url: 'not a url' }, { feed_url: 'validation.company.url' }],
      ['/api/order-feed/check', { type: 'xml', feed_url: feedUrl('/url/feed.xml'), view_id: 'UA-1' }, { view_id: 'validation.analytics.viewIdNumeric' }],
      ['/api/order-feed/upload', { fileName: 'a.xml', size: 0, type: 'xml' }, { size: 'validation.feed.emptyFile' }],
      ['/api/order-feed/upload', { fileName: 'a.xml', size: 1024 ** 3 + 1, type: 'xml' }, { size: 'validation.feed.fileTooLarge' }],
      ['/api/order-feed/upload', { fileName: '', size: 10, type: 'xml' }, { fileName: 'validation.required' }],
    ];
    for (const [path, body, errors] of cases) {
      const answer = await client.post<{ code: string; errors: Record<string, string> }>(path, body);
      expect(answer.status, `${path} ${JSON.stringify(body)}: ${JSON.stringify(answer.body)}`).toBe(400);
      expect(answer.body.code).toBe('validation');
      for (const [field, message] of Object.entries(errors)) {
        if (field) expect(answer.body.errors[field], JSON.stringify(answer.body)).toBe(message);
        else expect(Object.values(answer.body.errors), JSON.stringify(answer.body)).toContain(message);
      }
    }
    expect((await overview(client)).current).toBeNull();
  });
});
