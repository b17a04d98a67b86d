import { reindexCollectors } from '../../data/collectors';
import { claimViewIdGuard, listCompanies, reindexCompany } from '../../data/companies';
import { reindexDefaultCollectors } from '../../data/default-collectors';
import { reindexCompanySteps } from '../../data/report-rows';
import { reindexCompanySources } from '../../data/sources';
import { reindexCompanyTraffic } from '../../data/traffic';
import { listUsers, reindexUser } from '../../data/users';

/**
 * Writes the admin lists' rows (functions/data/list-rows.ts) of every company, its steps (the status
 * report), its sources, commissions, collectors and traffic (their pages; the traffic's utmSource
 * index) with the guards of its sources, rules and commissions, and every user, the platform's
 * default collectors, the View ID guards and the default company's GSI2 entry: records
 * stored before the lists were paged by the server have none, so a deployed stage's lists would
 * show nothing of them until each was next edited. Run once per stage after deploying the release
 * that brought the rows (`npm run reindex-lists`, docs/deploy.md), and again any time: it only
 * writes what each record says now, and an edit meanwhile wins. Companies first: a user's rows
 * carry its companies' names. Reads the whole platform, so it is a command, never a request.
 */

export interface ReindexDeps {
  companyIds(): Promise<string[]>;
  userIds(): Promise<string[]>;
  reindexCompany(id: string): Promise<boolean>;
  /** The View ID guard of a company stored before the guards (functions/data/companies.ts). */
  claimViewId(id: string): Promise<'held' | 'clash' | 'none'>;
  reindexUser(id: string): Promise<boolean>;
  /** The status report's rows of the company's steps: how many steps were written. */
  reindexSteps(companyId: string): Promise<number>;
  /** The rows of the company's collectors: how many were written. */
  reindexCollectors(companyId: string): Promise<number>;
  /** The rows of the platform's default collectors: how many were written. */
  reindexDefaultCollectors(): Promise<number>;
  /** The rows of the company's sources and affiliate commissions: how many of each were written. */
  reindexSources(companyId: string): Promise<{ sources: number; commissions: number }>;
  /** The rows of the company's traffic combinations (the utmSource index a rule's overlap check reads): how many were written. */
  reindexTraffic(companyId: string): Promise<number>;
}

const defaults: ReindexDeps = {
  companyIds: async () => (await listCompanies()).map((company) => company.id),
  userIds: async () => (await listUsers()).map((user) => user.id),
  reindexCompany,
  claimViewId: claimViewIdGuard,
  reindexUser,
  reindexSteps: reindexCompanySteps,
  reindexCollectors,
  reindexDefaultCollectors,
  reindexSources: reindexCompanySources,
  reindexTraffic: reindexCompanyTraffic,
};

export interface ReindexOutcome {
  /** Rows written. */
  written: number;
  /** Gone, being deleted or edited meanwhile (an edit writes its own rows). */
  skipped: number;
}

export async function reindexLists(
  deps: ReindexDeps = defaults,
): Promise<{ companies: ReindexOutcome; users: ReindexOutcome; steps: number; collectors: number; defaultCollectors: number; sources: number; commissions: number; traffic: number; viewIdClashes: string[] }> {
  const each = async (ids: string[], reindex: (id: string) => Promise<boolean>): Promise<ReindexOutcome> => {
    let written = 0;
    // One at a time: a stage's table is not to be loaded by a maintenance command.
    for (const id of ids) if (await reindex(id)) written++;
    return { written, skipped: ids.length - written };
  };
  const companyIds = await deps.companyIds();
  const companies = await each(companyIds, deps.reindexCompany);
  // Every View ID gets its guard, so a request finds its holder by key (companiesWithViewId).
  const viewIdClashes: string[] = [];
  for (const id of companyIds) if ((await deps.claimViewId(id)) === 'clash') viewIdClashes.push(id);
  let steps = 0;
  for (const id of companyIds) steps += await deps.reindexSteps(id);
  let collectors = 0;
  let sources = 0;
  let commissions = 0;
  let traffic = 0;
  for (const id of companyIds) {
    collectors += await deps.reindexCollectors(id);
    const written = await deps.reindexSources(id);
    sources += written.sources;
    commissions += written.commissions;
    traffic += await deps.reindexTraffic(id);
  }
  const defaultCollectors = await deps.reindexDefaultCollectors();
  const users = await each(await deps.userIds(), deps.reindexUser);
  return { companies, users, steps, collectors, defaultCollectors, sources, commissions, traffic, viewIdClashes };
}
