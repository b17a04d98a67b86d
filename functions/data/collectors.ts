import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Collector } from '../../shared/domain/types';
import { keys } from './keys';
import { db, isConditionFailure, stripKeys, tableName } from './table';

/**
 * A company's collectors: items of its partition (`keys.collector`), so the page's list is one
 * Query and a collector can never be reached through another company's id: every read and write
 * names the caller's partition. Edits and deletes are conditional on the version read.
 */

export interface CollectorRecord extends Collector {
  companyId: string;
  created: string;
  updated: string;
}

export type CollectorFields = Pick<Collector, 'source' | 'accessEmail' | 'comment' | 'commentStatus' | 'configStatus' | 'collectStatus'>;

/** What a conditional write found when its condition failed. */
export type CollectorWrite<T> = { ok: true; value: T } | { ok: false; reason: 'missing' | 'stale' };

/** Every collector of the company (one Query of its partition, page by page). */
export async function listCollectors(companyId: string): Promise<CollectorRecord[]> {
  const found: CollectorRecord[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.companyPartition(companyId), ':prefix': keys.collectorPrefix },
        // The page re-reads right after a create, a copy or a delete: it must see that write.
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) found.push(stripKeys<CollectorRecord>(item));
    start = page.LastEvaluatedKey;
  } while (start);
  return found;
}

export async function getCollector(companyId: string, id: string): Promise<CollectorRecord | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.collector(companyId, id), ConsistentRead: true }));
  return Item ? stripKeys<CollectorRecord>(Item) : null;
}

/** Writes a new collector; an id already taken in the partition is refused (never overwritten). */
export async function putNewCollector(record: CollectorRecord): Promise<CollectorRecord> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.collector(record.companyId, record.id), ...record },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return record;
}

async function failure(companyId: string, id: string): Promise<{ ok: false; reason: 'missing' | 'stale' }> {
  return { ok: false, reason: (await getCollector(companyId, id)) ? 'stale' : 'missing' };
}

/** Replaces the editable fields only on the version the editor read; the version goes up by one. */
export async function replaceCollector(
  companyId: string,
  id: string,
  expectedVersion: number,
  fields: CollectorFields,
  at: string,
): Promise<CollectorWrite<CollectorRecord>> {
  const current = await getCollector(companyId, id);
  if (!current) return { ok: false, reason: 'missing' };
  const record: CollectorRecord = { ...current, ...fields, id: current.id, companyId, updated: at, version: expectedVersion + 1 };
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.collector(companyId, id), ...record },
        // The condition, not the read above, decides: of N writers on one version exactly one wins.
        ConditionExpression: 'attribute_exists(pk) AND #version = :expected',
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: { ':expected': expectedVersion },
      }),
    );
    return { ok: true, value: record };
  } catch (error) {
    if (isConditionFailure(error)) return failure(companyId, id);
    throw error;
  }
}

/** Deletes the collector only on the version the editor read. */
export async function deleteCollector(companyId: string, id: string, expectedVersion: number): Promise<CollectorWrite<null>> {
  try {
    await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.collector(companyId, id),
        ConditionExpression: 'attribute_exists(pk) AND #version = :expected',
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: { ':expected': expectedVersion },
      }),
    );
    return { ok: true, value: null };
  } catch (error) {
    if (isConditionFailure(error)) return failure(companyId, id);
    throw error;
  }
}
