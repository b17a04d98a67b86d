/**
 * The Lambda Invoke API for the portal's background jobs (functions/platform/config/resources.ts `jobs`),
 * served by the local gateway so handlers start jobs with the same signed call as on AWS
 * (functions/platform/jobs.ts and lambda-invoke.ts, AWS_ENDPOINT_URL_LAMBDA = the gateway). An "Event" invoke is
 * answered 202 at once and the job runs afterwards in this process, as Lambda would run it.
 */
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';
import { jobs } from '../functions/platform/config/resources';
import { lambdaContext } from './lambda-context';
import { invokeTargetFromEnv, signInvoke, type InvokeTarget } from '../functions/platform/lambda-invoke';
import type { JobName } from '../shared/routes';

export const INVOKE_PATH = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/;

type JobHandler = (event: unknown, context: Context) => Promise<unknown>;

/** Runs one invocation of a job (by its function name) and returns its result. */
export type JobRunner = (name: string, event: unknown) => Promise<unknown>;

export interface InvokeResult {
  statusCode: number;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * Functions of lib/jobs.ts that no route starts, run on demand: the scheduled re-check (e.g.
 * `npm run job:feeds`, localstack/job-feeds.ts) and the SES events' consumer (ses-events.ts).
 */
const scheduledJobs: Record<string, { entry: string; timeoutSeconds: number; memoryMb?: number }> = {
  // The dispatch and the worker, through the local SQS (feed-recheck-local.ts).
  'feed-recheck': { entry: 'localstack/feed-recheck-local.ts', timeoutSeconds: 900 },
  'mail-events': { entry: 'functions/jobs/mail-events.ts', timeoutSeconds: 30 },
  'outbox-sweep': { entry: 'functions/jobs/outbox-sweep.ts', timeoutSeconds: 300 },
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

export interface InvokeRequest {
  method: string;
  /** The path as received (still percent-encoded), without the query string. */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** How far the signature's date may be from the gateway's clock, either way (AWS allows 5 minutes). */
export const SIGNATURE_MAX_SKEW_MS = 5 * 60 * 1000;

const AMZ_DATE = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/;
const AUTHORIZATION = /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]{64})$/;

const headerText = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value.join(', ') : value);

/**
 * Whether the request carries a valid SigV4 signature (service lambda) made with the local
 * credentials: the signature is computed again from the request by the signer the client uses
 * (functions/platform/lambda-invoke.ts, @smithy/signature-v4) over the headers the client says it
 * signed, and compared in constant time; the date must be within 5 minutes of `now`, and a signed
 * payload hash must be the body's. A web page or another local process without the key cannot
 * start jobs. `now` is a parameter so the window can be tested with a fixed clock.
 */
export async function verifyInvokeSignature(request: InvokeRequest, target: InvokeTarget, now: Date): Promise<boolean> {
  const parts = AUTHORIZATION.exec(headerText(request.headers.authorization) ?? '');
  const date = AMZ_DATE.exec(headerText(request.headers['x-amz-date']) ?? '');
  if (!parts || !date) return false;
  const [, credential, signedHeaderList, signature] = parts as unknown as [string, string, string, string];
  const signedAt = new Date(Date.UTC(+date[1]!, +date[2]! - 1, +date[3]!, +date[4]!, +date[5]!, +date[6]!));
  if (!(Math.abs(now.getTime() - signedAt.getTime()) <= SIGNATURE_MAX_SKEW_MS)) return false;
  const signedNames = signedHeaderList.split(';');
  if (!signedNames.includes('host') || !signedNames.includes('x-amz-date')) return false;
  const headers: Record<string, string> = {};
  for (const name of signedNames) {
    const value = headerText(request.headers[name]);
    if (value === undefined) return false;
    headers[name] = value;
  }
  // The signer takes a present x-amz-content-sha256 as the payload's hash: hold it to the body.
  const payloadHash = headers['x-amz-content-sha256'];
  if (payloadHash !== undefined && payloadHash !== createHash('sha256').update(request.body).digest('hex')) return false;
  const [hostname, port] = (headers.host ?? '').split(':');
  const expected = await signInvoke(
    { method: request.method, protocol: 'http:', hostname: hostname ?? '', ...(port ? { port: Number(port) } : {}), path: request.path, headers, body: request.body },
    target,
    signedAt,
  );
  const again = AUTHORIZATION.exec(expected.authorization ?? '');
  if (!again || again[1] !== credential || again[2] !== signedHeaderList) return false;
  return timingSafeEqual(Buffer.from(again[3]!, 'utf8'), Buffer.from(signature, 'utf8'));
}

/** The jobs' source modules under `root`, run in this process (LAMBDA_CODE=source). */
export function sourceJobRunner(root: string): JobRunner {
  return async (name, event) => {
    const job = jobs[name as JobName] ?? scheduledJobs[name]!;
    const mod = (await import(pathToFileURL(join(root, job.entry)).href)) as { handler: JobHandler };
    return mod.handler(event, lambdaContext({ functionName: name, requestId: randomUUID(), timeoutMs: job.timeoutSeconds * 1000, memoryMb: job.memoryMb ?? 512 }));
  };
}

export async function invokeJob(
  request: InvokeRequest,
  root: string,
  now = new Date(),
  target: InvokeTarget = invokeTargetFromEnv(),
  runJob: JobRunner = sourceJobRunner(root),
): Promise<InvokeResult> {
  const name = INVOKE_PATH.exec(request.path)?.[1];
  if (request.method !== 'POST' || !name) return answer(404, { message: 'Not found' });
  // Only a request signed with the local credentials may start jobs (as Lambda's own IAM check):
  // a web page, or anything else that merely knows the header's shape, is refused.
  if (!(await verifyInvokeSignature(request, target, now))) {
    return answer(403, { message: 'The request signature does not match' }, { 'x-amzn-errortype': 'InvalidSignatureException' });
  }
  const job = jobs[decodeURIComponent(name) as JobName] ?? scheduledJobs[decodeURIComponent(name)];
  if (!job) return answer(404, { Type: 'User', message: `Function not found: ${name}` }, { 'x-amzn-errortype': 'ResourceNotFoundException' });
  let event: unknown;
  try {
    event = request.body.length ? JSON.parse(request.body.toString('utf8')) : {};
  } catch {
    return answer(400, { message: 'Invalid JSON payload' }, { 'x-amzn-errortype': 'InvalidRequestContentException' });
  }
  const run = runJob(decodeURIComponent(name), event);
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
