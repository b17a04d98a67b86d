import { describe, expect, it } from 'vitest';
import { worstStatus } from '../../../shared/domain/data-health';
import { accessResult, coverageResult, feedResult, planAlerts, utmResult, type KindResult } from './status';

const entry = (health: 'clean' | 'warnings' | 'failed') => ({
  health,
  orders: 12,
  warningKeys: health === 'warnings' ? ['invalidPrice', 'missingDate'] : [],
  failure: health === 'failed' ? { code: 'http-status', message: '503' } : null,
});

describe('data-health statuses', () => {
  it('feed: from the latest history line; unknown without a URL or a check', () => {
    expect(feedResult(entry('clean'), true)).toEqual({ status: 'healthy', reason: { key: 'health.feed.ok', values: { orders: 12 } } });
    expect(feedResult(entry('warnings'), true)).toEqual({ status: 'warning', reason: { key: 'health.feed.warnings', values: { count: 2 } } });
    expect(feedResult(entry('failed') as never, true)).toEqual({ status: 'failing', reason: { key: 'health.feed.failed', values: { code: 'http_status', http: 'none' } } });
    expect(feedResult(null, true).status).toBe('unknown');
    expect(feedResult(null, false)).toEqual({ status: 'unknown', reason: { key: 'health.feed.none' } });
  });

  it('access: failing only when refused; an outage is unknown', () => {
    expect(accessResult('100001', { ok: true, value: {} }).status).toBe('healthy');
    expect(accessResult('100001', { ok: false, failure: 'denied' })).toEqual({ status: 'failing', reason: { key: 'health.access.denied' } });
    expect(accessResult('100001', { ok: false, failure: 'failed' }).status).toBe('unknown');
    expect(accessResult(null, null).status).toBe('unknown');
  });

  it('coverage: the step page thresholds (95 healthy, 65 warning) on the lower figure', () => {
    const at = (sessions: number | null, transactions: number | null) =>
      coverageResult({ viewId: '1', dimensionIndex: '1', outcome: { ok: true, value: { sessions, transactions } } });
    expect(at(98.5, 97)).toEqual({ status: 'healthy', reason: { key: 'health.coverage.ok', values: { percent: 97 } } });
    expect(at(98, 95).status).toBe('healthy');
    expect(at(98, 94.99)).toEqual({ status: 'warning', reason: { key: 'health.coverage.below', values: { percent: 94.99 } } });
    expect(at(70, 65).status).toBe('warning');
    expect(at(70, 64.99).status).toBe('failing');
    expect(at(null, 10).status).toBe('unknown');
    expect(coverageResult({ viewId: '1', dimensionIndex: null, outcome: null }).reason.key).toBe('health.coverage.noDimension');
    expect(coverageResult({ viewId: '1', dimensionIndex: '1', outcome: { ok: false, failure: 'denied' } })).toEqual({ status: 'unknown', reason: { key: 'health.coverage.noAccess' } });
    expect(coverageResult({ viewId: '1', dimensionIndex: '3', outcome: { ok: true, value: 'no-dimension' } }).status).toBe('failing');
  });

  it('UTM: warning above 10 % of sessions unlinked, failing above 30 %', () => {
    const share = (unlinked: number) => utmResult({ unlinkedSessions: unlinked, totalSessions: 1000, unlinkedUtms: 2 });
    expect(share(100)).toEqual({ status: 'healthy', reason: { key: 'health.utm.ok', values: { percent: 10, utms: 2 } } });
    expect(share(101).status).toBe('warning');
    expect(share(300).status).toBe('warning');
    expect(share(301)).toEqual({ status: 'failing', reason: { key: 'health.utm.unlinked', values: { percent: 30.1, utms: 2 } } });
    expect(utmResult({ unlinkedSessions: 0, totalSessions: 0, unlinkedUtms: 0 }).status).toBe('unknown');
  });

  it('worst status: failing first, unknown only when nothing is known', () => {
    expect(worstStatus(['healthy', 'unknown', 'warning'])).toBe('warning');
    expect(worstStatus(['warning', 'failing', 'healthy'])).toBe('failing');
    expect(worstStatus(['healthy', 'unknown'])).toBe('healthy');
    expect(worstStatus(['unknown', 'unknown'])).toBe('unknown');
    expect(worstStatus([])).toBe('unknown');
  });
});

describe('planAlerts', () => {
  const ok: KindResult = { status: 'healthy', reason: { key: 'health.feed.ok' } };
  const bad: KindResult = { status: 'failing', reason: { key: 'health.feed.failed' } };
  const unknown: KindResult = { status: 'unknown', reason: { key: 'health.analytics.unavailable' } };

  it('mails a break once, nothing while it lasts, again after 7 days, and the recovery', () => {
    let alerted = {};
    const day = (d: string, feed: KindResult, lastMailDay: string | null = null) => {
      const plan = planAlerts({ day: d, lastMailDay, alerted, current: { feed } });
      alerted = plan.alerted;
      return plan.events.map((e) => [e.kind, e.change]);
    };
    expect(day('2026-01-01', ok)).toEqual([]);
    expect(day('2026-01-02', bad)).toEqual([['feed', 'broken']]);
    expect(day('2026-01-03', bad)).toEqual([]);
    expect(day('2026-01-08', bad)).toEqual([]);
    expect(day('2026-01-09', bad)).toEqual([['feed', 'still']]);
    expect(day('2026-01-10', unknown)).toEqual([]);
    expect(day('2026-01-11', ok)).toEqual([['feed', 'recovered']]);
    expect(day('2026-01-12', ok)).toEqual([]);
  });

  it('groups kinds, mails at most once a day, and keeps what a day could not carry', () => {
    const first = planAlerts({ day: '2026-01-02', lastMailDay: null, alerted: {}, current: { feed: bad, 'analytics-access': bad, 'utm-linking': ok } });
    expect(first.events.map((e) => e.kind)).toEqual(['feed', 'analytics-access']);
    // Already mailed today: nothing more, nothing marked as announced.
    const same = planAlerts({ day: '2026-01-02', lastMailDay: '2026-01-02', alerted: {}, current: { 'analytics-coverage': bad } });
    expect(same).toEqual({ events: [], alerted: {}, ended: {} });
    // The next day it goes out.
    expect(planAlerts({ day: '2026-01-03', lastMailDay: '2026-01-02', alerted: {}, current: { 'analytics-coverage': bad } }).events).toHaveLength(1);
  });
});

describe('every data-health result says its reason', () => {
  const figures = (sessions: number | null, transactions: number | null) => ({ ok: true as const, value: { sessions, transactions } });
  it.each([
    ['feed, never checked', feedResult(null, true), { status: 'unknown', reason: { key: 'health.feed.never' } }],
    ['feed, failed without a code', feedResult({ ...entry('failed'), failure: null } as never, true), { status: 'failing', reason: { key: 'health.feed.failed', values: { code: 'failed', http: 'none' } } }],
    ['access, no View ID', accessResult(null, { ok: true, value: {} }), { status: 'unknown', reason: { key: 'health.analytics.noViewId' } }],
    ['access, not asked', accessResult('1', null), { status: 'unknown', reason: { key: 'health.analytics.noViewId' } }],
    ['access, granted', accessResult('1', { ok: true, value: {} }), { status: 'healthy', reason: { key: 'health.access.ok' } }],
    ['access, outage', accessResult('1', { ok: false, failure: 'failed' }), { status: 'unknown', reason: { key: 'health.analytics.unavailable' } }],
    ['coverage, no View ID', coverageResult({ viewId: null, dimensionIndex: '1', outcome: figures(99, 99) }), { status: 'unknown', reason: { key: 'health.analytics.noViewId' } }],
    ['coverage, no dimension', coverageResult({ viewId: '1', dimensionIndex: null, outcome: figures(99, 99) }), { status: 'unknown', reason: { key: 'health.coverage.noDimension' } }],
    ['coverage, not asked', coverageResult({ viewId: '1', dimensionIndex: '1', outcome: null }), { status: 'unknown', reason: { key: 'health.analytics.unavailable' } }],
    ['coverage, outage', coverageResult({ viewId: '1', dimensionIndex: '1', outcome: { ok: false, failure: 'failed' } }), { status: 'unknown', reason: { key: 'health.analytics.unavailable' } }],
    ['coverage, dimension gone', coverageResult({ viewId: '1', dimensionIndex: '3', outcome: { ok: true, value: 'no-dimension' } }), { status: 'failing', reason: { key: 'health.coverage.dimensionGone', values: { index: '3' } } }],
    ['coverage, no sessions', coverageResult({ viewId: '1', dimensionIndex: '1', outcome: figures(80, null) }), { status: 'unknown', reason: { key: 'health.coverage.noData' } }],
    ['coverage, low', coverageResult({ viewId: '1', dimensionIndex: '1', outcome: figures(50, 99) }), { status: 'failing', reason: { key: 'health.coverage.below', values: { percent: 50 } } }],
    ['UTM, no traffic', utmResult({ unlinkedSessions: 0, totalSessions: 0, unlinkedUtms: 0 }), { status: 'unknown', reason: { key: 'health.utm.noTraffic' } }],
    ['UTM, warning', utmResult({ unlinkedSessions: 155, totalSessions: 1000, unlinkedUtms: 4 }), { status: 'warning', reason: { key: 'health.utm.unlinked', values: { percent: 15.5, utms: 4 } } }],
  ] as const)('%s', (_label, result, expected) => {
    expect(result).toEqual(expected);
  });
});

describe('planAlerts: warning is bad too, and the reminder needs an earlier mail', () => {
  const warning: KindResult = { status: 'warning', reason: { key: 'health.utm.unlinked' } };
  it('a warning breaks, reminds after 7 days and recovers like a failure', () => {
    const broken = planAlerts({ day: '2026-01-02', lastMailDay: null, alerted: {}, current: { 'utm-linking': warning } });
    expect(broken).toEqual({ events: [{ kind: 'utm-linking', change: 'broken', ...warning }], alerted: { 'utm-linking': '2026-01-02' }, ended: {} });
    const still = planAlerts({ day: '2026-01-09', lastMailDay: '2026-01-02', alerted: { 'utm-linking': '2026-01-02' }, current: { 'utm-linking': warning } });
    expect(still.events.map((e) => e.change)).toEqual(['still']);
    expect(still.alerted).toEqual({ 'utm-linking': '2026-01-09' });
    // Healthy with nothing announced before: nothing to recover from.
    expect(planAlerts({ day: '2026-01-09', lastMailDay: null, alerted: {}, current: { 'utm-linking': { status: 'healthy', reason: { key: 'health.utm.ok' } } } }).events).toEqual([]);
    // A kind announced as bad that is now unknown stays announced.
    const unknown = planAlerts({ day: '2026-01-20', lastMailDay: null, alerted: { feed: '2026-01-01' }, current: { feed: { status: 'unknown', reason: { key: 'health.feed.never' } } } });
    expect(unknown).toEqual({ events: [], alerted: { feed: '2026-01-01' }, ended: {} });
  });
});

describe('planAlerts: a muted kind', () => {
  const failing: KindResult = { status: 'failing', reason: { key: 'health.feed.failed', values: { code: 'http-status' } } };
  const healthy: KindResult = { status: 'healthy', reason: { key: 'health.feed.ok', values: { orders: 3 } } };
  const until = '2026-01-31T10:00:00.000Z';
  const plan = (day: string, now: string, current: KindResult, over: Partial<Parameters<typeof planAlerts>[0]> = {}) =>
    planAlerts({ day, now, lastMailDay: '2026-01-01', alerted: { feed: '2026-01-01' }, mutedUntil: { feed: until }, current: { feed: current, 'analytics-access': failing }, ...over });

  it('mails nothing while muted, not even its reminder; the other kinds mail as before', () => {
    const during = plan('2026-01-08', '2026-01-08T03:00:00.000Z', failing, { alerted: { feed: '2026-01-01', 'analytics-access': '2026-01-01' } });
    expect(during.events.map((e) => `${e.kind}:${e.change}`)).toEqual(['analytics-access:still']);
    expect(during.alerted.feed).toBe('2026-01-01');
    expect(during.ended).toEqual({});
  });

  it('mails again the day its time is up if still bad, and ends the mute', () => {
    const last = plan('2026-01-31', '2026-01-31T09:59:59.999Z', failing);
    expect(last.events.filter((e) => e.kind === 'feed')).toEqual([]);
    const after = plan('2026-01-31', until, failing);
    expect(after.events.filter((e) => e.kind === 'feed')).toEqual([{ kind: 'feed', change: 'still', ...failing }]);
    expect(after.alerted.feed).toBe('2026-01-31');
    expect(after.ended).toEqual({ feed: 'expired' });
    // Expired and never mailed before: announced as broken.
    expect(plan('2026-02-02', '2026-02-02T03:00:00.000Z', failing, { alerted: {} }).events.find((e) => e.kind === 'feed')?.change).toBe('broken');
  });

  it('resolves by itself when healthy (its recovery mailed), also on a day whose mail went already', () => {
    const healed = plan('2026-01-05', '2026-01-05T03:00:00.000Z', healthy);
    expect(healed.ended).toEqual({ feed: 'resolved' });
    expect(healed.events.filter((e) => e.kind === 'feed').map((e) => e.change)).toEqual(['recovered']);
    expect(plan('2026-01-05', '2026-01-05T03:00:00.000Z', healthy, { lastMailDay: '2026-01-05' })).toMatchObject({ events: [], ended: { feed: 'resolved' } });
  });

  it('an unknown day keeps the mute, and an expired mute ends only with a mail', () => {
    expect(plan('2026-02-05', '2026-02-05T03:00:00.000Z', { status: 'unknown', reason: { key: 'health.feed.never' } }).ended).toEqual({});
    expect(plan('2026-02-05', '2026-02-05T03:00:00.000Z', failing, { lastMailDay: '2026-02-05' }).ended).toEqual({});
  });
});
