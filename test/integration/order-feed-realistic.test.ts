import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createFeedChecker } from '../../shared/feed/checker';
import { CORPUS_VARIANTS, corpusFeed, type CorpusVariant } from '../../shared/feed/testing/realistic';
import { localStack, useLocalEnv } from '../support/local-stack';
import { makeCompany, makeUser, signedIn } from './helpers/accounts';
import type { Browser } from './helpers/browser';
import { closeServer, feedServer, finished, startCheck, upload } from './helpers/order-feed';

/**
 * Feeds as merchants write them (issue 32), through the real job: uploaded to s3rver with the
 * browser's presigned POST, or fetched from a loopback server over HTTP, then streamed by the job
 * in the chunks S3 and the socket hand it. The merchant's export that the command line refused
 * (every value quoted, CRLF, Cyrillic coupons and categories) is a few MB, so chunk ends fall
 * inside letters, quotes and CRLF pairs many times over; the Excel windows-1251 export too.
 */

const now = new Date();
const feeds = new Map<CorpusVariant, Uint8Array>();
const feedOf = (variant: CorpusVariant, orders: number) => {
  let bytes = feeds.get(variant);
  if (!bytes) feeds.set(variant, (bytes = corpusFeed(CORPUS_VARIANTS[variant], { orders, now })));
  return bytes;
};
/** The engine's report when handed the whole file at once. */
const oneRead = (variant: CorpusVariant, bytes: Uint8Array) => {
  const checker = createFeedChecker({ format: CORPUS_VARIANTS[variant].format, product: '360', now });
  checker.pushBytes(bytes);
  return checker.end();
};

let server: Awaited<ReturnType<typeof feedServer>>;
let client: Browser;

beforeAll(async () => {
  useLocalEnv();
  const company = await makeCompany('Feed realistic');
  client = await signedIn(localStack().url, await makeUser('ROLE_USER', company));
  server = await feedServer(inject('feedServerPort'), (req, res) => {
    const variant = (req.url ?? '').slice(1) as CorpusVariant;
    const bytes = feeds.get(variant);
    if (!bytes) return void res.writeHead(404).end('not found');
    res.writeHead(200, { 'content-type': 'text/csv' });
    // Writes of 9,999 bytes: the socket's chunks end anywhere.
    for (let at = 0; at < bytes.length; at += 9999) res.write(bytes.subarray(at, at + 9999));
    res.end();
  });
});

afterAll(async () => {
  if (server) await closeServer(server);
});

describe('a realistic CSV through the job', () => {
  it.each([
    ['csv-quoted-cyrillic', 12_000],
    ['csv-windows-1251', 12_000],
  ] as const)('%s, uploaded and over HTTP: no parse error, the report of a one-piece read', async (variant, orders) => {
    const bytes = feedOf(variant, orders);
    expect(bytes.length).toBeGreaterThan(3_000_000);
    const expected = oneRead(variant, bytes);
    expect(expected.stats.numOrders.total).toBe(orders);

    const uploaded = await finished(client, (await startCheck(client, { upload_key: await upload(client, new Blob([bytes]), `${variant}.csv`, 'csv'), type: 'csv' })).id, 120_000);
    const fetched = await finished(client, (await startCheck(client, { feed_url: `http://127.0.0.1:${inject('feedServerPort')}/${variant}`, type: 'csv' })).id, 120_000);
    for (const check of [uploaded, fetched]) {
      expect(check.failure).toBeNull();
      expect(check.status).toBe('done');
      expect(check.progress.bytes).toBe(bytes.length);
      expect(check.result?.stats).toEqual(expected.stats);
      expect(check.result?.counts).toEqual(expected.counts);
    }
  }, 300_000);
});
