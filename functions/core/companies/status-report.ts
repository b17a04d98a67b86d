import type { StatusReportRow } from '../../../shared/domain/types';
import * as companiesRepo from '../../data/companies';
import type { CompanyRecord } from '../../data/companies';
import * as healthRepo from '../../data/data-health';
import * as stepsRepo from '../../data/steps';
import { worstStatus } from '../../../shared/domain/data-health';
import type { StepRecord } from '../../data/steps';

export interface StatusReportDeps {
  listAllSteps(): Promise<StepRecord[]>;
  listCompanies(): Promise<CompanyRecord[]>;
  /** Each company's current data-health kinds (BatchGet of the state items, 100 a call). */
  healthOf: typeof healthRepo.getHealthStates;
}

const defaults: StatusReportDeps = { listAllSteps: stepsRepo.listAllSteps, listCompanies: companiesRepo.listCompanies, healthOf: healthRepo.getHealthStates };

/**
 * The integration status report: every company's steps (one GSI Query on `STEPS`) joined with the
 * company names (one GSI Query on `COMPANIES`), sorted by company, then in the company's step
 * order. Steps of a company being deleted (no longer listed) are left out. Each row carries the
 * company's data health (its worst current kind: docs/product.md, "Data health").
 */
export async function statusReport(deps: StatusReportDeps = defaults): Promise<StatusReportRow[]> {
  const [steps, companies] = await Promise.all([deps.listAllSteps(), deps.listCompanies()]);
  const byId = new Map(companies.map((company) => [company.id, company]));
  const kinds = await deps.healthOf(companies.map((company) => company.id));
  const health = new Map(companies.map((c) => [c.id, worstStatus(Object.values(kinds.get(c.id) ?? {}).map((kind) => kind.status))]));
  const rank = (step: StepRecord) => {
    const order = byId.get(step.companyId)?.integrationSteps ?? [];
    const i = order.indexOf(step.stepType);
    return i === -1 ? order.length : i;
  };
  return steps
    .filter((step) => byId.has(step.companyId))
    .sort((a, b) => {
      const ca = byId.get(a.companyId)!;
      const cb = byId.get(b.companyId)!;
      return ca.name.localeCompare(cb.name) || ca.id.localeCompare(cb.id) || rank(a) - rank(b) || a.stepType.localeCompare(b.stepType);
    })
    .map((step) => ({
      companyId: step.companyId,
      companyName: byId.get(step.companyId)!.name,
      product: byId.get(step.companyId)!.product,
      stepType: step.stepType,
      status: step.status,
      updated: step.updated ?? null,
      health: health.get(step.companyId) ?? 'unknown',
      ...(step.note === undefined ? {} : { note: step.note }),
    }));
}
