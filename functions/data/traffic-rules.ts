import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { UtmCondition } from '../../shared/domain/utm-matching';
import { keys } from './keys';
import { db, isConditionFailure, stripKeys, tableName } from './table';

/**
 * UTM rules: items of the company's partition (`keys.rule`). Contract with the sources
 * repository: a rule carries `sourceId`, so deleting a source deletes its rules in the same
 * transaction. The conditions are stored structured (a list of three maps), never as a JSON string.
 */

export interface TrafficRuleRecord {
  id: string;
  companyId: string;
  sourceId: string;
  rule: UtmCondition[];
  version: number;
  created: string;
  updated: string;
}

/** The few attributes of a source the UTM page needs (read here: the sources repository is its own area). */
export interface SourceRef {
  id: string;
  name: string;
}

export type WriteOutcome<T> = { ok: true; value: T } | { ok: false; reason: 'missing' | 'stale' };

async function queryPartition(companyId: string, prefix: string, projection?: string): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.companyPartition(companyId), ':prefix': prefix },
        ...(projection ? { ProjectionExpression: projection, ExpressionAttributeNames: { '#id': 'id', '#name': 'name' } } : {}),
        // A rule list re-read right after a create or a delete must show it.
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    found.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return found;
}

export async function listRules(companyId: string): Promise<TrafficRuleRecord[]> {
  return (await queryPartition(companyId, keys.rulePrefix)).map((item) => stripKeys<TrafficRuleRecord>(item));
}

/** The company's sources, id and name only (one Query of its SOURCE# items). */
export async function listSourceRefs(companyId: string): Promise<SourceRef[]> {
  return (await queryPartition(companyId, keys.sourcePrefix, '#id, #name')).map((item) => ({ id: String(item.id), name: String(item.name ?? '') }));
}

/** Writes a new rule; an id already taken in the partition is refused (never overwritten). */
export async function putNewRule(record: TrafficRuleRecord): Promise<TrafficRuleRecord> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.rule(record.companyId, record.id), ...record },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return record;
}

/** Deletes the rule only on the version the page read. */
export async function deleteRule(companyId: string, id: string, expectedVersion: number): Promise<WriteOutcome<null>> {
  try {
    await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.rule(companyId, id),
        ConditionExpression: 'attribute_exists(pk) AND #version = :expected',
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: { ':expected': expectedVersion },
      }),
    );
    return { ok: true, value: null };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.rule(companyId, id), ConsistentRead: true }));
    return { ok: false, reason: Item ? 'stale' : 'missing' };
  }
}
