import { jobFunctionEnv } from './config/resources';
import type { JobName } from '../../shared/routes';
import { MissingEnvError } from './env';
import { invokeEvent } from './lambda-invoke';

/**
 * Starts a background job (functions/platform/config/resources.ts `jobs`) and returns as soon as Lambda has
 * queued it: an async ("Event") invoke, answered 202 before the job runs. The request that starts
 * it does not wait for the job's reads, writes and e-mails, so its answer time says nothing about
 * them (the password reset request relies on this).
 */
export async function startJob(name: JobName, payload: Record<string, unknown>): Promise<void> {
  const functionName = process.env[jobFunctionEnv(name)];
  if (!functionName) throw new MissingEnvError(jobFunctionEnv(name));
  // A signed POST of our own, not the Lambda client (lambda-invoke.ts says why); throws unless 202.
  await invokeEvent(functionName, new TextEncoder().encode(JSON.stringify(payload)));
}
