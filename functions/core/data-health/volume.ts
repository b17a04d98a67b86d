import { worstStatus } from '../../../shared/domain/data-health';
import { addDays } from '../../../shared/feed/rules/values';
import type { KindResult } from './status';

/**
 * The volume kind's rules (docs/product.md, "Data health"), pure: a day's orders (in the feed, by
 * created date) and sessions (analytics) against the company's own baseline, the median of the same
 * weekday over the 4 weeks before. Not a fixed threshold: a shop of 30 orders a day and one of
 * 3,000 are both judged against themselves, and a weekly rhythm (quiet Sundays) is no drop.
 */

/** The series the job keeps: day (YYYY-MM-DD) -> count. */
export type DaySeries = Record<string, number>;
export type VolumeMetric = 'orders' | 'sessions';

/** Weeks of the same weekday the baseline needs: unknown until all of them exist. */
const VOLUME_BASELINE_WEEKS = 4;
/** Days the job keeps of each series: the baseline's 4 weeks, the day itself and a margin. */
export const VOLUME_KEPT_DAYS = 35;

const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
type Weekday = (typeof WEEKDAYS)[number];

const weekdayOf = (day: string): Weekday => WEEKDAYS[new Date(`${day}T00:00:00Z`).getUTCDay()]!;

/** The median of 4 values is the mean of the middle two: one holiday (a zero) or one sale day does not move it much. */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return sorted.length % 2 === 1 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The series without the days older than the kept window ending at `day`: the stored item stays bounded. */
export function keepRecent(series: DaySeries, day: string): DaySeries {
  const oldest = addDays(day, -(VOLUME_KEPT_DAYS - 1));
  return Object.fromEntries(Object.entries(series).filter(([d]) => d >= oldest && d <= day));
}

/**
 * One metric on `day`: unknown without the day's figure or without the 4 same weekdays before it;
 * failing when none came where the baseline had some; warning when it fell by more than
 * `dropPercent` % of the baseline; healthy otherwise (a baseline of none expects none).
 */
export function metricResult(metric: VolumeMetric, series: DaySeries, day: string, dropPercent: number): KindResult {
  const count = series[day];
  const past = Array.from({ length: VOLUME_BASELINE_WEEKS }, (_, i) => series[addDays(day, -7 * (i + 1))]);
  // The day's figure did not come (the feed could not be read, the analytics tool did not answer): the other kinds say why.
  if (count === undefined) return { status: 'unknown', reason: { key: 'health.volume.noFigure' } };
  if (past.some((value) => value === undefined)) return { status: 'unknown', reason: { key: 'health.volume.learning', values: { weeks: VOLUME_BASELINE_WEEKS } } };
  const usual = Math.round(median(past as number[]));
  const values = { count, usual, weekday: weekdayOf(day) };
  if (count === 0 && usual > 0) return { status: 'failing', reason: { key: `health.volume.${metric}None`, values } };
  if (count < usual * (1 - dropPercent / 100)) return { status: 'warning', reason: { key: `health.volume.${metric}Drop`, values } };
  return { status: 'healthy', reason: { key: `health.volume.${metric}Ok`, values } };
}

/**
 * The kind: the worse of the orders and the sessions (a metric the company does not send, e.g. no
 * feed URL, is left out), with that metric's figures as the reason; orders first on a tie.
 */
export function volumeResult(input: { orders: DaySeries | null; sessions: DaySeries | null; day: string; dropPercent: number }): KindResult {
  const results = [
    ...(input.orders ? [metricResult('orders', input.orders, input.day, input.dropPercent)] : []),
    ...(input.sessions ? [metricResult('sessions', input.sessions, input.day, input.dropPercent)] : []),
  ];
  if (results.length === 0) return { status: 'unknown', reason: { key: 'health.volume.none' } };
  const worst = worstStatus(results.map((r) => r.status));
  return results.find((r) => r.status === worst)!;
}
