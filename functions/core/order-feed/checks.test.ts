import { describe, expect, it, vi } from 'vitest';
import type { CompanyRecord } from '../../data/companies';
import type { FeedCheckRecord } from '../../data/feed-checks';
import { NotFoundError, ValidationError } from '../../platform/errors';
import { openFeedCheck, startFeedCheck, type CheckDeps } from './checks';
import { dispatchFeedRechecks } from './recheck-dispatch';
import { FEED_CHECK_STALE_MS, asSeen, getFeedCheckView, getFeedOverview, type ReadDeps } from './views';
import { FEED_CHECK_LEASE_MS, FEED_CHECK_QUEUED_MS } from './lease';

const company = { id: 'c1', name: 'Acme', product: '360', viewId: null, orderFeedUrl: null } as unknown as CompanyRecord;
const T0 = new Date('2026-11-24T10:00:00.000Z');

function fakeDeps(over: Partial<CheckDeps> = {}) {
  const store = new Map<string, FeedCheckRecord>();
  let marker: { checkId: string; startedAt: string } | null = null;
  let n = 0;
  const deps: CheckDeps = {
    async createFeedCheck(record, staleBefore) {
      if (marker && marker.startedAt >= staleBefore) return false;
      marker = { checkId: record.id, startedAt: record.createdAt };
      store.set(record.id, record);
      return true;
    },
    getRunningMarker: async () => marker,
    getFeedCheck: async (_c, id) => store.get(id) ?? null,
    releaseRunningMarker: async (_c, id) => {
      if (marker?.checkId === id) marker = null;
    },
    finishFeedCheck: vi.fn(async (record) => {
      store.set(record.id, record);
      if (marker?.checkId === record.id) marker = null;
      return true;
    }),
    uploadedFeed: async (_c, key) => ({ key, fileName: 'shop.xml', size: 42 }),
    viewOwners: async (viewId) => (viewId === '4242424242' ? ['c2'] : []),
    startJob: vi.fn(async () => undefined),
    newId: () => `00000000-0000-7000-8000-00000000000${n++}`,
    now: () => T0,
    ...over,
  };
  return { deps, store, setMarker: (m: typeof marker) => (marker = m) };
}

describe('startFeedCheck', () => {
  it('creates a queued upload check and starts the job with the ids only', async () => {
    const { deps } = fakeDeps();
    const check = await startFeedCheck(company, 'u1', { upload_key: 'feeds/c1/k.xml', feed_url: null, view_id: '123', type: 'xml' }, deps);
    expect(check).toMatchObject({ status: 'queued', viewId: '123', startedBy: 'u1', source: { kind: 'upload', key: 'feeds/c1/k.xml', fileName: 'shop.xml', size: 42 } });
    expect(check.progress).toEqual({ bytes: 0, totalBytes: 42, orders: 0 });
    expect(check).not.toHaveProperty('companyId');
    expect(deps.startJob).toHaveBeenCalledWith({ companyId: 'c1', checkId: check.id });
  });

  it('keeps the full URL for the job on the record only: not in the answer, not in the job payload', async () => {
    const { deps, store } = fakeDeps();
    const url = 'sftp://shop:secret@feeds.example.com/orders.xml';
    const check = await startFeedCheck(company, 'u1', { upload_key: null, feed_url: url, view_id: null, type: 'xml' }, deps);
    // Ids only: a failed invoke's dead-letter queue holds no credentials.
    expect(deps.startJob).toHaveBeenCalledWith({ companyId: 'c1', checkId: check.id });
    expect(JSON.stringify(check)).not.toContain('secret');
    expect(check.source).toEqual({ kind: 'url', url: expect.stringContaining('feeds.example.com/orders.xml') });
    const stored = [...store.values()] as Array<{ fetchUrl?: string; source: { url?: string } }>;
    expect(stored.map((record) => record.fetchUrl)).toEqual([url]);
    expect(stored[0]!.source.url).not.toContain('secret');
  });

  it('refuses another company’s View ID before creating anything (the comparison would read its orders)', async () => {
    const { deps, store } = fakeDeps();
    await expect(startFeedCheck(company, 'u1', { upload_key: 'feeds/c1/k.xml', feed_url: null, view_id: '4242424242', type: 'xml' }, deps)).rejects.toMatchObject({
      status: 400,
      errors: { view_id: 'validation.analytics.viewIdTaken' },
    });
    expect(store.size).toBe(0);
    expect(deps.startJob).not.toHaveBeenCalled();
  });

  it('refuses schemes the fetcher never takes, before creating anything', async () => {
    const { deps, store } = fakeDeps();
    for (const url of ['gopher://x/', 'file:///etc/passwd', 'javascript://x']) {
      await expect(startFeedCheck(company, 'u1', { upload_key: null, feed_url: url, view_id: null, type: 'xml' }, deps)).rejects.toBeInstanceOf(ValidationError);
    }
    expect(store.size).toBe(0);
  });

  it('answers the running check instead of starting another', async () => {
    const { deps } = fakeDeps();
    const first = await startFeedCheck(company, 'u1', { upload_key: 'feeds/c1/a.xml', feed_url: null, view_id: null, type: 'xml' }, deps);
    const second = await startFeedCheck(company, 'u2', { upload_key: 'feeds/c1/b.xml', feed_url: null, view_id: null, type: 'csv' }, deps);
    expect(second.id).toBe(first.id);
    expect(deps.startJob).toHaveBeenCalledTimes(1);
  });

  it('a finished check whose marker is not released yet is not answered: its marker goes, a new check starts', async () => {
    const { deps, store, setMarker } = fakeDeps();
    const first = await startFeedCheck(company, 'u1', { upload_key: 'feeds/c1/a.xml', feed_url: null, view_id: null, type: 'xml' }, deps);
    // The job wrote its result, and has not deleted the marker yet.
    store.set(first.id, { ...store.get(first.id)!, status: 'failed', finishedAt: T0.toISOString() });
    setMarker({ checkId: first.id, startedAt: T0.toISOString() });
    const second = await startFeedCheck(company, 'u2', { upload_key: 'feeds/c1/b.xml', feed_url: null, view_id: null, type: 'csv' }, deps);
    expect(second.id).not.toBe(first.id);
    expect(second.status).toBe('queued');
    expect(deps.startJob).toHaveBeenCalledTimes(2);
  });

  it('a check whose worker died no longer blocks once its lease ran out: a new check starts, within two minutes', async () => {
    const { deps, store } = fakeDeps();
    const first = await startFeedCheck(company, 'u1', { upload_key: 'feeds/c1/a.xml', feed_url: null, view_id: null, type: 'xml' }, deps);
    // The worker claimed it, wrote once, then died: its lease ends a minute after that write.
    const lease = new Date(T0.getTime() + FEED_CHECK_LEASE_MS).toISOString();
    store.set(first.id, { ...store.get(first.id)!, status: 'running', leaseUntil: lease });
    const at = (ms: number) => ({ ...deps, now: () => new Date(T0.getTime() + ms) });
    const blocked = await startFeedCheck(company, 'u2', { upload_key: 'feeds/c1/b.xml', feed_url: null, view_id: null, type: 'xml' }, at(FEED_CHECK_LEASE_MS));
    expect(blocked.id).toBe(first.id);
    const next = await startFeedCheck(company, 'u2', { upload_key: 'feeds/c1/b.xml', feed_url: null, view_id: null, type: 'xml' }, at(FEED_CHECK_LEASE_MS + 1));
    expect(next.id).not.toBe(first.id);
    expect(next.status).toBe('queued');
  });

  it('a queued check gets two minutes for its job to claim it', async () => {
    const { deps, store } = fakeDeps();
    await startFeedCheck(company, 'u1', { upload_key: 'feeds/c1/a.xml', feed_url: null, view_id: null, type: 'xml' }, deps);
    expect([...store.values()][0]!.leaseUntil).toBe(new Date(T0.getTime() + FEED_CHECK_QUEUED_MS).toISOString());
  });

  it('a marker older than the job timeout no longer blocks', async () => {
    const { deps, setMarker } = fakeDeps();
    setMarker({ checkId: 'dead', startedAt: new Date(T0.getTime() - FEED_CHECK_STALE_MS - 1).toISOString() });
    const { created } = await openFeedCheck('c1', { type: 'xml', viewId: null, source: { kind: 'url', url: 'https://x/' }, startedBy: 'daily' }, deps);
    expect(created).toBe(true);
  });

  it('records a job that could not start as failed, freeing the company', async () => {
    const { deps } = fakeDeps({ startJob: vi.fn(async () => Promise.reject(new Error('invoke failed'))) });
    await expect(startFeedCheck(company, 'u1', { upload_key: 'feeds/c1/a.xml', feed_url: null, view_id: null, type: 'xml' }, deps)).rejects.toThrow('invoke failed');
    expect(deps.finishFeedCheck).toHaveBeenCalledWith(expect.objectContaining({ status: 'failed', failure: expect.objectContaining({ code: 'not-started' }) }), expect.objectContaining({ health: 'failed' }));
  });
});

describe('openFeedCheck edges (mutation testing found these unchecked)', () => {
  const input = { type: 'xml' as const, viewId: null, source: { kind: 'url' as const, url: 'https://shop.test/feed.xml' }, startedBy: 'u1' };

  it('tries three times while the marker keeps changing, then gives up loudly', async () => {
    const createFeedCheck = vi.fn(async () => false);
    const releaseRunningMarker = vi.fn(async () => undefined);
    const { deps } = fakeDeps({ createFeedCheck, getRunningMarker: async () => null, releaseRunningMarker });
    await expect(openFeedCheck('c1', input, deps)).rejects.toThrow('the running marker keeps changing');
    expect(createFeedCheck).toHaveBeenCalledTimes(3);
    // No marker: nothing to release.
    expect(releaseRunningMarker).not.toHaveBeenCalled();
  });

  it('does not release a marker whose check is gone (it is not this request’s to judge)', async () => {
    const releaseRunningMarker = vi.fn(async () => undefined);
    const { deps } = fakeDeps({
      createFeedCheck: async () => false,
      getRunningMarker: async () => ({ checkId: 'gone', startedAt: T0.toISOString() }),
      releaseRunningMarker,
    });
    await expect(openFeedCheck('c1', input, deps)).rejects.toThrow();
    expect(releaseRunningMarker).not.toHaveBeenCalled();
  });

  it('creates a URL check with no size, nothing done yet, and no View ID check without a View ID', async () => {
    const viewOwners = vi.fn(async () => []);
    const { deps, store } = fakeDeps({ viewOwners });
    await startFeedCheck(company, 'u1', { upload_key: null, feed_url: 'https://shop.test/feed.xml', view_id: '', type: 'xml' }, deps);
    const [record] = [...store.values()];
    expect(record).toMatchObject({ progress: { bytes: 0, totalBytes: null, orders: 0 }, stepCompleted: false, feedUrlStored: false, viewId: null });
    expect(viewOwners).not.toHaveBeenCalled();
  });

  it('asks for a URL or a file when given neither, and refuses a URL it cannot read', async () => {
    const { deps, store } = fakeDeps();
    await expect(startFeedCheck(company, 'u1', { upload_key: null, feed_url: null, view_id: null, type: 'xml' } as never, deps)).rejects.toMatchObject({
      errors: { feed_url: 'validation.feed.urlOrFile' },
    });
    await expect(startFeedCheck(company, 'u1', { upload_key: null, feed_url: 'not a url', view_id: null, type: 'xml' } as never, deps)).rejects.toMatchObject({
      errors: { feed_url: 'validation.company.url' },
    });
    expect(store.size).toBe(0);
  });
});

describe('reading checks', () => {
  it("another company's or a missing id is not found", async () => {
    const { deps } = fakeDeps();
    const reads: ReadDeps = { ...deps, latestFeedCheck: async () => null, listFeedHistory: async () => [] };
    await expect(getFeedCheckView('c1', 'nope', reads)).rejects.toBeInstanceOf(NotFoundError);
    await expect(getFeedCheckView('c1', 'nope', reads)).rejects.toThrow('No such feed check');
  });

  it('reads a check by its lease: running while held, then failed (interrupted; not-started when never claimed)', () => {
    const lease = new Date(T0.getTime() + FEED_CHECK_LEASE_MS);
    const record = { id: 'x', companyId: 'c1', status: 'running', updatedAt: T0.toISOString(), leaseUntil: lease.toISOString(), failure: null, finishedAt: null } as unknown as FeedCheckRecord;
    expect(asSeen(record, lease).status).toBe('running');
    expect(asSeen(record, new Date(lease.getTime() + 1))).toMatchObject({ status: 'failed', failure: { code: 'interrupted' }, finishedAt: T0.toISOString() });
    expect(asSeen({ ...record, status: 'queued' }, new Date(lease.getTime() + 1))).toMatchObject({ status: 'failed', failure: { code: 'not-started' } });
    // The lease is the worker's business: never in the answer.
    expect(asSeen(record, lease)).not.toHaveProperty('leaseUntil');
  });

  it('a record older than leases reads as failed (interrupted) after the job timeout without a write', () => {
    const record = { id: 'x', companyId: 'c1', status: 'running', updatedAt: T0.toISOString(), failure: null, finishedAt: null } as unknown as FeedCheckRecord;
    expect(asSeen(record, new Date(T0.getTime() + 60_000)).status).toBe('running');
    // Exactly the stale time without a write: still running (the job may be writing its last progress).
    expect(asSeen(record, new Date(T0.getTime() + FEED_CHECK_STALE_MS)).status).toBe('running');
    const late = asSeen(record, new Date(T0.getTime() + FEED_CHECK_STALE_MS + 1));
    expect(late).toMatchObject({ status: 'failed', failure: { code: 'interrupted' }, finishedAt: T0.toISOString() });
  });
});

describe('startFeedCheck: what it records', () => {
  it('a job that could not start is a failed line in the history, at that moment, with no orders', async () => {
    const { deps } = fakeDeps({ startJob: vi.fn(async () => Promise.reject(new Error('invoke failed'))) });
    await expect(startFeedCheck(company, 'u1', { upload_key: 'feeds/c1/a.xml', feed_url: null, view_id: null, type: 'xml' }, deps)).rejects.toThrow('invoke failed');
    const failure = { code: 'not-started', message: 'The check could not be started: try again in a moment' };
    expect(deps.finishFeedCheck).toHaveBeenCalledWith(expect.objectContaining({ status: 'failed', updatedAt: T0.toISOString(), finishedAt: T0.toISOString(), failure }), {
      checkId: '00000000-0000-7000-8000-000000000000',
      date: T0.toISOString(),
      trigger: 'manual',
      health: 'failed',
      orders: 0,
      warningKeys: [],
      failure,
    });
  });

  it('an upload check keeps no URL to fetch', async () => {
    const { deps, store } = fakeDeps();
    await startFeedCheck(company, 'u1', { upload_key: 'feeds/c1/a.xml', feed_url: 'https://shop.test/feed.xml', view_id: null, type: 'xml' }, deps);
    expect([...store.values()][0]).not.toHaveProperty('fetchUrl');
  });

  it('says which schemes it takes when it refuses one', async () => {
    const { deps } = fakeDeps();
    await expect(startFeedCheck(company, 'u1', { upload_key: null, feed_url: 'gopher://x/', view_id: null, type: 'xml' }, deps)).rejects.toThrow(
      'Only http, https, ftp and sftp feed URLs can be checked',
    );
  });
});

describe('reading checks: the overview', () => {
  const record = (over: Partial<FeedCheckRecord> = {}) =>
    ({ id: 'k1', companyId: 'c1', fetchUrl: 'https://u:p@x/', status: 'done', updatedAt: T0.toISOString(), failure: null, finishedAt: T0.toISOString(), ...over }) as unknown as FeedCheckRecord;
  const reads = (latest: FeedCheckRecord | null, now = T0): ReadDeps => ({
    getFeedCheck: async (_c, id) => (id === 'k1' ? latest : null),
    latestFeedCheck: vi.fn(async () => latest),
    listFeedHistory: vi.fn(async () => [{ checkId: 'k0' } as never]),
    now: () => now,
  });

  it('answers the latest check as seen now, the history, and the stored URL without its credentials', async () => {
    const deps = reads(record());
    const overview = await getFeedOverview({ ...company, orderFeedUrl: 'sftp://shop:secret@feeds.example/o.xml' } as CompanyRecord, deps);
    expect(deps.latestFeedCheck).toHaveBeenCalledWith('c1');
    expect(deps.listFeedHistory).toHaveBeenCalledWith('c1');
    expect(overview).toEqual({ current: { id: 'k1', status: 'done', updatedAt: T0.toISOString(), failure: null, finishedAt: T0.toISOString(), otherResource: null }, history: [{ checkId: 'k0' }], orderFeedUrl: 'sftp://feeds.example/o.xml' });
    const running = await getFeedOverview(company, reads(record({ status: 'running' }), new Date(T0.getTime() + FEED_CHECK_STALE_MS + 1)));
    expect(running.current).toMatchObject({ status: 'failed', failure: { code: 'interrupted', message: 'The check stopped before the end: run it again' } });
  });

  it('a company without checks or URL has neither', async () => {
    expect(await getFeedOverview(company, reads(null))).toEqual({ current: null, history: [{ checkId: 'k0' }], orderFeedUrl: null });
  });

  it('answers a check of the company, without its fetch URL', async () => {
    const seen = await getFeedCheckView('c1', 'k1', reads(record()));
    expect(seen).toMatchObject({ id: 'k1', status: 'done' });
    expect(seen).not.toHaveProperty('fetchUrl');
    expect(seen).not.toHaveProperty('companyId');
  });
});

describe('the daily dispatch', () => {
  const send = () => vi.fn(async () => undefined);
  const now = () => new Date('2026-11-24T03:00:07.000Z');
  it('files the run under the schedule\'s time when there is one, else now', async () => {
    const list = async () => ['a'];
    expect(await dispatchFeedRechecks({ send: send(), listCompanyIdsToRecheck: list, now }, '2026-11-24T03:00:00Z')).toEqual({ runAt: '2026-11-24T03:00:00.000Z', companies: 1 });
    expect((await dispatchFeedRechecks({ send: send(), listCompanyIdsToRecheck: list, now }, 'not a time')).runAt).toBe('2026-11-24T03:00:07.000Z');
    expect((await dispatchFeedRechecks({ send: send(), listCompanyIdsToRecheck: list, now }, '')).runAt).toBe('2026-11-24T03:00:07.000Z');
    expect((await dispatchFeedRechecks({ send: send(), listCompanyIdsToRecheck: list, now })).runAt).toBe('2026-11-24T03:00:07.000Z');
    // Without a clock of its own: the machine's.
    const before = Date.now();
    const { runAt } = await dispatchFeedRechecks({ send: send(), listCompanyIdsToRecheck: list });
    expect(Date.parse(runAt)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(runAt)).toBeLessThanOrEqual(Date.now());
  });
});
