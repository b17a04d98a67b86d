import { listCompanyIdsWithFeedUrl } from '../../data/feed-recheck';

/**
 * The daily re-check's dispatch (docs/order-feed.md, "Daily re-check"), apart from the worker's
 * use case (recheck.ts) so the scheduled dispatcher's bundle stays free of the feed engine.
 */

/** One queue message: a company to check in the run dispatched at `runAt`. */
export interface RecheckMessage {
  companyId: string;
  runAt: string;
}

export interface DispatchDeps {
  listCompanyIdsWithFeedUrl(): Promise<string[]>;
  send(messages: readonly RecheckMessage[]): Promise<void>;
  now(): Date;
}

/** The scheduled run: one message per company with a stored feed URL. */
export async function dispatchFeedRechecks(deps: Pick<DispatchDeps, 'send'> & Partial<DispatchDeps>): Promise<{ runAt: string; companies: number }> {
  const list = deps.listCompanyIdsWithFeedUrl ?? listCompanyIdsWithFeedUrl;
  const runAt = (deps.now?.() ?? new Date()).toISOString();
  const ids = await list();
  await deps.send(ids.map((companyId) => ({ companyId, runAt })));
  return { runAt, companies: ids.length };
}
