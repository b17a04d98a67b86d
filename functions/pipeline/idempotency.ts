import { createHash } from 'node:crypto';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { functionDefaults } from '../platform/config/resources';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN, type RouteDef } from '../../shared/routes';
import { claimIdempotencyKey, completeIdempotencyKey, releaseIdempotencyKey, type IdempotencyScope } from '../data/idempotency';
import type { AuthContext } from './auth';
import { logDependencyDown } from '../platform/log';
import { IdempotencyInProgressError, IdempotencyKeyReusedError, ValidationError } from '../platform/errors';

/** Retries within a day are replayed (a client that lost an answer sends again within seconds). */
const KEEP_SECONDS = 24 * 3600;
/** DynamoDB's item limit is 400 KB: a larger answer is not kept (its retry runs the request again, as without a key). */
const MAX_STORED_BYTES = 300 * 1024;
/** The header that says an answer is the stored one. */
const REPLAYED_HEADER = 'idempotent-replayed';

interface IdempotentRequest {
  route: RouteDef;
  auth: AuthContext;
  headers: Record<string, string | undefined>;
  /** The path as asked (its item ids) and the validated body: what makes two requests the same. */
  path: string;
  body: unknown;
  /** The route's timeout: a claim older than that is a try that died. */
  timeoutSeconds?: number;
}

/**
 * Runs a write at most once per Idempotency-Key (docs/reliability.md, "Retries that are safe"):
 * the first request with a key runs and its 2xx answer is stored; the same request sent again with
 * the key gets that answer (header Idempotent-Replayed), a different one is refused (422), one sent
 * while the first still runs waits (409, Retry-After). A request that fails lets its key go, so
 * its retry runs again. The key is per user and company: another's key is another key.
 */
export async function withIdempotencyKey(request: IdempotentRequest, run: () => Promise<APIGatewayProxyStructuredResultV2>): Promise<APIGatewayProxyStructuredResultV2> {
  const key = request.headers[IDEMPOTENCY_HEADER.toLowerCase()];
  if (key === undefined) return run();
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw new ValidationError({ [IDEMPOTENCY_HEADER]: 'validation.invalid' }, `${IDEMPOTENCY_HEADER}: 1 to 100 letters, digits, '-', '_', '.' or ':'`);
  const scope: IdempotencyScope = { userId: request.auth.user.id, companyId: request.auth.company.id, key };
  const fingerprint = createHash('sha256').update(JSON.stringify([request.route.id, request.path, request.body ?? null])).digest('base64url');
  const now = Date.now();
  const expiresAt = Math.floor(now / 1000) + KEEP_SECONDS;
  const lockMs = (request.timeoutSeconds ?? functionDefaults.timeoutSeconds) * 1000;
  const claim = await claimIdempotencyKey(scope, fingerprint, now, lockMs, expiresAt);
  if (claim.state === 'reused') throw new IdempotencyKeyReusedError();
  if (claim.state === 'in-progress') throw new IdempotencyInProgressError();
  if (claim.state === 'done') return { ...claim.answer, headers: { ...claim.answer.headers, [REPLAYED_HEADER]: 'true' } };
  let result: APIGatewayProxyStructuredResultV2;
  try {
    result = await run();
  } catch (error) {
    await releaseIdempotencyKey(scope);
    throw error;
  }
  const status = result.statusCode ?? 200;
  const body = typeof result.body === 'string' ? result.body : '';
  // Cookies are a session's, not an answer to replay; a failure is not kept (the retry runs again).
  if (status >= 300 || result.cookies?.length || Buffer.byteLength(body) > MAX_STORED_BYTES) {
    await releaseIdempotencyKey(scope);
    return result;
  }
  const headers = Object.fromEntries(Object.entries(result.headers ?? {}).map(([name, value]) => [name, String(value)]));
  // The work is done: a failure to keep its answer must not turn it into an error (a retry then runs it again, as without a key).
  await completeIdempotencyKey(scope, fingerprint, { statusCode: status, headers, body }, expiresAt).catch((error: unknown) => logDependencyDown(request.route.id, undefined, error));
  return result;
}
