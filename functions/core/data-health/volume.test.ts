import { describe, expect, it } from 'vitest';
import { addDays } from '../../../shared/feed/rules/values';
import { keepRecent, metricResult, volumeResult, VOLUME_KEPT_DAYS, type DaySeries } from './volume';

/** A generated history: `days` days ending the day before `day`, each day's figure from `figure(day, index)`. */
function history(day: string, days: number, figure: (d: string, index: number) => number): DaySeries {
  return Object.fromEntries(Array.from({ length: days }, (_, i) => addDays(day, -(days - i))).map((d, i) => [d, figure(d, i)]));
}
const weekday = (d: string) => new Date(`${d}T00:00:00Z`).getUTCDay();
// A shop with a weekly rhythm: quiet Sundays (100), busy Tuesdays (900), 600 otherwise.
const rhythm = (d: string) => (weekday(d) === 0 ? 100 : weekday(d) === 2 ? 900 : 600);
const TUESDAY = '2026-11-24';
const SUNDAY = '2026-11-22';

describe('volume against the same weekday of the last 4 weeks', () => {
  it('a drop of more than half is a warning naming the figures; the weekday comes with them', () => {
    const series = { ...history(TUESDAY, 28, rhythm), [TUESDAY]: 312 };
    expect(metricResult('orders', series, TUESDAY, 50)).toEqual({ status: 'warning', reason: { key: 'health.volume.ordersDrop', values: { count: 312, usual: 900, weekday: 'tue' } } });
    // Exactly half is not more than half.
    expect(metricResult('orders', { ...series, [TUESDAY]: 450 }, TUESDAY, 50).status).toBe('healthy');
    expect(metricResult('orders', { ...series, [TUESDAY]: 449 }, TUESDAY, 50).status).toBe('warning');
    // The company's own threshold.
    expect(metricResult('orders', { ...series, [TUESDAY]: 700 }, TUESDAY, 20).status).toBe('warning');
    expect(metricResult('orders', { ...series, [TUESDAY]: 720 }, TUESDAY, 20).status).toBe('healthy');
  });

  it('a quiet Sunday is no drop: each weekday has its own baseline', () => {
    const series = { ...history(SUNDAY, 28, rhythm), [SUNDAY]: 95 };
    expect(metricResult('sessions', series, SUNDAY, 50)).toEqual({ status: 'healthy', reason: { key: 'health.volume.sessionsOk', values: { count: 95, usual: 100, weekday: 'sun' } } });
  });

  it('a day with none where there used to be some is failing; none where there never was any is healthy', () => {
    expect(metricResult('orders', { ...history(TUESDAY, 28, rhythm), [TUESDAY]: 0 }, TUESDAY, 50)).toEqual({
      status: 'failing',
      reason: { key: 'health.volume.ordersNone', values: { count: 0, usual: 900, weekday: 'tue' } },
    });
    expect(metricResult('orders', { ...history(TUESDAY, 28, () => 0), [TUESDAY]: 0 }, TUESDAY, 50).status).toBe('healthy');
  });

  it('a holiday in the baseline (one zero Tuesday) does not make a normal day look high or low', () => {
    const holiday = addDays(TUESDAY, -14);
    const series = { ...history(TUESDAY, 28, (d) => (d === holiday ? 0 : rhythm(d))), [TUESDAY]: 880 };
    const result = metricResult('orders', series, TUESDAY, 50);
    expect(result.status).toBe('healthy');
    expect(result.reason.values?.usual).toBe(900);
    // And the holiday itself, when it is the day checked, is the day with none.
    expect(metricResult('orders', { ...history(TUESDAY, 28, rhythm), [TUESDAY]: 0 }, TUESDAY, 50).status).toBe('failing');
  });

  it('a new company is unknown until 4 weeks of history exist', () => {
    for (const days of [0, 7, 21, 27]) {
      expect(metricResult('orders', { ...history(TUESDAY, days, rhythm), [TUESDAY]: 0 }, TUESDAY, 50), `${days} days`).toEqual({
        status: 'unknown',
        reason: { key: 'health.volume.learning', values: { weeks: 4 } },
      });
    }
    expect(metricResult('orders', { ...history(TUESDAY, 28, rhythm), [TUESDAY]: 0 }, TUESDAY, 50).status).toBe('failing');
    // A missing same weekday (a day the job did not run) waits too; the day itself missing says nothing.
    const gap = history(TUESDAY, 28, rhythm);
    delete gap[addDays(TUESDAY, -21)];
    expect(metricResult('orders', { ...gap, [TUESDAY]: 0 }, TUESDAY, 50).status).toBe('unknown');
    expect(metricResult('orders', history(TUESDAY, 28, rhythm), TUESDAY, 50)).toEqual({ status: 'unknown', reason: { key: 'health.volume.noFigure' } });
  });

  it('a company that grows (10 % a week) stays healthy; its fall back to a month ago is not a drop of half', () => {
    const growing = (d: string, index: number) => Math.round(rhythm(d) * 1.1 ** Math.floor(index / 7));
    const series = history(TUESDAY, 28, growing);
    expect(metricResult('orders', { ...series, [TUESDAY]: 1300 }, TUESDAY, 50).status).toBe('healthy');
    expect(metricResult('orders', { ...series, [TUESDAY]: 900 }, TUESDAY, 50).status).toBe('healthy');
    expect(metricResult('orders', { ...series, [TUESDAY]: 400 }, TUESDAY, 50).status).toBe('warning');
  });

  it('the kind is the worse metric, with its figures; a metric not sent is left out', () => {
    const orders = { ...history(TUESDAY, 28, rhythm), [TUESDAY]: 880 };
    const sessions = { ...history(TUESDAY, 28, () => 4000), [TUESDAY]: 0 };
    expect(volumeResult({ orders, sessions, day: TUESDAY, dropPercent: 50 }).reason.key).toBe('health.volume.sessionsNone');
    expect(volumeResult({ orders, sessions: null, day: TUESDAY, dropPercent: 50 }).reason.key).toBe('health.volume.ordersOk');
    expect(volumeResult({ orders: { [TUESDAY]: 1 }, sessions: { ...sessions, [TUESDAY]: 3900 }, day: TUESDAY, dropPercent: 50 }).reason.key).toBe('health.volume.sessionsOk');
    expect(volumeResult({ orders: null, sessions: null, day: TUESDAY, dropPercent: 50 })).toEqual({ status: 'unknown', reason: { key: 'health.volume.none' } });
  });

  it('keeps 5 weeks: older days and days after the run are dropped', () => {
    const kept = keepRecent({ ...history(TUESDAY, 60, rhythm), [TUESDAY]: 1, [addDays(TUESDAY, 1)]: 1 }, TUESDAY);
    expect(Object.keys(kept)).toHaveLength(VOLUME_KEPT_DAYS);
    expect(Object.keys(kept).sort()[0]).toBe(addDays(TUESDAY, -(VOLUME_KEPT_DAYS - 1)));
    expect(kept[TUESDAY]).toBe(1);
  });
});
