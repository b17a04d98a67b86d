import { listCompanyIdsToRecheck } from '../../data/feed-recheck';

/**
 * The daily re-check's dispatch (docs/order-feed.md, "Daily re-check"), apart from the worker's
 * use case (recheck.ts) so the scheduled dispatcher's bundle stays free of the feed engine.
 */

/** One queue message: a company to check in the run dispatched at `runAt`. */
export interface RecheckMessage {
  companyId: string;
  runAt: string;
  /** A same-day retry of the run's fetch (1, 2: core/order-feed/feed-retry.ts); absent on the run's own message. */
  attempt?: number;
}

export interface DispatchDeps {
  listCompanyIdsToRecheck(): Promise<string[]>;
  send(messages: readonly RecheckMessage[]): Promise<void>;
  now(): Date;
}

/**
 * The scheduled run: one message per company with a stored feed URL or View ID. `runAt`: the
 * schedule's time (EventBridge's `time`), else now; the worker files the day's results under its date.
 */
export async function dispatchFeedRechecks(deps: Pick<DispatchDeps, 'send'> & Partial<DispatchDeps>, scheduledAt?: string): Promise<{ runAt: string; companies: number }> {
  const list = deps.listCompanyIdsToRecheck ?? listCompanyIdsToRecheck;
  const scheduled = scheduledAt && !Number.isNaN(Date.parse(scheduledAt)) ? new Date(scheduledAt) : null;
  const runAt = (scheduled ?? deps.now?.() ?? new Date()).toISOString();
  const ids = await list();
  await deps.send(ids.map((companyId) => ({ companyId, runAt })));
  return { runAt, companies: ids.length };
}
