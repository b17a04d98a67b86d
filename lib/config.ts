/**
 * Stage configuration: one typed entry per stage, chosen with `-c stage=<name>` (default dev).
 * Single values can be overridden from the CLI (`-c domain=… -c senderEmail=…`) so a
 * developer can deploy a personal stage without editing this file.
 * Nothing here looks anything up in AWS: synth stays offline and env-agnostic.
 */
import { RemovalPolicy } from 'aws-cdk-lib';
import { PASSWORD_MIN_LENGTH_FLOOR, passwordMinLengthProblem } from '../shared/schemas/password-policy';

export interface StageConfig {
  /** Short lower-case name; prefixes stack names and SES template names. */
  readonly stage: string;
  /** Host name the portal is served on (CloudFront alias); the app origin is https://<domain>. */
  readonly domain: string;
  /**
   * ACM certificate for `domain`, in us-east-1 (CloudFront requirement). Without it the
   * distribution only answers on its *.cloudfront.net name and `domain` must be wired by hand.
   */
  readonly certificateArn?: string;
  /** From address of every e-mail; becomes the SES e-mail identity. */
  readonly senderEmail: string;
  /** The provider's integration team: step notifications and feed alerts go there. */
  readonly integrationMailbox: string;
  /** Keep the table, the feed bucket and the user pool when the stack is deleted. */
  readonly retainData: boolean;
  /**
   * The widget tracking tag's https script URL, the same value as the web build's
   * VITE_WIDGET_SCRIPT_URL (docs/web.md): its origin is allowed in the Content-Security-Policy.
   */
  readonly widgetScriptUrl?: string;
  /** Who receives the alarms (SNS e-mail subscription); without it, subscribe to the topic by hand. */
  readonly alarmEmail?: string;
  /**
   * Optional: the Route 53 public hosted zone of the sender's domain (its id; its name must be
   * that domain). With it the Mail stack publishes the three Easy DKIM records itself; without
   * it they are published by hand from the `DkimRecords` output (docs/deploy.md).
   */
  readonly senderHostedZoneId?: string;
  /**
   * Administrators must sign in with an authenticator app (TOTP), set up at their first sign-in
   * (default `required`); `optional` offers it only. Cognito cannot require MFA of one group, so
   * the portal's sign-in and auth middleware do it (docs/auth.md, "MFA").
   */
  readonly adminMfa?: 'required' | 'optional';
  /** The administrator account the users admin may never delete (the stage's first admin, docs/deploy.md). */
  readonly protectedAdminLogin?: string;
  /**
   * The password minimum of the stage (default 8, the spec's; never lower, at most 99): the user
   * pool's policy, the functions' PASSWORD_MIN_LENGTH (schemas, generator) and the web build's
   * VITE_PASSWORD_MIN_LENGTH (hints, forms; the Web stack refuses a build made with another
   * value). docs/deploy.md, "Password minimum".
   */
  readonly passwordMinLength?: number;
}

type StageDefaults = Omit<StageConfig, 'stage'>;

/** Known stages. Values are the team's; change them here, not in the stacks. */
const stages: Readonly<Record<string, StageDefaults>> = {
  dev: {
    domain: 'dev.onboarding.example.com',
    senderEmail: 'no-reply@dev.onboarding.example.com',
    integrationMailbox: 'integration-dev@example.com',
    retainData: false,
  },
  /** `npm run deploy:localstack` (docs/localstack-docker.md): LocalStack in Docker, account 000000000000. */
  localstack: {
    domain: 'portal.localhost.localstack.cloud',
    senderEmail: 'no-reply@portal.localhost.localstack.cloud',
    integrationMailbox: 'integration@portal.localhost.localstack.cloud',
    retainData: false,
  },
  prod: {
    domain: 'onboarding.example.com',
    senderEmail: 'no-reply@onboarding.example.com',
    integrationMailbox: 'integration@example.com',
    retainData: true,
  },
};

const STAGE_NAME = /^[a-z][a-z0-9-]{0,15}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const HOST = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,}$/;
const CERT_ARN = /^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[\w-]+$/;

/** Reads context values (`-c key=value` or cdk.json) through a minimal interface for testability. */
export interface ContextSource {
  tryGetContext(key: string): unknown;
}

/** A whole number from context: `-c key=12` gives text, cdk.json a number; anything else is left to `validate` to refuse. */
const num = (ctx: ContextSource, key: string): number | undefined => {
  const value = ctx.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  return typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : (value as number);
};

const str = (ctx: ContextSource, key: string): string | undefined => {
  const value = ctx.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new Error(`Context "${key}" must be a string`);
  return value;
};

/**
 * Resolves the stage config from context. Unknown stage names are allowed (personal stages)
 * when domain, senderEmail and integrationMailbox are given on the command line; they then
 * inherit dev's defaults for the rest.
 */
export function loadConfig(ctx: ContextSource): StageConfig {
  // `npm run deploy` sets requireStage: deploying nothing by accident beats deploying dev.
  if (str(ctx, 'requireStage') === 'true' && !str(ctx, 'stage')) {
    throw new Error('Choose the stage to deploy: npm run deploy -- -c stage=<name> (docs/deploy.md)');
  }
  const stage = str(ctx, 'stage') ?? 'dev';
  if (!STAGE_NAME.test(stage)) throw new Error(`Invalid stage "${stage}": lower-case letters, digits, dashes; 16 chars max`);
  const known = stages[stage];
  const base: StageDefaults = known ?? { ...stages.dev!, retainData: false };
  const config: StageConfig = {
    stage,
    domain: str(ctx, 'domain') ?? (known ? base.domain : ''),
    certificateArn: str(ctx, 'certificateArn') ?? base.certificateArn,
    senderEmail: str(ctx, 'senderEmail') ?? (known ? base.senderEmail : ''),
    integrationMailbox: str(ctx, 'integrationMailbox') ?? (known ? base.integrationMailbox : ''),
    retainData: base.retainData,
    widgetScriptUrl: str(ctx, 'widgetScriptUrl') ?? base.widgetScriptUrl,
    alarmEmail: str(ctx, 'alarmEmail') ?? base.alarmEmail,
    senderHostedZoneId: str(ctx, 'senderHostedZoneId') ?? (known ? base.senderHostedZoneId : undefined),
    protectedAdminLogin: str(ctx, 'protectedAdminLogin') ?? base.protectedAdminLogin,
    passwordMinLength: num(ctx, 'passwordMinLength') ?? base.passwordMinLength,
  };
  // Offline synthesis (npm run synth, the infra tests) may use the placeholder values; a deploy may not.
  const allowPlaceholders = str(ctx, 'placeholders') === 'allow';
  if (allowPlaceholders && str(ctx, 'requireStage') === 'true') {
    throw new Error('-c placeholders=allow is for offline synth only: npm run deploy never takes it (docs/deploy.md)');
  }
  return validate(config, { allowPlaceholders });
}

/** Stage names the handlers treat as plain-http local runs (no Secure cookies): never deployed. */
const reservedStages = ['local', 'test'] as const;

/** Hosts of documentation and testing (RFC 2606, 6761): nobody's real domain or mailbox. */
const PLACEHOLDER_HOST = /(^|\.)(example\.(com|net|org)|[^.]+\.(example|invalid|test|localhost))$|^(example|invalid|test|localhost)$/;
/** Stages that run against an emulator (LocalStack), where placeholders are all there is. */
const EMULATED_STAGES = new Set(['localstack']);

/**
 * The stage deploys into LocalStack (docs/localstack-docker.md): no WAF stack (LocalStack has no
 * CloudFront-scope web ACL), placeholder names allowed.
 */
export const runsOnEmulator = (config: StageConfig): boolean => EMULATED_STAGES.has(config.stage);

export function validate(config: StageConfig, options: { allowPlaceholders?: boolean } = {}): StageConfig {
  const problems: string[] = [];
  if (!options.allowPlaceholders && !EMULATED_STAGES.has(config.stage)) {
    const host = (email: string) => email.split('@')[1] ?? '';
    for (const [name, value] of [
      ['domain', config.domain],
      ['senderEmail', host(config.senderEmail)],
      ['integrationMailbox', host(config.integrationMailbox)],
    ] as const) {
      if (PLACEHOLDER_HOST.test(value)) problems.push(`${name} uses the placeholder host "${value}": set the team's real one (-c ${name}=…)`);
    }
    if (!config.certificateArn) problems.push('certificateArn is missing: CloudFront needs an ACM certificate for the domain, in us-east-1 (-c certificateArn=…)');
  }
  if (!STAGE_NAME.test(config.stage)) problems.push(`stage "${config.stage}": lower-case letters, digits, dashes; 16 chars max`);
  if ((reservedStages as readonly string[]).includes(config.stage))
    problems.push(`stage "${config.stage}" is reserved for local runs (the handlers drop Secure cookies there)`);
  if (!HOST.test(config.domain)) problems.push(`domain "${config.domain}" is not a host name (-c domain=…)`);
  if (!EMAIL.test(config.senderEmail)) problems.push(`senderEmail "${config.senderEmail}" is not an e-mail (-c senderEmail=…)`);
  if (!EMAIL.test(config.integrationMailbox))
    problems.push(`integrationMailbox "${config.integrationMailbox}" is not an e-mail (-c integrationMailbox=…)`);
  if (config.certificateArn !== undefined && !CERT_ARN.test(config.certificateArn))
    problems.push(`certificateArn must be an ACM certificate in us-east-1 (CloudFront), got "${config.certificateArn}"`);
  if (config.alarmEmail !== undefined && !EMAIL.test(config.alarmEmail)) problems.push(`alarmEmail "${config.alarmEmail}" is not an e-mail`);
  if (config.senderHostedZoneId !== undefined && !/^Z[A-Z0-9]{1,31}$/.test(config.senderHostedZoneId))
    problems.push(`senderHostedZoneId "${config.senderHostedZoneId}" is not a Route 53 hosted zone id (Z…)`);
  if (config.passwordMinLength !== undefined) {
    const problem = passwordMinLengthProblem(config.passwordMinLength);
    if (problem) problems.push(`passwordMinLength ${problem} (-c passwordMinLength=…)`);
  }
  if (config.widgetScriptUrl !== undefined && !/^https:\/\/[^/\s]+\/\S*$/.test(config.widgetScriptUrl))
    problems.push(`widgetScriptUrl must be an https script URL, got "${config.widgetScriptUrl}"`);
  if (problems.length) throw new Error(`Stage "${config.stage}" config: ${problems.join('; ')}`);
  return config;
}

/** The stage's password minimum: its setting, else the spec's 8. */
export const passwordMinLength = (config: StageConfig): number => config.passwordMinLength ?? PASSWORD_MIN_LENGTH_FLOOR;

/** Origin of the web app and of /api (one origin: CloudFront serves both). */
export const appUrl = (config: StageConfig): string => `https://${config.domain}`;

/**
 * SES template names are `<prefix><definition name>`; handlers read the prefix from env.
 * Same shape as the local provisioning's `portal-local-`, so stages can share an account.
 */
export const mailTemplatePrefix = (config: StageConfig): string => `portal-${config.stage}-`;

/** CloudFormation stack name of one concern, e.g. Portal-dev-Api. */
export const stackName = (config: StageConfig, concern: string): string => `Portal-${config.stage}-${concern}`;

/**
 * Removal policy of what a stage keeps *and* names itself (log groups, the Google key secret): a
 * fixed name kept by a failed first deploy's rollback would make the retry fail ("already
 * exists"). RETAIN_ON_UPDATE_OR_DELETE keeps it only once it was created successfully: deleted on
 * a failed create's rollback, kept on a replacement or a stack deletion.
 */
export const keptWithNamePolicy = (config: StageConfig): RemovalPolicy =>
  config.retainData ? RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE : RemovalPolicy.DESTROY;
