import { openAsBlob } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedCsvLink, FeedOverview } from '../../shared/domain/order-feed';
import { cleanRecords, csvChunks, feedDate, type FeedRecord } from '../../shared/feed/testing/generate';
import { localStack, useLocalEnv } from '../support/local-stack';
import { makeCompany, makeUser, signedIn } from './helpers/accounts';
import { finished, postToS3, startCheck, uploadTicket, writeFeedFile } from './helpers/order-feed';

/**
 * "Download the day's missing order ids": a 300,000-order CSV feed, every order of the tested day
 * (yesterday), checked against the analytics sandbox (which knows every id except those ending in
 * 7). 270,000 ids are missing (over 5 MB of CSV: more than one multipart part), 6,000 call-centre
 * orders are their own group; the signed link answers every missing id, formulas neutralised, and
 * only to the check's own company.
 */

const ORDERS = 300_000;
const CALL_CENTRE_EVERY = 50;
const FOUND_EVERY = 10;

/** Which group order i falls in, and its id (the sandbox misses ids ending in 7). */
function orderOf(i: number): { id: string; callCentre: boolean; missing: boolean } {
  if (i % CALL_CENTRE_EVERY === 0) return { id: `CALL-${i}-7`, callCentre: true, missing: false };
  if (i % FOUND_EVERY === 0) return { id: `FOUND-${i}`, callCentre: false, missing: false };
  // A hostile id now and then: a spreadsheet must not run it.
  return { id: i % 1000 === 1 ? `=HYPERLINK(${i})7` : `MISSING-ORDER-${i}-7`, callCentre: false, missing: true };
}
const MISSING = Array.from({ length: ORDERS }, (_, i) => orderOf(i)).filter((o) => o.missing).length;

let dir: string;
let file: string;

function* ofYesterday(records: Iterable<FeedRecord>): Generator<FeedRecord> {
  const yesterday = feedDate(Date.now() - 86_400_000).slice(0, 10);
  let i = 0;
  for (const record of records) {
    const order = orderOf(i++);
    yield {
      ...record,
      fields: { ...record.fields, id: order.id, date: `${yesterday} 12:00:00`, stateupdatedate: yesterday, iscallcenter: order.callCentre ? '1' : '0' },
    };
  }
}

beforeAll(async () => {
  useLocalEnv();
  dir = await mkdtemp(join(tmpdir(), 'feed-missing-ids-'));
  file = join(dir, 'feed.csv');
  await writeFeedFile(file, csvChunks(ofYesterday(cleanRecords({ now: new Date(), orders: ORDERS, seed: 11 }))));
}, 300_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the missing order ids of a compared day', () => {
  it('downloads every id in the feed but not in analytics, for the company only', async () => {
    const stack = localStack();
    // The sandbox's granted property, under an id of this company's own (a View ID belongs to one company).
    const company = await makeCompany('Feed missing ids', { viewId: `100001${Date.now() % 1_000_000}` });
    const client = await signedIn(stack.url, await makeUser('ROLE_USER', company));
    const size = (await stat(file)).size;
    const ticket = await uploadTicket(client, 'orders.csv', size, 'csv');
    const sent = await postToS3(ticket, await openAsBlob(file), 'orders.csv');
    expect(sent.status, await sent.text()).toBeLessThan(300);

    const check = await startCheck(client, { upload_key: ticket.key, type: 'csv' });
    const done = await finished(client, check.id, 600_000);
    expect(done.failure).toBeNull();
    expect(done.result?.stats.numOrders.total).toBe(ORDERS);

    const overview = await client.get<FeedOverview>('/api/order-feed');
    const match = overview.body.history.find((line) => line.checkId === check.id)?.match;
    const inFeed = ORDERS - ORDERS / CALL_CENTRE_EVERY;
    expect(match).toMatchObject({ inFeed, found: inFeed - MISSING, missing: MISSING, callCentre: ORDERS / CALL_CENTRE_EVERY });
    expect(match?.missingIds?.rows).toBe(MISSING);

    // Another company's user gets nothing, not even whether the check exists.
    const other = await signedIn(stack.url, await makeUser('ROLE_USER', await makeCompany('Feed missing ids other')));
    const refused = await other.get<{ message: string }>(`/api/order-feed/checks/${check.id}/missing-ids`);
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('This check has no missing order ids to download');

    const link = await client.get<FeedCsvLink>(`/api/order-feed/checks/${check.id}/missing-ids`);
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    const answer = await fetch(link.body.url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="missing-ids-${match!.day}-${check.id}.csv"`);
    // Bytes, not text(): fetch's text() drops the byte order mark.
    const body = Buffer.from(await answer.arrayBuffer());
    expect(body.byteLength).toBe(match?.missingIds?.bytes);
    expect(body.byteLength).toBeGreaterThan(5 * 1024 * 1024);
    const lines = body.toString('utf8').split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines[0]).toBe('\uFEFF"line";"order id"');
    const rows = lines.slice(1).map((line) => /^(\d+);"(.*)"$/.exec(line));
    expect(rows.every(Boolean)).toBe(true);
    // Every missing id once, in the feed's order, none of the found or call-centre ones.
    const expected = Array.from({ length: ORDERS }, (_, i) => orderOf(i))
      .filter((o) => o.missing)
      .map((o) => (o.id.startsWith('=') ? `'${o.id}` : o.id));
    expect(rows.map((row) => row![2])).toEqual(expected);
    expect(Number(rows[1]![1])).toBeGreaterThan(Number(rows[0]![1]));
  }, 900_000);
});
