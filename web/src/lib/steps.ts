import type { StepDisplay } from 'shared/domain/integration';
import type { StepType } from 'shared/domain/types';
import type { MessageId } from '../i18n/messages/en';

/** The page where each step is worked on (instruction steps: their instruction page). */
export const STEP_PAGES: Readonly<Record<StepType, string>> = {
  google_analytics: '/analytics',
  ga_access: '/analytics/access',
  ga_dimension: '/analytics/custom-dimension',
  sources: '/marketing/sources',
  collector: '/marketing/collector',
  status_feed: '/crm/order-feed',
  utm_rules: '/marketing/utm-management',
  commission_rules: '/marketing/commissions',
  adobe_analytics: '/instructions/adobe_analytics',
  matomo_analytics: '/instructions/matomo_analytics',
  firebase_analytics: '/instructions/firebase_analytics',
  piano_analytics: '/instructions/piano_analytics',
  salesforce_crm: '/instructions/salesforce_crm',
};

/** Step names as the UI shows them (status_feed is the order feed, or the lead feed for non-360 companies). */
export const stepNameId = (step: StepType, product?: string): MessageId =>
  step === 'status_feed' && product && product !== '360' ? 'step.name.status_feed_lead' : (`step.name.${step}` satisfies MessageId);

export const stepStatusId = (status: StepDisplay): MessageId => `step.status.${status}` satisfies MessageId;
