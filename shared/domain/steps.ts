import type { Product, StepType } from './types';

/** Steps every new company gets unless the admin picks others (spec: companies admin). */
export const DEFAULT_STEPS: readonly StepType[] = ['google_analytics', 'sources', 'collector', 'status_feed'];

const ANALYTICS_STEPS: readonly StepType[] = [
  'google_analytics',
  'adobe_analytics',
  'matomo_analytics',
  'firebase_analytics',
  'piano_analytics',
];

/** Default steps of a product: affiliates also set their commission rules. */
export function defaultStepsFor(product: Product): StepType[] {
  return product === 'affiliate' ? [...DEFAULT_STEPS, 'commission_rules'] : [...DEFAULT_STEPS];
}

/** On create, analytics steps come first (spec), the rest keep their order; no duplicates. */
export function orderSteps(steps: readonly StepType[]): StepType[] {
  const unique = [...new Set(steps)];
  return [...unique.filter((s) => ANALYTICS_STEPS.includes(s)), ...unique.filter((s) => !ANALYTICS_STEPS.includes(s))];
}
