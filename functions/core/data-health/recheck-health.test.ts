import { describe, expect, it, vi } from 'vitest';
import type { FeedHistoryEntry } from '../../../shared/domain/order-feed';
import type { CompanyRecord } from '../../data/companies';
import type { HealthStateRecord, VolumeSeries } from '../../data/data-health';
import { AnalyticsProviderError, type AnalyticsProvider, type CustomDimension } from '../analytics/provider';
import { getDataHealth } from './data-health';
import { recheckCompanyHealth, type HealthDeps } from './recheck-health';

const RUN_AT = '2026-11-24T03:00:00.000Z';
const DAY = '2026-11-24';
const company: CompanyRecord = {
  id: 'c1',
  name: 'Shop',
  product: '360',
  country: 'GB',
  viewId: '123456',
  dimensionIndex: '2',
  orderFeedUrl: 'https://shop.example/feed.xml',
  integrationSteps: [],
  isDefault: false,
  created: '2026-01-01T00:00:00.000Z',
  version: 1,
};
const dimension = (n: number): CustomDimension => ({ apiName: `customEvent:d${n}`, parameterName: `d${n}`, displayName: `D${n}`, scope: 'EVENT' });
const feedLine = (health: FeedHistoryEntry['health']): FeedHistoryEntry => ({
  checkId: 'k',
  date: RUN_AT,
  trigger: 'daily',
  health,
  orders: 40,
  warningKeys: health === 'warnings' ? ['invalidPrice'] : [],
  failure: health === 'failed' ? { code: 'status', message: '503', httpStatus: 503 } : null,
});

/** A provider that answers the access check and the coverage of dimension 2: 99 % and 97 %. */
function fakeProvider(over: Partial<AnalyticsProvider> = {}): AnalyticsProvider {
  const unused = async () => Promise.reject(new Error('not used by the health check'));
  return {
    checkAccess: vi.fn(async (id: string) => ({ id, name: 'Shop', sessions: 100 })),
    customDimensions: vi.fn(async () => [dimension(1), dimension(2)]),
    dimensionCounts: vi.fn(async () => ({ sessions: { withDimension: 99, total: 100 }, transactions: { withDimension: 97, total: 100 } })),
    eventCounts: unused,
    nonStandardValues: unused,
    utmTraffic: unused,
    sessionsOn: vi.fn(async () => 900),
    analyticsOrders: unused,
    ...over,
  };
}

/** The state item with the repository's optimistic lock, in memory. */
function fakeDeps(over: Partial<HealthDeps> = {}, start: Partial<HealthStateRecord> = {}, theCompany: CompanyRecord = company) {
  let state: HealthStateRecord = { companyId: theCompany.id, kinds: {}, alerted: {}, lastMailDay: null, mutes: {}, version: 0, ...start };
  let volume: VolumeSeries = { orders: {}, sessions: {} };
  const provider = fakeProvider();
  const deps = {
    getCompany: vi.fn(async (id: string) => (id === theCompany.id ? theCompany : null)),
    provider: vi.fn(async () => provider),
    feedLines: vi.fn(async () => [feedLine('clean')]),
    utmAggregates: vi.fn(async () => ({ unlinkedSessions: 5, totalSessions: 100, unlinkedUtms: 2 })),
    putDays: vi.fn(async () => undefined),
    getVolume: vi.fn(async () => volume),
    saveVolume: vi.fn(async (_companyId: string, series: VolumeSeries) => {
      volume = series;
    }),
    getState: vi.fn(async () => state),
    saveState: vi.fn(async (previous: HealthStateRecord, next: Omit<HealthStateRecord, 'version' | 'companyId'>) => {
      if (previous.version !== state.version) return false;
      state = { ...state, ...next, version: state.version + 1 };
      return true;
    }),
    reindexReport: vi.fn(async () => undefined),
    recipients: vi.fn(async () => [
      { id: 'u1', login: 'one@shop.example' },
      { id: 'u2', login: 'two@shop.example' },
    ]),
    sendMail: vi.fn(async () => undefined),
    appUrl: () => 'https://portal.test',
    webhookDeliveries: vi.fn(async () => []),
    kickOutbox: vi.fn(async () => undefined),
    ...over,
  };
  return { deps, provider, state: () => state, volume: () => volume };
}

describe('recheckCompanyHealth', () => {
  const message = { companyId: 'c1', runAt: RUN_AT };

  it('checks the five kinds, stores the day\'s results, and mails nothing while all is healthy', async () => {
    const { deps, provider, state } = fakeDeps();
    const outcome = await recheckCompanyHealth(message, true, deps);
    expect(outcome).toEqual({
      statuses: { feed: 'healthy', 'analytics-access': 'healthy', 'analytics-coverage': 'healthy', 'utm-linking': 'healthy', volume: 'unknown' },
      mailed: [],
      recipients: 0,
    });
    expect(deps.feedLines).toHaveBeenCalledWith('c1');
    expect(provider.checkAccess).toHaveBeenCalledWith('123456');
    // Dimension index 2 is the second of the property's list.
    expect(provider.dimensionCounts).toHaveBeenCalledWith('123456', dimension(2));
    expect(deps.putDays).toHaveBeenCalledWith('c1', DAY, [
      { kind: 'feed', status: 'healthy', reason: { key: 'health.feed.ok', values: { orders: 40 } }, checkedAt: RUN_AT },
      { kind: 'analytics-access', status: 'healthy', reason: { key: 'health.access.ok' }, checkedAt: RUN_AT },
      { kind: 'analytics-coverage', status: 'healthy', reason: { key: 'health.coverage.ok', values: { percent: 97 } }, checkedAt: RUN_AT },
      { kind: 'utm-linking', status: 'healthy', reason: { key: 'health.utm.ok', values: { percent: 5, utms: 2 } }, checkedAt: RUN_AT },
      // The orders of the line without a day count are not measured: the sessions wait for their 4 weeks.
      { kind: 'volume', status: 'unknown', reason: { key: 'health.volume.noFigure' }, checkedAt: RUN_AT },
    ]);
    expect(state()).toMatchObject({ version: 1, lastMailDay: null, alerted: {}, kinds: { feed: { status: 'healthy', checkedAt: RUN_AT, reason: { key: 'health.feed.ok', values: { orders: 40 } } } } });
    expect(deps.recipients).not.toHaveBeenCalled();
    expect(deps.sendMail).not.toHaveBeenCalled();
    // Never checked (unknown) to healthy: the report's rows of its steps move; the same health again moves none.
    expect(deps.reindexReport).toHaveBeenCalledWith('c1');
    vi.mocked(deps.reindexReport).mockClear();
    await recheckCompanyHealth({ ...message, runAt: '2026-03-02T03:00:00.000Z' }, true, deps);
    expect(deps.reindexReport).not.toHaveBeenCalled();
  });

  it('volume: the last complete day\'s orders (the daily line) and sessions join the 5 weeks kept, against the same weekday', async () => {
    const measured = '2026-11-23';
    const past = (figure: number) => Object.fromEntries([7, 14, 21, 28, 40].map((back) => [new Date(Date.parse(`${measured}T00:00:00Z`) - back * 86_400_000).toISOString().slice(0, 10), figure]));
    const line = { ...feedLine('clean'), dayOrders: { day: measured, orders: 312 } };
    const { deps, provider, volume } = fakeDeps({ feedLines: vi.fn(async () => [line]) });
    await deps.saveVolume('c1', { orders: past(900), sessions: past(950) });
    const outcome = await recheckCompanyHealth(message, true, deps);
    expect(provider.sessionsOn).toHaveBeenCalledWith('123456', measured);
    expect(outcome?.statuses.volume).toBe('warning');
    expect(outcome?.mailed).toEqual([{ kind: 'volume', change: 'broken', status: 'warning', reason: { key: 'health.volume.ordersDrop', values: { count: 312, usual: 900, weekday: 'mon' } } }]);
    // Kept: the day measured and the 4 weeks before it; the 40 days old figure is gone.
    expect(Object.keys(volume().orders).sort()).toEqual([...Object.keys(past(900)).sort().slice(1), measured]);
    expect(volume().sessions[measured]).toBe(900);
    // The company's own threshold: a drop of 65 % is within 70 %.
    const tolerant = fakeDeps({ feedLines: vi.fn(async () => [line]) }, {}, { ...company, volumeDropThreshold: 70 });
    await tolerant.deps.saveVolume('c1', { orders: past(900), sessions: past(950) });
    expect((await recheckCompanyHealth(message, true, tolerant.deps))?.statuses.volume).toBe('healthy');
    // A line of another day (the feed was not re-checked today) gives no orders figure.
    const stale = fakeDeps({ feedLines: vi.fn(async () => [{ ...line, dayOrders: { day: '2026-11-22', orders: 900 } }]) }, {}, { ...company, viewId: null });
    await stale.deps.saveVolume('c1', { orders: past(900), sessions: {} });
    expect((await recheckCompanyHealth(message, true, stale.deps))?.statuses.volume).toBe('unknown');
  });

  it('mails each of the company\'s users the change, in the language of its country', async () => {
    const french = { ...company, country: 'FR' };
    const { deps, state } = fakeDeps({ feedLines: vi.fn(async () => [feedLine('failed')]) }, {}, french);
    const outcome = await recheckCompanyHealth(message, true, deps);
    expect(outcome?.recipients).toBe(2);
    expect(outcome?.mailed).toEqual([{ kind: 'feed', change: 'broken', status: 'failing', reason: { key: 'health.feed.failed', values: { code: 'status', http: 503 } } }]);
    const data = {
      company_name: 'Shop',
      headline: 'un problème de données',
      checked_on: DAY,
      lines: 'Flux de commandes\u00a0: désormais\u00a0: en échec — le flux n’a pas pu être récupéré ou lu\u00a0: son serveur a refusé de l’envoyer (HTTP 503)',
      url_health: 'https://portal.test/data-health',
    };
    expect(deps.sendMail).toHaveBeenNthCalledWith(1, { to: 'one@shop.example', template: 'health-alert-fr', data });
    expect(deps.sendMail).toHaveBeenNthCalledWith(2, { to: 'two@shop.example', template: 'health-alert-fr', data });
    expect(state()).toMatchObject({ lastMailDay: DAY, alerted: { feed: DAY } });
  });

  it('an English company gets the template without a language suffix', async () => {
    const { deps } = fakeDeps({ feedLines: vi.fn(async () => [feedLine('warnings')]) });
    await recheckCompanyHealth(message, true, deps);
    expect(deps.sendMail).toHaveBeenCalledWith(expect.objectContaining({ template: 'health-alert', data: expect.objectContaining({ headline: 'a data problem' }) }));
  });

  it('a second delivery of the same message that loses the state write mails nothing', async () => {
    const { deps } = fakeDeps({ feedLines: vi.fn(async () => [feedLine('failed')]), saveState: vi.fn(async () => false) });
    expect(await recheckCompanyHealth(message, true, deps)).toEqual({ statuses: expect.objectContaining({ feed: 'failing' }), mailed: [], recipients: 0 });
    expect(deps.sendMail).not.toHaveBeenCalled();
  });

  it('gives the day back when a mail fails, so the retry mails', async () => {
    const before = { alerted: { 'utm-linking': '2026-11-01' }, lastMailDay: '2026-11-01', version: 4 };
    const { deps, state } = fakeDeps({ feedLines: vi.fn(async () => [feedLine('failed')]), sendMail: vi.fn(async () => Promise.reject(new Error('SES down'))) }, before);
    await expect(recheckCompanyHealth(message, true, deps)).rejects.toThrow('SES down');
    expect(state()).toMatchObject({ version: 6, alerted: { 'utm-linking': '2026-11-01' }, lastMailDay: '2026-11-01' });
    // The day's results stay stored: only the alert state is given back.
    expect(state().kinds.feed?.status).toBe('failing');
  });

  it('ends a mute when its kind is healthy again or its time is up, each end audited with the state', async () => {
    const mute = (until: string) => ({ note: 'known', until, at: '2026-11-20T10:00:00.000Z', byId: 'u1', byName: 'Ann Lee', status: 'failing' as const });
    const start = { alerted: { feed: '2026-11-20', 'utm-linking': '2026-11-20' }, lastMailDay: '2026-11-20', mutes: { feed: mute('2026-11-25T00:00:00.000Z'), 'utm-linking': mute(RUN_AT) } };
    // The feed is healthy again (resolved); UTM linking still warns (12 %) and its mute ends at the run's time (expired).
    const { deps, state } = fakeDeps({ utmAggregates: vi.fn(async () => ({ unlinkedSessions: 12, totalSessions: 100, unlinkedUtms: 2 })) }, start);
    const outcome = await recheckCompanyHealth(message, true, deps);
    expect(outcome?.mailed.map((e) => `${e.kind}:${e.change}`)).toEqual(['feed:recovered', 'utm-linking:still']);
    expect(state().mutes).toEqual({});
    const audits = vi.mocked(deps.saveState).mock.calls[0]![2]!;
    expect(audits.map((a) => [a.kind, a.action, a.recordId, a.after])).toEqual([
      ['health-mute', 'delete', 'c1#feed', { end: 'resolved' }],
      ['health-mute', 'delete', 'c1#utm-linking', { end: 'expired' }],
    ]);
    expect(audits[0]!.before).toEqual({ kind: 'feed', note: 'known', until: '2026-11-25T00:00:00.000Z', status: 'failing' });
  });

  it('a muted kind still bad mails nothing and keeps its mute', async () => {
    const start = { alerted: { feed: '2026-11-10' }, lastMailDay: '2026-11-10', mutes: { feed: { note: 'n', until: '2026-12-01T00:00:00.000Z', at: RUN_AT, byId: 'u1', byName: 'A', status: 'failing' as const } } };
    const { deps, state } = fakeDeps({ feedLines: vi.fn(async () => [feedLine('failed')]) }, start);
    expect((await recheckCompanyHealth(message, true, deps))?.mailed).toEqual([]);
    expect(deps.sendMail).not.toHaveBeenCalled();
    expect(Object.keys(state().mutes)).toEqual(['feed']);
    expect(vi.mocked(deps.saveState).mock.calls[0]![2]).toEqual([]);
  });

  it('a feed re-check that failed this time leaves the feed\'s last result alone', async () => {
    const { deps, state } = fakeDeps({}, { kinds: { feed: { status: 'warning', checkedAt: '2026-11-23T03:00:00.000Z' } } });
    const outcome = await recheckCompanyHealth(message, false, deps);
    expect(outcome?.statuses).not.toHaveProperty('feed');
    expect(deps.feedLines).not.toHaveBeenCalled();
    expect(state().kinds.feed).toEqual({ status: 'warning', checkedAt: '2026-11-23T03:00:00.000Z' });
  });

  it('without a feed URL the feed is unknown and its history is not read', async () => {
    const noFeed = { ...company, orderFeedUrl: null };
    const { deps } = fakeDeps({}, {}, noFeed);
    const outcome = await recheckCompanyHealth(message, true, deps);
    expect(outcome?.statuses.feed).toBe('unknown');
    expect(deps.feedLines).not.toHaveBeenCalled();
  });

  it('without a View ID the analytics kinds are unknown and neither the tool nor the traffic is asked', async () => {
    const noView = { ...company, viewId: null };
    const { deps } = fakeDeps({}, {}, noView);
    const outcome = await recheckCompanyHealth(message, true, deps);
    expect(outcome?.statuses).toEqual({ feed: 'healthy', 'analytics-access': 'unknown', 'analytics-coverage': 'unknown', 'utm-linking': 'unknown', volume: 'unknown' });
    expect(deps.provider).not.toHaveBeenCalled();
    expect(deps.utmAggregates).not.toHaveBeenCalled();
    expect(deps.putDays).toHaveBeenCalledWith('c1', DAY, expect.arrayContaining([{ kind: 'utm-linking', status: 'unknown', reason: { key: 'health.analytics.noViewId' }, checkedAt: RUN_AT }]));
  });

  it('a refused access fails access and leaves coverage unmeasured; an outage says nothing', async () => {
    for (const [failure, access, coverageKey] of [
      ['denied', 'failing', 'health.coverage.noAccess'],
      ['failed', 'unknown', 'health.analytics.unavailable'],
    ] as const) {
      const provider = fakeProvider({ checkAccess: vi.fn(async () => Promise.reject(new AnalyticsProviderError(failure, 'no'))) });
      const { deps } = fakeDeps({ provider: async () => provider });
      const outcome = await recheckCompanyHealth(message, true, deps);
      expect(outcome?.statuses['analytics-access'], failure).toBe(access);
      expect(provider.customDimensions, failure).not.toHaveBeenCalled();
      expect(vi.mocked(deps.putDays).mock.calls[0]![2], failure).toContainEqual({ kind: 'analytics-coverage', status: 'unknown', reason: { key: coverageKey }, checkedAt: RUN_AT });
    }
  });

  it('a dimension that no longer exists fails coverage; no dimension stored is unknown and not measured', async () => {
    const gone = fakeProvider({ customDimensions: vi.fn(async () => [dimension(1)]) });
    const { deps } = fakeDeps({ provider: async () => gone });
    expect((await recheckCompanyHealth(message, true, deps))?.statuses['analytics-coverage']).toBe('failing');
    expect(gone.dimensionCounts).not.toHaveBeenCalled();
    const none = fakeDeps({}, {}, { ...company, dimensionIndex: null });
    expect((await recheckCompanyHealth(message, true, none.deps))?.statuses['analytics-coverage']).toBe('unknown');
    expect(none.provider.customDimensions).not.toHaveBeenCalled();
  });

  it('coverage is the lower of the sessions and transactions figures', async () => {
    const low = fakeProvider({ dimensionCounts: vi.fn(async () => ({ sessions: { withDimension: 99, total: 100 }, transactions: { withDimension: 3, total: 4 } })) });
    const { deps } = fakeDeps({ provider: async () => low });
    await recheckCompanyHealth(message, true, deps);
    expect(vi.mocked(deps.putDays).mock.calls[0]![2]).toContainEqual({ kind: 'analytics-coverage', status: 'warning', reason: { key: 'health.coverage.below', values: { percent: 75 } }, checkedAt: RUN_AT });
  });

  it('an unexpected error of the tool is not a result: it fails the message', async () => {
    const broken = fakeProvider({ checkAccess: vi.fn(async () => Promise.reject(new TypeError('bug'))) });
    const { deps } = fakeDeps({ provider: async () => broken });
    await expect(recheckCompanyHealth(message, true, deps)).rejects.toThrow('bug');
    expect(deps.putDays).not.toHaveBeenCalled();
  });

  it('skips a company that is gone or has nothing to check', async () => {
    expect(await recheckCompanyHealth({ companyId: 'gone', runAt: RUN_AT }, true, fakeDeps().deps)).toBeNull();
    const nothing = fakeDeps({}, {}, { ...company, viewId: null, orderFeedUrl: null });
    expect(await recheckCompanyHealth(message, true, nothing.deps)).toBeNull();
    expect(nothing.deps.putDays).not.toHaveBeenCalled();
    // A feed URL alone is something to check.
    const feedOnly = fakeDeps({}, {}, { ...company, viewId: null });
    expect(await recheckCompanyHealth(message, true, feedOnly.deps)).not.toBeNull();
  });
});

describe('getDataHealth', () => {
  it('answers each kind in order with its current result and the last 30 days, oldest first', async () => {
    const listDays = vi.fn(async () => [
      { kind: 'feed' as const, day: '2026-11-24', status: 'failing' as const, checkedAt: RUN_AT },
      { kind: 'feed' as const, day: '2026-11-23', status: 'healthy' as const, checkedAt: '2026-11-23T03:00:00.000Z' },
    ]);
    const state: HealthStateRecord = {
      companyId: 'c1',
      kinds: { feed: { status: 'failing', checkedAt: RUN_AT, reason: { key: 'health.feed.failed', values: { code: 'status', http: 503 } } }, 'utm-linking': { status: 'healthy', checkedAt: RUN_AT } },
      alerted: {},
      lastMailDay: null,
      mutes: {},
      version: 3,
    };
    const health = await getDataHealth('c1', { getState: async () => state, listDays, now: () => new Date('2026-11-24T12:00:00.000Z') });
    // 30 days including today: from 29 days before.
    expect(listDays).toHaveBeenCalledWith('c1', '2026-10-26');
    expect(health).toEqual({
      companyId: 'c1',
      items: [
        {
          kind: 'feed',
          status: 'failing',
          lastCheck: RUN_AT,
          reason: { key: 'health.feed.failed', values: { code: 'status', http: 503 } },
          history: [
            { day: '2026-11-23', status: 'healthy', checkedAt: '2026-11-23T03:00:00.000Z' },
            { day: '2026-11-24', status: 'failing', checkedAt: RUN_AT },
          ],
        },
        { kind: 'analytics-access', status: 'unknown', lastCheck: null, history: [] },
        { kind: 'analytics-coverage', status: 'unknown', lastCheck: null, history: [] },
        { kind: 'utm-linking', status: 'healthy', lastCheck: RUN_AT, history: [] },
        { kind: 'volume', status: 'unknown', lastCheck: null, history: [] },
      ],
    });
  });

  it('counts the 30 days back over a month end and a year end', async () => {
    const listDays = vi.fn(async () => []);
    const deps = (now: string) => ({ getState: async () => ({ companyId: 'c1', kinds: {}, alerted: {}, lastMailDay: null, mutes: {}, version: 0 }), listDays, now: () => new Date(now) });
    await getDataHealth('c1', deps('2027-01-05T00:30:00.000Z'));
    expect(listDays).toHaveBeenLastCalledWith('c1', '2026-12-07');
    await getDataHealth('c1', deps('2028-03-01T23:59:59.000Z'));
    expect(listDays).toHaveBeenLastCalledWith('c1', '2028-02-01'); // 2028 is a leap year
  });
});
