/**
 * THE route table: every /api call of the portal, declared once with its whole contract.
 *
 * Each entry carries the request body schema (the yup object the form uses too), the response
 * type, the Lambda settings and the IAM grants beyond the defaults. Read by the CDK api stack
 * (one Lambda + one HTTP API route per entry), by the local gateway (dispatch to the same handler
 * modules), by the handler factory (`httpHandler(route, ...)` checks `handle`'s answer against the
 * response type) and by the web client (`useRoute` / `mutateRoute` infer request and response).
 * A test fails when a route has no handler module or a handler module has no route.
 *
 * Every route is its own export so a Lambda bundle or a web chunk keeps only the routes (and
 * schemas) it uses: `route()` and `reply()` are marked side-effect free for esbuild and Rollup.
 * The browser's copy keeps only what the web client reads (id, method, path, companyScoped,
 * stale): web/build/browser-route-table.ts leaves the schemas, grants and settings out, so yup
 * and the schemas load with the forms that import them, not with the entry chunk.
 */
import type { AnyObjectSchema, InferType } from 'yup';
import type { Company, CurrentUser, IntegrationStatus, LoginAnswer, Meeting, MfaEnrolment } from './domain/types';
import type { CompanyDeletion, StatusReportPage } from './domain/types';
import { companyCreateSchema, companyUpdateCurrentSchema, companyUpdateSchema } from './schemas/companies';
import { emailSendSchema, integrationStatusUpdateSchema } from './schemas/integration';
import { meetingCreateSchema, meetingDeleteSchema, meetingUpdateSchema } from './schemas/meetings';
import { versionOnlySchema } from './schemas/common';
import type { AccessCheckAnswer, DimensionCheckAnswer } from './domain/analytics';
import type { FeedCsvLink, FeedCheck, FeedOverview, FeedUploadTicket } from './domain/order-feed';
import { feedCheckSchema, feedUploadSchema } from './schemas/order-feed';
import { analyticsAccessSchema, analyticsDimensionSchema, analyticsEventsSchema } from './schemas/analytics';
import { userCreateSchema, userDeleteSchema, userPreferencesSchema, userUpdateSchema } from './schemas/users';
import { healthMuteSchema } from './schemas/data-health';
import type { DataHealth } from './domain/data-health';
import type { AdminUser, CreatedUser, UserMailSuppression, UsersAdminList, CompaniesAdminList } from './domain/types';
import type { AuditPage, CompanyHistoryPage, DefaultCollector, DefaultCollectorsPage, OutboxDelivery, OutboxPage } from './domain/types';
import type { Collector, CollectorsPage } from './domain/types';
import { collectorCreateSchema, collectorDeleteSchema, collectorUpdateSchema } from './schemas/collectors';
import type { TranslationCatalogues, TranslationsAnswer } from './domain/translations';
import { defaultCollectorCreateSchema, defaultCollectorDeleteSchema, defaultCollectorUpdateSchema } from './schemas/default-collectors';
import { translationsQuerySchema, translationsUpdateSchema } from './schemas/translations';
import { collectorsListQuerySchema, commissionsListQuerySchema, companiesListQuerySchema, defaultCollectorsListQuerySchema, outboxListQuerySchema, reportQuerySchema, sourcesListQuerySchema, trafficListQuerySchema, trafficRulesQuerySchema, usersListQuerySchema } from './schemas/lists';
import { auditQuerySchema, companyHistoryQuerySchema } from './schemas/audit';
import type { ApiToken, ApiTokenCreated } from './domain/api-tokens';
import { apiTokenCreateSchema, apiTokenRevokeSchema } from './schemas/api-tokens';
import type { Webhook, WebhookAttempt, WebhookWithSecret } from './domain/webhooks';
import { webhookCreateSchema, webhookVersionSchema } from './schemas/webhooks';
import type { AffiliateCommission, CommissionsPage, Source, SourcesPage } from './domain/types';
import { sourceCreateSchema, sourceDeleteSchema, sourceUpdateSchema } from './schemas/sources';
import { commissionCreateSchema, commissionDeleteSchema } from './schemas/commissions';
import type { TrafficListAnswer, TrafficMatchAnswer, TrafficRuleCreated, TrafficRulesApplied, TrafficRulesPage } from './domain/utm-matching';
import { trafficMatchSchema, trafficRuleApplySchema, trafficRuleCreateSchema } from './schemas/traffic';
import {
  changeCurrentCompanySchema,
  loginSchema,
  mfaRemoveSchema,
  mfaSetupSchema,
  mfaSignInSchema,
  mfaVerifySchema,
  newPasswordChallengeSchema,
  passwordResetCompleteSchema,
  passwordResetRequestSchema,
} from './schemas/security';

/** public: anyone; signed-in: any valid session; admin: ROLE_ADMIN only. */
export type Access = 'public' | 'signed-in' | 'admin';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Lambda settings beyond the defaults of lib/constructs/portal-function.ts (10 s, 512 MB). */
interface LambdaSettings {
  /** Up to 29: API Gateway answers 503 after 30 s anyway. */
  readonly timeoutSeconds?: number;
  readonly memoryMb?: number;
}

export type TableAccess = 'none' | 'read' | 'read-write';
/** delete: DeleteObject on objects and ListBucket on the bucket (removing a company's uploads). */
export type FeedBucketAccess = 'put' | 'get' | 'delete' | 'abort-multipart';

/** Cognito admin API actions (IAM-signed). Public flows (InitiateAuth, RespondToAuthChallenge, RevokeToken) need no IAM. */
export type CognitoAdminAction =
  | 'cognito-idp:AdminCreateUser'
  | 'cognito-idp:AdminDeleteUser'
  | 'cognito-idp:AdminGetUser'
  | 'cognito-idp:AdminUpdateUserAttributes'
  | 'cognito-idp:AdminSetUserPassword'
  | 'cognito-idp:AdminAddUserToGroup'
  | 'cognito-idp:AdminRemoveUserFromGroup'
  | 'cognito-idp:AdminListGroupsForUser'
  | 'cognito-idp:AdminUserGlobalSignOut'
  | 'cognito-idp:AdminSetUserMFAPreference';

/**
 * What a handler may touch beyond the default of its method (GET reads the table, other methods
 * read and write it; no mail, no Cognito admin action, no S3). lib/permissions.ts turns it into IAM.
 */
export interface RouteGrants {
  readonly table?: TableAccess;
  /**
   * Mails through the outbox (functions/core/outbox): a route records them and may invoke the
   * dispatcher; a job also sends them itself (ses:SendEmail from the configured sender with the
   * stage's templates, lib/permissions.ts).
   */
  readonly queuesMail?: boolean;
  readonly cognito?: readonly CognitoAdminAction[];
  readonly feedBucket?: readonly FeedBucketAccess[];
  /** Jobs it starts (lambda:InvokeFunction on exactly these functions). */
  readonly invokes?: readonly JobName[];
  /** Reads the stage's Google service account key (secretsmanager:GetSecretValue on that one secret): the analytics calls. */
  readonly googleCredentials?: boolean;
}

/** Background jobs a route may start (async Lambda invoke); registry: functions/platform/config/resources.ts `jobs`. */
export type JobName = 'password-reset-mail' | 'feed-check' | 'outbox-dispatch' | 'traffic-relink';

declare const responseType: unique symbol;
/** Phantom carrier of a response type: nothing at run time. */
export interface Reply<T> {
  readonly [responseType]?: T;
}

/** The response type of a route: `response: reply<CurrentUser>()`. Routes without one answer nothing yet. */
export const reply = /* @__NO_SIDE_EFFECTS__ */ <T>(): Reply<T> => ({}) as Reply<T>;

export interface RouteDef {
  /** Unique, kebab-case; the handler module is functions/http/<area>/<id>.ts. */
  readonly id: string;
  readonly area: string;
  /** One line for people: the operation's summary in docs/openapi.json. */
  readonly summary: string;
  readonly method: Method;
  /** API Gateway syntax: /api/sources/{id} */
  readonly path: string;
  readonly access: Access;
  /** Works on the caller's current company (taken from the auth context, never the request). */
  readonly companyScoped: boolean;
  /** The JSON body's schema (shared/schemas), also used by the form that sends it. */
  readonly schema?: AnyObjectSchema;
  /**
   * The query parameters' schema (shared/schemas) of a route that reads them; the use case
   * validates them with it (400). Other routes ignore any query.
   */
  readonly query?: AnyObjectSchema;
  readonly response?: Reply<unknown>;
  readonly lambda?: LambdaSettings;
  readonly grants?: RouteGrants;
  /**
   * Open to an administrator who must still set up an authenticator app (the stage requires one):
   * every other route answers them 403 `mfa-setup-required` (functions/pipeline/auth.ts).
   */
  readonly duringMfaSetup?: boolean;
  /**
   * A public route that checks a password, a code, a sign-in challenge or a refresh token: it
   * answers 401 when that is wrong or expired (docs/openapi.json lists 401 for it).
   */
  readonly checksCredentials?: boolean;
  /**
   * A throttle of functions/core/security/throttle.ts applies (sign-in backoff, mail caps): it may
   * answer 429 with Retry-After (docs/openapi.json lists it).
   */
  readonly throttled?: boolean;
  /** The body names a record that may be gone (an upload...): 404 without an id in the path. */
  readonly namesRecordInBody?: boolean;
  /**
   * Write routes (POST, PUT, DELETE) only, and on every one of them (test/unit/routes.test.ts):
   * the ids of the GET routes whose answers this write makes stale. The web app's `mutateRoute`
   * reads them again after the write succeeds, so pages never refresh by hand.
   */
  readonly stale?: readonly string[];
  /**
   * A write whose answer is the new answer of a GET route without parameters (the step update
   * answers the company's whole step list): the web app's `mutateRoute` puts it in that route's
   * cache instead of reading it again. test/unit/routes.test.ts checks the route exists.
   */
  readonly answers?: string;
  /**
   * A company API token (`Authorization: Bearer`, docs/auth.md "API tokens") may call it: GET,
   * signed-in and company-scoped routes only (test/unit/routes.test.ts). Every other route refuses a
   * token with 403 (functions/pipeline/auth.ts): tokens are denied unless a route opts in here.
   */
  readonly apiToken?: true;
}

/**
 * The company a page shows, sent by the web app with every company-scoped call: when the caller's
 * current company has changed since (another tab switched, the company was deleted), the call
 * answers 409 `company-changed` and writes nothing (functions/pipeline/auth.ts). Calls without it
 * (CLI, scripts) work on the current company as before.
 */
export const COMPANY_HEADER = 'X-Portal-Company';

/**
 * A write's retry key (docs/reliability.md, "Retries that are safe"): accepted on every signed-in
 * route that changes something; the web app sends one per user action and the same on its retry.
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** 1 to 100 letters, digits, '-', '_', '.' or ':' (a UUID, as the web app sends). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\w.:-]{1,100}$/;

type RouteInput = Omit<RouteDef, 'companyScoped'> & { readonly companyScoped?: boolean };

/** Declares one route; `companyScoped` defaults to false. */
export const route = /* @__NO_SIDE_EFFECTS__ */ <const D extends RouteInput>(def: D): D & { readonly companyScoped: boolean } => ({
  companyScoped: false,
  ...def,
});

/** `{id}` placeholders of a path, as an object type. */
type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never;
export type ParamsOf<R extends RouteDef> = { readonly [K in ParamNames<R['path']>]: string };
/** The body a route takes: the schema's output, or nothing. */
export type RequestOf<R extends RouteDef> = R extends { readonly schema: infer S extends AnyObjectSchema } ? InferType<S> : undefined;
/** The body a route answers with 2xx; `never` until its route entry declares `response`. */
export type ResponseOf<R extends RouteDef> = R extends { readonly response: Reply<infer T> } ? T : never;

/** Sent mail of routes that complete an integration step (spec: "after each completion"). */
const completesSteps = { queuesMail: true } as const;
/** A change of the UTM rules: the relink job links the traffic again (functions/core/traffic/links.ts). */
const relinks = { invokes: ['traffic-relink'] } as const;
/** Slow third parties (Google APIs, remote feeds): up to API Gateway's 30 s. */
const slow = { timeoutSeconds: 29 } as const;
/** The analytics checks: Google's key, and the team's mail when a check completes a step. */
const analyticsChecks = { queuesMail: true, googleCredentials: true } as const;

// Accounts: security
export const securityLogin = route({
  id: 'security-login', area: 'security', method: 'POST', path: '/api/security/login', access: 'public',
  summary: 'Sign in with a login and a password', checksCredentials: true, throttled: true,
  stale: [],
  schema: loginSchema, response: reply<LoginAnswer>(),
});
export const securityNewPassword = route({
  id: 'security-new-password', area: 'security', method: 'POST', path: '/api/security/new-password', access: 'public',
  summary: 'Choose a permanent password at the first sign-in', checksCredentials: true,
  stale: [],
  schema: newPasswordChallengeSchema, response: reply<LoginAnswer>(),
});
export const securityRefresh = route({
  id: 'security-refresh', area: 'security', method: 'POST', path: '/api/security/refresh', access: 'public',
  summary: 'Renew the session with the refresh cookie', checksCredentials: true,
  stale: [],
  response: reply<{ status: 'refreshed' }>(),
});
export const securityLogout = route({
  id: 'security-logout', area: 'security', method: 'GET', path: '/api/security/logout', access: 'public',
  summary: 'Sign out',
  response: reply<void>(),
  // A GET (the spec's link) that stores the user's signedOutAt time.
  grants: { table: 'read-write' },
});
// Second sign-in step of an account with an authenticator app; wrong codes back off like wrong passwords.
export const securityMfa = route({
  id: 'security-mfa', area: 'security', method: 'POST', path: '/api/security/mfa', access: 'public',
  summary: 'Complete a sign-in with an authenticator code', checksCredentials: true, throttled: true,
  stale: [],
  schema: mfaSignInSchema, response: reply<LoginAnswer>(),
});
// Enrolment of an authenticator app (TOTP): a new secret, then its first code turns it on; both
// ask for the current password (a wrong one counts in the sign-in backoff, a table write).
export const securityMfaSetup = route({
  id: 'security-mfa-setup', area: 'security', method: 'POST', path: '/api/security/mfa-setup', access: 'signed-in', duringMfaSetup: true,
  summary: 'Start setting up an authenticator app', throttled: true,
  stale: [],
  schema: mfaSetupSchema, response: reply<MfaEnrolment>(),
});
export const securityMfaSetupVerify = route({
  id: 'security-mfa-setup-verify', area: 'security', method: 'POST', path: '/api/security/mfa-setup/verify', access: 'signed-in', duringMfaSetup: true,
  summary: 'Turn the authenticator app on with its first code', throttled: true,
  stale: [],
  schema: mfaVerifySchema, response: reply<{ status: 'enrolled' }>(),
  // The owner is told by e-mail (functions/core/security/mfa-mail.ts).
  grants: { queuesMail: true },
});
// The owner removes their app with the password and a current code; the owner is told by e-mail.
export const securityMfaRemove = route({
  id: 'security-mfa-remove', area: 'security', method: 'POST', path: '/api/security/mfa-remove', access: 'signed-in',
  summary: 'Remove one\'s own authenticator app', throttled: true,
  stale: ['users-current'],
  schema: mfaRemoveSchema, response: reply<{ status: 'removed' }>(),
  grants: { queuesMail: true, cognito: ['cognito-idp:AdminSetUserMFAPreference'] },
});
// Browsers post Content-Security-Policy violations here (report-uri / report-to): logged for operators.
export const securityCspReport = route({
  id: 'security-csp-report', area: 'security', method: 'POST', path: '/api/security/csp-report', access: 'public',
  summary: 'Report Content-Security-Policy violations (browsers)',
  stale: [],
  response: reply<void>(),
  // It only logs: no table access at all (the default of a POST is read-write).
  grants: { table: 'none' },
});
export const passwordResetRequest = route({
  id: 'password-reset-request', area: 'security', method: 'POST', path: '/api/security/password-reset', access: 'public',
  summary: 'Ask for a password reset e-mail',
  stale: [],
  schema: passwordResetRequestSchema, response: reply<{ status: 'sent' }>(),
  // It only queues the e-mail job (so its answer time does not depend on the account): no table write, no mail.
  grants: { table: 'read', invokes: ['password-reset-mail'] },
});
export const passwordResetCheck = route({
  id: 'password-reset-check', area: 'security', method: 'GET', path: '/api/security/password-reset/{token}', access: 'public',
  summary: 'Check a password reset link',
  // `mfa`: the account has an authenticator app (since when, if the portal saw it set up); the page offers to remove it.
  response: reply<{ token: string; mfa?: { since: string | null } }>(),
});
export const passwordResetComplete = route({
  id: 'password-reset-complete', area: 'security', method: 'POST', path: '/api/security/password-reset/{token}', access: 'public',
  summary: 'Set a new password with a reset link',
  stale: [],
  schema: passwordResetCompleteSchema, response: reply<{ status: 'changed' }>(),
  // New permanent password, then every session of the user ends (functions/core/security/password-reset.ts);
  // with `removeMfa`, the authenticator app goes too and the owner is told by e-mail.
  grants: { queuesMail: true, cognito: ['cognito-idp:AdminSetUserPassword', 'cognito-idp:AdminUserGlobalSignOut', 'cognito-idp:AdminSetUserMFAPreference'] },
});

// Accounts: users
export const usersCurrent = route({
  id: 'users-current', area: 'users', method: 'GET', path: '/api/users/current', access: 'signed-in', duringMfaSetup: true,
  summary: 'The signed-in user',
  response: reply<CurrentUser>(),
});
/** The signed-in user's own preferences (data-health alert mails): no version, like the current company. */
export const usersUpdatePreferences = route({
  id: 'users-update-preferences', area: 'users', method: 'POST', path: '/api/users/current/preferences', access: 'signed-in',
  summary: 'Change one\'s own preferences',
  stale: ['users-current'],
  schema: userPreferencesSchema, response: reply<CurrentUser>(),
});
export const usersFindCurrentCompany = route({
  id: 'users-find-current-company', area: 'users', method: 'GET', path: '/api/users/find-current-company', access: 'signed-in', companyScoped: true,
  summary: 'The caller\'s current company',
  response: reply<Company>(),
});
export const usersChangeCurrentCompany = route({
  id: 'users-change-current-company', area: 'users', method: 'POST', path: '/api/users/change-current-company', access: 'signed-in',
  summary: 'Switch to another company', namesRecordInBody: true,
  stale: [],
  schema: changeCurrentCompanySchema, response: reply<Company>(),
});
// A page of users (query: q, sort, dir, team, cursor, limit: shared/schemas/lists.ts), never every user.
export const usersList = route({
  id: 'users-list', area: 'users', method: 'GET', path: '/api/users', access: 'admin',
  summary: 'A page of users',
  query: usersListQuerySchema,
  response: reply<UsersAdminList>(),
});
/** One user (the edit page reads its user, not the list). */
export const usersGet = route({
  id: 'users-get', area: 'users', method: 'GET', path: '/api/users/{id}', access: 'admin',
  summary: 'One user',
  response: reply<AdminUser>(),
});
export const usersCreate = route({
  id: 'users-create', area: 'users', method: 'POST', path: '/api/users', access: 'admin',
  summary: 'Create a user (sends the welcome e-mail)',
  stale: ['users-list', 'users-get'],
  schema: userCreateSchema, response: reply<CreatedUser>(),
  grants: {
    // Welcome mail with the temporary password; functions/platform/users-admin.ts looks the login up,
    // creates the user, puts it in the role's group, and deletes it again when the table write fails.
    queuesMail: true,
    cognito: ['cognito-idp:AdminGetUser', 'cognito-idp:AdminCreateUser', 'cognito-idp:AdminAddUserToGroup', 'cognito-idp:AdminDeleteUser'],
  },
});
export const usersUpdate = route({
  id: 'users-update', area: 'users', method: 'PUT', path: '/api/users/{id}', access: 'admin',
  summary: 'Change a user',
  stale: ['users-list', 'users-get'],
  schema: userUpdateSchema, response: reply<AdminUser>(),
  grants: {
    // The e-mail follows the login, the Cognito group follows the role, a new password is set
    // (permanent) and ends the user's sessions (functions/core/users/update-user.ts).
    cognito: [
      'cognito-idp:AdminGetUser',
      'cognito-idp:AdminUpdateUserAttributes',
      'cognito-idp:AdminListGroupsForUser',
      'cognito-idp:AdminAddUserToGroup',
      'cognito-idp:AdminRemoveUserFromGroup',
      'cognito-idp:AdminSetUserPassword',
      'cognito-idp:AdminUserGlobalSignOut',
    ],
  },
});
// An administrator turns off another user's authenticator app (lost phone); never the protected
// administrator's nor their own (functions/core/users/reset-user-mfa.ts); the owner is told by e-mail.
export const usersMfaReset = route({
  id: 'users-mfa-reset', area: 'users', method: 'POST', path: '/api/users/{id}/mfa-reset', access: 'admin',
  summary: 'Turn off a user\'s authenticator app',
  stale: ['users-list', 'users-get'],
  response: reply<AdminUser>(),
  grants: { queuesMail: true, cognito: ['cognito-idp:AdminSetUserMFAPreference'] },
});
// A new temporary password and the welcome e-mail again (functions/core/users/resend-welcome.ts);
// never the protected administrator nor oneself; 3 an hour per user.
export const usersWelcomeResend = route({
  id: 'users-welcome-resend', area: 'users', method: 'POST', path: '/api/users/{id}/welcome-resend', access: 'admin',
  summary: 'Send the welcome e-mail again with a new temporary password', throttled: true,
  stale: ['users-list', 'users-get'],
  response: reply<CreatedUser>(),
  grants: { queuesMail: true, cognito: ['cognito-idp:AdminSetUserPassword', 'cognito-idp:AdminUserGlobalSignOut'] },
});
export const usersMailSuppression = route({
  id: 'users-mail-suppression', area: 'users', method: 'GET', path: '/api/users/{id}/mail-suppression', access: 'admin',
  summary: 'Whether mail to a user is suppressed',
  response: reply<UserMailSuppression>(),
});
export const usersMailSuppressionLift = route({
  id: 'users-mail-suppression-lift', area: 'users', method: 'DELETE', path: '/api/users/{id}/mail-suppression', access: 'admin',
  summary: 'Lift the suppression of mail to a user',
  stale: ['users-mail-suppression'],
  response: reply<UserMailSuppression>(),
});
export const usersDelete = route({
  id: 'users-delete', area: 'users', method: 'DELETE', path: '/api/users/{id}', access: 'admin',
  summary: 'Delete a user',
  stale: ['users-list', 'users-get'],
  // The version travels in the body: deleting a user someone just changed is a 409.
  schema: userDeleteSchema, response: reply<{ id: string }>(),
  grants: { cognito: ['cognito-idp:AdminDeleteUser', 'cognito-idp:AdminUserGlobalSignOut'] },
});

// Accounts: companies
// A page of companies (query: q, sort, dir, cursor, limit: shared/schemas/lists.ts): the table,
// and with a small `limit` the type-ahead of the switcher, the admin search and the pickers.
export const companiesList = route({
  id: 'companies-list', area: 'companies', method: 'GET', path: '/api/companies', access: 'admin',
  summary: 'A page of companies',
  query: companiesListQuerySchema,
  response: reply<CompaniesAdminList>(),
});
/** One company (its edit page). */
export const companiesGet = route({
  id: 'companies-get', area: 'companies', method: 'GET', path: '/api/companies/{id}', access: 'admin',
  summary: 'One company',
  response: reply<Company>(),
});
export const companiesManaged = route({
  id: 'companies-managed', area: 'companies', method: 'GET', path: '/api/companies/managed', access: 'signed-in',
  summary: 'The companies the caller may switch to',
  response: reply<Company[]>(),
});
export const companiesCreate = route({
  id: 'companies-create', area: 'companies', method: 'POST', path: '/api/companies', access: 'admin',
  summary: 'Create a company',
  stale: ['companies-list', 'companies-get'],
  schema: companyCreateSchema, response: reply<Company>(),
});
export const companiesUpdate = route({
  id: 'companies-update', area: 'companies', method: 'PUT', path: '/api/companies/{id}', access: 'admin',
  summary: 'Change a company',
  stale: ['companies-list', 'companies-get'],
  schema: companyUpdateSchema, response: reply<Company>(),
});
// Legacy: the current company's viewId or dimensionIndex (the analytics checks store them the first time).
export const companiesUpdateCurrent = route({
  id: 'companies-update-current', area: 'companies', method: 'POST', path: '/api/companies/update', access: 'signed-in', companyScoped: true,
  summary: 'Change the current company\'s settings',
  stale: [],
  schema: companyUpdateCurrentSchema, response: reply<Company>(),
});
// `{ version }` in the body, as every delete here. Empties the whole partition in batches, and the feed uploads.
export const companiesDelete = route({
  id: 'companies-delete', area: 'companies', method: 'DELETE', path: '/api/companies/{id}', access: 'admin',
  summary: 'Delete a company',
  stale: ['companies-list', 'companies-get'],
  schema: versionOnlySchema, response: reply<CompanyDeletion>(),
  lambda: { timeoutSeconds: 29 },
  grants: { feedBucket: ['delete'] },
});

// Integration status (steps)
export const integrationStatusList = route({
  id: 'integration-status-list', area: 'integration-status', method: 'GET', path: '/api/integration-status', access: 'signed-in', companyScoped: true, apiToken: true,
  summary: 'The integration steps and their status',
  response: reply<IntegrationStatus>(),
});
export const integrationStatusUpdate = route({
  id: 'integration-status-update', area: 'integration-status', method: 'POST', path: '/api/integration-status/update', access: 'signed-in', companyScoped: true,
  summary: 'Change the status of an integration step', namesRecordInBody: true,
  stale: [],
  answers: 'integration-status-list',
  schema: integrationStatusUpdateSchema, response: reply<IntegrationStatus>(),
  grants: completesSteps,
});
/** The current company's data health (docs/product.md, "Data health"): one item per kind, 30 days of history. */
export const dataHealthGet = route({
  id: 'data-health-get', area: 'data-health', method: 'GET', path: '/api/data-health', access: 'signed-in', companyScoped: true, apiToken: true,
  summary: 'The data health of the current company',
  response: reply<DataHealth>(),
});
/**
 * A warning's lifecycle: acknowledge a warning or failing kind with a note and mute its mails for
 * 1, 7 or 30 days; `days: 0` ends the mute (one route: every route's id and path travel in the
 * web app's first chunk).
 */
export const dataHealthMute = route({
  id: 'data-health-mute', area: 'data-health', method: 'POST', path: '/api/data-health/mute', access: 'signed-in', companyScoped: true,
  summary: 'Acknowledge a warning or failing check and mute its mails, or end its mute (days 0)',
  stale: [],
  answers: 'data-health-get',
  schema: healthMuteSchema, response: reply<DataHealth>(),
});
export const integrationStatusReport = route({
  id: 'integration-status-report', area: 'integration-status', method: 'GET', path: '/api/integration-status/report', access: 'admin',
  summary: 'A page of the status report: every company\'s steps, sorted, searched and filtered on the server',
  query: reportQuerySchema,
  response: reply<StatusReportPage>(),
});

// Translations, e-mail, meetings, default collectors
// Public: the sign-in page is translated too, so every visitor's app reads the overrides
// (`?locale=xx`: one language, pre-parsed; no query: the admin page's catalogues). ETag + 304.
export const translationsGet = route({
  id: 'translations-get', area: 'translations', method: 'GET', path: '/api/translations', access: 'public',
  summary: 'The translation catalogues',
  query: translationsQuerySchema,
  response: reply<TranslationsAnswer>(),
});
export const translationsUpdate = route({
  id: 'translations-update', area: 'translations', method: 'POST', path: '/api/translations', access: 'admin',
  summary: 'Change the translations',
  stale: [],
  schema: translationsUpdateSchema, response: reply<TranslationCatalogues>(),
});
export const emailSend = route({
  id: 'email-send', area: 'email', method: 'POST', path: '/api/email/send', access: 'signed-in', companyScoped: true,
  summary: 'Send one of the allowed e-mails to the integration team', throttled: true,
  stale: [],
  schema: emailSendSchema, response: reply<{ status: 'sent' }>(),
  // Allow-listed templates (the schema) and recipients (core/integration/steps.ts) only.
  grants: { queuesMail: true },
});
export const meetingsList = route({
  id: 'meetings-list', area: 'meetings', method: 'GET', path: '/api/meetings', access: 'signed-in', companyScoped: true,
  summary: 'The meetings of the current company',
  response: reply<Meeting[]>(),
});
export const meetingsCreate = route({
  id: 'meetings-create', area: 'meetings', method: 'POST', path: '/api/meetings', access: 'admin', companyScoped: true,
  summary: 'Create a meeting',
  stale: ['meetings-list'],
  schema: meetingCreateSchema, response: reply<Meeting>(),
});
export const meetingsUpdate = route({
  id: 'meetings-update', area: 'meetings', method: 'PUT', path: '/api/meetings/{id}', access: 'admin', companyScoped: true,
  summary: 'Change a meeting',
  stale: ['meetings-list'],
  schema: meetingUpdateSchema, response: reply<Meeting>(),
});
// The version travels in the body: a DELETE of a meeting someone changed meanwhile is a 409 too.
export const meetingsDelete = route({
  id: 'meetings-delete', area: 'meetings', method: 'DELETE', path: '/api/meetings/{id}', access: 'admin', companyScoped: true,
  summary: 'Delete a meeting',
  stale: ['meetings-list'],
  schema: meetingDeleteSchema, response: reply<{ id: string }>(),
});
// Signed-in: every customer's collector page reads the suggestions; only admins change them.
export const defaultCollectorsList = route({
  id: 'default-collectors-list', area: 'default-collectors', method: 'GET', path: '/api/default-collectors', access: 'signed-in',
  summary: 'A page of the default collectors',
  query: defaultCollectorsListQuerySchema,
  response: reply<DefaultCollectorsPage>(),
});
export const defaultCollectorsCreate = route({
  id: 'default-collectors-create', area: 'default-collectors', method: 'POST', path: '/api/default-collectors', access: 'admin',
  summary: 'Create a default collector',
  stale: [],
  schema: defaultCollectorCreateSchema, response: reply<DefaultCollector>(),
});
export const defaultCollectorsUpdate = route({
  id: 'default-collectors-update', area: 'default-collectors', method: 'PUT', path: '/api/default-collectors/{id}', access: 'admin',
  summary: 'Change a default collector',
  stale: [],
  schema: defaultCollectorUpdateSchema, response: reply<DefaultCollector>(),
});
// The version travels in the body: a row someone changed meanwhile is not deleted blindly (409).
export const defaultCollectorsDelete = route({
  id: 'default-collectors-delete', area: 'default-collectors', method: 'DELETE', path: '/api/default-collectors/{id}', access: 'admin',
  summary: 'Delete a default collector',
  stale: [],
  schema: defaultCollectorDeleteSchema, response: reply<{ id: string }>(),
});

// Integration steps: sources, traffic, UTM rules
export const sourcesList = route({
  id: 'sources-list', area: 'sources', method: 'GET', path: '/api/sources', access: 'signed-in', companyScoped: true, apiToken: true,
  summary: 'A page of the sources of the current company',
  query: sourcesListQuerySchema,
  response: reply<SourcesPage>(),
});
export const sourcesCpo = route({
  id: 'sources-cpo', area: 'sources', method: 'GET', path: '/api/sources/cpo', access: 'signed-in', companyScoped: true,
  summary: 'A page of the cost-per-order sources of the current company',
  query: sourcesListQuerySchema,
  response: reply<SourcesPage>(),
});
export const sourcesCreate = route({
  id: 'sources-create', area: 'sources', method: 'POST', path: '/api/sources', access: 'signed-in', companyScoped: true,
  summary: 'Create a source',
  stale: ['sources-list', 'sources-cpo', 'integration-status-list'],
  schema: sourceCreateSchema, response: reply<Source>(),
});
export const sourcesUpdate = route({
  id: 'sources-update', area: 'sources', method: 'PUT', path: '/api/sources/{id}', access: 'signed-in', companyScoped: true,
  summary: 'Change a source',
  // A rename moves its row and renames its commissions.
  stale: ['sources-list', 'sources-cpo', 'affiliate-commissions-list'],
  schema: sourceUpdateSchema, response: reply<Source>(),
});
// The version travels in the body; the source's UTM rules go in the same transaction.
export const sourcesDelete = route({
  id: 'sources-delete', area: 'sources', method: 'DELETE', path: '/api/sources/{id}', access: 'signed-in', companyScoped: true,
  summary: 'Delete a source',
  stale: ['sources-list', 'sources-cpo', 'affiliate-commissions-list', 'integration-status-list'],
  schema: sourceDeleteSchema, response: reply<{ id: string; rulesDeleted: number }>(), grants: relinks,
});
export const trafficList = route({
  id: 'traffic-list', area: 'traffic', method: 'GET', path: '/api/traffic', access: 'signed-in', companyScoped: true,
  summary: 'A page of the UTM combinations seen by the analytics tool, and their counts',
  query: trafficListQuerySchema,
  // A read after a write that dropped the counts counts the combinations again, and kicks a relink
  // asked long ago that nobody holds (functions/core/traffic/links.ts).
  // It writes: the counts it counted again (a GET's default is read only: functions/platform/config/table-access.ts).
  // Written out, not spread from `relinks`: a spread keeps this entry in every bundle (test/unit/routes.test.ts).
  response: reply<TrafficListAnswer>(), lambda: slow, grants: { invokes: ['traffic-relink'], table: 'read-write' },
});
export const trafficMatch = route({
  id: 'traffic-match', area: 'traffic', method: 'POST', path: '/api/traffic/match', access: 'signed-in', companyScoped: true,
  summary: 'Which sources a UTM combination matches',
  stale: [],
  schema: trafficMatchSchema, response: reply<TrafficMatchAnswer>(), lambda: slow,
});
export const trafficRulesList = route({
  id: 'traffic-rules-list', area: 'traffic', method: 'GET', path: '/api/traffic-rules', access: 'signed-in', companyScoped: true,
  summary: 'A page of the traffic rules',
  query: trafficRulesQuerySchema,
  response: reply<TrafficRulesPage>(),
});
export const trafficRulesCreate = route({
  id: 'traffic-rules-create', area: 'traffic', method: 'POST', path: '/api/traffic-rules', access: 'signed-in', companyScoped: true,
  summary: 'Create a traffic rule',
  stale: ['traffic-list', 'traffic-rules-list', 'integration-status-list'],
  schema: trafficRuleCreateSchema, response: reply<TrafficRuleCreated>(), grants: relinks,
});
// Writes no rule: re-applies the stored rules (completing utm_rules when all is linked) and previews the given one.
export const trafficRulesApply = route({
  id: 'traffic-rules-apply', area: 'traffic', method: 'POST', path: '/api/traffic-rules/apply', access: 'signed-in', companyScoped: true,
  summary: 'Apply traffic rules to the seen traffic',
  stale: [],
  schema: trafficRuleApplySchema, response: reply<TrafficRulesApplied>(), grants: completesSteps,
});
// The version travels in the body: a rule deleted meanwhile is a 404, never a blind delete.
export const trafficRulesDelete = route({
  id: 'traffic-rules-delete', area: 'traffic', method: 'DELETE', path: '/api/traffic-rules/{id}', access: 'signed-in', companyScoped: true,
  summary: 'Delete a traffic rule',
  stale: ['traffic-list', 'traffic-rules-list', 'integration-status-list'],
  schema: versionOnlySchema, response: reply<{ id: string }>(), grants: relinks,
});

// Integration steps: analytics checks
// The UTM page's "Import again": the stored property's traffic; may complete utm_rules (the team's mail).
export const analyticsUtms = route({
  id: 'analytics-utms', area: 'analytics', method: 'POST', path: '/api/analytics/utms', access: 'signed-in', companyScoped: true,
  summary: 'Check the UTM values in the analytics tool',
  stale: ['traffic-list', 'integration-status-list'],
  schema: analyticsAccessSchema, response: reply<AccessCheckAnswer>(),
  lambda: slow, grants: analyticsChecks,
});
export const analyticsAccess = route({
  id: 'analytics-access', area: 'analytics', method: 'POST', path: '/api/analytics/access', access: 'signed-in', companyScoped: true,
  summary: 'Check access to the analytics property',
  stale: ['integration-status-list', 'users-find-current-company', 'traffic-list'],
  schema: analyticsAccessSchema, response: reply<AccessCheckAnswer>(),
  lambda: slow, grants: analyticsChecks,
});
export const analyticsDimension = route({
  id: 'analytics-dimension', area: 'analytics', method: 'POST', path: '/api/analytics/dimension', access: 'signed-in', companyScoped: true,
  summary: 'Check the custom dimension of the analytics property',
  stale: ['integration-status-list', 'users-find-current-company', 'traffic-list'],
  schema: analyticsDimensionSchema, response: reply<DimensionCheckAnswer>(),
  lambda: slow, grants: analyticsChecks,
});
export const analyticsEvents = route({
  id: 'analytics-events', area: 'analytics', method: 'POST', path: '/api/analytics/events', access: 'signed-in', companyScoped: true,
  summary: 'Check the events of the analytics property',
  stale: ['integration-status-list', 'users-find-current-company', 'traffic-list'],
  schema: analyticsEventsSchema, response: reply<DimensionCheckAnswer>(),
  lambda: slow, grants: analyticsChecks,
});

// Integration steps: order / lead feed (a check is a job: docs/order-feed.md)
export const orderFeedUpload = route({
  id: 'order-feed-upload', area: 'order-feed', method: 'POST', path: '/api/order-feed/upload', access: 'signed-in', companyScoped: true,
  summary: 'A ticket to upload an order feed file',
  stale: [],
  schema: feedUploadSchema, response: reply<FeedUploadTicket>(),
  // A presigned POST is signed with the function's credentials: the upload needs PutObject.
  grants: { feedBucket: ['put'] },
});
// Answers at once with the check (queued, or the one already running for the company).
export const orderFeedCheck = route({
  id: 'order-feed-check', area: 'order-feed', method: 'POST', path: '/api/order-feed/check', access: 'signed-in', companyScoped: true,
  summary: 'Start a check of the order feed', namesRecordInBody: true,
  stale: [],
  schema: feedCheckSchema, response: reply<FeedCheck>(),
  // HeadObject of the upload (exists under the company's prefix, within the size cap).
  grants: { feedBucket: ['get'], invokes: ['feed-check'] },
});
export const orderFeedCheckGet = route({
  id: 'order-feed-check-get', area: 'order-feed', method: 'GET', path: '/api/order-feed/checks/{id}', access: 'signed-in', companyScoped: true, apiToken: true,
  summary: 'One order feed check',
  response: reply<FeedCheck>(),
});
// A signed link to the check's failing-rows CSV (S3 answers the file: it outgrows a Lambda answer's 6 MB).
export const orderFeedFailingRows = route({
  id: 'order-feed-failing-rows', area: 'order-feed', method: 'GET', path: '/api/order-feed/checks/{id}/failing-rows', access: 'signed-in', companyScoped: true, apiToken: true,
  summary: 'A signed link to download every failing row of a check as CSV',
  response: reply<FeedCsvLink>(),
  // The link is signed with the function's credentials: S3 lets it read what they may read.
  grants: { feedBucket: ['get'] },
});
// A signed link to the CSV of every order id of the check's tested day that analytics does not know (the match-rate trend's day).
export const orderFeedMissingIds = route({
  id: 'order-feed-missing-ids', area: 'order-feed', method: 'GET', path: '/api/order-feed/checks/{id}/missing-ids', access: 'signed-in', companyScoped: true, apiToken: true,
  summary: 'A signed link to download the order ids of a check\'s tested day missing from analytics, as CSV',
  response: reply<FeedCsvLink>(),
  // The link is signed with the function's credentials: S3 lets it read what they may read.
  grants: { feedBucket: ['get'] },
});
export const orderFeedOverview = route({
  id: 'order-feed-overview', area: 'order-feed', method: 'GET', path: '/api/order-feed', access: 'signed-in', companyScoped: true, apiToken: true,
  summary: 'The order feed and its latest checks',
  response: reply<FeedOverview>(),
});

// Integration steps: collectors and affiliate commissions
export const collectorsList = route({
  id: 'collectors-list', area: 'collectors', method: 'GET', path: '/api/collectors', access: 'signed-in', companyScoped: true,
  summary: 'A page of the collectors of the current company',
  query: collectorsListQuerySchema,
  response: reply<CollectorsPage>(),
});
export const collectorsCreate = route({
  id: 'collectors-create', area: 'collectors', method: 'POST', path: '/api/collectors', access: 'signed-in', companyScoped: true,
  summary: 'Create a collector',
  stale: [],
  schema: collectorCreateSchema, response: reply<Collector>(),
});
export const collectorsUpdate = route({
  id: 'collectors-update', area: 'collectors', method: 'PUT', path: '/api/collectors/{id}', access: 'signed-in', companyScoped: true,
  summary: 'Change a collector',
  stale: [],
  schema: collectorUpdateSchema, response: reply<Collector>(),
});
// The version travels in the body: a collector someone changed meanwhile is not deleted blindly (409).
export const collectorsDelete = route({
  id: 'collectors-delete', area: 'collectors', method: 'DELETE', path: '/api/collectors/{id}', access: 'signed-in', companyScoped: true,
  summary: 'Delete a collector',
  stale: [],
  schema: collectorDeleteSchema, response: reply<{ id: string }>(),
});
export const affiliateCommissionsList = route({
  id: 'affiliate-commissions-list', area: 'commissions', method: 'GET', path: '/api/affiliate-commissions', access: 'signed-in', companyScoped: true,
  summary: 'A page of the affiliate commissions of the current company',
  query: commissionsListQuerySchema,
  response: reply<CommissionsPage>(),
});
export const affiliateCommissionsCreate = route({
  id: 'affiliate-commissions-create', area: 'commissions', method: 'POST', path: '/api/affiliate-commissions', access: 'signed-in', companyScoped: true,
  summary: 'Create an affiliate commission',
  stale: ['affiliate-commissions-list'],
  schema: commissionCreateSchema, response: reply<AffiliateCommission>(),
});
export const affiliateCommissionsDelete = route({
  id: 'affiliate-commissions-delete', area: 'commissions', method: 'DELETE', path: '/api/affiliate-commissions/{id}', access: 'signed-in', companyScoped: true,
  summary: 'Delete an affiliate commission',
  stale: ['affiliate-commissions-list'],
  schema: commissionDeleteSchema, response: reply<{ id: string }>(),
});

// The audit history (docs/product.md, "Audit history"), newest first, a page at a time. Filters are
// query parameters (shared/schemas/audit.ts): company, user (who made it), subject (a user's own
// history), kind, from, to (days), cursor (the `next` of the page before).
// The outbox's mails not sent yet or given up (query: state, cursor; docs/reliability.md, "Mail").
export const outboxList = route({
  id: 'outbox-list', area: 'outbox', method: 'GET', path: '/api/outbox', access: 'admin',
  summary: 'A page of the mails waiting to be sent or given up on',
  query: outboxListQuerySchema,
  response: reply<OutboxPage>(),
});
// Send one again (due at once, its tries counted afresh; recorded in the audit history).
export const outboxResend = route({
  id: 'outbox-resend', area: 'outbox', method: 'POST', path: '/api/outbox/{id}/resend', access: 'admin',
  summary: 'Send a waiting or given-up mail again now',
  stale: ['outbox-list'],
  response: reply<OutboxDelivery>(),
  grants: { invokes: ['outbox-dispatch'] },
});
// Company API tokens (docs/auth.md, "API tokens"): the company's users (and administrators working on it) make and revoke them.
export const apiTokensList = route({
  id: 'api-tokens-list', area: 'api-tokens', method: 'GET', path: '/api/api-tokens', access: 'signed-in', companyScoped: true,
  summary: 'The API tokens of the current company (never their secrets)',
  response: reply<ApiToken[]>(),
});
export const apiTokensCreate = route({
  id: 'api-tokens-create', area: 'api-tokens', method: 'POST', path: '/api/api-tokens', access: 'signed-in', companyScoped: true,
  summary: 'Create a read-only API token; its secret is answered this once',
  stale: ['api-tokens-list'],
  schema: apiTokenCreateSchema, response: reply<ApiTokenCreated>(),
});
export const apiTokensRevoke = route({
  id: 'api-tokens-revoke', area: 'api-tokens', method: 'DELETE', path: '/api/api-tokens/{id}', access: 'signed-in', companyScoped: true,
  summary: 'Revoke an API token (it is refused from the next request on)',
  stale: ['api-tokens-list'],
  schema: apiTokenRevokeSchema, response: reply<{ id: string }>(),
});
// Webhooks (docs/product.md, "Webhooks"): the company's users (and administrators working on it) register endpoints; never an API token.
export const webhooksList = route({
  id: 'webhooks-list', area: 'webhooks', method: 'GET', path: '/api/webhooks', access: 'signed-in', companyScoped: true,
  summary: 'The webhook endpoints of the current company (never their secrets)',
  response: reply<Webhook[]>(),
});
export const webhooksCreate = route({
  id: 'webhooks-create', area: 'webhooks', method: 'POST', path: '/api/webhooks', access: 'signed-in', companyScoped: true,
  summary: 'Register a webhook endpoint; its signing secret is answered this once',
  stale: ['webhooks-list'],
  schema: webhookCreateSchema, response: reply<WebhookWithSecret>(),
});
export const webhooksRotate = route({
  id: 'webhooks-rotate', area: 'webhooks', method: 'POST', path: '/api/webhooks/{id}/rotate', access: 'signed-in', companyScoped: true,
  summary: 'A new signing secret, answered this once; the previous one still signs for 24 hours',
  stale: ['webhooks-list'],
  schema: webhookVersionSchema, response: reply<WebhookWithSecret>(),
});
export const webhooksDelete = route({
  id: 'webhooks-delete', area: 'webhooks', method: 'DELETE', path: '/api/webhooks/{id}', access: 'signed-in', companyScoped: true,
  summary: 'Delete a webhook endpoint (deliveries still waiting are dropped)',
  stale: ['webhooks-list'],
  schema: webhookVersionSchema, response: reply<{ id: string }>(),
});
export const webhooksTest = route({
  id: 'webhooks-test', area: 'webhooks', method: 'POST', path: '/api/webhooks/{id}/test', access: 'signed-in', companyScoped: true,
  summary: 'Send a test event to a webhook endpoint now',
  stale: ['webhooks-attempts'],
  response: reply<{ deliveryId: string; eventId: string }>(),
  grants: { invokes: ['outbox-dispatch'] },
});
export const webhooksAttempts = route({
  id: 'webhooks-attempts', area: 'webhooks', method: 'GET', path: '/api/webhooks/{id}/attempts', access: 'signed-in', companyScoped: true,
  summary: "A webhook endpoint's last delivery tries, newest first",
  response: reply<WebhookAttempt[]>(),
});
export const auditList = route({
  id: 'audit-list', area: 'audit', method: 'GET', path: '/api/audit', access: 'admin',
  summary: 'A page of the audit log',
  query: auditQuerySchema,
  response: reply<AuditPage>(),
});
export const companyHistoryList = route({
  id: 'company-history-list', area: 'audit', method: 'GET', path: '/api/company-history', access: 'signed-in', companyScoped: true,
  summary: "A page of the current company's own history (administrators shown as the platform's team)",
  query: companyHistoryQuerySchema,
  response: reply<CompanyHistoryPage>(),
});

/** Every route, in table order: the CDK, the local gateway and the tests walk this list. */
export const routes = [
  auditList,
  companyHistoryList,
  outboxList,
  outboxResend,
  securityLogin,
  securityNewPassword,
  securityRefresh,
  securityLogout,
  securityMfa,
  securityMfaSetup,
  securityMfaSetupVerify,
  securityMfaRemove,
  securityCspReport,
  passwordResetRequest,
  passwordResetCheck,
  passwordResetComplete,
  usersCurrent,
  usersUpdatePreferences,
  usersFindCurrentCompany,
  usersChangeCurrentCompany,
  usersList,
  usersGet,
  usersCreate,
  usersUpdate,
  usersMfaReset,
  usersWelcomeResend,
  usersMailSuppression,
  usersMailSuppressionLift,
  usersDelete,
  companiesList,
  companiesGet,
  companiesManaged,
  companiesCreate,
  companiesUpdate,
  companiesUpdateCurrent,
  companiesDelete,
  integrationStatusList,
  integrationStatusUpdate,
  integrationStatusReport,
  dataHealthGet,
  dataHealthMute,
  translationsGet,
  translationsUpdate,
  emailSend,
  meetingsList,
  meetingsCreate,
  meetingsUpdate,
  meetingsDelete,
  defaultCollectorsList,
  defaultCollectorsCreate,
  defaultCollectorsUpdate,
  defaultCollectorsDelete,
  sourcesList,
  sourcesCpo,
  sourcesCreate,
  sourcesUpdate,
  sourcesDelete,
  trafficList,
  trafficMatch,
  trafficRulesList,
  trafficRulesCreate,
  trafficRulesApply,
  trafficRulesDelete,
  analyticsUtms,
  analyticsAccess,
  analyticsDimension,
  analyticsEvents,
  orderFeedUpload,
  orderFeedCheck,
  orderFeedCheckGet,
  orderFeedOverview,
  orderFeedFailingRows,
  orderFeedMissingIds,
  collectorsList,
  collectorsCreate,
  collectorsUpdate,
  collectorsDelete,
  affiliateCommissionsList,
  affiliateCommissionsCreate,
  affiliateCommissionsDelete,
  apiTokensList,
  apiTokensCreate,
  apiTokensRevoke,
  webhooksList,
  webhooksCreate,
  webhooksRotate,
  webhooksDelete,
  webhooksTest,
  webhooksAttempts,
] as const;

export type AnyRoute = (typeof routes)[number];
export type RouteId = AnyRoute['id'];

/** Lookup by id, for tools and tests; application code imports the route object itself. */
export function routeById(id: RouteId): AnyRoute {
  const found = routes.find((r) => r.id === id);
  if (!found) throw new Error(`Unknown route ${id}`);
  return found;
}

/** Relative module path of a route's handler, from the repo root, without extension. */
export const handlerModule = (route: RouteDef): string => `functions/http/${route.area}/${route.id}`;

/** Fills {param} placeholders; used by the web client. Values are URI-encoded. */
export function routePath<R extends RouteDef>(route: R, params: ParamsOf<R>): string {
  const values = params as Record<string, string | undefined>;
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${route.id}`);
    return encodeURIComponent(value);
  });
}

/** Matches a concrete path against a route path; returns its parameters or null. */
function matchPath(pattern: string, path: string): Record<string, string> | null {
  const a = pattern.split('/');
  const b = path.split('/');
  if (a.length !== b.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < a.length; i++) {
    const seg = a[i]!;
    const m = /^\{(\w+)\}$/.exec(seg);
    if (m) {
      if (!b[i]) return null;
      try {
        params[m[1]!] = decodeURIComponent(b[i]!);
      } catch {
        return null;
      }
    } else if (seg !== b[i]) return null;
  }
  return params;
}

/** Finds the route for a method and path; static segments win over parameters. */
export function findRoute(method: string, rawPath: string): { route: RouteDef; params: Record<string, string> } | null {
  const path = rawPath.length > 1 ? rawPath.replace(/\/+$/, '') : rawPath;
  let best: { route: RouteDef; params: Record<string, string>; score: number } | null = null;
  for (const route of routes as readonly RouteDef[]) {
    if (route.method !== method) continue;
    const params = matchPath(route.path, path);
    if (!params) continue;
    const score = Object.keys(params).length;
    if (!best || score < best.score) best = { route, params, score };
  }
  return best && { route: best.route, params: best.params };
}
