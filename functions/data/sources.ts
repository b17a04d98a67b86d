import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Source } from '../../shared/domain/types';
import { companyItems, countPartition, queryPartition } from './company-items';
import { keys } from './keys';
import { batchDeleteKeys, cancellationCodes, db, isConditionFailure, tableName } from './table';

/**
 * A company's traffic sources: `SOURCE#<id>` items of its partition (one Query for the page),
 * each with a `SOURCE_ID#<id>` guard item outside any partition, so a client-made id can be
 * used once across all companies. Edits and deletes are conditional on the version read.
 *
 * UTM rules (the UTM area's items, `keys.rule`) carry the `sourceId` of their source: deleting a
 * source deletes them in the same transaction.
 */

export interface SourceRecord extends Source {
  companyId: string;
  created: string;
  updated: string;
}

export type SourceFieldsRecord = Omit<Source, 'id' | 'version'>;

/** What a conditional write found when its condition failed. */
export type SourceWrite<T> = { ok: true; value: T } | { ok: false; reason: 'missing' | 'stale' | 'taken' };

/** TransactWriteItems takes 100 items: the source, its guard, and up to this many rules in one go. */
const RULES_PER_TRANSACTION = 95;

const sources = companyItems<SourceRecord>(keys.source, keys.sourcePrefix);

export const listSources = sources.list;
const getSource = sources.get;
/** How many sources the company has (the sources step's rule). */
export const countSources = (companyId: string): Promise<number> => countPartition(companyId, keys.sourcePrefix);

/** The new source and its id guard in one transaction: an id taken in any company is refused, nothing written. */
export async function putNewSource(record: SourceRecord): Promise<SourceWrite<SourceRecord>> {
  const fresh = (Item: Record<string, unknown>) => ({ Put: { TableName: tableName(), Item, ConditionExpression: 'attribute_not_exists(pk)' } });
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [fresh({ ...keys.source(record.companyId, record.id), ...record }), fresh({ ...keys.sourceIdGuard(record.id), companyId: record.companyId })],
      }),
    );
    return { ok: true, value: record };
  } catch (error) {
    // A failed condition, or a concurrent create of the same id (TransactionConflict): the id is taken.
    if (isConditionFailure(error)) return { ok: false, reason: 'taken' };
    throw error;
  }
}

/** Replaces the editable fields on the version read; the version goes up by one. */
export const updateSource = (companyId: string, id: string, expectedVersion: number, fields: SourceFieldsRecord, at: string): Promise<SourceWrite<SourceRecord>> =>
  sources.update(companyId, id, expectedVersion, { ...fields, updated: at });

/** Keys of the company's UTM rules that point at the source (a filtered Query of the partition's RULE# items). */
/** The items that hang off a source: its UTM rules and its affiliate commissions (both carry `sourceId`). */
async function ruleKeysOfSource(companyId: string, sourceId: string): Promise<Array<{ pk: string; sk: string }>> {
  const ofSource = { FilterExpression: 'sourceId = :sourceId', ProjectionExpression: 'pk, sk', ExpressionAttributeValues: { ':sourceId': sourceId } };
  const [rules, commissions] = await Promise.all([
    queryPartition(companyId, keys.rulePrefix, ofSource),
    queryPartition(companyId, keys.commissionPrefix, ofSource),
  ]);
  return [...rules, ...commissions].map((item) => ({ pk: item.pk as string, sk: item.sk as string }));
}

/**
 * Deletes the source, its id guard, its UTM rules and its commissions. Up to RULES_PER_TRANSACTION of those go in
 * one transaction with the source (conditional on its version): all or nothing. With more, the
 * surplus rules are deleted in batches first, after a check of the version, and the source last
 * with the remaining rules; a failure between leaves the source with fewer rules, never rules
 * without a source, and a retry finishes the job.
 */
export async function deleteSourceWithRules(companyId: string, id: string, expectedVersion: number): Promise<SourceWrite<{ rulesDeleted: number }>> {
  const rules = await ruleKeysOfSource(companyId, id);
  const inTransaction = rules.slice(0, RULES_PER_TRANSACTION);
  const surplus = rules.slice(RULES_PER_TRANSACTION);
  if (surplus.length) {
    const current = await getSource(companyId, id);
    if (!current) return { ok: false, reason: 'missing' };
    if (current.version !== expectedVersion) return { ok: false, reason: 'stale' };
    await batchDeleteKeys(surplus);
  }
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: tableName(),
              Key: keys.source(companyId, id),
              ConditionExpression: 'attribute_exists(pk) AND #version = :expected',
              ExpressionAttributeNames: { '#version': 'version' },
              ExpressionAttributeValues: { ':expected': expectedVersion },
            },
          },
          { Delete: { TableName: tableName(), Key: keys.sourceIdGuard(id) } },
          ...inTransaction.map((Key) => ({ Delete: { TableName: tableName(), Key } })),
        ],
      }),
    );
  } catch (error) {
    // Our condition failed (gone or changed), or a concurrent write to the same items won: not ours to finish.
    if (isConditionFailure(error) && cancellationCodes(error).some((code) => code === 'ConditionalCheckFailed' || code === 'TransactionConflict')) {
      return { ok: false, reason: (await getSource(companyId, id)) ? 'stale' : 'missing' };
    }
    throw error;
  }
  return { ok: true, value: { rulesDeleted: rules.filter((key) => key.sk.startsWith(keys.rulePrefix)).length } };
}
