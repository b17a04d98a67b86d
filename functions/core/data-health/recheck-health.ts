import type { MailTemplateName } from '../../platform/config/resources';
import { healthOf, reindexCompanySteps } from '../../data/report-rows';
import { coverage } from '../../../shared/domain/analytics';
import { HEALTH_KINDS, type HealthAttempt, type HealthKind, type HealthRetries } from '../../../shared/domain/data-health';
import { FEED_RETRIES, nextRetryAt } from '../../../shared/domain/feed-retry';
import { VOLUME_DROP_DEFAULT } from '../../../shared/domain/types';
import type { FeedHistoryEntry } from '../../../shared/domain/order-feed';
import { getCompany, type CompanyRecord } from '../../data/companies';
import * as healthRepo from '../../data/data-health';
import type { HealthStateRecord, KindNow } from '../../data/data-health';
import { listAlertRecipients, type AlertRecipient } from '../../data/users';
import { listFeedHistory } from '../../data/feed-checks';
import { trafficCounts } from '../traffic/links';
import { env } from '../../platform/env';
import type { Mailer } from '../../platform/mailer';
import { kickOutbox, queueMail } from '../outbox/outbox';
import type { NewDelivery } from '../../data/outbox';
import { healthChangeEvents } from '../webhooks/events';
import { webhookDeliveries, type WebhookEventInput } from '../webhooks/webhooks';
import { analyticsProvider, AnalyticsProviderError, type AnalyticsProvider } from '../analytics/provider';
import { alertHeadline, alertLines, mailLanguage } from './mail-text';
import { muteChange } from './mute';
import { keepRecent, volumeResult } from './volume';
import { addDays } from '../../../shared/feed/rules/values';
import { accessResult, coverageResult, feedResult, planAlerts, utmResult, type AlertEvent, type CoverageFigures, type KindResult, type MuteEnd, type ProviderOutcome } from './status';
import type { Change } from '../../data/audit';

/**
 * The data-health part of the daily re-check (docs/product.md, "Data health"), run by the
 * re-check worker for each company after its feed re-check: analytics access and custom-dimension
 * coverage through the provider (the step pages' checks, read-only: nothing is stored or
 * completed here), the unlinked UTM share from the imported traffic and the stored rules, and the
 * feed's latest result. Stores the day's results, then mails the company's users the changes.
 */

export interface HealthDeps {
  provider(): Promise<AnalyticsProvider>;
  /** The feed's newest history lines, newest first: the latest result and the run's tries. */
  feedLines(companyId: string): Promise<FeedHistoryEntry[]>;
  utmAggregates(companyId: string): Promise<{ unlinkedSessions: number; totalSessions: number; unlinkedUtms: number }>;
  putDays: typeof healthRepo.putHealthDays;
  getVolume: typeof healthRepo.getVolumeSeries;
  saveVolume: typeof healthRepo.saveVolumeSeries;
  getState(companyId: string): Promise<HealthStateRecord>;
  saveState: typeof healthRepo.saveHealthState;
  /** The status report's rows of the company's steps follow its health (functions/data/report-rows.ts). */
  reindexReport(companyId: string): Promise<unknown>;
  recipients(companyId: string): Promise<AlertRecipient[]>;
  sendMail: Mailer;
  appUrl(): string;
  /** The webhook calls of the day's changes, recorded with the state (functions/core/webhooks). */
  webhookDeliveries(companyId: string, events: readonly WebhookEventInput[], at: string): Promise<NewDelivery[]>;
  kickOutbox(ids: readonly string[]): Promise<void>;
}

const defaults: HealthDeps = {
  provider: analyticsProvider,
  feedLines: (companyId) => listFeedHistory(companyId, FEED_RETRIES + 1),
  utmAggregates: trafficCounts,
  putDays: healthRepo.putHealthDays,
  getVolume: healthRepo.getVolumeSeries,
  saveVolume: healthRepo.saveVolumeSeries,
  getState: healthRepo.getHealthState,
  saveState: healthRepo.saveHealthState,
  reindexReport: reindexCompanySteps,
  recipients: listAlertRecipients,
  sendMail: queueMail,
  appUrl: () => env.appUrl,
  webhookDeliveries: (companyId, events, at) => webhookDeliveries(companyId, events, at),
  kickOutbox,
};

export interface HealthOutcome {
  statuses: Partial<Record<HealthKind, string>>;
  /** Kinds the mail carried (empty: no mail today). */
  mailed: AlertEvent[];
  recipients: number;
}

/** Provider refusals and outages are outcomes; anything else (a bug, the table) stays an error. */
async function ask<T>(run: () => Promise<T>): Promise<ProviderOutcome<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    if (error instanceof AnalyticsProviderError) return { ok: false, failure: error.failure };
    throw error;
  }
}

interface AnalyticsResults {
  access: KindResult;
  coverage: KindResult;
  /** The sessions of the measured day (the volume kind); absent when the tool did not give them. */
  sessions?: number;
}

async function analyticsResults(company: CompanyRecord, measuredDay: string, deps: HealthDeps): Promise<AnalyticsResults> {
  const { viewId, dimensionIndex } = company;
  if (!viewId) return { access: accessResult(null, null), coverage: coverageResult({ viewId, dimensionIndex, outcome: null }) };
  const provider = await deps.provider();
  const access = await ask(() => provider.checkAccess(viewId));
  const sessions = access.ok ? await ask(() => provider.sessionsOn(viewId, measuredDay)) : null;
  let measured: ProviderOutcome<CoverageFigures | 'no-dimension'> | null = access.ok ? null : access;
  if (access.ok && dimensionIndex) {
    // The custom dimension step's method `dimension`: sessions and transactions with the stored dimension set.
    measured = await ask(async () => {
      const found = (await provider.customDimensions(viewId))[Number.parseInt(dimensionIndex, 10) - 1];
      if (!found) return 'no-dimension' as const;
      const counts = await provider.dimensionCounts(viewId, found);
      return {
        sessions: coverage(counts.sessions.withDimension, counts.sessions.total).percent,
        transactions: coverage(counts.transactions.withDimension, counts.transactions.total).percent,
      };
    });
  }
  return { access: accessResult(viewId, access), coverage: coverageResult({ viewId, dimensionIndex, outcome: measured }), ...(sessions?.ok ? { sessions: sessions.value } : {}) };
}

/**
 * The volume kind: the measured day's orders (the daily re-check's feed, by created date) and
 * sessions join the kept series (5 weeks), then are compared with the same weekday's usual figure.
 */
async function volumeCheck(company: CompanyRecord, measuredDay: string, figures: { orders?: number; sessions?: number }, deps: HealthDeps): Promise<KindResult> {
  const stored = await deps.getVolume(company.id);
  const series = {
    orders: keepRecent({ ...stored.orders, ...(figures.orders === undefined ? {} : { [measuredDay]: figures.orders }) }, measuredDay),
    sessions: keepRecent({ ...stored.sessions, ...(figures.sessions === undefined ? {} : { [measuredDay]: figures.sessions }) }, measuredDay),
  };
  await deps.saveVolume(company.id, series);
  return volumeResult({
    orders: company.orderFeedUrl ? series.orders : null,
    sessions: company.viewId ? series.sessions : null,
    day: measuredDay,
    dropPercent: company.volumeDropThreshold ?? VOLUME_DROP_DEFAULT,
  });
}

/**
 * The feed kind of the run of `runAt`: its latest result, unless that is a try of this run that
 * failed for a passing reason with a retry still to come (shared/domain/feed-retry.ts): then the
 * kind keeps its status of before until the retry tells. The run's tries are kept with it when
 * there was more than one, or one is due.
 */
function feedOfRun(lines: readonly FeedHistoryEntry[], runAt: string, before: KindNow | undefined, hasFeedUrl: boolean): { result: KindResult; retries: HealthRetries } {
  const latest = lines[0] ?? null;
  const tries = lines.filter((line) => line.trigger === 'daily' && line.runAt === runAt).reverse();
  const retryAt = latest && tries.includes(latest) ? nextRetryAt(latest) : null;
  const attempts: HealthAttempt[] = tries.map((line) => ({ at: line.date, attempt: line.attempt ?? 0, ...feedResult(line, true) }));
  const retries: HealthRetries = { ...(attempts.length > 1 || retryAt ? { attempts } : {}), ...(retryAt ? { retryAt } : {}) };
  const result = retryAt ? { status: before?.status ?? 'unknown', reason: before?.reason ?? { key: 'health.feed.never' } } : feedResult(latest, hasFeedUrl);
  return { result, retries };
}

/**
 * Re-checks one company's data health for the run of `runAt` (the day is its UTC date).
 * `feedChecked`: false when the feed re-check failed this time (its kind keeps its last result).
 */
async function recheckHealth(company: CompanyRecord, runAt: string, feedChecked: boolean, deps: HealthDeps = defaults): Promise<HealthOutcome> {
  const day = runAt.slice(0, 10);
  // The last complete day: the one whose orders and sessions are all in.
  const measuredDay = addDays(day, -1);
  const results: Partial<Record<HealthKind, KindResult>> = {};
  const state = await deps.getState(company.id);
  const lines = feedChecked && company.orderFeedUrl ? await deps.feedLines(company.id) : [];
  const feedEntry = lines[0] ?? null;
  const feed = feedChecked ? feedOfRun(lines, runAt, state.kinds.feed, Boolean(company.orderFeedUrl)) : null;
  if (feed) results.feed = feed.result;
  const analytics = await analyticsResults(company, measuredDay, deps);
  results['analytics-access'] = analytics.access;
  results['analytics-coverage'] = analytics.coverage;
  results['utm-linking'] = company.viewId ? utmResult(await deps.utmAggregates(company.id)) : { status: 'unknown', reason: { key: 'health.analytics.noViewId' } };
  const orders = feedEntry?.dayOrders?.day === measuredDay ? feedEntry.dayOrders.orders : undefined;
  results.volume = await volumeCheck(company, measuredDay, { orders, sessions: analytics.sessions }, deps);

  const checked = HEALTH_KINDS.flatMap((kind) =>
    results[kind] ? [{ kind, status: results[kind].status, reason: results[kind].reason, checkedAt: runAt, ...(kind === 'feed' ? feed?.retries : {}) }] : [],
  );
  await deps.putDays(company.id, day, checked);

  const kinds: HealthStateRecord['kinds'] = { ...state.kinds };
  for (const { kind, ...now } of checked) kinds[kind] = now satisfies KindNow;
  const mutedUntil = Object.fromEntries(Object.entries(state.mutes).map(([kind, mute]) => [kind, mute.until]));
  const plan = planAlerts({ day, now: runAt, lastMailDay: state.lastMailDay, alerted: state.alerted, mutedUntil, current: results });
  const statuses = Object.fromEntries(checked.map((c) => [c.kind, c.status]));
  const mailing = plan.events.length > 0;
  const mutes = { ...state.mutes };
  for (const kind of Object.keys(plan.ended) as HealthKind[]) delete mutes[kind];
  const next = { kinds, alerted: plan.alerted, lastMailDay: mailing ? day : state.lastMailDay, mutes };
  // Another delivery of this message wrote the state first: it mails (or mailed) today's changes.
  const calls = await deps.webhookDeliveries(company.id, healthChangeEvents(state.kinds, kinds), runAt);
  if (!(await deps.saveState(state, next, muteEnds(company.id, state, plan.ended), calls, runAt))) return { statuses, mailed: [], recipients: 0 };
  await deps.kickOutbox(calls.map((call) => call.id));
  if (healthOf(state.kinds) !== healthOf(kinds)) await deps.reindexReport(company.id);
  if (!mailing) return { statuses, mailed: [], recipients: 0 };

  const recipients = await deps.recipients(company.id);
  const language = mailLanguage(company.country);
  const template = (language === 'en' ? 'health-alert' : `health-alert-${language}`) as MailTemplateName;
  const data = {
    company_name: company.name,
    headline: alertHeadline(language, plan.events),
    checked_on: day,
    lines: alertLines(language, plan.events),
    url_health: `${deps.appUrl()}/data-health`,
  };
  try {
    for (const recipient of recipients) await deps.sendMail({ to: recipient.login, template, data });
  } catch (error) {
    // Not mailed: give the day back (the alert state as it was), so the message's retry mails.
    // (An expired mute comes back too, so the retry mails its kind again; its end is then recorded twice.)
    await deps.saveState({ ...state, version: state.version + 1 }, { kinds, alerted: state.alerted, lastMailDay: state.lastMailDay, mutes: { ...mutes, ...state.mutes } });
    throw error;
  }
  return { statuses, mailed: plan.events, recipients: recipients.length };
}

/** The audit records of the mutes the check ended (the job's actor: the platform). */
function muteEnds(companyId: string, state: HealthStateRecord, ended: Partial<Record<HealthKind, MuteEnd>>): Change[] {
  return Object.entries(ended).flatMap(([kind, end]) => {
    const mute = state.mutes[kind as HealthKind];
    return mute ? [muteChange(companyId, kind as HealthKind, 'delete', mute, { end })] : [];
  });
}

/**
 * One queue message's data health (the worker calls it after the feed re-check, whatever that
 * gave). Null for a company gone or with nothing to check (no feed URL, no View ID).
 */
export async function recheckCompanyHealth(
  message: { companyId: string; runAt: string },
  feedChecked: boolean,
  deps: HealthDeps & { getCompany(companyId: string): Promise<CompanyRecord | null> } = { ...defaults, getCompany },
): Promise<HealthOutcome | null> {
  const company = await deps.getCompany(message.companyId);
  if (!company || (!company.viewId && !company.orderFeedUrl)) return null;
  return recheckHealth(company, message.runAt, feedChecked, deps);
}
