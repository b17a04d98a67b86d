import { AsyncLocalStorage } from 'node:async_hooks';
import { Logger } from '@aws-lambda-powertools/logger';
import type { LogItemExtraInput, LogItemMessage } from '@aws-lambda-powertools/logger/types';
import { envNames } from './config/resources';
import { withReadableStack } from './stack-map';

/**
 * Structured logs of the functions: Powertools for AWS Lambda's Logger, one JSON line per entry
 * (`level`, `message`, `timestamp`, `service`, the stage, and the keys given). On AWS the line
 * lands in the stack's log group as is (Lambda's JSON log format keeps JSON lines); a line at
 * level ERROR is counted by the stack's error alarm (lib/constructs/alarms.ts `loggedErrors`).
 * Log level: `POWERTOOLS_LOG_LEVEL`, else Lambda's own `AWS_LAMBDA_LOG_LEVEL`, else INFO.
 */

/** Service name of every line; `POWERTOOLS_SERVICE_NAME` overrides it. */
export const SERVICE_NAME = 'onboarding-portal';

let instance: Logger | undefined;

/**
 * The keys of the running invocation (a request's route and correlation id, a job's name). On AWS
 * an instance runs one invocation at a time, but the local stack runs many in one process at once:
 * keys appended to the one Logger were read by whichever invocation logged next (a job's line
 * carried another request's route). Each invocation's keys live in its own async context, and
 * every line adds them.
 */
const invocation = new AsyncLocalStorage<Record<string, string>>();
const withKeys = (extra: LogItemExtraInput): LogItemExtraInput => {
  const keys = invocation.getStore();
  return keys ? ([...extra, keys] as LogItemExtraInput) : extra;
};

class InvocationLogger extends Logger {
  override debug(input: LogItemMessage, ...extra: LogItemExtraInput): void {
    super.debug(input, ...withKeys(extra));
  }
  override info(input: LogItemMessage, ...extra: LogItemExtraInput): void {
    super.info(input, ...withKeys(extra));
  }
  override warn(input: LogItemMessage, ...extra: LogItemExtraInput): void {
    super.warn(input, ...withKeys(extra));
  }
  override error(input: LogItemMessage, ...extra: LogItemExtraInput): void {
    super.error(input, ...withKeys(extra));
  }
}

/** The process's Logger, made on first use (a request that logs nothing pays nothing for it). */
export function logger(): Logger {
  instance ??= new InvocationLogger({
    serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? SERVICE_NAME,
    persistentKeys: { stage: process.env[envNames.stage] ?? 'local' },
  });
  return instance;
}

/**
 * One API request (the handler factory, pipeline/handler.ts) runs within this: every line it
 * logs, from any module, carries the route id and the correlation id (API Gateway's request id,
 * the `requestId` of the API access log), and no other invocation's keys.
 */
export const withRequestLog = <T>(routeId: string, requestId: string | undefined, work: () => T): T =>
  invocation.run({ routeId, correlationId: requestId ?? 'unknown' }, work);

/** Start of one job run (functions/jobs), first in the job's handler: its lines carry the job's name. */
export function startJobLog(job: string): void {
  invocation.enterWith({ job });
}

/** Tests only: forget the Logger so the next call reads the environment again. */
export function resetLoggerForTests(): void {
  instance = undefined;
  invocation.disable();
}

/**
 * Logs an error the handler pipeline did not expect (the caller gets a bare 500): the route id,
 * the correlation id (API Gateway's request id: the `requestId` of the same request's line in
 * the API access log, `/portal/<stage>/api-access`) and the error with its stack mapped to the
 * TypeScript sources (stack-map.ts: the routes run without --enable-source-maps).
 */
export function logUnhandled(routeId: string, requestId: string | undefined, error: unknown): void {
  logger().error('unhandled error', {
    routeId,
    correlationId: requestId ?? 'unknown',
    error: withReadableStack(error instanceof Error ? error : new Error(typeof error === 'string' ? error : JSON.stringify(error) ?? String(error))),
  });
}

/**
 * Logs a dependency that could not answer (the caller gets 503, platform/errors.ts dependencyDown):
 * a warning with the error's name and message, no stack (the failure is the dependency's, not ours).
 * An outage still raises the API's 5xx alarm (lib/api.ts): it counts the 503s.
 */
export function logDependencyDown(routeId: string, requestId: string | undefined, error: unknown): void {
  const e = error as Error & { code?: string };
  logger().warn('dependency unavailable', { routeId, correlationId: requestId ?? 'unknown', errorName: e.name, code: e.code, reason: e.message });
}
