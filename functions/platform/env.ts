import { analyticsQuota, envNames, feedRecheckQueueEnv, quotaEnvNames } from './config/resources';
import { parsePasswordMinLength } from '../../shared/schemas/password-policy';

/**
 * Typed, lazy access to the handler environment (names: functions/platform/config/resources.ts).
 * Lazy so a module can be imported (route-table test, cold-start bench) without the variables,
 * and so a missing one fails the request that needs it with a message naming the variable.
 */

export class MissingEnvError extends Error {
  constructor(name: string) {
    super(`Missing environment variable ${name}: set it in the Lambda environment (CDK) or the local gateway`);
    this.name = 'MissingEnvError';
  }
}

function required(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') throw new MissingEnvError(name);
  return value;
}

function optional(name: string): string | undefined {
  const value = process.env[name];
  return value === undefined || value === '' ? undefined : value;
}

/** Stages where the portal is served over plain http (the local stack). */
const PLAIN_HTTP_STAGES = new Set(['local', 'test']);

export const env = {
  get tableName() {
    return required(envNames.tableName);
  },
  get bucketName() {
    return required(envNames.bucketName);
  },
  get userPoolId() {
    return required(envNames.userPoolId);
  },
  get userPoolClientId() {
    return required(envNames.userPoolClientId);
  },
  get region() {
    return optional('AWS_REGION') ?? optional('AWS_DEFAULT_REGION') ?? required('AWS_REGION');
  },
  /** cognito-local has its own issuer; on AWS it is derived from the pool. */
  get tokenIssuer() {
    const issuer = optional(envNames.tokenIssuer);
    if (issuer) return issuer.replace(/\/+$/, '');
    return `https://cognito-idp.${this.region}.amazonaws.com/${this.userPoolId}`;
  },
  get mailFrom() {
    return required(envNames.mailFrom);
  },
  get integrationMailbox() {
    return required(envNames.integrationMailbox);
  },
  get appUrl() {
    return required(envNames.appUrl).replace(/\/+$/, '');
  },
  /** Empty prefix is allowed (templates named exactly as in resources.ts). */
  get templatePrefix() {
    return process.env[envNames.templatePrefix] ?? '';
  },
  /** Lower-cased; undefined when the stage protects no account (users admin delete). */
  get protectedAdminLogin(): string | undefined {
    return optional(envNames.protectedAdminLogin)?.trim().toLowerCase();
  },
  get mailConfigurationSet(): string | undefined {
    return optional(envNames.mailConfigurationSet);
  },
  get stage() {
    return optional(envNames.stage) ?? 'local';
  },
  /** The daily feed re-check's SQS queue URL (deployed stages; the dispatcher's environment). */
  get feedRecheckQueue() {
    return required(feedRecheckQueueEnv);
  },
  /** Administrators need an authenticator app (envNames.adminMfa); deployed stages require it unless set to `optional`. */
  get adminMfaRequired(): boolean {
    const value = optional(envNames.adminMfa);
    if (value === 'required') return true;
    if (value === 'optional') return false;
    if (value !== undefined) throw new Error(`${envNames.adminMfa} must be required or optional, not ${value}`);
    return this.stageIsHttps;
  },
  /** The stage's password minimum (lib/config.ts `passwordMinLength`): 8 when unset, a value below 8 fails loudly. */
  get passwordMinLength(): number {
    return parsePasswordMinLength(optional(envNames.passwordMinLength), envNames.passwordMinLength);
  },
  /** The daily job's share of the analytics provider's quotas: `analyticsQuota`, each overridden by its variable (a positive whole number, else it fails loudly). */
  get analyticsQuota(): Record<keyof typeof analyticsQuota, number> {
    const limit = (name: keyof typeof analyticsQuota): number => {
      const value = optional(quotaEnvNames[name]);
      if (value === undefined) return analyticsQuota[name];
      const parsed = Number(value);
      if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`${quotaEnvNames[name]} must be a positive whole number, not ${value}`);
      return parsed;
    };
    return { projectRequestsPerMinute: limit('projectRequestsPerMinute'), projectRequestsPerDay: limit('projectRequestsPerDay'), propertyRequestsPerHour: limit('propertyRequestsPerHour') };
  },
  /** Deployed stages are always served over https (CloudFront), whatever a header says. */
  get stageIsHttps() {
    return !PLAIN_HTTP_STAGES.has(this.stage);
  },
};
