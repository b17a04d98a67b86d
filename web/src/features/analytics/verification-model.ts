import {
  dimensionVerdict,
  VIEW_ID_MIN_LENGTH,
  type AccessCheckAnswer,
  type DimensionCheckAnswer,
  type DimensionMethod,
  type VerificationType,
} from 'shared/domain/analytics';
import type { StepStatus } from 'shared/domain/types';
import { analyticsAccessSchema, analyticsDimensionSchema, analyticsEventsSchema } from 'shared/schemas/analytics';

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

export type AccessView = 'todo' | 'loading' | 'granted' | 'denied' | 'completed';
export type DimensionView = 'todo' | 'loading' | 'success' | 'low' | 'error' | 'denied' | 'completed';

/** Spec 4 and 8: granted when the check returns without errors; denied when it fails or has errors. */
export function accessView(outcome: Outcome<AccessCheckAnswer>, step: StepStatus | null | undefined): AccessView {
  switch (outcome.state) {
    case 'loading':
      return 'loading';
    case 'failed':
      return 'denied';
    case 'answered':
      return outcome.answer.code === 200 && outcome.answer.errors.length === 0 ? 'granted' : 'denied';
    default:
      return step === 'done' ? 'completed' : 'todo';
  }
}

/** Spec 4's verdict; spec 8: code 403 is the access-denied case, not an error. */
export function dimensionView(outcome: Outcome<DimensionCheckAnswer>, step: StepStatus | null | undefined): DimensionView {
  switch (outcome.state) {
    case 'loading':
      return 'loading';
    case 'failed':
      return 'error';
    case 'answered':
      if (outcome.answer.code === 403) return 'denied';
      return dimensionVerdict(outcome.answer) as Exclude<ReturnType<typeof dimensionVerdict>, 'undefined'>;
    default:
      return step === 'done' ? 'completed' : 'todo';
  }
}

/** The combined page shows the access card too while access matters: checked or done, and the dimension not yet good. */
export function showsAccessCard(mode: VerificationMode, values: VerificationValues, access: AccessView, dimension: DimensionView): boolean {
  if (mode === 'access') return true;
  if (mode === 'dimension') return false;
  if (values.type === 'access') return true;
  return access !== 'todo' && dimension !== 'success' && dimension !== 'completed';
}
