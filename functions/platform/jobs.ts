import { InvokeCommand } from '@aws-sdk/client-lambda';
import { jobFunctionEnv } from '../../lib/definitions/resources';
import type { JobName } from '../../shared/routes';
import { lambdaClient } from './clients/lambda';
import { MissingEnvError } from './env';

/**
 * Starts a background job (lib/definitions/resources.ts `jobs`) and returns as soon as Lambda has
 * queued it: an async ("Event") invoke, answered 202 before the job runs. The request that starts
 * it does not wait for the job's reads, writes and e-mails, so its answer time says nothing about
 * them (the password reset request relies on this).
 */
export async function startJob(name: JobName, payload: Record<string, unknown>): Promise<void> {
  const functionName = process.env[jobFunctionEnv(name)];
  if (!functionName) throw new MissingEnvError(jobFunctionEnv(name));
  const answer = await lambdaClient().send(
    new InvokeCommand({ FunctionName: functionName, InvocationType: 'Event', Payload: new TextEncoder().encode(JSON.stringify(payload)) }),
  );
  if (answer.StatusCode !== 202) throw new Error(`Job ${name} was not queued (status ${answer.StatusCode})`);
}
