import { jobs } from '../../platform/config/resources';
import { isFeedCheckActive, type FeedCheck, type FeedOverview } from '../../../shared/domain/order-feed';
import type { CompanyRecord } from '../../data/companies';
import * as repo from '../../data/feed-checks';
import type { FeedCheckRecord } from '../../data/feed-checks';
import { NotFoundError } from '../../platform/errors';
// target, not the index: a handler's bundle needs no transport (ssh2, basic-ftp).
import { redactUrl } from '../../platform/feed-fetch/redact';
import { holdsCompany } from './lease';

/**
 * Reading feed checks (the page's polling and overview). Kept apart from starting one so the GET
 * handlers' bundles carry no S3 presigner nor Lambda client.
 */

/**
 * The backstop of the company's running marker (createFeedCheck): a marker older than the job's
 * whole timeout is free whatever its check says. Leases (lease.ts) free a dead check much sooner.
 */
export const FEED_CHECK_STALE_MS = (jobs['feed-check'].timeoutSeconds + 60) * 1000;

export interface ReadDeps {
  getFeedCheck(companyId: string, id: string): Promise<FeedCheckRecord | null>;
  latestFeedCheck(companyId: string): Promise<FeedCheckRecord | null>;
  listFeedHistory(companyId: string): Promise<FeedOverview['history']>;
  now(): Date;
}

const defaults: ReadDeps = {
  getFeedCheck: repo.getFeedCheck,
  latestFeedCheck: repo.latestFeedCheck,
  listFeedHistory: (companyId) => repo.listFeedHistory(companyId),
  now: () => new Date(),
};

// Checks stored before `otherResource` existed were all about the company's feed as the rule stood.
export const toFeedCheck = ({ companyId: _companyId, fetchUrl: _fetchUrl, leaseUntil: _leaseUntil, attempt: _attempt, ...check }: FeedCheckRecord): FeedCheck => ({
  ...check,
  otherResource: check.otherResource ?? null,
});

/**
 * A check whose worker no longer holds it (died, or never started: its lease ran out, lease.ts)
 * reads as failed, and no longer blocks a new one. A queued check that was never claimed says so.
 */
export function asSeen(record: FeedCheckRecord, now: Date): FeedCheck {
  const check = toFeedCheck(record);
  if (!isFeedCheckActive(check) || holdsCompany(record, now)) return check;
  const failure =
    check.status === 'queued'
      ? { code: 'not-started', message: 'The check could not be started: try again in a moment' }
      : { code: 'interrupted', message: 'The check stopped before the end: run it again' };
  return { ...check, status: 'failed', finishedAt: check.updatedAt, failure };
}

/** GET /api/order-feed/checks/{id}: only the company's own checks (another id is 404, like a missing one). */
export async function getFeedCheckView(companyId: string, id: string, deps: ReadDeps = defaults): Promise<FeedCheck> {
  const record = await deps.getFeedCheck(companyId, id);
  if (!record) throw new NotFoundError('No such feed check');
  return asSeen(record, deps.now());
}

/** GET /api/order-feed */
export async function getFeedOverview(company: CompanyRecord, deps: ReadDeps = defaults): Promise<FeedOverview> {
  const [latest, history] = await Promise.all([deps.latestFeedCheck(company.id), deps.listFeedHistory(company.id)]);
  return {
    current: latest ? asSeen(latest, deps.now()) : null,
    history,
    orderFeedUrl: company.orderFeedUrl ? redactUrl(company.orderFeedUrl) : null,
  };
}
