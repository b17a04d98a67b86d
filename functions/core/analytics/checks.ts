import {
  accessResult,
  coverage,
  dimensionResult,
  dimensionStepDone,
  dimensionVerdict,
  NON_STANDARD_EXAMPLES,
  type AccessCheckAnswer,
  type AccessCheckResult,
  type AnalyticsCode,
  type DimensionCheckAnswer,
  type DimensionCheckResult,
  type DimensionMethod,
  type ResolvedDimension,
} from '../../../shared/domain/analytics';
import type { StepType } from '../../../shared/domain/types';
import * as analyticsChecksRepo from '../../data/analytics-checks';
import type { CompanyRecord } from '../../data/companies';
import * as companiesRepo from '../../data/companies';
import * as trafficRepo from '../../data/traffic';
import { changeStepStatus, type Actor } from '../integration/steps';
import { ensureOwnView, storingViewId } from './view-owner';
import { analyticsProvider, AnalyticsProviderError, standardFormat, type AnalyticsProvider, type UtmTrafficRow } from './provider';
import { logger } from '../../platform/log';

/**
 * The analytics checks (spec "Analytics access", "Custom dimension"; section 4's automatic
 * completion and first-time storage). A refusal or failure of the analytics tool is an ANSWER
 * (HTTP 200 with `code` and Google's message in `errors`), so the page shows the server's words.
 *
 * - access: ga_access done when the check returns without errors; the first such check of a
 *   company without a stored view id stores it (conditionally: of two concurrent checks one
 *   stores) and imports the property's UTM traffic into the company's traffic rows.
 * - dimension / events: the index picks the property's N-th custom dimension; ga_dimension done
 *   by `dimensionStepDone`, and with it the visible google_analytics step; the first successful check (answered, figures present: verdict low
 *   or success) stores the dimension index when none is stored.
 */

export interface AnalyticsDeps {
  provider(): Promise<AnalyticsProvider>;
  standardFormat(): RegExp;
  /** Stores the field only while it is empty; false when someone stored one first (a View ID another company holds: data's ViewIdTakenError). */
  storeFirst(companyId: string, field: 'viewId' | 'dimensionIndex', value: string): Promise<boolean>;
  /** Ids of the companies whose stored View ID this is (view-owner.ts). */
  viewOwners(viewId: string): Promise<string[]>;
  replaceTraffic(companyId: string, rows: UtmTrafficRow[]): Promise<number>;
  completeStep(company: CompanyRecord, actor: Actor, stepType: StepType): Promise<void>;
  /** Keeps what the check showed (the cards of a page opened later read it). */
  recordCheck(companyId: string, check: { kind: 'access'; result: AccessCheckResult } | { kind: 'dimension'; result: DimensionCheckResult }): Promise<void>;
}

const defaults: AnalyticsDeps = {
  provider: analyticsProvider,
  standardFormat,
  storeFirst: companiesRepo.storeCompanyFieldOnce,
  viewOwners: companiesRepo.companiesWithViewId,
  replaceTraffic: async (companyId, rows) => (await trafficRepo.replaceTraffic(companyId, rows)).length,
  completeStep: async (company, actor, stepType) => {
    // Only a company whose step list has the step (custom lists may leave it out).
    if (!company.integrationSteps?.includes(stepType)) return;
    // Through the step engine: conditional (one transition among concurrent checks) and the team's mail.
    await changeStepStatus(company, actor, { stepType, status: 'done', byCheck: true });
  },
  recordCheck: (companyId, check) => analyticsChecksRepo.recordAnalyticsCheck(companyId, check, new Date().toISOString()),
};

const codeOf = (error: AnalyticsProviderError): AnalyticsCode => (error.failure === 'denied' ? 403 : 502);

/** Provider failures become answers; anything else (a bug, DynamoDB down) stays an error (500). */
async function attempt<T>(run: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; code: AnalyticsCode; message: string }> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    if (error instanceof AnalyticsProviderError) {
      if (error.failure === 'failed') logger().warn('analytics-failed', { reason: error.message });
      return { ok: false, code: codeOf(error), message: error.message };
    }
    throw error;
  }
}

const refusedAccess = (code: AnalyticsCode, message: string): AccessCheckAnswer => ({
  code,
  errors: [{ message }],
  total: null,
  property: null,
  viewIdStored: false,
  trafficImported: null,
});

/** POST /api/analytics/access. */
export async function checkAccess(company: CompanyRecord, actor: Actor, viewId: string, deps: AnalyticsDeps = defaults): Promise<AccessCheckAnswer> {
  await ensureOwnView(company, viewId, deps.viewOwners);
  const answer = await accessAnswer(company, actor, viewId, deps);
  await deps.recordCheck(company.id, { kind: 'access', result: accessResult(answer) });
  return answer;
}

async function accessAnswer(company: CompanyRecord, actor: Actor, viewId: string, deps: AnalyticsDeps): Promise<AccessCheckAnswer> {
  const provider = await deps.provider();
  const access = await attempt(() => provider.checkAccess(viewId));
  if (!access.ok) return refusedAccess(access.code, access.message);

  let viewIdStored = false;
  let trafficImported: number | null = null;
  if (!company.viewId) {
    // Another company storing this View ID since ensureOwnView: refused like it (400, nothing stored).
    viewIdStored = await storingViewId('view_id', () => deps.storeFirst(company.id, 'viewId', viewId));
    if (viewIdStored) {
      // The view id is stored and the step is done even when this import fails: the UTM page re-imports (POST /api/analytics/utms).
      const traffic = await attempt(() => provider.utmTraffic(viewId));
      if (traffic.ok) trafficImported = await deps.replaceTraffic(company.id, traffic.value);
    }
  }
  await deps.completeStep(company, actor, 'ga_access');
  return {
    code: 200,
    errors: [],
    total: access.value.sessions,
    property: { id: access.value.id, name: access.value.name },
    viewIdStored,
    trafficImported,
  };
}

/** POST /api/analytics/utms: the property's UTM traffic of the last days replaces the company's imported rows. */
export async function importUtms(company: CompanyRecord, viewId: string, deps: AnalyticsDeps = defaults): Promise<AccessCheckAnswer> {
  await ensureOwnView(company, viewId, deps.viewOwners);
  const provider = await deps.provider();
  const traffic = await attempt(() => provider.utmTraffic(viewId));
  if (!traffic.ok) return refusedAccess(traffic.code, traffic.message);
  const imported = await deps.replaceTraffic(company.id, traffic.value);
  return { code: 200, errors: [], total: imported, property: null, viewIdStored: false, trafficImported: imported };
}

export interface DimensionCheckRequest {
  viewId: string;
  /** 1-based position in the property's custom dimensions (digits, validated by the schema). */
  dimension: string;
  method: DimensionMethod;
  /** method events: the event name. */
  eventAction?: string;
}

const emptyDimensionAnswer = (method: DimensionMethod, code: AnalyticsCode, message: string, dimension: ResolvedDimension | null = null): DimensionCheckAnswer => ({
  code,
  errors: [{ message }],
  method,
  dimension,
  sessions: null,
  transactions: null,
  events: null,
  non_standard_format: null,
  dimensionIndexStored: false,
});

const unknownDimensionMessage = (index: number, count: number): string =>
  count === 0
    ? `Custom dimension ${index} does not exist: the property has no custom dimension (Admin > Custom definitions in Google Analytics).`
    : `Custom dimension ${index} does not exist: the property has ${count} custom dimension${count === 1 ? '' : 's'} (1 to ${count}).`;

/** POST /api/analytics/dimension (method dimension) and /api/analytics/events (method events). */
export async function checkDimension(company: CompanyRecord, actor: Actor, request: DimensionCheckRequest, deps: AnalyticsDeps = defaults): Promise<DimensionCheckAnswer> {
  await ensureOwnView(company, request.viewId, deps.viewOwners);
  const answer = await dimensionAnswer(company, actor, request, deps);
  await deps.recordCheck(company.id, { kind: 'dimension', result: dimensionResult(answer) });
  return answer;
}

async function dimensionAnswer(company: CompanyRecord, actor: Actor, request: DimensionCheckRequest, deps: AnalyticsDeps): Promise<DimensionCheckAnswer> {
  const { viewId, method } = request;
  const index = Number.parseInt(request.dimension, 10);
  const provider = await deps.provider();

  const list = await attempt(() => provider.customDimensions(viewId));
  if (!list.ok) return emptyDimensionAnswer(method, list.code, list.message);
  const found = list.value[index - 1];
  if (!found) return emptyDimensionAnswer(method, 404, unknownDimensionMessage(index, list.value.length));
  const dimension: ResolvedDimension = { index, ...found };

  const figures = await attempt(async () => {
    const standard = deps.standardFormat();
    const [counts, nonStandard] = await Promise.all([
      method === 'events'
        ? provider.eventCounts(viewId, found, request.eventAction ?? '', NON_STANDARD_EXAMPLES)
        : provider.dimensionCounts(viewId, found),
      provider.nonStandardValues(viewId, found, standard, NON_STANDARD_EXAMPLES),
    ]);
    return { counts, nonStandard };
  });
  if (!figures.ok) return emptyDimensionAnswer(method, figures.code, figures.message, dimension);
  const { counts, nonStandard } = figures.value;

  const answer: DimensionCheckAnswer = {
    code: 200,
    errors: [],
    method,
    dimension,
    sessions: coverage(counts.sessions.withDimension, counts.sessions.total),
    transactions: 'transactions' in counts ? coverage(counts.transactions.withDimension, counts.transactions.total) : null,
    events:
      'events' in counts
        ? { ...coverage(counts.events.withDimension, counts.events.total), unique: counts.events.unique, items: counts.events.items.slice(0, NON_STANDARD_EXAMPLES) }
        : null,
    non_standard_format: nonStandard.total > 0 ? { items: nonStandard.items.slice(0, NON_STANDARD_EXAMPLES), total: nonStandard.total } : null,
    dimensionIndexStored: false,
  };
  // "Successful": answered and measured (low or success), not a check whose figures are missing.
  if (!company.dimensionIndex && dimensionVerdict(answer) !== 'error') answer.dimensionIndexStored = await deps.storeFirst(company.id, 'dimensionIndex', String(index));
  if (dimensionStepDone(answer)) {
    await deps.completeStep(company, actor, 'ga_dimension');
    // The visible Google Analytics step (docs/product.md): access granted (a measured dimension proves it) and the dimension set well.
    await deps.completeStep(company, actor, 'google_analytics');
  }
  return answer;
}
