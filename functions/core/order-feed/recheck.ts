import type { FeedCheckFailure, FeedHealth, FeedHistoryEntry } from '../../../shared/domain/order-feed';
import { feedHealth } from '../../../shared/domain/order-feed';
import { feedKindOf, type FeedFormat } from '../../../shared/feed/types';
import { getCompany, type CompanyRecord } from '../../data/companies';
import * as checksRepo from '../../data/feed-checks';
import type { FeedCheckRecord } from '../../data/feed-checks';
import { claimFeedAlert, releaseFeedAlert } from '../../data/feed-recheck';
import { env } from '../../platform/env';
import { redactUrl } from '../../platform/feed-fetch';
import type { Mailer } from '../../platform/mailer';
import { queueMail } from '../outbox/outbox';
import { openFeedCheck } from './checks';
import type { RecheckMessage } from './recheck-dispatch';
import { runFeedCheck, type RunOptions } from './run-feed-check';
import { addDays } from '../../../shared/feed/rules/values';
import { FEED_RETRIES, nextRetryAt } from '../../../shared/domain/feed-retry';

/**
 * The daily re-check of stored order feed URLs (docs/order-feed.md, "Daily re-check"):
 * the scheduled dispatcher (recheck-dispatch.ts) sends one message per company with a stored URL; the worker checks
 * each company on its own with the manual check's code (openFeedCheck + runFeedCheck: the same
 * one-at-a-time rule, result, history line and step completion) and mails the integration team
 * when a feed whose previous check was clean now has warnings or cannot be fetched or read.
 * A feed that cannot be fetched is a RESULT (a failed check in the history), not an error: only
 * unexpected errors (the table, the mailer) throw, so the queue retries, then dead-letters.
 */

export type { RecheckMessage };

export type RecheckOutcome =
  | {
      companyId: string;
      companyName: string;
      outcome: 'checked';
      checkId: string;
      health: FeedHealth;
      previous: FeedHealth | null;
      alerted: boolean;
      /** 0: the run's own try; 1, 2: its same-day retries. */
      attempt: number;
      /** When the next try is due (this one failed for a passing reason), else null. */
      retryAt: string | null;
    }
  | { companyId: string; companyName?: string; outcome: 'skipped'; reason: 'no-company' | 'no-feed-url' | 'busy' | 'superseded' };

export interface RecheckDeps {
  getCompany(companyId: string): Promise<CompanyRecord | null>;
  listFeedHistory(companyId: string, limit: number): Promise<FeedHistoryEntry[]>;
  latestFeedCheck(companyId: string): Promise<FeedCheckRecord | null>;
  openFeedCheck: typeof openFeedCheck;
  runFeedCheck(company: CompanyRecord, check: FeedCheckRecord, options: RunOptions): Promise<FeedCheckRecord>;
  claimFeedAlert(companyId: string, checkId: string, at: Date): Promise<boolean>;
  releaseFeedAlert(companyId: string, checkId: string): Promise<void>;
  sendMail: Mailer;
  integrationMailbox(): string;
  appUrl(): string;
  now(): Date;
}

const defaults: RecheckDeps = {
  getCompany,
  listFeedHistory: checksRepo.listFeedHistory,
  latestFeedCheck: checksRepo.latestFeedCheck,
  openFeedCheck: (companyId, input) => openFeedCheck(companyId, input),
  runFeedCheck: (company, check, options) => runFeedCheck(company, check, options),
  claimFeedAlert,
  releaseFeedAlert,
  sendMail: queueMail,
  integrationMailbox: () => env.integrationMailbox,
  appUrl: () => env.appUrl,
  now: () => new Date(),
};

/** Who starts the daily checks (FeedCheck.startedBy; the step engine's mail names it). */
const DAILY = 'daily';

export function parseRecheckMessage(body: string): RecheckMessage | null {
  try {
    const value = JSON.parse(body) as Partial<RecheckMessage>;
    const plain = (v: unknown, max: number): v is string => typeof v === 'string' && v.length > 0 && v.length <= max;
    if (!plain(value.companyId, 64) || !plain(value.runAt, 40) || Number.isNaN(Date.parse(value.runAt))) return null;
    if (value.attempt === undefined) return { companyId: value.companyId, runAt: value.runAt };
    // A same-day retry (core/order-feed/feed-retry.ts): 1 to FEED_RETRIES.
    if (!Number.isInteger(value.attempt) || value.attempt < 1 || value.attempt > FEED_RETRIES) return null;
    return { companyId: value.companyId, runAt: value.runAt, attempt: value.attempt };
  } catch {
    return null;
  }
}

/**
 * The format to read the stored URL as: the one of the company's last check of that same URL
 * (the customer chose it), else from the URL's path (.csv is CSV, anything else XML, as the CLI).
 */
export function recheckFormat(url: string, latest: FeedCheckRecord | null): FeedFormat {
  // Stryker disable next-line ConditionalExpression: an upload's source has no url to be equal (the kind check narrows the type)
  if (latest?.source.kind === 'url' && latest.source.url === redactUrl(url)) return latest.type;
  try {
    return new URL(url).pathname.toLowerCase().endsWith('.csv') ? 'csv' : 'xml';
  } catch {
    return 'xml';
  }
}

/** What the alert needs of this run's check: its history line, or the check it just ran. */
type CheckedLine = Pick<FeedHistoryEntry, 'checkId' | 'date' | 'trigger' | 'attempt' | 'health' | 'warningKeys' | 'failure'>;

/** A regression: the previous check was clean, this one has warnings or could not fetch or read the feed. */
export const isRegression = (previous: FeedHealth | null, current: FeedHealth): boolean => previous === 'clean' && current !== 'clean';

/** Re-checks one company's stored feed URL (one queue message). `deadline`: epoch ms by which the check must stop. */
export async function recheckCompany(message: RecheckMessage, deadline: number, deps: RecheckDeps = defaults): Promise<RecheckOutcome> {
  const { companyId } = message;
  const company = await deps.getCompany(companyId);
  if (!company) return { companyId, outcome: 'skipped', reason: 'no-company' };
  const url = company.orderFeedUrl;
  const companyName = company.name;
  if (!url) return { companyId, companyName, outcome: 'skipped', reason: 'no-feed-url' };

  const attempt = message.attempt ?? 0;
  // The run's own attempt and its retries, then the line before the run (the regression's "before").
  const lines = await deps.listFeedHistory(companyId, FEED_RETRIES + 2);
  const ofRun = (line: FeedHistoryEntry) => line.trigger === 'daily' && (line.runAt === undefined ? line.date >= message.runAt : line.runAt === message.runAt);
  const latestEntry = lines[0];
  const previous = lines.find((line) => !ofRun(line));
  let current: CheckedLine;
  if (latestEntry && ofRun(latestEntry) && (latestEntry.attempt ?? 0) >= attempt) {
    // A redelivery of this message (the worker failed after its check, e.g. on the mail), or a
    // retry whose try is stored already: the check is done; only what came after it is left to do.
    current = latestEntry;
  } else if (attempt > 0 && !(latestEntry && ofRun(latestEntry) && (latestEntry.attempt ?? 0) === attempt - 1 && nextRetryAt(latestEntry))) {
    // Another check came since the failed try (the customer's, the next day's run): it is the feed's state now.
    return { companyId, companyName, outcome: 'skipped', reason: 'superseded' };
  } else {
    const type = recheckFormat(url, await deps.latestFeedCheck(companyId));
    const { check, created } = await deps.openFeedCheck(companyId, {
      type,
      viewId: company.viewId ?? null,
      source: { kind: 'url', url: redactUrl(url) },
      startedBy: DAILY,
    });
    // A check is running (the customer's, or this message delivered twice at once): it writes its own history line.
    if (!created) return { companyId, companyName, outcome: 'skipped', reason: 'busy' };
    // The SFTP host key pinned at the first check: another key fails the check ('host-key') before the password is sent.
    const pin = company.orderFeedHostKey ? { sftpHostKey: company.orderFeedHostKey } : {};
    // The run's last complete day (its time, not the clock's: a late delivery counts the same day), for the volume health kind.
    const countDay = addDays(message.runAt.slice(0, 10), -1);
    const dailyRun = { runAt: message.runAt, attempt };
    const record = await deps.runFeedCheck(company, check, { feedUrl: url, trigger: 'daily', deadline, countDay, dailyRun, ...pin });
    const health = feedHealth(record);
    if (!health) return { companyId, companyName, outcome: 'skipped', reason: 'busy' };
    current = {
      checkId: record.id,
      date: record.finishedAt ?? deps.now().toISOString(),
      trigger: 'daily',
      attempt,
      health,
      warningKeys: Object.keys(record.result?.errors ?? {}),
      failure: record.failure,
    };
  }

  // A try the same day will follow (its outbox item was stored with the line): nothing is final yet.
  const retryAt = nextRetryAt(current);
  const previousHealth = previous?.health ?? null;
  let alerted = false;
  if (!retryAt && isRegression(previousHealth, current.health) && (await deps.claimFeedAlert(companyId, current.checkId, deps.now()))) {
    try {
      await deps.sendMail({ to: deps.integrationMailbox(), template: 'feed-regression', data: regressionMail(company, current, previous!, deps.appUrl()) });
      alerted = true;
    } catch (error) {
      // Not mailed: free the marker and fail the message, so its retry (the branch above) mails.
      await deps.releaseFeedAlert(companyId, current.checkId);
      throw error;
    }
  }
  return { companyId, companyName, outcome: 'checked', checkId: current.checkId, health: current.health, previous: previousHealth, alerted, attempt: current.attempt ?? 0, retryAt };
}

const day = (iso: string) => iso.slice(0, 16).replace('T', ' ') + ' UTC';

function regressionMail(company: CompanyRecord, current: CheckedLine, previous: FeedHistoryEntry, appUrl: string): Record<string, string> {
  const failed = current.health === 'failed';
  const failure: FeedCheckFailure | null = current.failure;
  return {
    company_name: company.name,
    // A lead feed unless the company is a 360 one (the team reads the customer's word for it).
    feed_kind: feedKindOf(company.product),
    problem_short: failed ? 'cannot be checked' : 'has warnings',
    problem: failed ? 'can no longer be fetched or read' : `now has ${current.warningKeys.length === 1 ? 'a warning' : `${current.warningKeys.length} warnings`}`,
    details: failed ? `Reason: ${failure?.message ?? 'unknown'} (${failure?.code ?? 'failed'})` : `Warnings: ${current.warningKeys.join(', ')}`,
    checked_at: day(current.date),
    previous_at: day(previous.date),
    url_integration: `${appUrl}/crm/order-feed`,
  };
}
