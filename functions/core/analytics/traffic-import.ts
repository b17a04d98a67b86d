import type { AnalyticsCode } from '../../../shared/domain/analytics';
import type { StepStatus } from '../../../shared/domain/types';
import { getCompany, type CompanyRecord } from '../../data/companies';
import * as trafficRepo from '../../data/traffic';
import type { TrafficImport } from '../../data/traffic';
import type { Actor } from '../integration/steps';
import { storeTraffic } from '../traffic/links';
import { completeUtmStepIfLinked } from '../traffic/traffic';
import { attempt } from './attempt';
import { analyticsProvider, type AnalyticsProvider, type UtmTrafficRow } from './provider';

/**
 * Importing the company's UTM traffic is a regular operation (docs/product.md, "When traffic is
 * imported"), not a side effect of one event: utm_rules completes from that traffic, so a company
 * whose traffic was never imported could never complete it. One use case, three callers: a
 * granted check of the company's own property when its traffic is missing or older than a day
 * (analytics checks.ts), the UTM page's "Import again" (POST /api/analytics/utms), and the daily
 * job for every company with a View ID. Always the company's STORED View ID, never another.
 */

/** A granted check re-imports traffic older than this. */
const TRAFFIC_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export interface TrafficImportDeps {
  provider(): Promise<AnalyticsProvider>;
  replaceTraffic(companyId: string, rows: UtmTrafficRow[]): Promise<number>;
  recordImport(companyId: string, record: TrafficImport): Promise<void>;
  lastImport(companyId: string): Promise<TrafficImport | null>;
  /** utm_rules re-evaluated on the new traffic (traffic.ts, through the step engine). */
  completeUtmStep(company: CompanyRecord, actor: Actor): Promise<StepStatus | null>;
  now(): Date;
}

const defaults: TrafficImportDeps = {
  provider: analyticsProvider,
  // Each combination is stored with its link state against the company's rules (../traffic/links.ts).
  replaceTraffic: async (companyId, rows) => (await storeTraffic(companyId, rows, { replace: true })).length,
  recordImport: trafficRepo.recordTrafficImport,
  lastImport: trafficRepo.getTrafficImport,
  completeUtmStep: (company, actor) => completeUtmStepIfLinked(company, actor),
  now: () => new Date(),
};

export type TrafficImportOutcome =
  | { ok: true; rows: number; at: string; stepStatus: StepStatus | null }
  | { ok: false; code: AnalyticsCode; message: string };

/** Who imports in the daily job (the step engine's mail names it). */
const DAILY_IMPORT_ACTOR: Actor = { user: { firstName: 'Daily analytics import', login: 'daily' }, role: 'ROLE_USER' };

/**
 * The stored property's UTM traffic of the last 30 days replaces the company's rows (rules are
 * kept), the time is kept, then utm_rules is re-evaluated. A refusal of the analytics tool is an
 * outcome (nothing changed); a company without a stored View ID has nothing to import.
 */
export async function refreshTraffic(company: CompanyRecord, actor: Actor, deps: TrafficImportDeps = defaults): Promise<TrafficImportOutcome> {
  const viewId = company.viewId;
  if (!viewId) throw new Error(`${company.id} has no View ID to import traffic from`);
  const provider = await deps.provider();
  const traffic = await attempt(() => provider.utmTraffic(viewId));
  if (!traffic.ok) return traffic;
  const rows = await deps.replaceTraffic(company.id, traffic.value);
  const at = deps.now().toISOString();
  await deps.recordImport(company.id, { at, viewId, rows });
  const stepStatus = await deps.completeUtmStep(company, actor);
  return { ok: true, rows, at, stepStatus };
}

/** The import when the traffic is missing, older than a day or of another property than the stored one; null when it is fresh. */
export async function refreshTrafficIfStale(company: CompanyRecord, actor: Actor, deps: TrafficImportDeps = defaults): Promise<TrafficImportOutcome | null> {
  const last = await deps.lastImport(company.id);
  const fresh = last && last.viewId === company.viewId && deps.now().getTime() - Date.parse(last.at) < TRAFFIC_MAX_AGE_MS;
  return fresh ? null : refreshTraffic(company, actor, deps);
}

/**
 * The daily job's import (one queue message of the re-check, functions/jobs/feed-recheck-worker.ts):
 * every company with a View ID, whatever its feed. Null for a company gone or without a View ID.
 */
export async function importTrafficDaily(
  companyId: string,
  deps: TrafficImportDeps & { getCompany(companyId: string): Promise<CompanyRecord | null> } = { ...defaults, getCompany },
): Promise<TrafficImportOutcome | null> {
  const company = await deps.getCompany(companyId);
  if (!company?.viewId) return null;
  return refreshTraffic(company, DAILY_IMPORT_ACTOR, deps);
}
