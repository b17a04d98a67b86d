import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from './keys';
import { db, isConditionFailure, tableName } from './table';

/**
 * The Idempotency-Key of a write (docs/reliability.md, "Retries that are safe"): the first request
 * with a key claims it, its answer is stored under it, and a request sent again with the same key
 * and the same request gets that answer instead of doing the work twice.
 */
export interface StoredAnswer {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

export interface IdempotencyScope {
  userId: string;
  /** The company the request works on. */
  companyId: string;
  key: string;
}

export type IdempotencyClaim =
  | { state: 'claimed' }
  /** Done before with this very request: its answer. */
  | { state: 'done'; answer: StoredAnswer }
  /** Still running (another try of the same request), or the key was used for another request. */
  | { state: 'in-progress' | 'reused' };

/**
 * Claims the key for the request whose fingerprint is given. A claim left by a try that died
 * (its lock run out: the function's timeout) may be claimed again.
 */
export async function claimIdempotencyKey(scope: IdempotencyScope, fingerprint: string, nowMs: number, lockMs: number, expiresAt: number): Promise<IdempotencyClaim> {
  const Key = keys.idempotencyKey(scope.userId, scope.companyId, scope.key);
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...Key, status: 'in-progress', fingerprint, lockedUntil: nowMs + lockMs, expiresAt },
        ConditionExpression: 'attribute_not_exists(pk) OR (#status = :running AND lockedUntil < :now AND fingerprint = :fingerprint)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':running': 'in-progress', ':now': nowMs, ':fingerprint': fingerprint },
      }),
    );
    return { state: 'claimed' };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key, ConsistentRead: true }));
  // Gone meanwhile (the other try failed and let it go): the caller may send it again.
  if (!Item) return { state: 'in-progress' };
  if (Item.fingerprint !== fingerprint) return { state: 'reused' };
  if (Item.status === 'done') return { state: 'done', answer: Item.answer as StoredAnswer };
  return { state: 'in-progress' };
}

/** Stores the answer of the claimed request, replayed to its retries until `expiresAt`. */
export async function completeIdempotencyKey(scope: IdempotencyScope, fingerprint: string, answer: StoredAnswer, expiresAt: number): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.idempotencyKey(scope.userId, scope.companyId, scope.key), status: 'done', fingerprint, answer, expiresAt },
    }),
  );
}

/** Lets the key go (the request failed and changed nothing): a retry runs it again. */
export async function releaseIdempotencyKey(scope: IdempotencyScope): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.idempotencyKey(scope.userId, scope.companyId, scope.key) }));
}
