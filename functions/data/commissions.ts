import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { AffiliateCommission } from '../../shared/domain/types';
import { keys } from './keys';
import { db, isConditionFailure, stripKeys, tableName } from './table';

/**
 * Affiliate commissions: `COMMISSION#<id>` items of the company's partition (one Query for the
 * page). Created with a server-made id, deleted on the version read.
 */

export interface CommissionRecord extends AffiliateCommission {
  companyId: string;
  created: string;
}

export async function listCommissions(companyId: string): Promise<CommissionRecord[]> {
  const found: CommissionRecord[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.companyPartition(companyId), ':prefix': keys.commissionPrefix },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) found.push(stripKeys<CommissionRecord>(item));
    start = page.LastEvaluatedKey;
  } while (start);
  return found;
}

export async function putNewCommission(record: CommissionRecord): Promise<CommissionRecord> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.commission(record.companyId, record.id), ...record },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return record;
}

/** Deletes the commission only on the version read: 'missing' or 'stale' when the condition fails. */
export async function deleteCommission(companyId: string, id: string, expectedVersion: number): Promise<'ok' | 'missing' | 'stale'> {
  try {
    await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.commission(companyId, id),
        ConditionExpression: 'attribute_exists(pk) AND #version = :expected',
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: { ':expected': expectedVersion },
      }),
    );
    return 'ok';
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.commission(companyId, id), ConsistentRead: true }));
    return Item ? 'stale' : 'missing';
  }
}
