import { feedKindOf } from '../feed/types';
import type { Product, Role, StepStatus, StepType } from './types';

/**
 * The integration-step engine: pure rules shared by the server (what may change) and the
 * dashboard (what it shows). Specs: integration-steps section 4, accounts-and-administration
 * section "States and transitions" (summarised in docs/product.md).
 */

export const STEP_STATUSES: readonly StepStatus[] = ['TBD', 'done', 'not_mandatory'];

/** What the dashboard shows for a step: its status, or 'in_process' (sources under way). */
export type StepDisplay = StepStatus | 'in_process';

export interface IntegrationStep {
  stepType: StepType;
  status: StepStatus;
  /** ISO time of the last status change; null until the first (shown as '-'). */
  updated: string | null;
}

/**
 * Steps completed by the checks of their pages (analytics, UTM rules): never by a button. They are
 * the spec's hidden steps: the companies' steps dialog offers them apart from the others.
 */
export const AUTOMATIC_STEPS: readonly StepType[] = ['ga_access', 'ga_dimension', 'utm_rules'];

/** Data platforms documented by an instruction page; completed after an e-mail confirmation. */
const INSTRUCTION_STEPS = ['adobe_analytics', 'matomo_analytics', 'firebase_analytics', 'piano_analytics', 'salesforce_crm'] as const;
export type InstructionStep = (typeof INSTRUCTION_STEPS)[number];
export const isInstructionStep = (step: StepType): step is InstructionStep => (INSTRUCTION_STEPS as readonly StepType[]).includes(step);

/** Integration is complete when no step is left to be done (not_mandatory steps do not block). */
export const isIntegrationComplete = (steps: readonly Pick<IntegrationStep, 'status'>[]): boolean => steps.every((s) => s.status !== 'TBD');

/**
 * Progress in percent (0-100, rounded): done steps / the steps that need doing, with a numerator
 * of at least 0.4 when none is done (spec), so a fresh company sees a sliver of progress rather
 * than an empty bar. A not_mandatory step needs no doing: it counts on neither side, so an
 * integration that is complete (no step TBD) always reads 100, never "83 %" beside "validate".
 * A company with nothing to do (no steps, or only not_mandatory ones) is at 100.
 */
export function progressPercent(steps: readonly Pick<IntegrationStep, 'status'>[]): number {
  const needed = steps.filter((s) => s.status !== 'not_mandatory');
  if (needed.length === 0) return 100;
  const done = needed.filter((s) => s.status === 'done').length;
  // Stryker disable next-line ConditionalExpression: with done >= 1, max(done, 0.4) is done: the same figure
  return Math.round((Math.max(done, done === 0 ? 0.4 : 0) / needed.length) * 100);
}

export type ProgressColour = 'green' | 'yellow' | 'red';

export const progressColour = (percent: number): ProgressColour => (percent >= 75 ? 'green' : percent >= 50 ? 'yellow' : 'red');

/**
 * The sources step is shown in process once the customer has started: for product 360 with at
 * least one source, for affiliates with more than 3 (an affiliate needs its networks listed).
 */
export function stepDisplay(step: Pick<IntegrationStep, 'stepType' | 'status'>, facts: { product: Product; sourceCount: number }): StepDisplay {
  if (step.stepType === 'sources' && step.status === 'TBD') {
    if (facts.product === '360' && facts.sourceCount >= 1) return 'in_process';
    if (facts.product === 'affiliate' && facts.sourceCount > 3) return 'in_process';
  }
  return step.status;
}

/** Steps sorted by their status text (TBD, done, not_mandatory), then in their company order. */
export function sortSteps<S extends Pick<IntegrationStep, 'status'>>(steps: readonly S[]): S[] {
  return steps
    .map((step, index) => ({ step, index }))
    // Stryker disable next-line ConditionalExpression,EqualityOperator,ArithmeticOperator: Array.prototype.sort is stable, so the tie-break by index only restates it (a 120-step list in the tests keeps its order under each mutant)
    .sort((a, b) => (a.step.status < b.step.status ? -1 : a.step.status > b.step.status ? 1 : a.index - b.index))
    .map(({ step }) => step);
}

/** What the server knows when a status change is asked for. */
export interface StatusChangeFacts {
  role: Role;
  product: Product;
  sourceCount: number;
  /** The newest feed check with a report raised no critical warning (status_feed may then be completed by hand). */
  feedChecked: boolean;
  /** The customer says the orders come another way than a feed (spec: completing status_feed without a feed). */
  otherConnection?: boolean;
  /** The change comes from a check of the server (analytics, UTM, feed), not from a person. */
  byCheck?: boolean;
}

export type StatusChangeRefusal =
  | 'admin-only-reset'
  | 'not-manual'
  | 'no-sources'
  | 'affiliate-three-sources'
  | 'feed-not-checked'
  | 'unchanged'
  | 'admin-only';

/** The message id that explains each refusal (server answers and the pages' disabled buttons say the same). */
export const REFUSAL_MESSAGES: Record<StatusChangeRefusal, string> = {
  'admin-only-reset': 'validation.step.adminOnlyReset',
  'admin-only': 'validation.step.adminOnly',
  'not-manual': 'validation.step.notManual',
  'no-sources': 'validation.step.noSources',
  'affiliate-three-sources': 'validation.step.affiliateThreeSources',
  'feed-not-checked': 'validation.step.feedNotChecked',
  unchanged: 'validation.step.unchanged',
};

/**
 * Whether a step may go from `from` to `to`. null when allowed, else the reason (a message id
 * suffix, `steps.refused.<reason>`).
 * - Only an administrator sets a done step back to TBD, or touches not_mandatory (company setup).
 * - Checks complete their own steps (ga_access, ga_dimension, utm_rules, status_feed).
 * - By hand: sources (at least one source; affiliates not at exactly 3), collector,
 *   commission_rules, status_feed after a feed check, instruction steps (after their e-mail
 *   confirmation, which is the call itself). Automatic steps never by hand.
 */
export function statusChangeRefusal(stepType: StepType, from: StepStatus, to: StepStatus, facts: StatusChangeFacts): StatusChangeRefusal | null {
  if (from === to) return 'unchanged';
  const admin = facts.role === 'ROLE_ADMIN';
  if (to === 'TBD') return admin ? null : from === 'done' ? 'admin-only-reset' : 'admin-only';
  if (to === 'not_mandatory' || from === 'not_mandatory') return admin ? null : 'admin-only';
  // to === 'done'
  if (facts.byCheck) return null;
  if (AUTOMATIC_STEPS.includes(stepType) || stepType === 'google_analytics') return admin ? null : 'not-manual';
  switch (stepType) {
    case 'sources':
      if (facts.sourceCount < 1) return 'no-sources';
      if (facts.product === 'affiliate' && facts.sourceCount === 3) return 'affiliate-three-sources';
      return null;
    case 'status_feed':
      return facts.feedChecked || facts.otherConnection || admin ? null : 'feed-not-checked';
    default:
      return null; // collector, commission_rules, instruction steps
  }
}

/** English step names, as the integration team reads them in notifications (the UI uses its catalogues). */
const STEP_NAMES: Readonly<Record<StepType, string>> = {
  google_analytics: 'Google Analytics',
  adobe_analytics: 'Adobe Analytics',
  matomo_analytics: 'Matomo Analytics',
  firebase_analytics: 'Firebase Analytics',
  piano_analytics: 'Piano Analytics',
  sources: 'Sources',
  collector: 'Collector',
  status_feed: 'Order Feed',
  salesforce_crm: 'Salesforce CRM',
  commission_rules: 'Affiliate Commission',
  ga_access: 'Google Analytics access',
  ga_dimension: 'Google Analytics custom dimension',
  utm_rules: 'UTM rules',
};

/** A step's English name for the company: its feed is a lead feed unless it is a 360 company. */
export const stepNameFor = (stepType: StepType, product: Product): string =>
  stepType === 'status_feed' && feedKindOf(product) === 'lead' ? 'Lead Feed' : STEP_NAMES[stepType];
