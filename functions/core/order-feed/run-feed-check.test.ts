import { describe, expect, it, vi } from 'vitest';
import type { FeedCheckProgress } from '../../../shared/domain/order-feed';
import { cleanRecords, feedText, xmlChunks } from '../../../shared/feed/testing/generate';
import type { CompanyRecord } from '../../data/companies';
import type { FeedCheckRecord } from '../../data/feed-checks';
import { FeedFetchError } from '../../platform/feed-fetch';
import { runFeedCheck, type RunDeps } from './run-feed-check';
import { logger } from '../../platform/log';

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
  ...over,
});

async function* bytes(text: string, size = 4096): AsyncGenerator<Uint8Array> {
  const all = new TextEncoder().encode(text);
  for (let i = 0; i < all.length; i += size) yield all.subarray(i, i + size);
}

function fakeDeps(feed: string, over: Partial<RunDeps> = {}, check: FeedCheckRecord = queued()) {
  let clock = NOW.getTime();
  const progress: FeedCheckProgress[] = [];
  const deps: RunDeps = {
    claimFeedCheck: async (_c, _id, at) => ({ ...check, status: 'running', updatedAt: at }),
    writeFeedCheckProgress: async (_c, _id, p) => {
      progress.push(p);
      return true;
    },
    finishFeedCheck: vi.fn(async () => true),
    storeOrderFeedUrlOnce: vi.fn(async () => true),
    storeOrderFeedHostKey: vi.fn(async () => true),
    openUpload: async () => ({ body: bytes(feed), contentLength: new TextEncoder().encode(feed).length }),
    openUrl: vi.fn(async () => ({ body: bytes(feed), contentLength: null })),
    analyticsOrders: vi.fn(async (_p: string, day: string) => ({ day, has: () => true })),
    completeFeedStep: vi.fn(async () => true),
    // Every reading of the clock moves it 100 ms: progress is due every few chunks.
    now: () => new Date((clock += 100)),
    progressIntervalMs: 1000,
    ...over,
  };
  return { deps, progress };
}

const clean = feedText(xmlChunks(cleanRecords({ now: NOW, orders: 400 })));

describe('runFeedCheck', () => {
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

  it('leaves the comparison out when the analytics provider fails', async () => {
    const { deps } = fakeDeps(clean, { analyticsOrders: async () => Promise.reject(new Error('quota')) });
    const done = await runFeedCheck({ ...company, viewId: '55' } as CompanyRecord, queued(), {}, deps);
    expect(done.status).toBe('done');
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
