/**
 * The Lambda Invoke API for the portal's background jobs (lib/definitions/resources.ts `jobs`),
 * served by the local gateway so handlers start jobs with the same signed call as on AWS
 * (functions/platform/jobs.ts and lambda-invoke.ts, AWS_ENDPOINT_URL_LAMBDA = the gateway). An "Event" invoke is
 * answered 202 at once and the job runs afterwards in this process, as Lambda would run it.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';
import { jobs } from '../lib/definitions/resources';
import { lambdaContext } from './lambda-context';
import type { JobName } from '../shared/routes';

export const INVOKE_PATH = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/;

type JobHandler = (event: unknown, context: Context) => Promise<unknown>;

export interface InvokeResult {
  statusCode: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Scheduled functions (lib/jobs.ts) the local stack runs on demand, e.g. `npm run job:feeds` (localstack/job-feeds.ts). */
const scheduledJobs: Record<string, { entry: string; timeoutSeconds: number; memoryMb?: number }> = {
  // No SQS locally: the dispatch and the worker run here, through an in-process queue.
  'feed-recheck': { entry: 'localstack/feed-recheck-local.ts', timeoutSeconds: 900 },
};

const pending = new Set<Promise<unknown>>();

/** Resolves when every job started so far has finished (tests, shutdown). */
export async function jobsSettled(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending]);
}

const answer = (statusCode: number, payload: unknown, headers: Record<string, string> = {}): InvokeResult => ({
  statusCode,
  headers: { 'content-type': 'application/json', ...headers },
  body: Buffer.from(payload === undefined ? '' : JSON.stringify(payload)),
});

export async function invokeJob(
  request: { method: string; path: string; headers: Record<string, string | string[] | undefined>; body: Buffer },
  root: string,
): Promise<InvokeResult> {
  const name = INVOKE_PATH.exec(request.path)?.[1];
  if (request.method !== 'POST' || !name) return answer(404, { message: 'Not found' });
  // Only a SigV4-signed request may start jobs: a web page cannot set this header without a preflight.
  if (!String(request.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256')) return answer(403, { message: 'Missing signature' });
  const job = jobs[decodeURIComponent(name) as JobName] ?? scheduledJobs[decodeURIComponent(name)];
  if (!job) return answer(404, { Type: 'User', message: `Function not found: ${name}` }, { 'x-amzn-errortype': 'ResourceNotFoundException' });
  let event: unknown;
  try {
    event = request.body.length ? JSON.parse(request.body.toString('utf8')) : {};
  } catch {
    return answer(400, { message: 'Invalid JSON payload' }, { 'x-amzn-errortype': 'InvalidRequestContentException' });
  }
  const mod = (await import(pathToFileURL(join(root, job.entry)).href)) as { handler: JobHandler };
  const run = mod.handler(event, lambdaContext({ functionName: name, requestId: randomUUID(), timeoutMs: job.timeoutSeconds * 1000, memoryMb: job.memoryMb ?? 512 }));
  if (String(request.headers['x-amz-invocation-type'] ?? '') === 'Event') {
    const tracked = run.catch((error: unknown) => console.error(`[jobs] ${name} failed`, error)).finally(() => pending.delete(tracked));
    pending.add(tracked);
    return answer(202, undefined);
  }
  try {
    return answer(200, await run);
  } catch (error) {
    return answer(200, { errorMessage: (error as Error).message, errorType: (error as Error).name }, { 'x-amz-function-error': 'Unhandled' });
  }
}
