/**
 * Resource definitions shared by the CDK stacks, the local provisioning (localstack/) and the
 * runtime (env names, jobs, limits),
 * so the emulators get exactly the table, pool, groups and templates that AWS gets.
 * Plain data only: no CDK or SDK imports here.
 */

import type { JobName, RouteGrants } from '../../../shared/routes';
import { FEED_FILES_KEPT_DAYS } from '../../../shared/domain/order-feed';

export const table = {
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'expiresAt',
  /** Admin lists (users, companies, status report, default collectors, translations) and lookups. */
  globalSecondaryIndexes: [
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    /** The audit history by time (docs/product.md, "Audit history"). */
    { indexName: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
  ],
} as const;

export const userPool = {
  /** Login is the e-mail: Cognito username is a generated id, the e-mail is an alias attribute. */
  signInCaseSensitive: false,
  passwordPolicy: {
    /*
     * Length rather than character classes (NIST SP 800-63B). The minimum length is the stage's
     * (lib/config.ts `passwordMinLength`; locally PASSWORD_MIN_LENGTH, localstack/provision.ts),
     * the one the forms and the API check (shared/schemas/password-policy.ts). Temporary
     * passwords must meet it too.
     */
    requireLowercase: false,
    requireUppercase: false,
    requireDigits: false,
    requireSymbols: false,
    temporaryPasswordValidityDays: 7,
  },
  groups: ['ROLE_USER', 'ROLE_MANAGER', 'ROLE_ADMIN'] as const,
  client: {
    name: 'portal-web',
    authFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'] as const,
    preventUserExistenceErrors: true,
    accessTokenValidityMinutes: 60,
    idTokenValidityMinutes: 60,
    // A week: a stolen refresh token (or a forgotten session on a shared computer) lasts at most that long.
    refreshTokenValidityDays: 7,
  },
} as const;


export const feedBucket = {
  /** Uploaded feed files are temporary inputs of a check; the checks' CSV files go with them. */
  uploadExpiryDays: FEED_FILES_KEPT_DAYS,
  // The size cap is the presigned POST's condition (shared/domain/order-feed.ts FEED_UPLOAD_MAX_BYTES).
} as const;

export const schedule = {
  /** Daily re-check of stored order feed URLs (UTC). */
  feedRecheckCron: { minute: '0', hour: '3' },
  /** The outbox's sweep (docs/reliability.md, "Mail"): what is due, every minute. */
  outboxSweepMinutes: 1,
} as const;

/**
 * The daily re-check's queue (docs/order-feed.md, "Daily re-check"): the scheduled dispatcher
 * sends one message per company, the worker checks one company per message. Read by the CDK
 * (SQS, event source) and by the local SQS (localstack/feed-recheck-queue.ts), so both retry alike.
 */
export const feedRecheckQueue = {
  /** Deliveries of one message before it goes to the dead-letter queue. */
  maxReceiveCount: 3,
  /** The worker: one company's feed, up to the feed-check job's own 15 minutes. */
  workerTimeoutSeconds: 900,
  workerMemoryMb: 1769,
  /** AWS's advice for a Lambda event source: at least six times the function's timeout. */
  visibilityTimeoutSeconds: 6 * 900,
  /** Companies checked at the same time (SQS event source maximum concurrency, at least 2). */
  maxConcurrency: 4,
} as const;

/**
 * The daily job's share of the Google Analytics Data API quotas (docs/analytics.md, "The daily job
 * and the provider's quotas"): every provider call of the re-check worker takes a token first
 * (functions/core/analytics/quota.ts). Per Google Cloud project (the service account's: all
 * companies share it) per minute and per day, per GA property per hour. Google's own limits are
 * 1,200 core requests a minute and 50,000 a day per project, 40,000 tokens an hour per standard
 * property (most requests cost under 10): the job keeps half the project's minute for the portal's
 * pages, and its day below the project's. Set per stage through the worker's environment
 * (`quotaEnvNames`), e.g. after Google raised the project's quota.
 */
export const analyticsQuota = {
  projectRequestsPerMinute: 600,
  projectRequestsPerDay: 45_000,
  propertyRequestsPerHour: 100,
} as const;

/** The worker's environment variables that override `analyticsQuota`. */
export const quotaEnvNames = {
  projectRequestsPerMinute: 'ANALYTICS_PROJECT_REQUESTS_PER_MINUTE',
  projectRequestsPerDay: 'ANALYTICS_PROJECT_REQUESTS_PER_DAY',
  propertyRequestsPerHour: 'ANALYTICS_PROPERTY_REQUESTS_PER_HOUR',
} as const;

/**
 * Reserved concurrency (lib/api.ts, lib/jobs.ts): set aside for these functions and their ceiling.
 * Sign-in (password, then the authenticator code) keeps answering when other functions use up the
 * account's pool; the feed worker, as many as its event source runs at once, never more. Lambda
 * keeps 100 of an account's concurrency unreserved: the account's quota must be at least the sum
 * plus 100 (`npm run deploy:check` checks it, docs/deploy.md).
 */
export const reservedConcurrency = {
  routes: { 'security-login': 10, 'security-mfa': 5 } as Readonly<Record<string, number>>,
  feedRecheckWorker: feedRecheckQueue.maxConcurrency,
} as const;

/** Lambda's own floor: reservations must leave this much of the account's concurrency unreserved. */
const UNRESERVED_CONCURRENCY_FLOOR = 100;

/** The account concurrency a stage needs (see `reservedConcurrency`). */
export const requiredAccountConcurrency = (): number =>
  Object.values(reservedConcurrency.routes).reduce((a, b) => a + b, 0) + reservedConcurrency.feedRecheckWorker + UNRESERVED_CONCURRENCY_FLOOR;

/** Every function's settings unless its route or job sets its own (PortalFunction, lib/api.ts, the local runtimes). */
export const functionDefaults = { timeoutSeconds: 10, memoryMb: 512 } as const;

/**
 * AWS's limits where the portal meets them, which the local gateway applies as AWS does
 * (docs/local-aws.md, "AWS's limits"): Lambda's synchronous payload (6 MB each way: the event with
 * the request body, and the function's answer) and HTTP API's integration timeout and body size.
 */
export const awsLimits = {
  lambdaPayloadBytes: 6 * 1024 * 1024,
  httpApiTimeoutSeconds: 30,
  httpApiBodyBytes: 10 * 1024 * 1024,
} as const;

export interface MailTemplate {
  name: string;
  subject: string;
  html: string;
  text: string;
}

const wrap = (body: string) =>
  `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2933">${body}</body></html>`;

/** SES v2 templates (handlebars-style {{vars}}). Names are suffixed by stage at deploy time. */
export const mailTemplates: readonly MailTemplate[] = [
  {
    name: 'step-notification',
    subject: '{{company_name}}: step {{step_name}} completed',
    html: wrap(
      '<p>{{user_firstname}} completed the step <b>{{step_name}}</b> for <b>{{company_name}}</b>.</p><p>{{remark}}</p><p><a href="{{url_integration}}">Open the portal</a></p>',
    ),
    text: '{{user_firstname}} completed the step {{step_name}} for {{company_name}}.\n{{remark}}\n{{url_integration}}',
  },
  {
    name: 'integration-validation',
    subject: '{{company_name}}: integration validated',
    html: wrap(
      '<p>{{user_firstname}} validated the integration of <b>{{company_name}}</b>: every step is complete.</p><p><a href="{{url_integration}}">Open the portal</a></p>',
    ),
    text: '{{user_firstname}} validated the integration of {{company_name}}: every step is complete.\n{{url_integration}}',
  },
  {
    name: 'welcome-default',
    subject: 'Your onboarding portal account',
    html: wrap(
      '<p>Hello {{name}},</p><p>Your account is ready: <a href="{{url_integration}}">{{url_integration}}</a></p><p>Login: {{login}}<br>Temporary password: {{password}}</p><p>You will choose your own password when you first sign in.</p>',
    ),
    text: 'Hello {{name}},\nYour account is ready: {{url_integration}}\nLogin: {{login}}\nTemporary password: {{password}}\nYou will choose your own password when you first sign in.',
  },
  {
    name: 'welcome-fr',
    subject: 'Votre compte sur le portail d’intégration',
    html: wrap(
      '<p>Bonjour {{name}},</p><p>Votre compte est prêt : <a href="{{url_integration}}">{{url_integration}}</a></p><p>Identifiant : {{login}}<br>Mot de passe temporaire : {{password}}</p><p>Vous choisirez votre propre mot de passe à la première connexion.</p>',
    ),
    text: 'Bonjour {{name}},\nVotre compte est prêt : {{url_integration}}\nIdentifiant : {{login}}\nMot de passe temporaire : {{password}}\nVous choisirez votre propre mot de passe à la première connexion.',
  },
  {
    name: 'welcome-ru',
    subject: 'Ваш доступ к порталу интеграции',
    html: wrap(
      '<p>Здравствуйте, {{name}}!</p><p>Ваш аккаунт готов: <a href="{{url_integration}}">{{url_integration}}</a></p><p>Логин: {{login}}<br>Временный пароль: {{password}}</p><p>При первом входе вы зададите собственный пароль.</p>',
    ),
    text: 'Здравствуйте, {{name}}!\nВаш аккаунт готов: {{url_integration}}\nЛогин: {{login}}\nВременный пароль: {{password}}\nПри первом входе вы зададите собственный пароль.',
  },
  {
    name: 'password-reset',
    subject: 'Reset your password',
    html: wrap(
      '<p>Someone asked to reset the password of {{login}}.</p><p><a href="{{url_reset}}">Choose a new password</a> (the link works once and expires in {{expires_hours}} hours).</p><p>If it was not you, ignore this e-mail.</p>',
    ),
    text: 'Someone asked to reset the password of {{login}}.\nChoose a new password: {{url_reset}}\nThe link works once and expires in {{expires_hours}} hours. If it was not you, ignore this e-mail.',
  },
  {
    name: 'password-reset-fr',
    subject: 'Réinitialisez votre mot de passe',
    html: wrap(
      '<p>Une réinitialisation du mot de passe de {{login}} a été demandée.</p><p><a href="{{url_reset}}">Choisir un nouveau mot de passe</a> (le lien ne sert qu’une fois et expire dans {{expires_hours}} heures).</p><p>Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail.</p>',
    ),
    text: 'Une réinitialisation du mot de passe de {{login}} a été demandée.\nChoisir un nouveau mot de passe : {{url_reset}}\nLe lien ne sert qu’une fois et expire dans {{expires_hours}} heures. Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail.',
  },
  {
    // To the integration team, like step-notification (the team's mails are in English).
    name: 'feed-regression',
    subject: '{{company_name}}: the {{feed_kind}} feed {{problem_short}}',
    html: wrap(
      '<p>The daily check of the {{feed_kind}} feed of <b>{{company_name}}</b> ({{checked_at}}) found that it {{problem}}.</p><p>Its previous check ({{previous_at}}) was clean.</p><p>{{details}}</p><p><a href="{{url_integration}}">Open the portal</a></p>',
    ),
    text: 'The daily check of the {{feed_kind}} feed of {{company_name}} ({{checked_at}}) found that it {{problem}}.\nIts previous check ({{previous_at}}) was clean.\n{{details}}\n{{url_integration}}',
  },
  {
    name: 'password-reset-ru',
    subject: 'Сброс пароля',
    html: wrap(
      '<p>Поступил запрос на сброс пароля для {{login}}.</p><p><a href="{{url_reset}}">Задать новый пароль</a> (ссылка действует один раз и истекает через {{expires_hours}} ч).</p><p>Если вы не запрашивали сброс, просто проигнорируйте это письмо.</p>',
    ),
    text: 'Поступил запрос на сброс пароля для {{login}}.\nЗадать новый пароль: {{url_reset}}\nСсылка действует один раз и истекает через {{expires_hours}} ч. Если вы не запрашивали сброс, просто проигнорируйте это письмо.',
  },
  {
    name: 'mfa-added',
    subject: 'An authenticator app was added to your account',
    html: wrap(
      '<p>An authenticator app was just set up for the sign-in of {{login}}: from now on the portal asks for its code after the password.</p><p>If it was not you, reset your password from the <a href="{{url_integration}}">sign-in page</a> (the reset can remove the app) and tell your administrator.</p>',
    ),
    text: 'An authenticator app was just set up for the sign-in of {{login}}: from now on the portal asks for its code after the password.\nIf it was not you, reset your password from the sign-in page (the reset can remove the app) and tell your administrator: {{url_integration}}',
  },
  {
    name: 'mfa-added-fr',
    subject: 'Une application d’authentification a été ajoutée à votre compte',
    html: wrap(
      '<p>Une application d’authentification vient d’être configurée pour la connexion de {{login}} : le portail demandera désormais son code après le mot de passe.</p><p>Si ce n’est pas vous, réinitialisez votre mot de passe depuis la <a href="{{url_integration}}">page de connexion</a> (la réinitialisation peut retirer l’application) et prévenez votre administrateur.</p>',
    ),
    text: 'Une application d’authentification vient d’être configurée pour la connexion de {{login}} : le portail demandera désormais son code après le mot de passe.\nSi ce n’est pas vous, réinitialisez votre mot de passe depuis la page de connexion (la réinitialisation peut retirer l’application) et prévenez votre administrateur : {{url_integration}}',
  },
  {
    name: 'mfa-added-ru',
    subject: 'К вашему аккаунту подключено приложение-аутентификатор',
    html: wrap(
      '<p>Для входа {{login}} только что подключено приложение-аутентификатор: теперь после пароля портал будет запрашивать его код.</p><p>Если это были не вы, сбросьте пароль на <a href="{{url_integration}}">странице входа</a> (при сбросе можно отключить приложение) и сообщите администратору.</p>',
    ),
    text: 'Для входа {{login}} только что подключено приложение-аутентификатор: теперь после пароля портал будет запрашивать его код.\nЕсли это были не вы, сбросьте пароль на странице входа (при сбросе можно отключить приложение) и сообщите администратору: {{url_integration}}',
  },
  {
    name: 'mfa-removed',
    subject: 'The authenticator app was removed from your account',
    html: wrap(
      '<p>The authenticator app of {{login}} was just removed: the portal no longer asks for its code at sign-in.</p><p>If it was not you, reset your password from the <a href="{{url_integration}}">sign-in page</a> and tell your administrator.</p>',
    ),
    text: 'The authenticator app of {{login}} was just removed: the portal no longer asks for its code at sign-in.\nIf it was not you, reset your password from the sign-in page and tell your administrator: {{url_integration}}',
  },
  {
    name: 'mfa-removed-fr',
    subject: 'L’application d’authentification a été retirée de votre compte',
    html: wrap(
      '<p>L’application d’authentification de {{login}} vient d’être retirée : le portail ne demande plus son code à la connexion.</p><p>Si ce n’est pas vous, réinitialisez votre mot de passe depuis la <a href="{{url_integration}}">page de connexion</a> et prévenez votre administrateur.</p>',
    ),
    text: 'L’application d’authentification de {{login}} vient d’être retirée : le portail ne demande plus son code à la connexion.\nSi ce n’est pas vous, réinitialisez votre mot de passe depuis la page de connexion et prévenez votre administrateur : {{url_integration}}',
  },
  {
    name: 'mfa-removed-ru',
    subject: 'Приложение-аутентификатор отключено от вашего аккаунта',
    html: wrap(
      '<p>Приложение-аутентификатор для {{login}} только что отключено: при входе портал больше не запрашивает его код.</p><p>Если это были не вы, сбросьте пароль на <a href="{{url_integration}}">странице входа</a> и сообщите администратору.</p>',
    ),
    text: 'Приложение-аутентификатор для {{login}} только что отключено: при входе портал больше не запрашивает его код.\nЕсли это были не вы, сбросьте пароль на странице входа и сообщите администратору: {{url_integration}}',
  },
  {
    // To the company's users (docs/product.md, "Data health"); `lines` is one line per kind, in the mail's language.
    name: 'health-alert',
    subject: '{{company_name}}: {{headline}}',
    html: wrap(
      '<p>The daily check of the data of <b>{{company_name}}</b> ({{checked_on}}) found:</p><p style="white-space:pre-line">{{lines}}</p><p><a href="{{url_health}}">Open the data health page</a></p><p>You can turn these e-mails off in your profile.</p>',
    ),
    text: 'The daily check of the data of {{company_name}} ({{checked_on}}) found:\n{{lines}}\n\nData health: {{url_health}}\nYou can turn these e-mails off in your profile.',
  },
  {
    name: 'health-alert-fr',
    subject: '{{company_name}} : {{headline}}',
    html: wrap(
      '<p>La vérification quotidienne des données de <b>{{company_name}}</b> ({{checked_on}}) a constaté :</p><p style="white-space:pre-line">{{lines}}</p><p><a href="{{url_health}}">Ouvrir la page Santé des données</a></p><p>Vous pouvez désactiver ces e-mails dans votre profil.</p>',
    ),
    text: 'La vérification quotidienne des données de {{company_name}} ({{checked_on}}) a constaté :\n{{lines}}\n\nSanté des données : {{url_health}}\nVous pouvez désactiver ces e-mails dans votre profil.',
  },
  {
    name: 'health-alert-ru',
    subject: '{{company_name}}: {{headline}}',
    html: wrap(
      '<p>Ежедневная проверка данных <b>{{company_name}}</b> ({{checked_on}}) показала:</p><p style="white-space:pre-line">{{lines}}</p><p><a href="{{url_health}}">Открыть страницу «Состояние данных»</a></p><p>Эти письма можно отключить в профиле.</p>',
    ),
    text: 'Ежедневная проверка данных {{company_name}} ({{checked_on}}) показала:\n{{lines}}\n\nСостояние данных: {{url_health}}\nЭти письма можно отключить в профиле.',
  },
];

export type MailTemplateName =
  | 'step-notification'
  | 'integration-validation'
  | 'welcome-default'
  | 'welcome-fr'
  | 'welcome-ru'
  | 'password-reset'
  | 'password-reset-fr'
  | 'password-reset-ru'
  | 'feed-regression'
  | 'health-alert'
  | 'health-alert-fr'
  | 'health-alert-ru'
  | 'mfa-added'
  | 'mfa-added-fr'
  | 'mfa-added-ru'
  | 'mfa-removed'
  | 'mfa-removed-fr'
  | 'mfa-removed-ru';

/** Environment variable names shared by the Lambda handlers, the CDK and the local gateway. */
export const envNames = {
  tableName: 'TABLE_NAME',
  bucketName: 'FEED_BUCKET',
  userPoolId: 'USER_POOL_ID',
  userPoolClientId: 'USER_POOL_CLIENT_ID',
  /** Token issuer; defaults to the AWS Cognito issuer of the pool; cognito-local has its own. */
  tokenIssuer: 'TOKEN_ISSUER',
  mailFrom: 'MAIL_FROM',
  integrationMailbox: 'INTEGRATION_MAILBOX',
  appUrl: 'APP_URL',
  templatePrefix: 'MAIL_TEMPLATE_PREFIX',
  stage: 'STAGE',
  /**
   * Deployed stages: the shared secret CloudFront adds to every /api request as the
   * `x-origin-verify` header; handlers refuse requests without it (direct execute-api calls).
   * Unset locally: the local gateway is the only way in.
   */
  originVerify: 'ORIGIN_VERIFY_SECRET',
  /**
   * `required`: administrators must sign in with an authenticator app (TOTP) and set one up at
   * their first sign-in; `optional`: offered to everyone. Default: required on deployed stages,
   * optional on the local stack (functions/platform/env.ts).
   */
  adminMfa: 'ADMIN_MFA',
  /** Deployed stages: the SES configuration set to send through (unset locally). */
  mailConfigurationSet: 'MAIL_CONFIGURATION_SET',
  /** The one administrator account nobody can delete in the users admin (the stage's first admin); empty: none. */
  protectedAdminLogin: 'PROTECTED_ADMIN_LOGIN',
  /** `google` (deployed default) or `sandbox` (the local stack's default): docs/analytics.md. */
  analyticsProvider: 'ANALYTICS_PROVIDER',
  /** Deployed stages: the Secrets Manager secret holding the Google service account key (googleCredentialsSecretName). */
  googleCredentialsSecret: 'GOOGLE_CREDENTIALS_SECRET',
  /** Optional: the standard format of custom dimension values, a regular expression (default digits.digits). */
  analyticsStandardFormat: 'ANALYTICS_STANDARD_FORMAT',
  /** The stage's password minimum (8 when unset; never lower): shared/schemas/password-policy.ts. */
  passwordMinLength: 'PASSWORD_MIN_LENGTH',
} as const;

/**
 * The daily feed re-check's SQS queue URL: in the scheduled dispatcher's environment only (jobs
 * stack), so not one of the shared `envNames`. The local stack has no SQS (localstack/feed-recheck-local.ts).
 */
export const feedRecheckQueueEnv = 'FEED_RECHECK_QUEUE_URL';

/**
 * Other origins (comma-separated) the same portal answers on, accepted by the request guard
 * beside APP_URL's: the local stack's `http://localhost:<port>` next to `http://127.0.0.1:<port>`.
 * Unset on AWS (one origin, APP_URL's), so not one of the shared `envNames`.
 */
export const appAliasOriginsEnv = 'APP_ALIAS_ORIGINS';

/** The header CloudFront adds to origin requests with the origin secret. */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

/**
 * The viewer's Accept-Encoding, copied by CloudFront's /api/* viewer function (lib/web.ts) and
 * by the local gateway: an origin request policy may not forward Accept-Encoding itself, and the
 * API gzips its answers for callers that take it (functions/platform/compress.ts).
 */
export const ACCEPT_ENCODING_HEADER = 'x-accept-encoding';

/** SES configuration set of a stage (bounce and complaint events); the mailer sends through it. */
export const mailConfigurationSetName = (stage: string): string => `portal-${stage}`;

/** Secrets Manager name of a stage's origin secret (created by the data stack, read by api and web). */
export const originSecretName = (stage: string): string => `portal/${stage}/origin-verify`;
/** Secrets Manager name of a stage's Google service account key (created empty-ish by the data stack; docs/analytics.md). */
export const googleCredentialsSecretName = (stage: string): string => `portal/${stage}/google-credentials`;

/**
 * Background jobs: work a request starts and does not wait for (an async Lambda invoke, which
 * AWS retries and, failing that, hands to the job's dead-letter queue). The local gateway runs
 * the same modules when the SDK's Invoke call reaches it (localstack/gateway.ts).
 */
export interface JobDefinition {
  /** Handler module, from the repo root. */
  readonly entry: string;
  readonly description: string;
  readonly timeoutSeconds: number;
  /** Lambda memory (and with it CPU); default 512 MB. */
  readonly memoryMb?: number;
  readonly grants: RouteGrants;
}

export const jobs: Readonly<Record<JobName, JobDefinition>> = {
  'password-reset-mail': {
    entry: 'functions/jobs/password-reset-mail.ts',
    description: 'Password reset: the link and its e-mail, after the request was answered',
    timeoutSeconds: 30,
    grants: { table: 'read-write', queuesMail: true },
  },
  'feed-check': {
    entry: 'functions/jobs/feed-check.ts',
    description: 'Order feed check: streams the upload or the URL through the engine, writing progress then the result',
    timeoutSeconds: 900,
    // Memory stays flat (one order at a time); 1769 MB buys a whole vCPU for the parse.
    memoryMb: 1769,
    // googleCredentials: the comparison with the analytics tool's orders of the day before;
    // put and abort-multipart: the CSV files (failing rows, missing ids) it writes as it reads (multipart uploads).
    grants: { table: 'read-write', queuesMail: true, feedBucket: ['get', 'put', 'abort-multipart'], googleCredentials: true },
  },
  'outbox-dispatch': {
    entry: 'functions/jobs/outbox-dispatch.ts',
    description: 'Outbox: one try of the deliveries a request just recorded (docs/reliability.md, "Mail")',
    // Tries one after another, each within SES's time budget (9 s), a request's few mails.
    timeoutSeconds: 60,
    grants: { table: 'read-write', queuesMail: true },
  },
  'traffic-relink': {
    entry: 'functions/jobs/traffic-relink.ts',
    description: 'UTM traffic: links the combinations to the rules after a change of the rules (docs/architecture.md, "A big advertiser: stored link states")',
    // 100,000 combinations a pass, the writes of 50,000 changed links; a killed run is taken over at its cursor.
    timeoutSeconds: 900,
    // queuesMail: completing utm_rules mails the team.
    grants: { table: 'read-write', queuesMail: true },
  },
};

export const jobNames = Object.keys(jobs) as JobName[];

/** The environment variable that holds a job's function name, e.g. JOB_PASSWORD_RESET_MAIL_FUNCTION. */
export const jobFunctionEnv = (name: JobName): string => `JOB_${name.toUpperCase().replace(/-/g, '_')}_FUNCTION`;
