import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRecord } from '../../functions/data/companies';
import type { FeedCheck } from '../../shared/domain/order-feed';
import { cleanRecords, feedText, xmlChunks } from '../../shared/feed/testing/generate';
import { startLocalStack, type LocalStack } from '../../localstack/stack';
import { makeCompany, makeUser, signedIn } from './helpers/accounts';
import type { Browser } from './helpers/browser';
import { finished, upload } from './helpers/order-feed';

/**
 * The order feed when S3 is down (docs/reliability.md): the feed's file is uploaded, then the S3
 * emulator is killed as an outage would. Asking for the check answers 503 with Retry-After (the
 * route looks for the upload first) and leaves no check queued or running to block the next one.
 * Once S3 is back, a new upload is checked through to the end. A job that dies or stalls while it
 * reads is the lease's case (feed-check-lease.test.ts). This file runs its own stack: the shared
 * one must keep its emulators.
 */

let stack: LocalStack;
let company: CompanyRecord;
let client: Browser;
const feed = () => feedText(xmlChunks(cleanRecords({ now: new Date(), orders: 200, seed: 3 })));

beforeAll(async () => {
  stack = await startLocalStack({ ports: 'free', web: 'none', seed: false, quiet: true });
  company = await makeCompany('S3 faults', { country: 'GB' });
  client = await signedIn(stack.url, await makeUser('ROLE_USER', company));
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

describe('S3 down during an order feed check', () => {
  it('gives the user an answer, leaves nothing running, and checks the next upload once S3 is back', async () => {
    const key = await upload(client, feed(), 'orders.xml');
    await stack.killEmulator('s3');

    // The route looks for the upload in S3 before it queues the check: 503, nothing queued.
    const asked = await client.post<{ code?: string }>('/api/order-feed/check', { upload_key: key, type: 'xml', view_id: null });
    expect(asked.status, JSON.stringify(asked.body)).toBe(503);
    expect(Number(asked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(asked.body.code).toBe('unavailable');
    // Nothing is left queued or running to block the next check.
    const during = await client.get<{ current: FeedCheck | null }>('/api/order-feed');
    expect(during.status).toBe(200);
    expect(['queued', 'running']).not.toContain(during.body.current?.status);

    // S3 back (empty, as after an outage that lost the upload): a new upload is checked to the end.
    await stack.restartEmulator('s3');
    const again = await upload(client, feed(), 'orders.xml');
    const started = await client.post<FeedCheck>('/api/order-feed/check', { upload_key: again, type: 'xml', view_id: null });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const done = await finished(client, started.body.id, 120_000);
    expect(done.status, JSON.stringify(done.failure)).toBe('done');
    expect(done.result?.stats.numOrders.total).toBe(200);
  }, 420_000);
});
