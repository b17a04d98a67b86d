/** Types of the API answers shared by the web app and the handlers (see docs/conventions.md). */

export type Role = 'ROLE_USER' | 'ROLE_MANAGER' | 'ROLE_ADMIN';
export const ROLES: readonly Role[] = ['ROLE_USER', 'ROLE_MANAGER', 'ROLE_ADMIN'];

export type Product = '360' | 'affiliate' | 'lead';
export const PRODUCTS: readonly Product[] = ['360', 'affiliate', 'lead'];

/** The company form offers FR first and RU as default. */
export const COUNTRIES = ['FR', 'RU', 'DE', 'GB'] as const;
export type Country = (typeof COUNTRIES)[number];

export const STEP_TYPES = [
  'google_analytics',
  'adobe_analytics',
  'matomo_analytics',
  'firebase_analytics',
  'piano_analytics',
  'sources',
  'collector',
  'status_feed',
  'salesforce_crm',
  'commission_rules',
  'ga_access',
  'ga_dimension',
  'utm_rules',
] as const;
export type StepType = (typeof STEP_TYPES)[number];

export type StepStatus = 'TBD' | 'done' | 'not_mandatory';

export interface CompanySummary {
  id: string;
  name: string;
  product: Product;
  country: string;
}

export interface Company extends CompanySummary {
  viewId: string | null;
  dimensionIndex: string | null;
  orderFeedUrl: string | null;
  integrationSteps: StepType[];
  version: number;
}

export interface CurrentUser {
  id: string;
  login: string;
  firstName: string;
  lastName: string;
  role: Role;
  roles: Role[];
  company: CompanySummary;
  currentCompany: CompanySummary;
  managedCompanies: CompanySummary[];
}

export interface ApiError {
  message: string;
  code: string;
  errors?: Record<string, string>;
}

/** A meeting of the company with the platform's team (agenda). `datetime`: ISO 8601. */
export interface Meeting {
  id: string;
  name: string;
  /** One of 30m, 45m, 1h, 1h15m, 1h30m. */
  duration: string;
  datetime: string;
}

/** GET /api/integration-status: the current company's steps and the facts the step rules need. */
export interface IntegrationStatus {
  companyId: string;
  companyName: string;
  product: Product;
  /** Number of traffic sources (the sources step shows 'in process' from it). */
  sourceCount: number;
  /** The company ran an order/lead feed check (status_feed may then be completed by hand). */
  feedChecked: boolean;
  /** In the company's order (analytics first); the dashboard sorts them by status. */
  steps: Array<{ stepType: StepType; status: StepStatus; updated: string | null }>;
}

export type LoginAnswer =
  | { status: 'signed-in'; user: CurrentUser }
  | { status: 'new-password-required'; session: string };
