import { createHash } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from './keys';
import { db, isConditionFailure, tableName } from './table';

/**
 * Attempt counters for throttling, one item per subject and fixed time window, counted with an
 * atomic ADD (concurrent attempts all count) and removed by the table's TTL after the window.
 */

export interface Counter {
  count: number;
  /** Epoch ms of the latest counted attempt. */
  lastAt: number;
}

export interface CounterKey {
  scope: string;
  subject: string;
  /** Index of the fixed window (floor(now / window length)), or 0 for a counter that decays instead. */
  window: number;
}

const keyOf = ({ scope, subject, window }: CounterKey) =>
  keys.throttle(scope, createHash('sha256').update(subject.trim().toLowerCase()).digest('base64url'), window);

export async function readCounter(key: CounterKey): Promise<Counter | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keyOf(key), ConsistentRead: true }));
  if (!Item || typeof Item.count !== 'number') return null;
  return { count: Item.count, lastAt: typeof Item.lastAt === 'number' ? Item.lastAt : 0 };
}

/**
 * Counts one attempt; returns the count including it. `expiresAt`: epoch seconds (TTL).
 * `restartBefore` (epoch ms): a counter whose last attempt is older starts again from 1, so
 * failures are forgotten after a quiet spell rather than at a window's edge.
 */
export async function countAttempt(key: CounterKey, nowMs: number, expiresAt: number, restartBefore = 0): Promise<number> {
  const Key = keyOf(key);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const { Attributes } = await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key,
          UpdateExpression: 'ADD #count :one SET lastAt = :now, expiresAt = :exp',
          ConditionExpression: 'attribute_exists(pk) AND lastAt >= :restart',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':one': 1, ':now': nowMs, ':exp': expiresAt, ':restart': restartBefore },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      // Stryker disable next-line ConditionalExpression,OptionalChaining: an ADD answers the counter with UPDATED_NEW, always a number
      return typeof Attributes?.count === 'number' ? Attributes.count : 1;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    // No counter, or a stale one: start at 1, unless a concurrent attempt just did (then add to it).
    try {
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...Key, count: 1, lastAt: nowMs, expiresAt },
          ConditionExpression: 'attribute_not_exists(pk) OR lastAt < :restart',
          ExpressionAttributeValues: { ':restart': restartBefore },
        }),
      );
      return 1;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  throw new Error(`Throttle counter ${key.scope} kept changing under concurrent attempts`);
}

export async function clearCounter(key: CounterKey): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: keyOf(key) }));
}
