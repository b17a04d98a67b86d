import { describe, expect, it } from 'vitest';
import type { FeedHistoryEntry } from '../../shared/domain/order-feed';
import {
  FEED_CHECKS_KEPT,
  claimFeedCheck,
  createFeedCheck,
  finishFeedCheck,
  getFeedCheck,
  getRunningMarker,
  latestFeedCheck,
  latestReportWarnings,
  listFeedHistory,
  newFeedCheckId,
  releaseRunningMarker,
  writeFeedCheckProgress,
  type FeedCheckRecord,
} from './feed-checks';
import { keys } from './keys';
import { failNext, interpose, readsOf, under } from './testing/faults';
import { uid, useTestTable } from './testing/table';

const table = useTestTable();

let clock = Date.parse('2026-06-01T00:00:00.000Z');
/** A check created now (ids sort by their creation time: each one a second after the last). */
function check(companyId: string, over: Partial<FeedCheckRecord> = {}): FeedCheckRecord {
  clock += 1000;
  const at = new Date(clock);
  const times = { createdAt: at.toISOString(), updatedAt: at.toISOString(), finishedAt: null };
  return {
    ...{ id: newFeedCheckId(at), companyId, status: 'queued', type: 'xml', viewId: null, startedBy: 'u1', ...times },
    source: { kind: 'url', url: 'https://feeds.example.com/orders.xml' },
    fetchUrl: 'https://user:secret@feeds.example.com/orders.xml',
    ...{ progress: { bytes: 0, totalBytes: null, orders: 0 }, result: null, failure: null, stepCompleted: false, feedUrlStored: false, otherResource: null },
    ...over,
  };
}
const entry = (c: FeedCheckRecord, over: Partial<FeedHistoryEntry> = {}): FeedHistoryEntry => ({
  checkId: c.id,
  date: new Date(clock).toISOString(),
  trigger: 'manual',
  health: 'clean',
  orders: 10,
  warningKeys: [],
  failure: null,
  ...over,
});
const done = (c: FeedCheckRecord, counts: Record<string, number> = {}): FeedCheckRecord => ({ ...c, status: 'done', finishedAt: c.createdAt, result: { counts } as unknown as FeedCheckRecord['result'] });
const STALE_BEFORE = '2000-01-01T00:00:00.000Z';

describe('newFeedCheckId', () => {
  it('is a UUIDv7: version 7, RFC variant, its first 48 bits the time in ms, so ids sort by time', () => {
    const at = new Date('2026-06-01T12:34:56.789Z');
    const id = newFeedCheckId(at);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(at.getTime());
    expect(newFeedCheckId(new Date(0)).slice(0, 13)).toBe('00000000-0000');
    const ids = [3, 1, 2].map((s) => newFeedCheckId(new Date(Date.UTC(2026, 0, 1, 0, 0, s))));
    expect([...ids].sort()).toEqual([ids[1], ids[2], ids[0]]);
    expect(new Set(Array.from({ length: 50 }, () => newFeedCheckId(at))).size).toBe(50);
    // Every random bit is random: over many ids each hex digit outside the fixed ones takes several values.
    const many = Array.from({ length: 200 }, () => newFeedCheckId(at).replace(/-/g, ''));
    for (const position of [13, 14, 15, 17, 18, 19, 20, 31]) expect(new Set(many.map((hex) => hex[position])).size).toBeGreaterThan(4);
    expect(new Set(many.map((hex) => hex[16])).size).toBeLessThanOrEqual(4);
  });
});

describe('createFeedCheck: one check at a time per company', () => {
  it('writes the check and the running marker together', async () => {
    const companyId = uid();
    const c = check(companyId);
    expect(await createFeedCheck(c, STALE_BEFORE)).toBe(true);
    expect(await table.item(keys.feedCheck(companyId, c.id))).toEqual({ pk: `COMPANY#${companyId}`, sk: `FEEDCHECK#${c.id}`, ...c });
    expect(await table.item(keys.feedCheckRunning(companyId))).toEqual({ pk: `COMPANY#${companyId}`, sk: 'FEEDRUN', checkId: c.id, startedAt: c.createdAt });
    expect(await getRunningMarker(companyId)).toEqual({ checkId: c.id, startedAt: c.createdAt });
    expect(await getRunningMarker(uid())).toBeNull();
  });

  it('refuses a second check while a marker is newer than staleBefore, takes over a stale one', async () => {
    const companyId = uid();
    const first = check(companyId);
    await createFeedCheck(first, STALE_BEFORE);
    const second = check(companyId);
    expect(await createFeedCheck(second, first.createdAt)).toBe(false);
    expect(await getFeedCheck(companyId, second.id)).toBeNull();
    expect(await getRunningMarker(companyId)).toMatchObject({ checkId: first.id });
    // A marker started before staleBefore (a crashed job) no longer blocks.
    expect(await createFeedCheck(second, second.createdAt)).toBe(true);
    expect(await getRunningMarker(companyId)).toMatchObject({ checkId: second.id });
  });

  it('an id used twice is no "busy": the error goes on', async () => {
    const companyId = uid();
    const c = check(companyId);
    await createFeedCheck(c, STALE_BEFORE);
    await releaseRunningMarker(companyId, c.id);
    await expect(createFeedCheck(c, STALE_BEFORE)).rejects.toMatchObject({ name: 'TransactionCanceledException' });
  });
});

describe('reading checks', () => {
  it('getFeedCheck refuses an id that is no UUID without reading; latestFeedCheck is the newest', async () => {
    const companyId = uid();
    expect(await latestFeedCheck(companyId)).toBeNull();
    const [a, b] = [check(companyId), check(companyId)];
    await createFeedCheck(a, STALE_BEFORE);
    await createFeedCheck(b, '9999');
    expect(await getFeedCheck(companyId, a.id)).toEqual(a);
    expect(await getFeedCheck(uid(), a.id)).toBeNull();
    const other = uid();
    await table.put({ ...keys.feedCheck(other, 'not-a-uuid'), id: 'not-a-uuid' });
    expect(await getFeedCheck(other, 'not-a-uuid')).toBeNull();
    expect(await getFeedCheck(companyId, `${a.id}x`)).toBeNull();
    expect(await getFeedCheck(companyId, `x${a.id}`)).toBeNull();
    expect(await getFeedCheck(companyId, a.id.toUpperCase())).toBeNull();
    expect(await latestFeedCheck(companyId)).toEqual(b);
  });
});

describe('claim and progress', () => {
  const LEASE = '2026-06-02T00:01:00.000Z';

  it('claims a queued check once, dropping its fetch URL, with a lease and attempt 1', async () => {
    const companyId = uid();
    const c = check(companyId);
    await createFeedCheck(c, STALE_BEFORE);
    const { fetchUrl: _url, ...withoutUrl } = c;
    const claimed = await claimFeedCheck(companyId, c.id, '2026-06-02T00:00:00.000Z', LEASE);
    expect(claimed).toEqual({ ...withoutUrl, status: 'running', updatedAt: '2026-06-02T00:00:00.000Z', leaseUntil: LEASE, attempt: 1 });
    expect(await table.item(keys.feedCheck(companyId, c.id))).not.toHaveProperty('fetchUrl');
    // A repeated invoke while the lease holds takes nothing.
    expect(await claimFeedCheck(companyId, c.id, '2026-06-02T00:00:30.000Z', 'x')).toBeNull();
    expect(await claimFeedCheck(companyId, uid(), 'x', 'x')).toBeNull();
    expect(await table.item(keys.feedCheck(companyId, c.id))).toMatchObject({ updatedAt: '2026-06-02T00:00:00.000Z', attempt: 1 });
  });

  it('lets a retry take over a running check whose lease ran out, while it is still the company\'s running check', async () => {
    const companyId = uid();
    const c = check(companyId);
    await createFeedCheck(c, STALE_BEFORE);
    await claimFeedCheck(companyId, c.id, '2026-06-02T00:00:00.000Z', LEASE);
    // The first worker died: its lease is over at 00:01.
    expect(await claimFeedCheck(companyId, c.id, '2026-06-02T00:00:59.999Z', 'x')).toBeNull();
    const retried = await claimFeedCheck(companyId, c.id, '2026-06-02T00:01:00.001Z', '2026-06-02T00:02:00.001Z');
    expect(retried).toMatchObject({ status: 'running', attempt: 2, leaseUntil: '2026-06-02T00:02:00.001Z' });
    // The dead worker's late writes are refused: the check is the retry's now.
    const progress = { bytes: 1, totalBytes: 2, orders: 0 };
    expect(await writeFeedCheckProgress(companyId, c.id, progress, 't', { until: 'u', attempt: 1 })).toBe(false);
    expect(await writeFeedCheckProgress(companyId, c.id, progress, 't', { until: 'u', attempt: 2 })).toBe(true);
    expect(await finishFeedCheck({ ...c, status: 'done', attempt: 1 }, entry(c))).toBe(false);
    expect(await getFeedCheck(companyId, c.id)).toMatchObject({ status: 'running', attempt: 2 });
  });

  it('does not take over a dead check once a newer check is the company\'s running one', async () => {
    const companyId = uid();
    const old = check(companyId);
    await createFeedCheck(old, STALE_BEFORE);
    await claimFeedCheck(companyId, old.id, '2026-06-02T00:00:00.000Z', LEASE);
    await releaseRunningMarker(companyId, old.id);
    const newer = check(companyId);
    expect(await createFeedCheck(newer, STALE_BEFORE)).toBe(true);
    expect(await claimFeedCheck(companyId, old.id, '2026-06-02T00:05:00.000Z', '2026-06-02T00:06:00.000Z')).toBeNull();
  });

  it('writes progress and renews the lease only while running, for the worker that holds it', async () => {
    const companyId = uid();
    const c = check(companyId);
    await createFeedCheck(c, STALE_BEFORE);
    const progress = { bytes: 10, totalBytes: 100, orders: 2 };
    const lease = { until: 'l1', attempt: 1 };
    expect(await writeFeedCheckProgress(companyId, c.id, progress, 't1', lease)).toBe(false);
    await claimFeedCheck(companyId, c.id, 't0', LEASE);
    expect(await writeFeedCheckProgress(companyId, c.id, progress, 't1', lease)).toBe(true);
    expect(await getFeedCheck(companyId, c.id)).toMatchObject({ progress, updatedAt: 't1', status: 'running', leaseUntil: 'l1' });
    expect(await writeFeedCheckProgress(uid(), c.id, progress, 't2', lease)).toBe(false);
  });

  it('passes on errors that are no refusal', async () => {
    const companyId = uid();
    const c = check(companyId);
    await createFeedCheck(c, STALE_BEFORE);
    await claimFeedCheck(companyId, c.id, 't0', LEASE);
    await expect(writeFeedCheckProgress(companyId, c.id, { bytes: 'x'.repeat(500_000) } as never, 't', { until: 'u', attempt: 1 })).rejects.toMatchObject({ name: 'ValidationException' });
    await expect(claimFeedCheck(companyId, c.id, 'x'.repeat(500_000), 'x')).rejects.toMatchObject({ name: 'ValidationException' });
  });
});

describe('finishFeedCheck', () => {
  it('stores the result and its history line together, without the fetch URL, then frees the marker', async () => {
    const companyId = uid();
    const c = check(companyId);
    await createFeedCheck(c, STALE_BEFORE);
    const line = entry(c, { health: 'warnings', warningKeys: ['dup'] });
    expect(await finishFeedCheck(done(c, { dup: 2 }), line)).toBe(true);
    const { fetchUrl: _url, ...stored } = done(c, { dup: 2 });
    expect(await getFeedCheck(companyId, c.id)).toEqual(stored);
    expect(await table.item(keys.feedHistory(companyId, `${line.date}#${c.id}`))).toEqual({ ...keys.feedHistory(companyId, `${line.date}#${c.id}`), companyId, ...line });
    expect(await getRunningMarker(companyId)).toBeNull();
    expect(await listFeedHistory(companyId)).toEqual([line]);
  });

  it("leaves another check's marker, and writes nothing for a check that is gone (company deleted)", async () => {
    const companyId = uid();
    const [old, current] = [check(companyId), check(companyId)];
    await createFeedCheck(old, STALE_BEFORE);
    await createFeedCheck(current, '9999');
    expect(await finishFeedCheck(done(old), entry(old))).toBe(true);
    expect(await getRunningMarker(companyId)).toMatchObject({ checkId: current.id });
    await releaseRunningMarker(companyId, old.id);
    expect(await getRunningMarker(companyId)).toMatchObject({ checkId: current.id });
    const gone = check(companyId);
    expect(await finishFeedCheck(done(gone), entry(gone))).toBe(false);
    expect(await table.partition(`COMPANY#${companyId}`)).toHaveLength(4);
    await releaseRunningMarker(uid(), 'x');
  });

  it(`keeps the newest ${FEED_CHECKS_KEPT} checks and the newest history lines`, async () => {
    const companyId = uid();
    const checks: FeedCheckRecord[] = [];
    for (let i = 0; i < FEED_CHECKS_KEPT + 2; i++) {
      const c = check(companyId);
      checks.push(c);
      await table.put({ ...keys.feedCheck(companyId, c.id), ...done(c) });
    }
    for (let i = 0; i < 59; i++) await table.put({ ...keys.feedHistory(companyId, `2020-01-01T00:00:${String(i).padStart(2, '0')}.000Z#h${i}`), checkId: `h${i}`, date: 'old', companyId });
    const last = check(companyId);
    await createFeedCheck(last, STALE_BEFORE);
    await finishFeedCheck(done(last), entry(last, { date: '2026-12-31T00:00:00.000Z' }));
    const kept = (await table.partition(`COMPANY#${companyId}`)).filter((item) => String(item.sk).startsWith('FEEDCHECK#'));
    expect(kept.map((item) => item.id)).toEqual([...checks.slice(3), last].map((c) => c.id));
    const history = await listFeedHistory(companyId, 100);
    // The newest 60 lines: the finished check's and 59 older ones... minus the oldest.
    expect(history).toHaveLength(60);
    expect(history[0]).toMatchObject({ checkId: last.id });
    expect(history.at(-1)).toMatchObject({ checkId: 'h0' });
    const more = check(companyId);
    await createFeedCheck(more, STALE_BEFORE);
    await finishFeedCheck(done(more), entry(more, { date: '2027-01-01T00:00:00.000Z' }));
    const after = await listFeedHistory(companyId, 100);
    expect(after).toHaveLength(60);
    expect(after.at(-1)).toMatchObject({ checkId: 'h1' });
  });

  it('passes on errors that are no refusal', async () => {
    const companyId = uid();
    const c = check(companyId);
    await createFeedCheck(c, STALE_BEFORE);
    await expect(finishFeedCheck(done(c), entry(c, { warningKeys: ['x'.repeat(500_000)] }))).rejects.toMatchObject({ name: 'ValidationException' });
    await under(interpose('DeleteItemCommand', { before: () => table.put({ ...keys.feedCheckRunning(companyId), checkId: 'other', startedAt: 'now' }) }), async () => {
      expect(await finishFeedCheck(done(c), entry(c))).toBe(true);
    });
    expect(await getRunningMarker(companyId)).toMatchObject({ checkId: 'other' });
  });
});

describe('history and warnings', () => {
  it('lists the history newest first, at most `limit` lines, without the company id', async () => {
    const companyId = uid();
    for (const day of ['01', '03', '02']) await table.put({ ...keys.feedHistory(companyId, `2026-01-${day}#c${day}`), companyId, checkId: `c${day}`, date: `2026-01-${day}` });
    expect(await listFeedHistory(companyId)).toEqual([
      { checkId: 'c03', date: '2026-01-03' },
      { checkId: 'c02', date: '2026-01-02' },
      { checkId: 'c01', date: '2026-01-01' },
    ]);
    expect((await listFeedHistory(companyId, 2)).map((e) => e.checkId)).toEqual(['c03', 'c02']);
    expect(await listFeedHistory(uid())).toEqual([]);
  });

  it("latestReportWarnings: the warning keys of the newest check that finished with a report", async () => {
    const companyId = uid();
    expect(await latestReportWarnings(companyId)).toBeNull();
    const [older, newer, failed, running] = [check(companyId), check(companyId), check(companyId), check(companyId)];
    await table.put({ ...keys.feedCheck(companyId, older.id), ...done(older, { a: 1 }) });
    await table.put({ ...keys.feedCheck(companyId, newer.id), ...done(newer, { b: 2, c: 1 }) });
    await table.put({ ...keys.feedCheck(companyId, failed.id), ...failed, status: 'failed', result: null });
    await table.put({ ...keys.feedCheck(companyId, running.id), ...running, status: 'running', result: { counts: { z: 1 } } });
    expect(await latestReportWarnings(companyId)).toEqual(['b', 'c']);
    const clean = check(companyId);
    await table.put({ ...keys.feedCheck(companyId, clean.id), ...done(clean) });
    expect(await latestReportWarnings(companyId)).toEqual([]);
    const other = uid();
    const noReport = check(other);
    await table.put({ ...keys.feedCheck(other, noReport.id), ...noReport, status: 'done', result: null });
    expect(await latestReportWarnings(other)).toBeNull();
  });
});

describe('what the reads ask for, and errors that are no refusal', () => {
  it('every read of the checks is consistent: the page polls right after the job writes', async () => {
    const companyId = uid();
    const c = check(companyId);
    await createFeedCheck(c, STALE_BEFORE);
    const reads = await readsOf(async () => {
      await getRunningMarker(companyId);
      await getFeedCheck(companyId, c.id);
      await latestFeedCheck(companyId);
      await listFeedHistory(companyId);
      await latestReportWarnings(companyId);
    });
    expect(reads).toEqual([{ command: 'GetItemCommand', consistent: true, projection: null }, { command: 'GetItemCommand', consistent: true, projection: null }, { command: 'QueryCommand', consistent: true, projection: null }, { command: 'QueryCommand', consistent: true, projection: null }, { command: 'QueryCommand', consistent: true, projection: '#status, #result.#counts' }]);
  });

  it('freeing the marker passes them on', async () => {
    const companyId = uid();
    const c = check(companyId);
    await createFeedCheck(c, STALE_BEFORE);
    await under(failNext('DeleteItemCommand'), () => expect(releaseRunningMarker(companyId, c.id)).rejects.toMatchObject({ name: 'TimeoutError' }));
    expect(await getRunningMarker(companyId)).toMatchObject({ checkId: c.id });
  });
});
