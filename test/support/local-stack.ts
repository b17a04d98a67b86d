/**
 * What the integration tests get from the stack started once per run by global-setup.ts
 * (vitest provide/inject), plus SDK clients pointed at the emulators.
 *
 *   const { url, env, endpoints, credentials } = localStack();
 *   const admin = credentials.find((c) => c.role === 'admin');
 */
import { inject } from 'vitest';
import type { EmulatorEndpoints } from '../../localstack/emulators';
import type { LambdaCode } from '../../localstack/lambda-bundles';
import { localClients, type LocalEnv } from '../../localstack/provision';
import type { SeededLogin } from '../../localstack/stack';

export type { EmulatorEndpoints, LocalEnv, SeededLogin };

declare module 'vitest' {
  export interface ProvidedContext {
    /** Portal base URL (web + /api), e.g. http://127.0.0.1:41234 */
    url: string;
    /** The handlers' environment (envNames + AWS_* endpoint variables). */
    env: LocalEnv;
    endpoints: EmulatorEndpoints;
    /** The logins localstack/seed.ts created ([] until it exists). */
    credentials: SeededLogin[];
    /** The loopback port the stack's feed fetcher may reach (FEED_FETCH_ALLOW): tests serve feeds on it. */
    feedServerPort: number;
    /** The process running the gateway, handlers and jobs. */
    stackPid: number;
    /** What the gateway runs: the handlers' source, or the CDK's bundles (.lambda-bundles/<stackPid>). */
    lambdaCode: LambdaCode;
  }
}

export interface LocalStackInfo {
  url: string;
  env: LocalEnv;
  endpoints: EmulatorEndpoints;
  credentials: SeededLogin[];
}

/** Reads what global-setup.ts provided; only valid inside the 'integration' and 'bundles' projects. */
export function localStack(): LocalStackInfo {
  return { url: inject('url'), env: inject('env'), endpoints: inject('endpoints'), credentials: inject('credentials') };
}

/** The seeded login of a role; fails clearly when the seed did not create one. */
export function seededLogin(role: string): SeededLogin {
  const { credentials } = localStack();
  const found = credentials.find((c) => c.role.toLowerCase() === role.toLowerCase());
  if (!found) {
    throw new Error(`No seeded login with role "${role}" (seeded: ${credentials.map((c) => c.role).join(', ') || 'none'})`);
  }
  return found;
}

/** DynamoDB, S3 (path-style, checksums when required), SESv2 and Cognito clients for the emulators. */
export function awsClients(endpoints: EmulatorEndpoints = localStack().endpoints) {
  return localClients(endpoints);
}

/**
 * Copies the stack's environment into this worker's process.env, for tests that call backend
 * modules directly (data layer, mailer) instead of going through HTTP. Call it in beforeAll.
 */
export function useLocalEnv(): LocalEnv {
  const { env } = localStack();
  Object.assign(process.env, env);
  return env;
}
