import { openAsBlob } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedCsvLink } from '../../shared/domain/order-feed';
import { cleanRecords, csvChunks, type FeedRecord } from '../../shared/feed/testing/generate';
import { localStack, useLocalEnv } from '../support/local-stack';
import { makeCompany, makeUser, signedIn } from './helpers/accounts';
import { finished, postToS3, startCheck, uploadTicket, writeFeedFile } from './helpers/order-feed';

/**
 * "Download every failing row": a 300,000-order CSV feed in which every third order has an invalid
 * price (100,000 failing rows, over 5 MB of CSV: more than one multipart part) is checked by the job;
 * the signed link answers the whole CSV, every row with its line, order id, warning and value, and
 * only to the check's own company.
 */

const ORDERS = 300_000;
const BAD_EVERY = 3;

let dir: string;
let file: string;

/** Long enough that the CSV outgrows one 5 MiB part; a formula, as a hostile feed could write it. */
const badPrice = (i: number) => `${'=1+'.repeat(10)}${i}`;

function* withBadPrices(records: Iterable<FeedRecord>): Generator<FeedRecord> {
  let i = 0;
  for (const record of records) {
    yield i++ % BAD_EVERY === 0 ? { ...record, fields: { ...record.fields, price: badPrice(i) } } : record;
  }
}

beforeAll(async () => {
  useLocalEnv();
  dir = await mkdtemp(join(tmpdir(), 'feed-failing-rows-'));
  file = join(dir, 'feed.csv');
  await writeFeedFile(file, csvChunks(withBadPrices(cleanRecords({ now: new Date(), orders: ORDERS, seed: 7 }))));
}, 300_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the failing rows of a whole feed', () => {
  it('downloads completely (every row, the right columns), for the company only', async () => {
    const stack = localStack();
    const company = await makeCompany('Feed failing rows');
    const client = await signedIn(stack.url, await makeUser('ROLE_USER', company));
    const size = (await stat(file)).size;
    const ticket = await uploadTicket(client, 'orders.csv', size, 'csv');
    const sent = await postToS3(ticket, await openAsBlob(file), 'orders.csv');
    expect(sent.status, await sent.text()).toBeLessThan(300);

    const check = await startCheck(client, { upload_key: ticket.key, type: 'csv' });
    const done = await finished(client, check.id, 600_000);
    expect(done.failure).toBeNull();
    expect(done.result?.stats.numOrders.total).toBe(ORDERS);
    expect(done.result?.counts.invalidPrice).toBe(ORDERS / BAD_EVERY);
    expect(done.result?.errors.invalidPrice).toHaveLength(50);

    // Another company's user gets nothing, not even whether the check exists.
    const other = await signedIn(stack.url, await makeUser('ROLE_USER', await makeCompany('Feed failing rows other')));
    const refused = await other.get<{ code: string; message: string }>(`/api/order-feed/checks/${check.id}/failing-rows`);
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('This check has no failing rows to download');

    const link = await client.get<FeedCsvLink>(`/api/order-feed/checks/${check.id}/failing-rows`);
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    const answer = await fetch(link.body.url);
    expect(answer.status).toBe(200);
    // Bytes, not text(): fetch's text() drops the byte order mark.
    const body = Buffer.from(await answer.arrayBuffer());
    expect(body.byteLength).toBe(done.failingRows?.bytes);
    expect(body.byteLength).toBeGreaterThan(5 * 1024 * 1024);
    const text = body.toString('utf8');
    const lines = text.split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines[0]).toBe('\uFEFF"line";"order id";"warning";"value"');
    const rows = lines.slice(1).map((line) => /^(\d+);"([^"]*)";(\w+);"(.*)"$/.exec(line));
    expect(rows.every(Boolean)).toBe(true);
    expect(rows).toHaveLength(done.failingRows!.rows);
    // Every occurrence of every warning is a row (a feed-level finding is one).
    const total = Object.values(done.result!.counts).reduce((a, b) => a! + b!, 0);
    expect(rows).toHaveLength(total!);
    const bad = rows.filter((row) => row![3] === 'invalidPrice');
    expect(bad).toHaveLength(ORDERS / BAD_EVERY);
    expect(new Set(bad.map((row) => row![2])).size).toBe(ORDERS / BAD_EVERY);
    // The value as found, its formula neutralised for a spreadsheet (the detail quotes it).
    expect(bad[0]![4]).toBe(`""${badPrice(1)}""`);
    expect(Number(bad[1]![1])).toBeGreaterThan(Number(bad[0]![1]));
  }, 900_000);
});
