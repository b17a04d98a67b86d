import { openAsBlob } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeleteObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { s3Client } from '../../functions/platform/clients/s3';
import { env } from '../../functions/platform/env';
import { cleanRecords, xmlChunks, type FeedRecord } from '../../shared/feed/testing/generate';
import { localStack, useLocalEnv } from '../support/local-stack';
import { makeCompany, makeUser, signedIn } from './helpers/accounts';
import { finished, postToS3, startCheck, uploadTicket, writeFeedFile } from './helpers/order-feed';

/**
 * A 1M-order feed (~800 MB) end to end on the local stack: generated to a temporary file, sent to
 * S3 with the presigned POST as a browser would, then checked by the job the gateway runs in the
 * stack's process. While it runs the test polls like the page (the bytes read must grow) and samples
 * the stack process's resident memory: the engine streams, so it must stay flat.
 */

const ORDERS = 1_000_000;
/** Generous: the stack process also serves requests and runs DynamoDB and S3 SDK clients. */
const RSS_GROWTH_CAP = 300 * 1024 * 1024;

let dir: string;
let file: string;

/**
 * Real orders carry more than the generator's minimum: a coupon, a margin and a gift-wrap line
 * bring the feed to the ~800 MB of a million real orders.
 */
function* asShopOrders(records: Iterable<FeedRecord>): Generator<FeedRecord> {
  for (const record of records) {
    yield {
      fields: { ...record.fields, margin: '12.50', coupon: 'AUTUMN-SALE-2026-FREE-SHIPPING' },
      products: record.products && [...record.products, { id: `${record.fields.id}-GIFTWRAP`, category: 'gift-wrapping', price: '0.50', quantity: '1' }],
    };
  }
}

/** Resident memory of a process, from /proc (Linux: CI and this machine). */
async function rss(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
  if (!kb) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb) * 1024;
}

beforeAll(async () => {
  useLocalEnv();
  dir = await mkdtemp(join(tmpdir(), 'feed-1m-'));
  file = join(dir, 'feed-1m.xml');
  await writeFeedFile(file, xmlChunks(asShopOrders(cleanRecords({ now: new Date(), orders: ORDERS, seed: 42 }))));
}, 300_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('a 1M-order feed through the job', () => {
  it('streams with flat memory and visible progress', async () => {
    const stack = localStack();
    const pid = inject('stackPid');
    const company = await makeCompany('Feed million');
    const client = await signedIn(stack.url, await makeUser('ROLE_USER', company));
    const size = (await stat(file)).size;
    expect(size).toBeGreaterThan(750 * 1024 * 1024);

    const ticket = await uploadTicket(client, 'million.xml', size);
    const sent = await postToS3(ticket, await openAsBlob(file), 'million.xml');
    expect(sent.status, await sent.text()).toBeLessThan(300);

    // Baseline: the stack process after the upload (s3rver is a process of its own).
    const before = await rss(pid);
    let peak = before;
    const seenBytes: number[] = [];
    const sampler = setInterval(() => {
      void rss(pid).then((value) => (peak = Math.max(peak, value)), () => undefined);
    }, 250);
    let done;
    try {
      const check = await startCheck(client, { upload_key: ticket.key, type: 'xml' });
      done = await finished(client, check.id, 600_000, (polled) => {
        if (polled.status === 'running') seenBytes.push(polled.progress.bytes);
      });
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, await rss(pid));

    expect(done.failure).toBeNull();
    expect(done.status).toBe('done');
    expect(done.result?.stats.numOrders.total).toBe(ORDERS);
    expect(done.progress.bytes).toBe(size);
    expect(done.progress.totalBytes).toBe(size);
    // Progress was visible while it ran: at least two different partial byte counts, growing.
    const partial = [...new Set(seenBytes.filter((b) => b > 0 && b < size))];
    expect(partial.length, `bytes seen while running: ${seenBytes.join(', ')}`).toBeGreaterThanOrEqual(2);
    expect([...partial].sort((x, y) => x - y)).toEqual(partial);
    console.log(`[order-feed-1m] ${(size / 1024 / 1024).toFixed(0)} MB, stack RSS ${(before / 1024 / 1024).toFixed(0)} MB -> peak ${(peak / 1024 / 1024).toFixed(0)} MB`);
    expect(peak - before).toBeLessThan(RSS_GROWTH_CAP);
    // Frees the emulator's copy (~600 MB on disk) for the rest of the run.
    await s3Client().send(new DeleteObjectCommand({ Bucket: env.bucketName, Key: ticket.key }));
  }, 900_000);
});
