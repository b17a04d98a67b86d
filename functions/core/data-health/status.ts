import { reportColour } from '../../../shared/domain/analytics';
import { HEALTH_KINDS, isBadHealth, type HealthKind, type HealthReason, type HealthStatus } from '../../../shared/domain/data-health';
import type { FeedHistoryEntry } from '../../../shared/domain/order-feed';

/**
 * The data-health rules (docs/product.md, "Data health"), pure: what each daily check's outcome
 * means (status + reason as a message key of the web catalogues, `health.*`) and when the
 * company's users are mailed. The job (recheck-health.ts) gathers the inputs and stores results.
 */

export interface KindResult {
  status: HealthStatus;
  reason: HealthReason;
}

/** UTM linking: share of the imported sessions that no rule links (no existing threshold on the UTM page). */
const UTM_WARNING_PERCENT = 10;
const UTM_FAILING_PERCENT = 30;
/** A kind still warning or failing this many days after its last mail is mailed again. */
const REMINDER_DAYS = 7;

/** Feed: the latest line of the feed's history (after the daily re-check). */
export function feedResult(latest: Pick<FeedHistoryEntry, 'health' | 'orders' | 'warningKeys' | 'failure'> | null, hasFeedUrl: boolean): KindResult {
  if (!latest) return { status: 'unknown', reason: { key: hasFeedUrl ? 'health.feed.never' : 'health.feed.none' } };
  if (latest.health === 'failed') {
    // The page names the cause by an ICU select over `code`, whose keys take no hyphen ("too_slow");
    // `http` for the server's refusal ("HTTP 503"), `none` keeps the sentence whole without it.
    const code = (latest.failure?.code ?? 'failed').replace(/-/g, '_');
    const http = latest.failure?.httpStatus ?? 'none';
    return { status: 'failing', reason: { key: 'health.feed.failed', values: { code, http } } };
  }
  if (latest.health === 'warnings') return { status: 'warning', reason: { key: 'health.feed.warnings', values: { count: latest.warningKeys.length } } };
  return { status: 'healthy', reason: { key: 'health.feed.ok', values: { orders: latest.orders } } };
}

/** What asking the analytics tool gave: an answer, a refusal (the service account lost access), or an outage. */
export type ProviderOutcome<T> = { ok: true; value: T } | { ok: false; failure: 'denied' | 'failed' };

/** Analytics access: failing when the service account lost access; an outage of the tool says nothing (unknown). */
export function accessResult(viewId: string | null, outcome: ProviderOutcome<unknown> | null): KindResult {
  if (!viewId || !outcome) return { status: 'unknown', reason: { key: 'health.analytics.noViewId' } };
  if (outcome.ok) return { status: 'healthy', reason: { key: 'health.access.ok' } };
  if (outcome.failure === 'denied') return { status: 'failing', reason: { key: 'health.access.denied' } };
  return { status: 'unknown', reason: { key: 'health.analytics.unavailable' } };
}

export interface CoverageFigures {
  /** Percent of sessions / transactions with the dimension set (null: nothing to measure). */
  sessions: number | null;
  transactions: number | null;
}

/**
 * Custom-dimension coverage, with the thresholds of the step page's report colours
 * (shared/domain/analytics `reportColour`: 95 % and more healthy, 65 % to under 95 % warning,
 * below 65 % failing) applied to the lower of the two figures.
 */
export function coverageResult(
  input: { viewId: string | null; dimensionIndex: string | null; outcome: ProviderOutcome<CoverageFigures | 'no-dimension'> | null },
): KindResult {
  if (!input.viewId) return { status: 'unknown', reason: { key: 'health.analytics.noViewId' } };
  if (!input.dimensionIndex) return { status: 'unknown', reason: { key: 'health.coverage.noDimension' } };
  const { outcome } = input;
  if (!outcome) return { status: 'unknown', reason: { key: 'health.analytics.unavailable' } };
  if (!outcome.ok) return { status: 'unknown', reason: { key: outcome.failure === 'denied' ? 'health.coverage.noAccess' : 'health.analytics.unavailable' } };
  if (outcome.value === 'no-dimension') return { status: 'failing', reason: { key: 'health.coverage.dimensionGone', values: { index: input.dimensionIndex } } };
  const { sessions, transactions } = outcome.value;
  if (sessions === null || transactions === null) return { status: 'unknown', reason: { key: 'health.coverage.noData' } };
  const percent = Math.min(sessions, transactions);
  const colour = reportColour(percent);
  if (colour === 'success') return { status: 'healthy', reason: { key: 'health.coverage.ok', values: { percent } } };
  return { status: colour === 'warning' ? 'warning' : 'failing', reason: { key: 'health.coverage.below', values: { percent } } };
}

/** UTM linking: the share of imported sessions no UTM rule links. */
export function utmResult(aggregates: { unlinkedSessions: number; totalSessions: number; unlinkedUtms: number }): KindResult {
  if (aggregates.totalSessions <= 0) return { status: 'unknown', reason: { key: 'health.utm.noTraffic' } };
  // Rounded down to one decimal, like the coverage figures: never "10 %" shown for a share above the line.
  const percent = Math.floor((aggregates.unlinkedSessions * 1000) / aggregates.totalSessions) / 10;
  const share = (aggregates.unlinkedSessions * 100) / aggregates.totalSessions;
  const values = { percent, utms: aggregates.unlinkedUtms };
  if (share > UTM_FAILING_PERCENT) return { status: 'failing', reason: { key: 'health.utm.unlinked', values } };
  if (share > UTM_WARNING_PERCENT) return { status: 'warning', reason: { key: 'health.utm.unlinked', values } };
  return { status: 'healthy', reason: { key: 'health.utm.ok', values } };
}

const isBad = isBadHealth;

/** Per kind: the day (YYYY-MM-DD) of the last mail that said it was warning or failing; absent once its recovery was mailed. */
export type AlertedDays = Partial<Record<HealthKind, string>>;

type AlertChange = 'broken' | 'still' | 'recovered';
export interface AlertEvent {
  kind: HealthKind;
  change: AlertChange;
  status: HealthStatus;
  reason: HealthReason;
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** Why a mute ended: the kind is healthy again, or its time is up (the kind mails again if still bad). */
export type MuteEnd = 'resolved' | 'expired';

/**
 * What to mail today, from what was last mailed (not from yesterday's status, so an alert a day's
 * mail could not carry is still due the next day): a kind warning or failing that no mail
 * announced ("broken": it was healthy or unknown), a kind still bad REMINDER_DAYS after its last
 * mail ("still"), a kind healthy again after a bad one was mailed ("recovered"). Unknown changes
 * nothing (an outage of the analytics tool neither alerts nor recovers). At most one mail a day:
 * `lastMailDay` equal to `day` means nothing more today.
 *
 * Mutes (`mutedUntil`, ISO times): a kind muted past `now` is left out of the mail while bad; a
 * healthy kind ends its mute (`resolved`, its recovery mailed as any other); a mute whose time is up
 * ends (`expired`) and the kind, if still bad, is mailed again that day ("still").
 */
export function planAlerts(input: {
  day: string;
  /** The run's time (ISO), compared with the mutes' ends (with `mutedUntil`). */
  now?: string;
  lastMailDay: string | null;
  alerted: AlertedDays;
  mutedUntil?: Partial<Record<HealthKind, string>>;
  current: Partial<Record<HealthKind, KindResult>>;
}): { events: AlertEvent[]; alerted: AlertedDays; ended: Partial<Record<HealthKind, MuteEnd>> } {
  const mutedUntil = input.mutedUntil ?? {};
  const now = input.now ?? `${input.day}T00:00:00.000Z`;
  const ended: Partial<Record<HealthKind, MuteEnd>> = {};
  // A mute ends when its kind is healthy again, even on a day whose mail went already.
  for (const kind of HEALTH_KINDS) if (mutedUntil[kind] && input.current[kind]?.status === 'healthy') ended[kind] = 'resolved';
  if (input.lastMailDay === input.day) return { events: [], alerted: input.alerted, ended };
  const events: AlertEvent[] = [];
  const alerted: AlertedDays = { ...input.alerted };
  for (const kind of HEALTH_KINDS) {
    const result = input.current[kind];
    if (!result) continue;
    const last = alerted[kind];
    const until = mutedUntil[kind];
    const expired = until !== undefined && until <= now;
    if (isBad(result.status) && until && !expired) continue;
    if (expired && isBad(result.status)) ended[kind] = 'expired';
    if (isBad(result.status) && (!last || expired)) {
      events.push({ kind, change: last ? 'still' : 'broken', ...result });
      alerted[kind] = input.day;
    } else if (isBad(result.status) && last && daysBetween(last, input.day) >= REMINDER_DAYS) {
      events.push({ kind, change: 'still', ...result });
      alerted[kind] = input.day;
    } else if (result.status === 'healthy' && last) {
      events.push({ kind, change: 'recovered', ...result });
      delete alerted[kind];
    }
  }
  return { events, alerted, ended };
}
