import type { StatusReportPage, StatusReportRow, StepType } from '../../../shared/domain/types';
import { searchText } from '../../../shared/domain/search-text';
import { LIST_PAGE_SIZE, reportQuerySchema } from '../../../shared/schemas/lists';
import * as companiesRepo from '../../data/companies';
import type { CompanyRecord } from '../../data/companies';
import * as healthRepo from '../../data/data-health';
import type { HealthStateRecord } from '../../data/data-health';
import { HEALTH_KINDS, isBadHealth } from '../../../shared/domain/data-health';
import * as reportRows from '../../data/report-rows';
import { failingFirst, healthOf, reportListing, type ReportQuery } from '../../data/report-rows';
import * as stepsRepo from '../../data/steps';
import type { StepRecord } from '../../data/steps';
import { validQuery } from '../../platform/query';

export interface StatusReportDeps {
  reportPage: typeof reportRows.reportPage;
  /** The page's steps by key (one BatchGet). */
  getSteps(steps: ReadonlyArray<{ companyId: string; stepType: StepType }>): Promise<StepRecord[]>;
  getCompanies(ids: readonly string[]): Promise<CompanyRecord[]>;
  listSteps(companyId: string): Promise<StepRecord[]>;
  /** The page's companies' current data-health kinds (one BatchGet of their state items). */
  healthOf: typeof healthRepo.getHealthStates;
}

const defaults: StatusReportDeps = {
  reportPage: reportRows.reportPage,
  getSteps: stepsRepo.getSteps,
  getCompanies: companiesRepo.getCompanies,
  listSteps: stepsRepo.listSteps,
  healthOf: healthRepo.getHealthStates,
};

/** The kinds muted now and still bad (a mute the daily check has not ended yet is left out once over). */
function mutedOf(state: { kinds: HealthStateRecord['kinds']; mutes: HealthStateRecord['mutes'] } | undefined, asOf: string): Pick<StatusReportRow, 'muted'> {
  const muted = HEALTH_KINDS.flatMap((kind) => {
    const mute = state?.mutes[kind];
    const status = state?.kinds[kind]?.status;
    return mute && status && isBadHealth(status) && mute.until > asOf ? [{ kind, status, until: mute.until }] : [];
  });
  return muted.length ? { muted } : {};
}

/** The rows of these steps, in their order; a step or a company gone since its row was read is left out. */
async function rowsOf(steps: StepRecord[], deps: StatusReportDeps): Promise<StatusReportRow[]> {
  const companyIds = [...new Set(steps.map((step) => step.companyId))];
  const [companies, states] = await Promise.all([deps.getCompanies(companyIds), deps.healthOf(companyIds)]);
  const asOf = new Date().toISOString();
  const byId = new Map(companies.map((company) => [company.id, company]));
  return steps.flatMap((step) => {
    const company = byId.get(step.companyId);
    if (!company) return [];
    return [
      {
        companyId: company.id,
        companyName: company.name,
        product: company.product,
        stepType: step.stepType,
        status: step.status,
        updated: step.updated ?? null,
        health: healthOf(states.get(company.id)?.kinds ?? {}),
        ...mutedOf(states.get(company.id), asOf),
        ...(step.note === undefined ? {} : { note: step.note }),
      },
    ];
  });
}

/**
 * One company's rows (a company's edit page links to them): its steps, at most one per step type,
 * read from its partition, then filtered and sorted as the list's rows would be.
 */
async function companyRows(companyId: string, query: ReportQuery, deps: StatusReportDeps): Promise<StatusReportRow[]> {
  const rows = await rowsOf(await deps.listSteps(companyId), deps);
  const search = searchText(query.search?.trim() ?? '');
  const order = query.failingFirst ? failingFirst(query.sort) : query.sort;
  const listed = rows
    .map((row) => ({ row, listing: reportListing({ ...row, health: row.health ?? 'unknown' }) }))
    .filter(({ row, listing }) => (query.hide !== 'done' || row.status !== 'done') && Object.entries(query.where ?? {}).every(([field, value]) => listing.fields?.[field] === value))
    .filter(({ listing }) => !search || listing.words.some((word) => !!word && searchText(word).includes(search)));
  const key = (listing: ReturnType<typeof reportListing>) => searchText(listing.sort[order] ?? '');
  // Code-unit order, as the rows' sort keys compare (their values hold control characters a collation ignores).
  const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const sorted = listed.sort((a, b) => compare(key(a.listing), key(b.listing)) * (query.dir === 'desc' ? -1 : 1));
  return sorted.map(({ row }) => row);
}

/**
 * GET /api/integration-status/report: one page of every company's steps in the order asked,
 * searched and filtered on the server (shared/schemas/lists.ts; docs/architecture.md, "Admin
 * lists"): one Query of the report's sort-index rows, then the page's steps, companies and health
 * states by key, whatever the platform's size. With `company`, that company's steps only.
 */
export async function statusReport(query: Record<string, string>, deps: StatusReportDeps = defaults): Promise<StatusReportPage> {
  const params = validQuery(reportQuerySchema, query);
  const where = { ...(params.step ? { stepType: params.step } : {}), ...(params.status ? { status: params.status } : {}) };
  const list: ReportQuery = {
    sort: params.sort ?? 'company',
    dir: params.dir === 'desc' ? 'desc' : 'asc',
    search: params.q,
    failingFirst: params.health === 'first',
    ...(params.completed === 'hidden' ? { hide: 'done' as const } : {}),
    ...(Object.keys(where).length ? { where } : {}),
  };
  if (params.company) return { rows: await companyRows(params.company, list, deps), next: null };
  const { steps, next } = await deps.reportPage(list, params.cursor || null, params.limit ?? LIST_PAGE_SIZE);
  return { rows: await rowsOf(await deps.getSteps(steps), deps), next };
}
