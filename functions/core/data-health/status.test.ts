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
    expect(feedResult(entry('failed') as never, true)).toEqual({ status: 'failing', reason: { key: 'health.feed.failed', values: { code: 'http-status' } } });
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
    expect(same).toEqual({ events: [], alerted: {} });
    // The next day it goes out.
    expect(planAlerts({ day: '2026-01-03', lastMailDay: '2026-01-02', alerted: {}, current: { 'analytics-coverage': bad } }).events).toHaveLength(1);
  });
});
