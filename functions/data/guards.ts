import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Key } from './keys';
import { db, isConditionFailure, tableName, transactWrite, type TransactItem } from './table';

/**
 * THE mechanics of the portal's uniqueness rules (docs/architecture.md, "Uniqueness rules"). A
 * value that must be unique is an item of its own, a guard, whose key is the value as the rule
 * compares it (keys.ts: a login, a company name, a View ID, a source id or name, a UTM rule) and
 * whose `holder` attribute names the record holding it. The record's create claims the guard in
 * the same transaction as the record, an edit of the value releases the old guard and claims the
 * new one in the edit's transaction, a delete releases it: of N concurrent writes of one value
 * exactly one commits, the others are cancelled on the guard's condition (functions/data/table.ts
 * `transactWrite` sends a transaction that only lost a race again, so each loser meets the
 * winner's guard). Reading first ("is the name free?") only serves the message; the guard decides.
 *
 * Records stored before a rule had its guard hold no guard: each rule's use case still finds them
 * with a read and refuses alike (as the View ID rule does, docs/analytics.md "Whose View ID"), and
 * a release only removes a guard its record holds (`releaseIfHeld`), never another record's.
 */

export interface Guard {
  key: Key;
  /** The attribute naming the holder (`userId`, `companyId`, `sourceId`, `ruleId`). */
  holder: string;
  /** The holding record's id. */
  id: string;
}

/** Claims the guard for its record: refused (ConditionalCheckFailed) while another record holds it; the holder may claim again. */
export const claimGuard = ({ key, holder, id }: Guard): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: { ...key, [holder]: id },
    ConditionExpression: 'attribute_not_exists(pk) OR #holder = :holder',
    ExpressionAttributeNames: { '#holder': holder },
    ExpressionAttributeValues: { ':holder': id },
  },
});

/** Releases the guard, only while its record holds it (else the transaction is cancelled). */
export const releaseGuard = ({ key, holder, id }: Guard): TransactItem => ({
  Delete: {
    TableName: tableName(),
    Key: key,
    ConditionExpression: '#holder = :holder',
    ExpressionAttributeNames: { '#holder': holder },
    ExpressionAttributeValues: { ':holder': id },
  },
});

/**
 * A guard's claim (or shared join) for a record stored before its rule had guards (`npm run
 * reindex-lists`): written when the value is free, left alone when another record holds it (that
 * record refuses the next duplicate as well). True when written.
 */
export async function claimIfFree(item: TransactItem): Promise<boolean> {
  try {
    await transactWrite([item]);
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Who holds the guard now (a consistent read): a record's id, or null when the value is free. */
export async function guardHolder(key: Key, holder: string): Promise<string | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  return typeof Item?.[holder] === 'string' ? Item[holder] : null;
}

/**
 * The release of a guard if its record holds it, else nothing: a record stored before the rule's
 * guard existed has none, and must not take away the guard of another record with the same value.
 */
export async function releaseIfHeld(guard: Guard): Promise<TransactItem[]> {
  return (await guardHolder(guard.key, guard.holder)) === guard.id ? [releaseGuard(guard)] : [];
}

/**
 * Moves a record's guard from its old value to its new one in the edit's transaction: releases
 * the old one (if held) and claims the new one. Nothing when the value stays the same.
 */
export async function moveGuard(before: Guard, after: Guard): Promise<TransactItem[]> {
  if (before.key.pk === after.key.pk && before.key.sk === after.key.sk) return [];
  return [...(await releaseIfHeld(before)), claimGuard(after)];
}

/**
 * A guard several records hold together while they agree on one value: the commissions of one
 * source are all fixed or all percent (shared/domain/commissions.ts). The guard item holds the
 * value and the set of holders' ids; a record of another value is refused while the set is not
 * empty. DynamoDB removes a set whose last element goes, so the value is free again with the last holder.
 */
export interface SharedGuard {
  key: Key;
  /** The attribute holding the agreed value (`type`) and its value for this record. */
  field: string;
  value: string;
  /** This record's id (one element of the `holders` set). */
  id: string;
}

/** Joins the guard with its value: refused (ConditionalCheckFailed) while records of another value hold it. */
export const joinSharedGuard = ({ key, field, value, id }: SharedGuard): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: key,
    UpdateExpression: 'SET #field = :value ADD holders :id',
    ConditionExpression: 'attribute_not_exists(pk) OR attribute_not_exists(holders) OR #field = :value',
    ExpressionAttributeNames: { '#field': field },
    ExpressionAttributeValues: { ':value': value, ':id': new Set([id]) },
  },
});

/** The value the shared guard holds now, if any record holds it (a consistent read). */
export async function sharedGuardValue(key: Key, field: string): Promise<string | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  const holders = Item?.holders as Set<string> | undefined;
  return holders?.size && typeof Item?.[field] === 'string' ? Item[field] : null;
}

/** Leaves the shared guard if this record holds it (records stored before the guard hold none): nothing else. */
export async function leaveSharedGuard({ key, id }: Pick<SharedGuard, 'key' | 'id'>): Promise<TransactItem[]> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  if (!(Item?.holders as Set<string> | undefined)?.has(id)) return [];
  return [
    {
      Update: {
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'DELETE holders :id',
        ConditionExpression: 'contains(holders, :one)',
        ExpressionAttributeValues: { ':id': new Set([id]), ':one': id },
      },
    },
  ];
}
