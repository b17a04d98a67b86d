/** Types of the API answers shared by the web app and the handlers (see docs/conventions.md). */
import type { AuditName } from './audit';
import type { LastAnalyticsChecks } from './analytics';
import type { HealthKind, HealthStatus } from './data-health';

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

/** The company's stored resources a check can be about (docs/analytics.md, "Which resource a check is about"). */
export type CheckedResourceKind = 'viewId' | 'dimensionIndex' | 'orderFeedUrl';

/**
 * In a check's answer: the check was about another resource than the company's stored one, so it
 * changed no step, stored nothing and mailed nobody. `stored` is the company's (a feed URL without
 * its login and password).
 */
export interface OtherResource {
  kind: CheckedResourceKind;
  stored: string;
}

export interface CompanySummary {
  id: string;
  name: string;
  product: Product;
  country: string;
}

/**
 * A company's match threshold when none is set: above this percentage of the tested day's orders
 * missing from analytics, the feed check warns (docs/order-feed.md, "Match rate").
 */
export const MATCH_THRESHOLD_DEFAULT = 20;

/**
 * A company's volume drop threshold when none is set: a day's orders or sessions more than this
 * percentage below the same weekday's usual figure is a data-health warning (docs/product.md, "Data health").
 */
export const VOLUME_DROP_DEFAULT = 50;

export interface Company extends CompanySummary {
  viewId: string | null;
  dimensionIndex: string | null;
  orderFeedUrl: string | null;
  /** Percent of the tested day's orders missing from analytics above which the feed check warns (absent: 20). */
  matchThreshold?: number;
  /** Percent below the usual day's orders or sessions at which the volume health kind warns (absent: 50). */
  volumeDropThreshold?: number;
  integrationSteps: StepType[];
  version: number;
  /** The platform team's own company (the default one): it cannot be deleted. */
  isDefault?: boolean;
}

/** Collector types of the spec ("Other" or "Affiliate"). */
export const COLLECTOR_TYPES = ['Other', 'Affiliate'] as const;
export type CollectorType = (typeof COLLECTOR_TYPES)[number];

/**
 * A default collector (admin list, suggested on every customer's collector page). `id` is made by
 * the client (a UUID the server checks and never lets collide); `comment` is JSON text holding
 * `{ en, ru, fr }` strings (the spec's wire format; shared/schemas/default-collectors.ts reads it).
 */
export interface DefaultCollector {
  id: string;
  name: string;
  accessEmail: string;
  type: CollectorType;
  comment: string;
  version: number;
}

/** Where a company's collector stands (spec: No, Ongoing, Yes; default No; freely changeable). */
export const COLLECTOR_STATUSES = ['No', 'Ongoing', 'Yes'] as const;
export type CollectorStatus = (typeof COLLECTOR_STATUSES)[number];

/** A company's data collector (a cost source the platform collects from); `id` is made by the server. */
export interface Collector {
  id: string;
  source: string;
  accessEmail: string;
  comment: string;
  /** A note on where the set-up stands (copied on copy). */
  commentStatus: string;
  configStatus: CollectorStatus;
  collectStatus: CollectorStatus;
  version: number;
}

/**
 * GET /api/collectors: one page of the company's collectors and the next page's cursor (null: the
 * last), with the counts of the whole list the step's card shows (pending: not both statuses Yes).
 */
export interface CollectorsPage {
  collectors: Collector[];
  next: string | null;
  counts: { total: number; pending: number };
}

/** GET /api/default-collectors: one page of the default collectors (or a picker's few matches) and the next page's cursor. */
export interface DefaultCollectorsPage {
  collectors: DefaultCollector[];
  next: string | null;
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
  /** An administrator who must set up an authenticator app first (ADMIN_MFA=required): only /mfa-setup opens. */
  mfaSetupRequired?: boolean;
  /** The account has an authenticator app (absent when not): the app page offers its removal. */
  mfaEnrolled?: boolean;
  /** Data-health alert e-mails to this user (on unless turned off in the profile). */
  healthAlerts?: boolean;
}

export interface ApiError {
  message: string;
  code: string;
  errors?: Record<string, string>;
}

/** Meeting durations the agenda offers (spec: 30m, 45m, 1h, 1h15m, 1h30m; default 30m). */
export const MEETING_DURATIONS = ['30m', '45m', '1h', '1h15m', '1h30m'] as const;
export type MeetingDuration = (typeof MEETING_DURATIONS)[number];

/** A meeting of the company with the platform's team (agenda). `datetime`: ISO 8601 (UTC). */
export interface Meeting {
  id: string;
  name: string;
  duration: MeetingDuration;
  datetime: string;
  /** Sent back on update and delete: a stale one gets 409. */
  version: number;
}

/** GET /api/integration-status: the current company's steps and the facts the step rules need. */
export interface IntegrationStatus {
  companyId: string;
  companyName: string;
  product: Product;
  /** Number of traffic sources (the sources step shows 'in process' from it). */
  sourceCount: number;
  /** The newest order/lead feed check with a report raised no critical warning (status_feed may then be completed by hand). */
  feedChecked: boolean;
  /** In the company's order (analytics first); the dashboard sorts them by status. */
  /** `note`: what the user said when completing the step another way (status_feed without a feed). */
  steps: Array<{ stepType: StepType; status: StepStatus; updated: string | null; note?: string }>;
  /** What the last analytics checks showed (the analytics pages' cards when there is no ga_* step). */
  analytics: LastAnalyticsChecks;
}

/** GET /api/integration-status/report: one step of one company (admin report across companies). */
export interface StatusReportRow {
  companyId: string;
  companyName: string;
  /** The company's product: its feed step is a lead feed unless it is 360. */
  product: Product;
  stepType: StepType;
  status: StepStatus;
  /** ISO time of the last status change; null until the first one. */
  updated: string | null;
  /** Completed another way: the user's note for the team ('' when they left none). */
  note?: string;
  /** The company's data health: the worst status of its kinds (shared/domain/data-health.ts). */
  health?: HealthStatus;
  /** The kinds a company user acknowledged and muted, apart from the health (which still counts them). */
  muted?: Array<{ kind: HealthKind; status: HealthStatus; until: string }>;
}

/** DELETE /api/companies/{id}: what the deletion removed, and the caller's current company after it. */
export interface CompanyDeletion {
  deleted: string;
  /** Items of the company's partition removed (record, steps, sources, rules...). */
  items: number;
  feedObjects: number;
  currentCompany: CompanySummary;
}

export type LoginAnswer =
  | { status: 'signed-in'; user: CurrentUser }
  | { status: 'new-password-required'; session: string }
  /** The account has an authenticator app: the 6-digit code goes to POST /api/security/mfa. */
  | { status: 'mfa-required'; session: string }
  /** An administrator without an authenticator app where the stage requires one: signed in for the enrolment only. */
  | { status: 'mfa-setup-required'; user: CurrentUser };

/** The secret of a new authenticator enrolment, and the otpauth:// URI its QR code carries. */
export interface MfaEnrolment {
  secret: string;
  uri: string;
}

/** One row of the users admin (GET /api/users). Companies by NAME for display; ids are stored. */
export interface AdminUser {
  id: string;
  login: string;
  firstName: string;
  lastName: string;
  role: Role;
  roles: Role[];
  /** Main company name. */
  company: string;
  /** Main company id: the users admin links the name to the company's edit page. */
  companyId: string;
  /** Managers: the managed companies; others: just the main company (names). In a list page at most 20, the rest counted in `managedMore`. */
  managedCompanies: string[];
  /** A list page's row: how many managed companies `managedCompanies` leaves out (absent: none). */
  managedMore?: number;
  /** ISO 8601 creation time. */
  created: string;
  /** ISO 8601: the last successful sign-in; null before the first. */
  lastSignIn: string | null;
  /** The configured protected administrator: no delete button, and the server refuses its deletion. */
  protected: boolean;
  version: number;
  /** The user has an authenticator app (absent when not): the edit page offers the administrator's reset. */
  mfaEnrolled?: boolean;
}

/**
 * An address SES reported as bounced hard (`bounce`) or marked as spam (`complaint`): the portal
 * sends it no mail until an administrator lifts it (GET/DELETE /api/users/{id}/mail-suppression).
 */
export interface MailSuppression {
  address: string;
  type: 'bounce' | 'complaint';
  /** What SES said: the bounce's subtype and diagnostic, or the complaint's feedback type. */
  reason: string;
  /** ISO 8601: when SES reported it. */
  at: string;
}

/** GET /api/users/{id}/mail-suppression: the user's address's suppression, or null. */
export interface UserMailSuppression {
  suppression: MailSuppression | null;
}

/** GET /api/users: one page of users in the order asked, and the cursor of the next page (null: the last). */
export interface UsersAdminList {
  users: AdminUser[];
  next: string | null;
}

/** GET /api/companies: one page of companies in the order asked, and the cursor of the next page (null: the last). */
/** GET /api/integration-status/report: one page of the report's rows and the next page's cursor (null: the last). */
export interface StatusReportPage {
  rows: StatusReportRow[];
  next: string | null;
}

export interface CompaniesAdminList {
  companies: Company[];
  next: string | null;
}

/** POST /api/users: the new row and, once, the temporary password (spec: plainPassword). */
export type CreatedUser = AdminUser & { plainPassword: string; welcomeMailSent: boolean };

/** A traffic source of the company (spec entity Source); `id` is a UUID the browser made (validated, unique across companies). */
export interface Source {
  id: string;
  name: string;
  /** The acquisition channel. */
  channel: string;
  businessModel: 'CPC' | 'CPO' | 'CPM' | 'Free' | 'Special';
  deduplication: 'Last Click' | 'Last Paid Click' | 'Post Click';
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
  agency: string;
  /** Sent back on update and delete: a stale one gets 409. */
  version: number;
}

/** An affiliate commission (spec entity): on a CPO source, fixed (an amount) or percent (0 < x <= 100). */
export interface AffiliateCommission {
  id: string;
  sourceName: string;
  /** The CPO source it was set on when created (the name is what the spec shows). */
  sourceId: string;
  type: 'fixed' | 'percent';
  commission: number;
  version: number;
}

/** GET /api/sources and /api/sources/cpo: a page of sources and the next page's cursor (null: the last page). */
export interface SourcesPage {
  sources: Source[];
  next: string | null;
}

/** GET /api/affiliate-commissions: a page of commissions and the next page's cursor (null: the last page). */
export interface CommissionsPage {
  commissions: AffiliateCommission[];
  next: string | null;
}

/** The kinds of record the audit history covers (docs/product.md, "Audit history"). */
export const AUDIT_KINDS = ['user', 'company', 'step', 'translations', 'default-collector', 'source', 'rule', 'collector', 'commission', 'meeting', 'sign-in', 'outbox', 'api-token', 'health-mute', 'webhook'] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];
/**
 * The kinds a company's own history shows its users (docs/product.md, "The company's history"):
 * its record and what is in it. Never users, sign-ins, mail or platform-wide records.
 */
export const COMPANY_HISTORY_KINDS = ['company', 'step', 'source', 'rule', 'collector', 'commission', 'meeting', 'api-token', 'health-mute', 'webhook'] as const satisfies readonly AuditKind[];
export type CompanyHistoryKind = (typeof COMPANY_HISTORY_KINDS)[number];
/**
 * `password-changed`: a user's password was set (by the user, a reset link, an administrator, a
 * new welcome mail), never what it is; `deletion-started`: a company's deletion began (its record
 * left every list; `delete` follows when the last of its data is gone).
 */
export type AuditAction = 'create' | 'update' | 'delete' | 'deletion-started' | 'password-changed' | 'signed-in' | 'failed' | 'resend';

/** One recorded change: who, when, what, and the changed fields only (before / after; never a secret). */
export interface AuditEntry {
  at: string;
  actorId: string | null;
  actorLogin: string;
  kind: AuditKind;
  action: AuditAction;
  recordId: string;
  /** The company the change applies in (null: platform-wide, such as translations). */
  companyId: string | null;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  /** Sign-ins: the client address. */
  client?: string;
  /** The changer's role when it changed (recorded since the company's history; older records have none). */
  actorRole?: Role;
}

/**
 * Who made a change, as a company's own history shows it: a user of the company by login; an
 * administrator only as the platform's team (never by name); the platform's own jobs; a user who
 * is no longer on the portal (an older record of a deleted user: whether an administrator or not is unknown).
 */
export type HistoryActor = { type: 'user'; login: string } | { type: 'team' } | { type: 'system' } | { type: 'former' };

/** One change in a company's own history: the audit entry without the changer's id, with `who` in its place. */
export type CompanyHistoryEntry = Omit<AuditEntry, 'actorId' | 'actorLogin' | 'actorRole' | 'client' | 'kind'> & { kind: CompanyHistoryKind; who: HistoryActor };

/** A page of a company's own history, newest first. */
export interface CompanyHistoryPage {
  entries: CompanyHistoryEntry[];
  next: string | null;
  names: Record<string, AuditName>;
}

/** A page of the audit history, newest first; `next` asks for the following page. */
export interface AuditPage {
  entries: AuditEntry[];
  next: string | null;
  /** The names of the records the entries' fields refer to, by id (shared/domain/audit.ts, AUDIT_REFERENCES). */
  names: Record<string, AuditName>;
}

/**
 * One delivery of the outbox (docs/reliability.md, "Mail"): a mail today, a webhook call later.
 * `pending`: still to send (`nextAt`: its next try); `dead`: given up after its last try, until an
 * administrator sends it again. What it carries (a reset link, a temporary password) is never answered.
 */
export type OutboxState = 'pending' | 'dead';
export interface OutboxDelivery {
  id: string;
  /** `feed-retry`: a daily feed fetch's same-day retry, due at its time (docs/order-feed.md, "Same-day retry"). */
  kind: 'mail' | 'webhook' | 'feed-retry';
  /** The mail's address; a webhook's `webhook:<host>` (never its path: a Slack URL's path is its credential); a retry's `company:<id>`. */
  recipient: string;
  /** The mail's template; a webhook's event type; `feed-retry-<n>` for the n-th retry. */
  topic: string;
  state: OutboxState;
  /** Tries made so far. */
  attempts: number;
  nextAt: string;
  lastError: string | null;
  created: string;
  updated: string;
}

export interface OutboxPage {
  deliveries: OutboxDelivery[];
  next: string | null;
}
