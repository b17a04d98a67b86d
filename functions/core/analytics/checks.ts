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
import type { OtherResource, StepType } from '../../../shared/domain/types';
import * as analyticsChecksRepo from '../../data/analytics-checks';
import type { CompanyRecord } from '../../data/companies';
import * as companiesRepo from '../../data/companies';
import { ValidationError } from '../../platform/errors';
import { claimResource, whoseResource, type Claim, type Whose } from '../integration/own-resource';
import { changeStepStatus, type Actor } from '../integration/steps';
import { attempt } from './attempt';
import { ensureOwnView, storingViewId } from './view-owner';
import { analyticsProvider, standardFormat, type AnalyticsProvider } from './provider';
import { refreshTraffic, refreshTrafficIfStale, type TrafficImportOutcome } from './traffic-import';

/**
 * The analytics checks (spec "Analytics access", "Custom dimension"; section 4's automatic
 * completion and first-time storage). A refusal or failure of the analytics tool is an ANSWER
 * (HTTP 200 with `code` and Google's message in `errors`), so the page shows the server's words.
 *
 * Every check is about the company's stored View ID and dimension index, or stores them the
 * first time (integration/own-resource.ts); a check of another one answers `otherResource` and
 * changes nothing.
 *
 * - access: ga_access done when the check returns without errors; the first such check of a
 *   company without a stored view id stores it; the stored property's UTM traffic is imported
 *   when missing or older than a day (traffic-import.ts).
 * - dimension / events: the index picks the property's N-th custom dimension; ga_dimension done
 *   by `dimensionStepDone`, and with it the visible google_analytics step; the first measured
 *   check (verdict low or success) stores the View ID and the dimension index when none is stored.
 */

export interface AnalyticsDeps {
  provider(): Promise<AnalyticsProvider>;
  standardFormat(): RegExp;
  /** Stores the field only while it is empty; false when someone stored one first (a View ID another company holds: data's ViewIdTakenError). */
  storeFirst(companyId: string, field: 'viewId' | 'dimensionIndex', value: string): Promise<boolean>;
  /** The field as stored now (after a first-time storage lost to another check). */
  storedField(companyId: string, field: 'viewId' | 'dimensionIndex'): Promise<string | null>;
  /** Ids of the companies whose stored View ID this is (view-owner.ts). */
  viewOwners(viewId: string): Promise<string[]>;
  /** traffic-import.ts: the stored property's traffic when missing or older than a day. */
  refreshTrafficIfStale(company: CompanyRecord, actor: Actor): Promise<TrafficImportOutcome | null>;
  /** traffic-import.ts: the stored property's traffic, now. */
  refreshTraffic(company: CompanyRecord, actor: Actor): Promise<TrafficImportOutcome>;
  completeStep(company: CompanyRecord, actor: Actor, stepType: StepType): Promise<void>;
  /** Keeps what the check showed (the cards of a page opened later read it). */
  recordCheck(companyId: string, check: { kind: 'access'; result: AccessCheckResult } | { kind: 'dimension'; result: DimensionCheckResult }): Promise<void>;
}

const defaults: AnalyticsDeps = {
  provider: analyticsProvider,
  standardFormat,
  storeFirst: companiesRepo.storeCompanyFieldOnce,
  storedField: async (companyId, field) => (await companiesRepo.getCompany(companyId))?.[field] ?? null,
  viewOwners: companiesRepo.companiesWithViewId,
  refreshTrafficIfStale: (company, actor) => refreshTrafficIfStale(company, actor),
  refreshTraffic: (company, actor) => refreshTraffic(company, actor),
  completeStep: async (company, actor, stepType) => {
    // Only a company whose step list has the step (custom lists may leave it out).
    if (!company.integrationSteps?.includes(stepType)) return;
    // Through the step engine: conditional (one transition among concurrent checks) and the team's mail.
    await changeStepStatus(company, actor, { stepType, status: 'done', byCheck: true });
  },
  recordCheck: (companyId, check) => analyticsChecksRepo.recordAnalyticsCheck(companyId, check, new Date().toISOString()),
};

const refusedAccess = (code: AnalyticsCode, message: string, otherResource: OtherResource | null): AccessCheckAnswer => ({
  code,
  errors: [{ message }],
  total: null,
  property: null,
  viewIdStored: false,
  trafficImported: null,
  otherResource,
});

const otherOf = (whose: Whose): OtherResource | null => (whose.is === 'other' ? whose.other : null);

/** The View ID's first-time storage (own-resource.ts): of concurrent checks one stores; another company's is the 400 of view-owner.ts. */
const claimViewId = (company: CompanyRecord, viewId: string, mayStore: boolean, deps: AnalyticsDeps): Promise<Claim> =>
  claimResource('viewId', company, viewId, mayStore, {
    storeFirst: () => storingViewId('view_id', () => deps.storeFirst(company.id, 'viewId', viewId)),
    reread: () => deps.storedField(company.id, 'viewId'),
  });

/** POST /api/analytics/access. */
export async function checkAccess(company: CompanyRecord, actor: Actor, viewId: string, deps: AnalyticsDeps = defaults): Promise<AccessCheckAnswer> {
  await ensureOwnView(company, viewId, deps.viewOwners);
  const answer = await accessAnswer(company, actor, viewId, deps);
  // A check of another property leaves the cards as the company's own checks left them.
  if (!answer.otherResource) await deps.recordCheck(company.id, { kind: 'access', result: accessResult(answer) });
  return answer;
}

async function accessAnswer(company: CompanyRecord, actor: Actor, viewId: string, deps: AnalyticsDeps): Promise<AccessCheckAnswer> {
  const provider = await deps.provider();
  const access = await attempt(() => provider.checkAccess(viewId));
  if (!access.ok) return refusedAccess(access.code, access.message, otherOf(whoseResource('viewId', company.viewId, viewId)));

  const answer: AccessCheckAnswer = {
    code: 200,
    errors: [],
    total: access.value.sessions,
    property: { id: access.value.id, name: access.value.name },
    viewIdStored: false,
    trafficImported: null,
    otherResource: null,
  };
  const claim = await claimViewId(company, viewId, true, deps);
  if (!claim.own) return { ...answer, otherResource: claim.otherResource };
  answer.viewIdStored = claim.storedNow;
  // The stored property's traffic, when missing or older than a day: utm_rules completes from it.
  const traffic = await deps.refreshTrafficIfStale({ ...company, viewId }, actor);
  if (traffic?.ok) answer.trafficImported = traffic.rows;
  await deps.completeStep(company, actor, 'ga_access');
  return answer;
}

/**
 * POST /api/analytics/utms, the UTM page's "Import again": the stored property's UTM traffic of
 * the last days replaces the company's rows, then utm_rules is re-evaluated. A View ID other than
 * the stored one imports nothing (`otherResource`); with none stored, the access check comes first.
 */
export async function importUtms(company: CompanyRecord, actor: Actor, viewId: string, deps: AnalyticsDeps = defaults): Promise<AccessCheckAnswer> {
  await ensureOwnView(company, viewId, deps.viewOwners);
  const whose = whoseResource('viewId', company.viewId, viewId);
  if (whose.is === 'unclaimed') throw new ValidationError({ view_id: 'validation.analytics.accessFirst' }, 'No View ID is stored yet: check the access to the property first');
  if (whose.is === 'other') return { code: 200, errors: [], total: null, property: null, viewIdStored: false, trafficImported: null, otherResource: whose.other };
  const imported = await deps.refreshTraffic(company, actor);
  if (!imported.ok) return refusedAccess(imported.code, imported.message, null);
  return { code: 200, errors: [], total: imported.rows, property: null, viewIdStored: false, trafficImported: imported.rows, otherResource: null };
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
  otherResource: null,
});

const unknownDimensionMessage = (index: number, count: number): string =>
  count === 0
    ? `Custom dimension ${index} does not exist: the property has no custom dimension (Admin > Custom definitions in Google Analytics).`
    : `Custom dimension ${index} does not exist: the property has ${count} custom dimension${count === 1 ? '' : 's'} (1 to ${count}).`;

/** POST /api/analytics/dimension (method dimension) and /api/analytics/events (method events). */
export async function checkDimension(company: CompanyRecord, actor: Actor, request: DimensionCheckRequest, deps: AnalyticsDeps = defaults): Promise<DimensionCheckAnswer> {
  await ensureOwnView(company, request.viewId, deps.viewOwners);
  const measured = await dimensionAnswer(company, request, deps);
  const answer = measured.otherResource ? measured : await settleDimension(company, actor, request, measured, deps);
  // A check of another property or dimension leaves the cards as the company's own checks left them.
  if (!answer.otherResource) await deps.recordCheck(company.id, { kind: 'dimension', result: dimensionResult(answer) });
  return answer;
}

/**
 * A dimension check is about the stored View ID and the stored dimension index (own-resource.ts):
 * a measured answer (verdict low or success) stores either when none is stored (a View ID stored
 * so imports the property's traffic, as the access check's does); a check of another property or
 * another dimension completes nothing.
 */
async function settleDimension(company: CompanyRecord, actor: Actor, request: DimensionCheckRequest, answer: DimensionCheckAnswer, deps: AnalyticsDeps): Promise<DimensionCheckAnswer> {
  const measured = dimensionVerdict(answer) !== 'error';
  const view = await claimViewId(company, request.viewId, measured, deps);
  if (!view.own) return { ...answer, otherResource: view.otherResource };
  if (view.storedNow) await deps.refreshTrafficIfStale({ ...company, viewId: request.viewId }, actor);
  const index = String(Number.parseInt(request.dimension, 10));
  const dimension = await claimResource('dimensionIndex', company, index, measured, {
    storeFirst: () => deps.storeFirst(company.id, 'dimensionIndex', index),
    reread: () => deps.storedField(company.id, 'dimensionIndex'),
  });
  if (!dimension.own) return { ...answer, otherResource: dimension.otherResource };
  if (dimensionStepDone(answer)) {
    await deps.completeStep(company, actor, 'ga_dimension');
    // The visible Google Analytics step (docs/product.md): access granted (a measured dimension proves it) and the dimension set well.
    await deps.completeStep(company, actor, 'google_analytics');
  }
  return { ...answer, dimensionIndexStored: dimension.storedNow };
}

async function dimensionAnswer(company: CompanyRecord, request: DimensionCheckRequest, deps: AnalyticsDeps): Promise<DimensionCheckAnswer> {
  const { viewId, method } = request;
  const index = Number.parseInt(request.dimension, 10);
  const provider = await deps.provider();
  // Refused or unmeasured answers store nothing; one about another resource still says so.
  const other = otherOf(whoseResource('viewId', company.viewId, viewId)) ?? otherOf(whoseResource('dimensionIndex', company.dimensionIndex, String(index)));
  const unanswered = (answer: DimensionCheckAnswer): DimensionCheckAnswer => ({ ...answer, otherResource: other });

  const list = await attempt(() => provider.customDimensions(viewId));
  if (!list.ok) return unanswered(emptyDimensionAnswer(method, list.code, list.message));
  const found = list.value[index - 1];
  if (!found) return unanswered(emptyDimensionAnswer(method, 404, unknownDimensionMessage(index, list.value.length)));
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
  if (!figures.ok) return unanswered(emptyDimensionAnswer(method, figures.code, figures.message, dimension));
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
    otherResource: null,
  };
  return answer;
}
