import { describe, expect, it, vi } from 'vitest';
import type { FeedCheckProgress } from '../../../shared/domain/order-feed';
import { createFeedChecker } from '../../../shared/feed/checker';
import { cleanRecords, feedText, xmlChunks } from '../../../shared/feed/testing/generate';
import { CORPUS_VARIANTS, corpusFeed } from '../../../shared/feed/testing/realistic';
import type { CompanyRecord } from '../../data/companies';
import type { FeedCheckRecord } from '../../data/feed-checks';
import { FeedParseError } from '../../../shared/feed/types';
import { FeedFetchError } from '../../platform/feed-fetch';
import type { IntegrationStatus } from '../../../shared/domain/types';
import type { StepRecord } from '../../data/steps';
import type { UserRecord } from '../../data/users';
import { completeFeedStep, runFeedCheck, urlFetchOptions, type RunDeps } from './run-feed-check';
import { logger } from '../../platform/log';
import type { MultipartTarget } from '../../data/feed-csv-files';

const NOW = new Date('2026-11-24T10:00:00.000Z');
const company = { id: 'c1', name: 'Acme', product: '360', viewId: null, orderFeedUrl: null } as unknown as CompanyRecord;
const queued = (over: Partial<FeedCheckRecord> = {}): FeedCheckRecord => ({
  id: 'k1',
  companyId: 'c1',
  status: 'queued',
  type: 'xml',
  viewId: null,
  source: { kind: 'upload', key: 'feeds/c1/k1.xml', fileName: 'f.xml', size: 0 },
  startedBy: 'u1',
  createdAt: NOW.toISOString(),
  updatedAt: NOW.toISOString(),
  finishedAt: null,
  progress: { bytes: 0, totalBytes: 0, orders: 0 },
  result: null,
  failure: null,
  stepCompleted: false,
  feedUrlStored: false,
  otherResource: null,
  ...over,
});

async function* bytes(text: string, size = 4096): AsyncGenerator<Uint8Array> {
  const all = new TextEncoder().encode(text);
  for (let i = 0; i < all.length; i += size) yield all.subarray(i, i + size);
}

/** An S3 multipart upload in memory: the parts sent, the object once completed, aborted or not. */
function memoryMultipart() {
  const state = { parts: [] as Buffer[], object: null as string | null, aborted: false, fileName: '' };
  const target: MultipartTarget = {
    start: async () => 'u1',
    part: async (_id, n, body) => {
      state.parts[n - 1] = Buffer.from(body);
      return `e${n}`;
    },
    complete: async (_id, parts) => {
      state.object = Buffer.concat(parts.map((p) => state.parts[p.PartNumber - 1]!)).toString('utf8');
    },
    abort: async () => {
      state.aborted = true;
    },
  };
  return { state, target };
}

function fakeDeps(feed: string, over: Partial<RunDeps> = {}, check: FeedCheckRecord = queued()) {
  let clock = NOW.getTime();
  const progress: FeedCheckProgress[] = [];
  const upload = memoryMultipart();
  const missing = memoryMultipart();
  const deps: RunDeps = {
    claimFeedCheck: async (_c, _id, at) => ({ ...check, status: 'running', updatedAt: at }),
    writeFeedCheckProgress: async (_c, _id, p) => {
      progress.push(p);
      return true;
    },
    finishFeedCheck: vi.fn(async () => true),
    storeOrderFeedUrlOnce: vi.fn(async () => true),
    storedFeedUrl: async () => null,
    storeOrderFeedHostKey: vi.fn(async () => true),
    openUpload: async () => ({ body: bytes(feed), contentLength: new TextEncoder().encode(feed).length }),
    openUrl: vi.fn(async () => ({ body: bytes(feed), contentLength: null })),
    analyticsOrders: vi.fn(async (_p: string, day: string) => ({ day, has: () => true })),
    completeFeedStep: vi.fn(async () => true),
    csvFile: (file, _c, _k, fileName) => {
      const into = file === 'failing-rows' ? upload : missing;
      into.state.fileName = fileName;
      return into.target;
    },
    // Every reading of the clock moves it 100 ms: progress is due every few chunks.
    now: () => new Date((clock += 100)),
    progressIntervalMs: 1000,
    ...over,
  };
  return { deps, progress, upload: upload.state, missing: missing.state };
}

const clean = feedText(xmlChunks(cleanRecords({ now: NOW, orders: 400 })));

describe('runFeedCheck', () => {
  it('keeps 50 examples per warning and writes every failing row as CSV, formulas neutralised', async () => {
    const orders = [...cleanRecords({ now: NOW, orders: 120 })].map((o, i) => (i < 80 ? { ...o, fields: { ...o.fields, price: 'abc', ...(i === 0 ? { id: '@SUM(1)' } : {}) } } : o));
    const { deps, upload } = fakeDeps(feedText(xmlChunks(orders)));
    const done = await runFeedCheck(company, queued(), {}, deps);
    expect(done.result?.counts.invalidPrice).toBe(80);
    expect(done.result?.errors.invalidPrice).toHaveLength(50);
    const lines = upload.object!.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('\uFEFF"line";"order id";"warning";"value"');
    const priceRows = lines.filter((line) => line.includes(';invalidPrice;'));
    expect(priceRows).toHaveLength(80);
    expect(priceRows[0]).toMatch(/^\d+;"'@SUM\(1\)";invalidPrice;"""abc"""$/);
    expect(done.failingRows).toEqual({ rows: lines.length - 1, bytes: Buffer.byteLength(upload.object!) });
    expect(upload.fileName).toBe('failing-rows-2026-11-24-k1.csv');
  });

  it('writes every order id of the tested day missing from analytics, below the threshold too, and records the file on the history line', async () => {
    const day = '2026-11-23';
    const orders = [...cleanRecords({ now: NOW, orders: 300 })].map((o, i) => ({
      ...o,
      fields: { ...o.fields, id: i === 0 ? '=HYPERLINK(1)' : `m-${i}`, date: `${day} 10:00:00`, iscallcenter: i === 1 ? '1' : '0' },
    }));
    const known = new Set(orders.slice(0, 40).map((o) => o.fields.id).concat(orders.slice(60).map((o) => o.fields.id)));
    known.delete('=HYPERLINK(1)');
    const { deps, missing } = fakeDeps(feedText(xmlChunks(orders)), { analyticsOrders: vi.fn(async (_p: string, d: string) => ({ day: d, has: (id: string) => known.has(id) })) });
    const done = await runFeedCheck({ ...company, viewId: '100001' } as CompanyRecord, queued(), {}, deps);
    // 20 of 299 compared (the call-centre order is not): under the 20 % threshold, no warning, yet every id is in the file.
    expect(done.result?.errors.gaOrdersDontMatchXml).toBeUndefined();
    const lines = missing.object!.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('\uFEFF"line";"order id"');
    const ids = lines.slice(1).map((line) => line.split(';')[1]);
    expect(ids).toEqual(['"\'=HYPERLINK(1)"', ...orders.slice(40, 60).map((o) => `"${o.fields.id}"`)]);
    expect(missing.fileName).toBe(`missing-ids-${day}-k1.csv`);
    const file = { rows: 21, bytes: Buffer.byteLength(missing.object!) };
    expect(deps.finishFeedCheck).toHaveBeenCalledWith(done, expect.objectContaining({ match: { day, inFeed: 299, found: 278, missing: 21, callCentre: 1, missingIds: file } }));
  });

  it('stores no missing-ids file when analytics knows every order, nor without a comparison', async () => {
    const compared = fakeDeps(clean);
    await runFeedCheck({ ...company, viewId: '100001' } as CompanyRecord, queued(), {}, compared.deps);
    expect(compared.missing.parts).toEqual([]);
    expect(compared.deps.finishFeedCheck).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ match: expect.not.objectContaining({ missingIds: expect.anything() }) }));
    const none = fakeDeps(clean);
    await runFeedCheck(company, queued(), {}, none.deps);
    expect(none.missing.fileName).toBe('');
  });

  it('stores no failing-rows file for a clean feed, and drops the upload of a failed check', async () => {
    const fine = fakeDeps(clean);
    expect((await runFeedCheck(company, queued(), {}, fine.deps)).failingRows).toBeUndefined();
    expect(fine.upload.parts).toEqual([]);
  });

  it('streams an upload through the engine, writing progress, then the result and a history line', async () => {
    const { deps, progress } = fakeDeps(clean);
    const done = await runFeedCheck(company, queued(), {}, deps);
    expect(done.status).toBe('done');
    expect(done.result?.errors).toEqual({});
    expect(done.result?.stats.numOrders.total).toBe(400);
    const size = new TextEncoder().encode(clean).length;
    expect(done.progress).toEqual({ bytes: size, totalBytes: size, orders: 400 });
    expect(progress.length).toBeGreaterThan(2);
    // Never more often than the interval: at most one write per 10 clock readings here.
    expect(progress.length).toBeLessThan(Math.ceil(size / 4096));
    expect(progress.map((p) => p.bytes)).toEqual([...progress.map((p) => p.bytes)].sort((a, b) => a - b));
    expect(done.stepCompleted).toBe(true);
    expect(deps.storeOrderFeedUrlOnce).not.toHaveBeenCalled();
    expect(deps.finishFeedCheck).toHaveBeenCalledWith(done, expect.objectContaining({ checkId: 'k1', health: 'clean', orders: 400, warningKeys: [], trigger: 'manual' }));
    // Only the daily re-check counts a day's orders (the volume health kind).
    expect(deps.finishFeedCheck).toHaveBeenCalledWith(done, expect.not.objectContaining({ dayOrders: expect.anything() }));
  });

  it('the daily re-check\'s line carries the orders created on its day', async () => {
    const { deps } = fakeDeps(clean);
    const day = new Date(Date.parse(`${String(clean.match(/<date>(\d{4}-\d{2}-\d{2})/)![1])}T00:00:00Z`)).toISOString().slice(0, 10);
    const expected = clean.split('<order>').filter((order) => order.includes(`<date>${day}`)).length;
    const done = await runFeedCheck(company, queued(), { countDay: day }, deps);
    expect(expected).toBeGreaterThan(0);
    expect(deps.finishFeedCheck).toHaveBeenCalledWith(done, expect.objectContaining({ dayOrders: { day, orders: expected } }));
  });

  it('stores the URL of a first clean URL check (the full URL, credentials included, for the daily re-check)', async () => {
    const url = 'sftp://u:p@feeds.example.com/o.xml';
    const check = queued({ source: { kind: 'url', url: 'sftp://feeds.example.com/o.xml' } });
    const { deps } = fakeDeps(clean, {}, check);
    const done = await runFeedCheck(company, check, { feedUrl: url }, deps);
    expect(deps.openUrl).toHaveBeenCalledWith(url, expect.objectContaining({ maxBytes: expect.any(Number) }));
    expect(deps.storeOrderFeedUrlOnce).toHaveBeenCalledWith('c1', url, null);
    expect(done.feedUrlStored).toBe(true);
  });

  describe('SFTP host key (trust on first use)', () => {
    const stored = 'sftp://u:p@feeds.example.com/o.xml';
    const KEY = 'SHA256:seenSeenSeenSeenSeenSeenSeenSeenSeenSeenSee';
    const PINNED = 'SHA256:pinnedPinnedPinnedPinnedPinnedPinnedPinn';
    const urlCheck = (url: string, startedBy = 'u1') => queued({ source: { kind: 'url', url: url.replace(/\/\/[^@]*@/, '//') }, startedBy });
    /** `firstUrl`: the company has no URL yet (the conditional first write succeeds). */
    const sftpDeps = (feed = clean, check = urlCheck(stored), firstUrl = false) =>
      fakeDeps(
        feed,
        { openUrl: vi.fn(async () => ({ body: bytes(feed), contentLength: null, hostKey: KEY })), storeOrderFeedUrlOnce: vi.fn(async () => firstUrl) },
        check,
      ).deps;
    const pinned = (key: string | null) => ({ ...company, orderFeedUrl: stored, orderFeedHostKey: key }) as CompanyRecord;

    it('stores the key seen in the same write as the first URL', async () => {
      const deps = sftpDeps(clean, urlCheck(stored), true);
      await runFeedCheck(company, urlCheck(stored), { feedUrl: stored }, deps);
      expect(deps.storeOrderFeedUrlOnce).toHaveBeenCalledWith('c1', stored, KEY);
      expect(deps.storeOrderFeedHostKey).not.toHaveBeenCalled();
    });

    it('the daily re-check hands the pin to the fetcher; a mismatch is a failed check with its history line', async () => {
      const refusal = Object.assign(Object.create(FeedFetchError.prototype) as FeedFetchError, { code: 'host-key', message: 'The SFTP server presented another key' });
      const check = urlCheck(stored, 'daily');
      const { deps } = fakeDeps(clean, { openUrl: vi.fn(async () => Promise.reject(refusal)) }, check);
      const failed = await runFeedCheck(pinned(PINNED), check, { feedUrl: stored, trigger: 'daily', sftpHostKey: PINNED }, deps);
      expect(deps.openUrl).toHaveBeenCalledWith(stored, expect.objectContaining({ sftpHostKey: PINNED }));
      expect(failed.failure?.code).toBe('host-key');
      expect(deps.finishFeedCheck).toHaveBeenCalledWith(failed, expect.objectContaining({ trigger: 'daily', health: 'failed', failure: failed.failure }));
      expect(deps.storeOrderFeedHostKey).not.toHaveBeenCalled();
    });

    it('the daily re-check learns a key for a stored URL that has none, and never replaces one', async () => {
      const learning = sftpDeps(clean, urlCheck(stored, 'daily'));
      await runFeedCheck(pinned(null), urlCheck(stored, 'daily'), { feedUrl: stored, trigger: 'daily' }, learning);
      expect(learning.storeOrderFeedHostKey).toHaveBeenCalledWith('c1', stored, KEY, true);
      const keeping = sftpDeps(clean, urlCheck(stored, 'daily'));
      await runFeedCheck(pinned(KEY), urlCheck(stored, 'daily'), { feedUrl: stored, trigger: 'daily', sftpHostKey: KEY }, keeping);
      expect(keeping.storeOrderFeedHostKey).not.toHaveBeenCalled();
    });

    it('a manual check of the stored URL\'s server (any path, even with warnings) replaces the key; another server does not', async () => {
      const samePort = 'sftp://other:pw@FEEDS.example.com:22/elsewhere.xml';
      const warned = sftpDeps(clean.replace(/<price>[\d.]+<\/price>/, '<price>abc</price>'), urlCheck(samePort));
      const done = await runFeedCheck(pinned(PINNED), urlCheck(samePort), { feedUrl: samePort }, warned);
      expect(done.status).toBe('done');
      expect(warned.storeOrderFeedHostKey).toHaveBeenCalledWith('c1', stored, KEY, false);
      for (const other of ['sftp://u:p@feeds.example.com:2222/o.xml', 'sftp://u:p@mirror.example.com/o.xml']) {
        const deps = sftpDeps(clean, urlCheck(other));
        await runFeedCheck(pinned(PINNED), urlCheck(other), { feedUrl: other }, deps);
        expect(deps.storeOrderFeedHostKey, other).not.toHaveBeenCalled();
      }
    });

    it('a failed manual check trusts nothing', async () => {
      const deps = sftpDeps('<orders><order><id>1</id>');
      const failed = await runFeedCheck(pinned(PINNED), urlCheck(stored), { feedUrl: stored }, deps);
      expect(failed.status).toBe('failed');
      expect(deps.storeOrderFeedHostKey).not.toHaveBeenCalled();
    });

    it('pins nothing without a stored URL, without the full URL, or when a daily check read another URL', async () => {
      const noStored = sftpDeps();
      await runFeedCheck({ ...company, orderFeedUrl: null, orderFeedHostKey: null } as CompanyRecord, urlCheck(stored), { feedUrl: stored }, noStored);
      expect(noStored.storeOrderFeedHostKey).not.toHaveBeenCalled();
      // The stored check's URL (credentials redacted) without the caller's full one.
      const noUrl = sftpDeps();
      await runFeedCheck(pinned(PINNED), urlCheck(stored), {}, noUrl);
      expect(noUrl.storeOrderFeedHostKey).not.toHaveBeenCalled();
      const moved = 'sftp://u:p@feeds.example.com/new.xml';
      const daily = sftpDeps(clean, urlCheck(moved, 'daily'));
      await runFeedCheck(pinned(null), urlCheck(moved, 'daily'), { feedUrl: moved, trigger: 'daily' }, daily);
      expect(daily.storeOrderFeedHostKey).not.toHaveBeenCalled();
    });

    it('a URL this check stored carries its key already: no second write', async () => {
      // The first clean check of a company without a URL stores it with the key it saw.
      const deps = sftpDeps(clean, urlCheck(stored), true);
      await runFeedCheck({ ...company, orderFeedUrl: null, orderFeedHostKey: null } as CompanyRecord, urlCheck(stored), { feedUrl: stored }, deps);
      expect(deps.storeOrderFeedUrlOnce).toHaveBeenCalledWith('c1', stored, KEY);
      expect(deps.storeOrderFeedHostKey).not.toHaveBeenCalled();
    });

    it('a manual check of the stored URL pins its key as trusted, once; the key already pinned is not written again', async () => {
      const first = sftpDeps();
      await runFeedCheck(pinned(null), urlCheck(stored), { feedUrl: stored }, first);
      expect(first.storeOrderFeedHostKey).toHaveBeenCalledWith('c1', stored, KEY, false);
      const again = sftpDeps();
      await runFeedCheck(pinned(KEY), urlCheck(stored), { feedUrl: stored }, again);
      expect(again.storeOrderFeedHostKey).not.toHaveBeenCalled();
    });

    it('a daily check never replaces a pinned key, even one that differs from the key seen', async () => {
      const deps = sftpDeps(clean, urlCheck(stored, 'daily'));
      await runFeedCheck(pinned(PINNED), urlCheck(stored, 'daily'), { feedUrl: stored, trigger: 'daily' }, deps);
      expect(deps.storeOrderFeedHostKey).not.toHaveBeenCalled();
    });

    it('a manual check of a URL with no host key seen (not SFTP) pins nothing', async () => {
      const https = 'https://feeds.example.com/o.xml';
      const { deps } = fakeDeps(clean, { storeOrderFeedUrlOnce: vi.fn(async () => false) }, urlCheck(https));
      await runFeedCheck(pinned(PINNED), urlCheck(https), { feedUrl: https }, deps);
      expect(deps.storeOrderFeedHostKey).not.toHaveBeenCalled();
    });
  });

  it('warnings: done, but neither the step nor the URL', async () => {
    const check = queued({ source: { kind: 'url', url: 'https://x/' } });
    const { deps } = fakeDeps(clean.replace(/<price>[\d.]+<\/price>/, '<price>abc</price>'), {}, check);
    const done = await runFeedCheck(company, check, { feedUrl: 'https://x/' }, deps);
    expect(Object.keys(done.result!.errors)).toContain('invalidPrice');
    expect(deps.completeFeedStep).not.toHaveBeenCalled();
    expect(deps.storeOrderFeedUrlOnce).not.toHaveBeenCalled();
  });

  it('compares with analytics when a view id is given, for the day before', async () => {
    const check = queued({ viewId: '123' });
    const { deps } = fakeDeps(clean, {}, check);
    const done = await runFeedCheck(company, check, {}, deps);
    expect(deps.analyticsOrders).toHaveBeenCalledWith('123', '2026-11-23');
    expect(done.result?.possibleImported?.dayTested).toBe('2026-11-23');
  });

  it("warns on the orders missing from analytics above the company's match threshold, 20 % when it has none", async () => {
    // A quarter of the tested day's orders unknown to analytics.
    const quarter = { analyticsOrders: async (_p: string, day: string) => ({ day, has: (id: string) => Number(id.slice(1)) % 4 !== 0 }) };
    const run = async (matchThreshold?: number) => {
      const check = queued({ viewId: '123' });
      const { deps } = fakeDeps(clean, quarter, check);
      const done = await runFeedCheck({ ...company, ...(matchThreshold ? { matchThreshold } : {}) } as CompanyRecord, check, {}, deps);
      const { ordersInFeed, notInGA } = done.result!.possibleImported!;
      expect(notInGA / ordersInFeed).toBeGreaterThan(0.1);
      expect(notInGA / ordersInFeed).toBeLessThan(0.5);
      return done.result!.counts.gaOrdersDontMatchXml ?? 0;
    };
    expect(await run(10)).toBeGreaterThan(0);
    expect(await run(50)).toBe(0);
    expect(await run()).toBe(await run(20));
  });

  it('leaves the comparison out when the analytics provider fails, and says so in the log', async () => {
    const { deps } = fakeDeps(clean, { analyticsOrders: async () => Promise.reject(new RangeError('quota')) });
    const warn = vi.spyOn(logger(), 'warn').mockImplementation(() => undefined);
    const done = await runFeedCheck({ ...company, viewId: '55' } as CompanyRecord, queued(), {}, deps);
    expect(warn).toHaveBeenCalledWith('analytics orders unavailable', { companyId: 'c1', error: 'RangeError' });
    warn.mockRestore();
    expect(done.status).toBe('done');
    expect(done.result?.possibleImported).toBeUndefined();
  });

  it('without a view id, on the check or the company, analytics is not asked', async () => {
    const { deps } = fakeDeps(clean);
    const done = await runFeedCheck(company, queued(), {}, deps);
    expect(deps.analyticsOrders).not.toHaveBeenCalled();
    expect(done.result?.possibleImported).toBeUndefined();
  });

  it('a parse error is a failed check with the engine code and line', async () => {
    const { deps } = fakeDeps('<orders><order><id>1</id>');
    const failed = await runFeedCheck(company, queued(), {}, deps);
    expect(failed.status).toBe('failed');
    expect(failed.failure).toEqual({
      code: 'truncated',
      message: 'line 1: the feed ends inside <order> (missing closing tags)',
      detail: { key: 'endsInsideElement', values: { name: 'order' } },
      line: 1,
    });
    expect(deps.finishFeedCheck).toHaveBeenCalledWith(failed, expect.objectContaining({ health: 'failed', failure: failed.failure }));
    expect(deps.completeFeedStep).not.toHaveBeenCalled();
  });

  it('a fetch refusal is a failed check with the fetcher code and its message', async () => {
    const refusal = Object.assign(Object.create(FeedFetchError.prototype) as FeedFetchError, { code: 'address', message: 'internal address refused' });
    const check = queued({ source: { kind: 'url', url: 'http://10.0.0.1/' } });
    const { deps } = fakeDeps(clean, { openUrl: async () => Promise.reject(refusal) }, check);
    const failed = await runFeedCheck(company, check, { feedUrl: 'http://10.0.0.1/' }, deps);
    expect(failed.failure).toEqual({ code: 'address', message: 'internal address refused' });
  });

  it('an unexpected error is a generic failure (details only in the log)', async () => {
    const { deps } = fakeDeps(clean, { openUpload: async () => Promise.reject(new Error('socket hang up at 10.1.2.3')) });
    const log = vi.spyOn(logger(), 'error').mockImplementation(() => undefined);
    const failed = await runFeedCheck(company, queued(), {}, deps);
    log.mockRestore();
    expect(failed.failure?.code).toBe('internal');
    expect(failed.failure?.message).not.toContain('10.1.2.3');
  });

  it('stops at the deadline', async () => {
    const { deps } = fakeDeps(clean);
    const failed = await runFeedCheck(company, queued(), { deadline: NOW.getTime() + 1500 }, deps);
    expect(failed.failure?.code).toBe('timeout');
  });

  it('does nothing when the check was already taken (a repeated invoke)', async () => {
    const { deps } = fakeDeps(clean, { claimFeedCheck: async () => null });
    const check = queued();
    expect(await runFeedCheck(company, check, {}, deps)).toBe(check);
    expect(deps.finishFeedCheck).not.toHaveBeenCalled();
  });

  it('stops quietly when the check is gone mid-way (its company was deleted)', async () => {
    const { deps } = fakeDeps(clean, { writeFeedCheckProgress: async () => false });
    const check = queued();
    const result = await runFeedCheck(company, check, {}, deps);
    expect(result.status).toBe('running');
    expect(deps.finishFeedCheck).not.toHaveBeenCalled();
    expect(deps.completeFeedStep).not.toHaveBeenCalled();
  });

  it('a missing upload is a clear failure', async () => {
    const { deps } = fakeDeps(clean, { openUpload: async () => null });
    expect((await runFeedCheck(company, queued(), {}, deps)).failure?.code).toBe('upload-missing');
  });
});

describe('runFeedCheck: deadlines, progress and what it records', () => {
  const MINUTE = 60_000;
  /** A clock that moves `step` ms at each reading, from NOW. */
  const clockOf = (step: number) => {
    let time = NOW.getTime();
    return () => new Date((time += step));
  };

  it('reads the merchant\'s Cyrillic CSV from a body that reuses one buffer as a one-piece read does (issue 32)', async () => {
    // Every value quoted, CRLF, Cyrillic; the body hands out views of ONE Buffer it overwrites
    // before the next chunk, so a byte the engine kept instead of copying would read as garbage.
    const feed = corpusFeed(CORPUS_VARIANTS['csv-quoted-cyrillic'], { orders: 1500, now: NOW });
    const body = (async function* () {
      const buffer = Buffer.allocUnsafe(7777);
      for (let at = 0; at < feed.length; at += buffer.length) {
        const n = Math.min(buffer.length, feed.length - at);
        buffer.fill(0xd0);
        buffer.set(feed.subarray(at, at + n));
        yield buffer.subarray(0, n);
      }
    })();
    const check = queued({ type: 'csv', source: { kind: 'upload', key: 'feeds/c1/k1.csv', fileName: 'f.csv', size: feed.length } });
    const { deps } = fakeDeps('', { openUpload: async () => ({ body, contentLength: feed.length }) }, check);
    const done = await runFeedCheck(company, check, {}, deps);
    const whole = createFeedChecker({ format: 'csv', product: '360', now: NOW });
    whole.pushBytes(feed);
    expect(done.failure).toBeNull();
    expect(done.result).toEqual(whole.end());
  });

  it('stops a check with no deadline given after 14 minutes, and says so', async () => {
    const { deps } = fakeDeps(clean, { now: clockOf(5 * MINUTE) });
    const failed = await runFeedCheck(company, queued(), {}, deps);
    expect(failed.failure).toEqual({ code: 'timeout', message: 'The check took longer than 14 minutes and was stopped' });
    // Stopped mid-way: not every byte was read.
    expect(failed.progress.bytes).toBeLessThan(new TextEncoder().encode(clean).length);
  });

  it('names the minutes it was given in the timeout', async () => {
    const { deps } = fakeDeps(clean, { now: clockOf(MINUTE) });
    const failed = await runFeedCheck(company, queued(), { deadline: NOW.getTime() + 4 * MINUTE }, deps);
    // The clock read 1 minute at the claim, 2 when the check started: 2 minutes were left.
    expect(failed.failure?.message).toBe('The check took longer than 2 minutes and was stopped');
  });

  it('a check that reaches its deadline exactly is still running; past it, it stops', async () => {
    const body = (async function* () {
      yield new TextEncoder().encode(clean);
    })();
    // Readings: claim +1, start +2, analytics day +3, the chunk +4 (the deadline itself).
    const { deps } = fakeDeps(clean, { now: clockOf(1), openUpload: async () => ({ body, contentLength: null }) });
    const done = await runFeedCheck(company, queued(), { deadline: NOW.getTime() + 4 }, deps);
    expect(done.status).toBe('done');
    const late = fakeDeps(clean, { now: clockOf(1) }).deps;
    expect((await runFeedCheck(company, queued(), { deadline: NOW.getTime() + 3 }, late)).failure?.code).toBe('timeout');
  });

  it('a URL check whose time is already up fails before it fetches anything', async () => {
    const check = queued({ source: { kind: 'url', url: 'https://shop.example/feed.xml' } });
    const { deps } = fakeDeps(clean, {}, check);
    // Readings: claim +100, start +200, analytics day +300, time left +400: 0 ms left.
    const failed = await runFeedCheck(company, check, { feedUrl: 'https://shop.example/feed.xml', deadline: NOW.getTime() + 400 }, deps);
    expect(failed.failure?.code).toBe('timeout');
    expect(deps.openUrl).not.toHaveBeenCalled();
  });

  it('gives the fetcher the time left, the byte limit, and a pin only when there is one', async () => {
    const check = queued({ source: { kind: 'url', url: 'https://shop.example/feed.xml' } });
    const { deps } = fakeDeps(clean, {}, check);
    await runFeedCheck(company, check, { feedUrl: 'https://shop.example/feed.xml', deadline: NOW.getTime() + 10_000 }, deps);
    expect(deps.openUrl).toHaveBeenCalledWith('https://shop.example/feed.xml', { maxBytes: 1024 * 1024 * 1024, timeoutMs: 10_000 - 400 });
  });

  it('reads the stored URL when the caller gives none (its credentials are then not in the check)', async () => {
    const check = queued({ source: { kind: 'url', url: 'https://shop.example/feed.xml' } });
    const { deps } = fakeDeps(clean, {}, check);
    const done = await runFeedCheck(company, check, {}, deps);
    expect(deps.openUrl).toHaveBeenCalledWith('https://shop.example/feed.xml', expect.anything());
    // No full URL given: nothing to store for the daily re-check.
    expect(done.feedUrlStored).toBe(false);
    expect(deps.storeOrderFeedUrlOnce).not.toHaveBeenCalled();
  });

  it('reports progress on the first chunk, then once the interval has passed (not before), with the chunk\'s time', async () => {
    const chunk = 4096;
    const text = clean.slice(0, 25 * chunk);
    const times: string[] = [];
    const { deps, progress } = fakeDeps(text, {
      writeFeedCheckProgress: async (_c, _id, p, at) => {
        progress.push(p);
        times.push(at);
        return true;
      },
    });
    // Each chunk reads the clock once, 100 ms apart: the interval is 10 chunks.
    await runFeedCheck(company, queued(), {}, deps);
    expect(progress.map((p) => p.bytes / chunk)).toEqual([1, 11, 21]);
    expect(new Date(times[1]!).getTime() - new Date(times[0]!).getTime()).toBe(1000);
    expect(progress[0]).toMatchObject({ totalBytes: text.length, orders: expect.any(Number) });
  });

  it('the size of an upload comes from the store, else from the check', async () => {
    const { deps } = fakeDeps(clean, { openUpload: async () => ({ body: bytes(clean), contentLength: null }) }, queued({ source: { kind: 'upload', key: 'k', fileName: 'f.xml', size: 1234 } }));
    const done = await runFeedCheck(company, queued({ source: { kind: 'upload', key: 'k', fileName: 'f.xml', size: 1234 } }), {}, deps);
    expect(done.progress.totalBytes).toBe(1234);
    const check = queued({ source: { kind: 'url', url: 'https://shop.example/f.xml' } });
    const url = fakeDeps(clean, { openUrl: vi.fn(async () => ({ body: bytes(clean), contentLength: 777 })) }, check).deps;
    expect((await runFeedCheck(company, check, {}, url)).progress.totalBytes).toBe(777);
  });

  it('counts bytes and orders from zero, whatever the claimed record held', async () => {
    const { deps } = fakeDeps(clean, {}, queued({ progress: { bytes: 99, totalBytes: 5, orders: 7 } }));
    const done = await runFeedCheck(company, queued(), {}, deps);
    expect(done.progress.orders).toBe(400);
    expect(done.progress.bytes).toBe(new TextEncoder().encode(clean).length);
  });

  it('compares with the company\'s view id when the check has none', async () => {
    const { deps } = fakeDeps(clean);
    await runFeedCheck({ ...company, viewId: '555' } as CompanyRecord, queued(), {}, deps);
    expect(deps.analyticsOrders).toHaveBeenCalledWith('555', '2026-11-23');
  });

  it('a daily check is recorded as daily, a manual one as manual, unless the caller says', async () => {
    for (const [startedBy, trigger] of [['daily', 'daily'], ['u1', 'manual']] as const) {
      const { deps } = fakeDeps(clean, {}, queued({ startedBy }));
      await runFeedCheck(company, queued(), {}, deps);
      expect(deps.finishFeedCheck, startedBy).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ trigger }));
    }
  });

  it('records a failed check in the history with no orders and no warnings, and stops the transfer', async () => {
    const destroy = vi.fn();
    const body = Object.assign(bytes('<orders><order><id>1</id>'), { destroy });
    const { deps } = fakeDeps(clean, { openUpload: async () => ({ body, contentLength: null }) });
    const failed = await runFeedCheck(company, queued(), {}, deps);
    expect(destroy).toHaveBeenCalled();
    expect(failed).toMatchObject({ status: 'failed', result: null });
    expect(failed.finishedAt).toBe(failed.updatedAt);
    expect(deps.finishFeedCheck).toHaveBeenCalledWith(failed, {
      checkId: 'k1',
      date: failed.finishedAt,
      trigger: 'manual',
      health: 'failed',
      orders: 0,
      warningKeys: [],
      failure: failed.failure,
    });
  });

  it('records a done check\'s time, orders and warning keys', async () => {
    const { deps } = fakeDeps(clean.replace(/<price>[\d.]+<\/price>/, '<price>abc</price>'));
    const done = await runFeedCheck(company, queued(), {}, deps);
    expect(done).toMatchObject({ status: 'done', failure: null, stepCompleted: false, feedUrlStored: false });
    expect(done.finishedAt).toBe(done.updatedAt);
    expect(deps.finishFeedCheck).toHaveBeenCalledWith(done, expect.objectContaining({ date: done.finishedAt, health: 'warnings', orders: 400, warningKeys: Object.keys(done.result!.errors) }));
  });

  it('a parse error records its line and detail only when it has them', async () => {
    // An empty upload: a refusal with a detail but no line.
    const { deps } = fakeDeps('');
    const failed = await runFeedCheck(company, queued(), {}, deps);
    expect(failed.failure).toStrictEqual({ code: 'empty', message: 'the feed is empty (no data, or only whitespace)', detail: { key: 'empty' } });
    const bare = fakeDeps(clean, { openUpload: async () => Promise.reject(new FeedParseError('encoding', 'not UTF-8')) }).deps;
    expect((await runFeedCheck(company, queued(), {}, bare)).failure).toStrictEqual({ code: 'encoding', message: 'not UTF-8' });
  });

  it('logs an unexpected error with its company and check, not its message to the page', async () => {
    const { deps } = fakeDeps(clean, { openUpload: async () => Promise.reject(new TypeError('socket hang up at 10.1.2.3')) });
    const log = vi.spyOn(logger(), 'error').mockImplementation(() => undefined);
    const failed = await runFeedCheck(company, queued(), {}, deps);
    expect(log).toHaveBeenCalledWith('feed check failed unexpectedly', { companyId: 'c1', checkId: 'k1', error: 'TypeError', reason: 'socket hang up at 10.1.2.3' });
    log.mockRestore();
    expect(failed.failure).toEqual({ code: 'internal', message: 'The check failed unexpectedly: try again in a moment' });
  });

  it('a known failure is not logged as unexpected', async () => {
    const { deps } = fakeDeps(clean, { openUpload: async () => null });
    const log = vi.spyOn(logger(), 'error').mockImplementation(() => undefined);
    const failed = await runFeedCheck(company, queued(), {}, deps);
    expect(log).not.toHaveBeenCalled();
    log.mockRestore();
    expect(failed.failure).toEqual({ code: 'upload-missing', message: 'The uploaded file is gone: upload it again' });
  });

  it('an upload check stores no URL, even if the caller passes one', async () => {
    const { deps } = fakeDeps(clean);
    const done = await runFeedCheck(company, queued(), { feedUrl: 'https://shop.example/feed.xml' }, deps);
    expect(done.feedUrlStored).toBe(false);
    expect(deps.storeOrderFeedUrlOnce).not.toHaveBeenCalled();
  });
});

describe('runFeedCheck: whose feed the check read (integration/own-resource.ts)', () => {
  const STORED = 'https://u:p@shop.example/feed.xml';
  const withUrl = { ...company, orderFeedUrl: STORED } as CompanyRecord;
  const urlQueued = (url: string) => queued({ source: { kind: 'url', url: url.replace(/\/\/[^@]*@/, '//') } });

  it('a clean check of the stored URL (credentials aside) completes the step and stores nothing', async () => {
    const { deps } = fakeDeps(clean, {}, urlQueued(STORED));
    const done = await runFeedCheck(withUrl, urlQueued(STORED), { feedUrl: 'https://shop.example/feed.xml' }, deps);
    expect(done).toMatchObject({ stepCompleted: true, feedUrlStored: false, otherResource: null });
    expect(deps.storeOrderFeedUrlOnce).not.toHaveBeenCalled();
  });

  it('a clean check of another URL: its report, no step, nothing stored, the stored URL named without its login', async () => {
    const other = 'https://shop.example/other.xml';
    const { deps } = fakeDeps(clean, {}, urlQueued(other));
    const done = await runFeedCheck(withUrl, urlQueued(other), { feedUrl: other }, deps);
    expect(done).toMatchObject({ status: 'done', stepCompleted: false, feedUrlStored: false, otherResource: { kind: 'orderFeedUrl', stored: 'https://shop.example/feed.xml' } });
    expect(done.result).not.toBeNull();
    expect(deps.completeFeedStep).not.toHaveBeenCalled();
    expect(deps.storeOrderFeedUrlOnce).not.toHaveBeenCalled();
  });

  it('a clean upload while a URL is stored is another resource; without a stored URL it is the company’s feed', async () => {
    const stored = fakeDeps(clean);
    expect(await runFeedCheck(withUrl, queued(), {}, stored.deps)).toMatchObject({ stepCompleted: false, otherResource: { kind: 'orderFeedUrl' } });
    expect(stored.deps.completeFeedStep).not.toHaveBeenCalled();
    const none = fakeDeps(clean);
    expect(await runFeedCheck(company, queued(), {}, none.deps)).toMatchObject({ stepCompleted: true, otherResource: null });
  });

  it('a concurrent check stored another URL first: this one changes no step', async () => {
    const url = 'https://shop.example/mine.xml';
    const { deps } = fakeDeps(clean, { storeOrderFeedUrlOnce: vi.fn(async () => false), storedFeedUrl: async () => 'https://shop.example/theirs.xml' }, urlQueued(url));
    const done = await runFeedCheck(company, urlQueued(url), { feedUrl: url }, deps);
    expect(done).toMatchObject({ stepCompleted: false, feedUrlStored: false, otherResource: { kind: 'orderFeedUrl', stored: 'https://shop.example/theirs.xml' } });
  });
});

describe('completeFeedStep', () => {
  const step = (stepType: StepRecord['stepType'], status: StepRecord['status']): StepRecord => ({ companyId: 'c1', stepType, status, updated: null, version: 1 });
  const fakeSteps = (steps: StepRecord[], after: StepRecord['status'] = 'done') => ({
    listSteps: vi.fn(async () => steps),
    getUser: vi.fn(async (id: string) => (id === 'u1' ? ({ id: 'u1', firstName: 'Una', login: 'una@shop.example', roles: ['ROLE_MANAGER', 'ROLE_USER'] } as UserRecord) : null)),
    changeStepStatus: vi.fn(async () => ({ steps: [{ stepType: 'sources', status: 'TBD' }, { stepType: 'status_feed', status: after }] }) as unknown as IntegrationStatus),
  });

  it('completes the feed step as the user who started the check, with that user\'s role', async () => {
    const deps = fakeSteps([step('sources', 'TBD'), step('status_feed', 'TBD')]);
    expect(await completeFeedStep(company, 'u1', deps)).toBe(true);
    expect(deps.listSteps).toHaveBeenCalledWith('c1');
    expect(deps.changeStepStatus).toHaveBeenCalledWith(
      company,
      { user: expect.objectContaining({ firstName: 'Una' }), role: 'ROLE_MANAGER' },
      { stepType: 'status_feed', status: 'done', byCheck: true },
    );
  });

  it('the daily re-check completes it as the daily feed check, without looking up a user', async () => {
    const deps = fakeSteps([step('status_feed', 'TBD')]);
    expect(await completeFeedStep(company, 'daily', deps)).toBe(true);
    expect(deps.getUser).not.toHaveBeenCalled();
    expect(deps.changeStepStatus).toHaveBeenCalledWith(company, { user: { firstName: 'Daily feed check', login: 'daily' }, role: 'ROLE_USER' }, expect.anything());
  });

  it('a user gone meanwhile is replaced by the daily feed check\'s name', async () => {
    const deps = fakeSteps([step('status_feed', 'TBD')]);
    await completeFeedStep(company, 'u-gone', deps);
    expect(deps.getUser).toHaveBeenCalledWith('u-gone');
    expect(deps.changeStepStatus).toHaveBeenCalledWith(company, { user: { firstName: 'Daily feed check', login: 'daily' }, role: 'ROLE_USER' }, expect.anything());
  });

  it.each([
    ['done', [step('status_feed', 'done')]],
    ['not mandatory', [step('status_feed', 'not_mandatory')]],
    ['absent', [step('sources', 'TBD')]],
  ])('leaves a feed step that is %s alone', async (_label, steps) => {
    const deps = fakeSteps(steps);
    expect(await completeFeedStep(company, 'u1', deps)).toBe(false);
    expect(deps.changeStepStatus).not.toHaveBeenCalled();
  });

  it('answers false when the engine did not move it to done (a refusal or a race), or answers without the step', async () => {
    const deps = fakeSteps([step('status_feed', 'TBD')], 'TBD');
    expect(await completeFeedStep(company, 'u1', deps)).toBe(false);
    const gone = { ...fakeSteps([step('status_feed', 'TBD')]), changeStepStatus: vi.fn(async () => ({ steps: [] }) as unknown as IntegrationStatus) };
    expect(await completeFeedStep(company, 'u1', gone)).toBe(false);
  });
});

describe('urlFetchOptions', () => {
  it('waits for a byte at most a minute, never longer than the time left, and pins a host key only when given', () => {
    expect(urlFetchOptions({ maxBytes: 10, timeoutMs: 600_000 })).toEqual({ maxBytes: 10, timeoutMs: 600_000, idleTimeoutMs: 60_000 });
    expect(urlFetchOptions({ maxBytes: 10, timeoutMs: 30_000, sftpHostKey: 'SHA256:k' })).toEqual({ maxBytes: 10, timeoutMs: 30_000, idleTimeoutMs: 30_000, sftpHostKey: 'SHA256:k' });
    expect(urlFetchOptions({ maxBytes: 10, timeoutMs: 30_000, sftpHostKey: '' })).not.toHaveProperty('sftpHostKey');
  });
});

describe('the lease and the watchdog (lease.ts)', () => {
  /** A source that sends `first` and then nothing more, for ever (S3 stalled, a hung server). */
  function stalling(first: string): { body: AsyncIterable<Uint8Array> & { destroy: () => void }; destroyed: () => boolean } {
    let destroyed = false;
    const body = {
      destroy: () => {
        destroyed = true;
      },
      async *[Symbol.asyncIterator]() {
        yield new TextEncoder().encode(first);
        await new Promise(() => undefined);
      },
    };
    return { body, destroyed: () => destroyed };
  }

  it('claims with a lease of a minute from now, and renews it with every progress write, as the worker that holds it', async () => {
    const claims: string[][] = [];
    const leases: Array<{ until: string; attempt: number }> = [];
    const { deps } = fakeDeps(clean, {
      claimFeedCheck: async (_c, _id, at, lease) => {
        claims.push([at, lease]);
        return { ...queued(), status: 'running', updatedAt: at, attempt: 2 };
      },
      writeFeedCheckProgress: async (_c, _id, _p, at, lease) => {
        leases.push(lease);
        expect(Date.parse(lease.until) - Date.parse(at)).toBe(60_000);
        return true;
      },
    });
    await runFeedCheck(company, queued(), {}, deps);
    expect(Date.parse(claims[0]![1]!) - Date.parse(claims[0]![0]!)).toBe(60_000);
    expect(leases.length).toBeGreaterThan(0);
    expect(leases.every((l) => l.attempt === 2)).toBe(true);
  });

  it('ends a check whose source stops sending as `stalled` after 45 s without a byte, and stops the transfer', async () => {
    vi.useFakeTimers({ now: NOW });
    try {
      const source = stalling('<orders><order><id>1</id>');
      const heartbeats: string[] = [];
      const { deps } = fakeDeps(clean, {
        now: () => new Date(),
        openUpload: async () => ({ body: source.body, contentLength: null }),
        writeFeedCheckProgress: async (_c, _id, _p, at) => {
          heartbeats.push(at);
          return true;
        },
      });
      const run = runFeedCheck(company, queued(), { deadline: NOW.getTime() + 10 * 60_000 }, deps);
      await vi.advanceTimersByTimeAsync(40_000);
      // Still waiting, and its lease renewed by the heartbeat meanwhile (15 s apart, no byte needed).
      expect(heartbeats.length).toBeGreaterThanOrEqual(2);
      await vi.advanceTimersByTimeAsync(15_000);
      const failed = await run;
      expect(failed.status).toBe('failed');
      expect(failed.failure).toEqual({ code: 'stalled', message: 'The feed stopped arriving for 45 seconds: the check was stopped' });
      expect(source.destroyed()).toBe(true);
      expect(deps.finishFeedCheck).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('meets its deadline while no byte arrives (the deadline was read only when a chunk came)', async () => {
    vi.useFakeTimers({ now: NOW });
    try {
      const source = stalling('<orders>');
      const { deps } = fakeDeps(clean, { now: () => new Date(), openUpload: async () => ({ body: source.body, contentLength: null }) });
      const run = runFeedCheck(company, queued(), { deadline: NOW.getTime() + 20_000 }, deps);
      await vi.advanceTimersByTimeAsync(26_000);
      expect((await run).failure?.code).toBe('timeout');
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops and writes nothing when a heartbeat finds the check no longer its own (a retry took it over)', async () => {
    vi.useFakeTimers({ now: NOW });
    try {
      const source = stalling('<orders>');
      let writes = 0;
      const { deps } = fakeDeps(clean, {
        now: () => new Date(),
        openUpload: async () => ({ body: source.body, contentLength: null }),
        writeFeedCheckProgress: async () => ++writes === 1,
      });
      const run = runFeedCheck(company, queued(), { deadline: NOW.getTime() + 10 * 60_000 }, deps);
      await vi.advanceTimersByTimeAsync(20_000);
      await run;
      expect(deps.finishFeedCheck).not.toHaveBeenCalled();
      expect(source.destroyed()).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
