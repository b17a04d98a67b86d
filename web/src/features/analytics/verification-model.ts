import {
  accessResult,
  dimensionResult,
  VIEW_ID_MIN_LENGTH,
  type AccessCheckAnswer,
  type AccessCheckResult,
  type DimensionCheckResult,
  type DimensionCheckAnswer,
  type DimensionMethod,
  type VerificationType,
} from 'shared/domain/analytics';
import type { IntegrationStatus, StepStatus, StepType } from 'shared/domain/types';
import { analyticsAccessSchema, analyticsDimensionSchema, analyticsEventsSchema } from 'shared/schemas/analytics';
import { ApiError } from '../../lib/api/client';

/**
 * The verification pages' rules (spec "Analytics access", "Custom dimension", sections 4, 5 and
 * 9), apart from React: which fields a page shows and enables, when Check is enabled, what a
 * check runs, and which status a card shows. The three pages are one form in three modes:
 * `combined` (/analytics, with the Verification Type), `access` and `dimension`.
 */

export type VerificationMode = 'combined' | 'access' | 'dimension';

export interface VerificationValues {
  type: VerificationType;
  view_id: string;
  dimension: string;
  method: DimensionMethod;
  event_action: string;
}

export const initialValues = (stored: { viewId?: string | null; dimensionIndex?: string | null } = {}): VerificationValues => ({
  type: 'accessdimension',
  view_id: stored.viewId ?? '',
  dimension: stored.dimensionIndex ?? '',
  method: 'dimension',
  event_action: '',
});

/** The mode's page runs the access check (the dimension page does not: its 403 answer says it). */
export const runsAccess = (mode: VerificationMode) => mode !== 'dimension';

/** The dimension fields count: the dimension page, or the combined page in Access & Dimension. */
export const runsDimension = (mode: VerificationMode, values: VerificationValues) =>
  mode === 'dimension' || (mode === 'combined' && values.type === 'accessdimension');

/** Method and event action are disabled in Access Only; event action also for the Transactions method. */
export const methodEnabled = (mode: VerificationMode, values: VerificationValues) => runsDimension(mode, values);
export const eventActionEnabled = (mode: VerificationMode, values: VerificationValues) => runsDimension(mode, values) && values.method === 'events';

/**
 * Spec 5: Check is disabled when the view id has fewer than 5 characters, (dimension checked) the
 * dimension is empty, the method is events with an empty event action, or a check is running.
 */
export function canCheck(mode: VerificationMode, values: VerificationValues, loading: boolean): boolean {
  if (loading) return false;
  if (values.view_id.trim().length < VIEW_ID_MIN_LENGTH) return false;
  if (!runsDimension(mode, values)) return true;
  if (values.dimension.trim() === '') return false;
  return values.method !== 'events' || values.event_action.trim() !== '';
}

/** Typing a dimension while in Access Only switches back to Access & Dimension (spec 2). */
export const typeAfterDimensionInput = (type: VerificationType, dimension: string): VerificationType =>
  type === 'access' && dimension !== '' ? 'accessdimension' : type;

/** The shared request schema of what the check will send (the handlers validate with the same). */
export function schemaFor(mode: VerificationMode, values: VerificationValues) {
  if (!runsDimension(mode, values)) return analyticsAccessSchema;
  return values.method === 'events' ? analyticsEventsSchema : analyticsDimensionSchema;
}

/** How one call stands on the page. `failed`: the call itself failed (network, HTTP error), not Google's refusal. */
export type Outcome<A> = { state: 'idle' } | { state: 'loading' } | { state: 'answered'; answer: A } | { state: 'failed'; error: unknown };
export const IDLE = { state: 'idle' } as const;

/** `conflict`: the check was refused because another company holds the View ID; Google was not asked. */
export type AccessView = 'todo' | 'loading' | 'granted' | 'denied' | 'conflict' | 'completed';
export type DimensionView = 'todo' | 'loading' | 'success' | 'low' | 'error' | 'denied' | 'conflict' | 'completed';

/**
 * The server's 400 for a View ID another company holds (functions/core/analytics/view-owner.ts).
 * It is a conflict between companies, said as such: "Access denied" would send the customer to
 * grant an access that would change nothing.
 */
const isViewIdConflict = (error: unknown): boolean => error instanceof ApiError && error.fieldErrors.view_id === 'validation.analytics.viewIdTaken';

/**
 * What the company's stored facts say of one check kind, for a page opened without a check of
 * this visit: `step` is the company's own ga_access / ga_dimension step (undefined when its step
 * list leaves the step out, as the default lists do), `googleAnalytics` the visible step that a
 * passing dimension check completes, `last` the card the last check produced (kept by the server).
 */
export interface StoredCheckFacts<R> {
  step: StepStatus | null | undefined;
  googleAnalytics: StepStatus | null | undefined;
  last: { at: string; result: R } | null | undefined;
}

/**
 * The card when no check of this visit answered, for every mix of steps: the company's own step
 * when it has one (Stage Completed or To be verified); otherwise a done Google Analytics step
 * (the dashboard says completed, so does the page); otherwise what the last check showed.
 */
function storedView<R extends string>(facts: StoredCheckFacts<R>): 'todo' | 'completed' | R {
  if (facts.step !== undefined && facts.step !== null) return facts.step === 'done' ? 'completed' : 'todo';
  if (facts.googleAnalytics === 'done') return 'completed';
  return facts.last?.result ?? 'todo';
}

/** Spec 4 and 8: granted when the check returns without errors; denied when it fails or has errors. */
export function accessView(outcome: Outcome<AccessCheckAnswer>, facts: StoredCheckFacts<AccessCheckResult>): AccessView {
  switch (outcome.state) {
    case 'loading':
      return 'loading';
    case 'failed':
      return isViewIdConflict(outcome.error) ? 'conflict' : 'denied';
    case 'answered':
      return accessResult(outcome.answer);
    default:
      return storedView(facts);
  }
}

/** Spec 4's verdict; spec 8: code 403 is the access-denied case, not an error. */
export function dimensionView(outcome: Outcome<DimensionCheckAnswer>, facts: StoredCheckFacts<DimensionCheckResult>): DimensionView {
  switch (outcome.state) {
    case 'loading':
      return 'loading';
    case 'failed':
      return isViewIdConflict(outcome.error) ? 'conflict' : 'error';
    case 'answered':
      return dimensionResult(outcome.answer);
    default:
      return storedView(facts);
  }
}

/** When the card shown is the last check's (no check of this visit, no step deciding): that check's time. */
export function lastCheckAt<R>(outcome: Outcome<unknown>, view: string, facts: StoredCheckFacts<R>): string | undefined {
  if (outcome.state !== 'idle' || !facts.last || view !== facts.last.result) return undefined;
  return facts.last.at;
}

/** The stored facts of the page's two cards, from the integration status (steps and last checks). */
export function storedFacts(status: IntegrationStatus | undefined) {
  const stepOf = (type: StepType) => status?.steps.find((s) => s.stepType === type)?.status;
  const googleAnalytics = stepOf('google_analytics');
  return {
    access: { step: stepOf('ga_access'), googleAnalytics, last: status?.analytics?.access } satisfies StoredCheckFacts<AccessCheckResult>,
    dimension: { step: stepOf('ga_dimension'), googleAnalytics, last: status?.analytics?.dimension } satisfies StoredCheckFacts<DimensionCheckResult>,
  };
}

/** The combined page shows the access card too while access matters: checked or done, and the dimension not yet good. */
export function showsAccessCard(mode: VerificationMode, values: VerificationValues, access: AccessView, dimension: DimensionView): boolean {
  if (mode === 'access') return true;
  if (mode === 'dimension') return false;
  if (values.type === 'access') return true;
  return access !== 'todo' && dimension !== 'success' && dimension !== 'completed';
}
