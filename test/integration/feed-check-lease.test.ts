import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { checkDeps, openFeedCheck } from '../../functions/core/order-feed/checks';
import { FEED_CHECK_LEASE_MS, FEED_CHECK_QUEUED_MS } from '../../functions/core/order-feed/lease';
import { defaultRunDeps, runFeedCheck } from '../../functions/core/order-feed/run-feed-check';
import { asSeen } from '../../functions/core/order-feed/views';
import type { CompanyRecord } from '../../functions/data/companies';
import { getFeedCheck, listFeedHistory, type FeedCheckRecord } from '../../functions/data/feed-checks';
import { cleanRecords, feedText, xmlChunks } from '../../shared/feed/testing/generate';
import { useLocalEnv } from '../support/local-stack';
import { makeCompany } from './helpers/accounts';
import { closeServer, feedServer } from './helpers/order-feed';

/**
 * A feed check whose worker is killed at a random point (docs/reliability.md, "Jobs that cannot
 * get stuck"): the worker runs in a process of its own and gets SIGKILL mid-feed, as Lambda or the
 * machine would stop it (no finally, no last write). Then, without waiting the minute for real
 * (the clock of the next worker is moved past the lease): the check still holds its company until
 * its lease ends, reads failed (interrupted) after, and either a retry of the same job takes it
 * over and finishes it with the whole feed, or a new check starts and a late retry takes nothing.
 */

const ORDERS = 6_000;
const feed = feedText(xmlChunks(cleanRecords({ now: new Date(), orders: ORDERS })));
const bytes = Buffer.from(feed);
const worker = fileURLToPath(new URL('./helpers/feed-worker.ts', import.meta.url));
let server: Server;
let url: string;

beforeAll(async () => {
  useLocalEnv();
  const port = inject('feedServerPort');
  process.env.FEED_FETCH_ALLOW = `127.0.0.1:${port}`;
  // 16 KiB every 15 ms: a few seconds for the whole feed, so the kill lands mid-way.
  server = await feedServer(port, (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/xml', 'content-length': String(bytes.length) });
    let at = 0;
    const next = () => {
      if (res.destroyed) return;
      if (at >= bytes.length) return void res.end();
      res.write(bytes.subarray(at, (at += 16 * 1024)));
      setTimeout(next, 15);
    };
    next();
  });
  url = `http://127.0.0.1:${port}/orders.xml`;
});

afterAll(async () => {
  if (server) await closeServer(server);
});

/** Opens a URL check of `company` and runs its worker in a child process, killed once it has read `killAt` bytes. */
async function killedMidway(company: CompanyRecord, killAt: number): Promise<FeedCheckRecord> {
  const { check } = await openFeedCheck(company.id, { type: 'xml', viewId: null, source: { kind: 'url', url }, startedBy: 'daily', fetchUrl: url });
  const child = spawn(process.execPath, ['--import', 'tsx', worker, company.id, check.id, url], { env: { ...process.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let polls = 0; ; polls++) {
    const seen = await getFeedCheck(company.id, check.id);
    if (seen && seen.status !== 'running' && seen.status !== 'queued') throw new Error(`the worker finished before the kill (${seen.status}): ${output}`);
    if ((seen?.progress.bytes ?? 0) >= killAt) break;
    if (polls > 600) throw new Error(`no progress to ${killAt} bytes: ${JSON.stringify(seen?.progress)} ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGKILL');
  await exited;
  return (await getFeedCheck(company.id, check.id))!;
}

/** A clock `ms` after the dead worker's lease ended. */
const pastLease = (record: FeedCheckRecord, ms = 1) => {
  const skew = Date.parse(record.leaseUntil!) + ms - Date.now();
  return () => new Date(Date.now() + skew);
};

describe('a feed check whose worker is killed at a random point', () => {
  it('holds its company only until its lease ends; then a retry of the same job takes it over and checks the whole feed', async () => {
    const company = await makeCompany('Lease retry');
    const killAt = Math.floor(bytes.length * (0.1 + Math.random() * 0.7));
    const dead = await killedMidway(company, killAt);
    const where = `killed at ${dead.progress.bytes} of ${bytes.length} bytes (asked ${killAt})`;
    expect(dead.status, where).toBe('running');
    expect(dead.attempt, where).toBe(1);
    // Its last write gave it a minute, no more: the company waits at most that long (2 minutes with a queued one).
    expect(Date.parse(dead.leaseUntil!) - Date.parse(dead.updatedAt), where).toBe(FEED_CHECK_LEASE_MS);
    expect(FEED_CHECK_LEASE_MS).toBeLessThanOrEqual(FEED_CHECK_QUEUED_MS);
    expect(asSeen(dead, new Date(Date.parse(dead.leaseUntil!))).status, where).toBe('running');
    expect(asSeen(dead, pastLease(dead)()), where).toMatchObject({ status: 'failed', failure: { code: 'interrupted' } });
    // A retry before the lease ends takes nothing: the dead worker might still be alive.
    const early = await runFeedCheck(company, dead, { feedUrl: url }, { ...defaultRunDeps, now: pastLease(dead, -5_000) });
    expect(early).toBe(dead);

    const retried = await runFeedCheck(company, dead, { feedUrl: url }, { ...defaultRunDeps, now: pastLease(dead) });
    expect(retried.status, where).toBe('done');
    expect(retried.attempt, where).toBe(2);
    expect(retried.result?.stats.numOrders.total, where).toBe(ORDERS);
    expect(retried.progress.bytes, where).toBe(bytes.length);
    const lines = (await listFeedHistory(company.id)).filter((line) => line.checkId === dead.id);
    expect(lines, where).toHaveLength(1);
  }, 90_000);

  it('never blocks the next check: after the lease a new check starts, and a late retry of the dead one takes nothing', async () => {
    const company = await makeCompany('Lease next check');
    const killAt = Math.floor(bytes.length * (0.1 + Math.random() * 0.7));
    const dead = await killedMidway(company, killAt);
    const where = `killed at ${dead.progress.bytes} of ${bytes.length} bytes`;
    const input = { type: 'xml' as const, viewId: null, source: { kind: 'url' as const, url }, startedBy: 'daily', fetchUrl: url };
    const waiting = await openFeedCheck(company.id, input, { ...checkDeps, now: () => new Date(Date.parse(dead.leaseUntil!)) });
    expect(waiting, where).toMatchObject({ created: false, check: { id: dead.id } });
    const next = await openFeedCheck(company.id, input, { ...checkDeps, now: pastLease(dead) });
    expect(next.created, where).toBe(true);
    const late = await runFeedCheck(company, dead, { feedUrl: url }, { ...defaultRunDeps, now: pastLease(dead, 60_000) });
    expect(late, where).toBe(dead);
    expect((await getFeedCheck(company.id, dead.id))?.attempt, where).toBe(1);
  }, 90_000);
});
