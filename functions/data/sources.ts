import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Source } from '../../shared/domain/types';
import { companyItems, countPartition, queryPartition } from './company-items';
import { auditedWrite } from './audit';
import { keys } from './keys';
import { batchDeleteKeys, cancellationCodes, db, isConditionFailure, tableName } from './table';

/**
 * A company's traffic sources: `SOURCE#<id>` items of its partition (one Query for the page),
 * each with a `SOURCE_ID#<id>` guard item outside any partition, so a client-made id can be
 * used once across all companies, and a `SOURCE_NAME#<name>` guard in the partition (holding the
 * `sourceId` that owns it), so two sources of a company never share a name, whatever the case and
 * surrounding spaces: the guard moves with a rename in the same transaction, two concurrent creates
 * or renames to one name let exactly one through. Edits and deletes are conditional on the version read.
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
export type SourceWrite<T> = { ok: true; value: T } | { ok: false; reason: 'missing' | 'stale' | 'taken' | 'nameTaken' };

/** TransactWriteItems takes 100 items: the source, its two guards, its audit record and up to this many rules in one go. */
const RULES_PER_TRANSACTION = 95;

const sources = companyItems<SourceRecord>(keys.source, keys.sourcePrefix, 'source');

export const listSources = sources.list;
const getSource = sources.get;
/** How many sources the company has (the sources step's rule). */
export const countSources = (companyId: string): Promise<number> => countPartition(companyId, keys.sourcePrefix);

/** The name guard of a source: written unless another source holds the name (a legacy source without one is taken over). */
const nameGuardPut = (companyId: string, name: string, sourceId: string) => ({
  Put: {
    TableName: tableName(),
    Item: { ...keys.sourceNameGuard(companyId, name), sourceId },
    ConditionExpression: 'attribute_not_exists(pk) OR sourceId = :sourceId',
    ExpressionAttributeValues: { ':sourceId': sourceId },
  },
});

/**
 * The new source, its id guard and its name guard in one transaction: an id taken in any company
 * ('taken') or a name taken in the company ('nameTaken') is refused, nothing written.
 */
export async function putNewSource(record: SourceRecord): Promise<SourceWrite<SourceRecord>> {
  const fresh = (Item: Record<string, unknown>) => ({ Put: { TableName: tableName(), Item, ConditionExpression: 'attribute_not_exists(pk)' } });
  try {
    await auditedWrite(
      [
        fresh({ ...keys.source(record.companyId, record.id), ...record }),
        fresh({ ...keys.sourceIdGuard(record.id), companyId: record.companyId }),
        nameGuardPut(record.companyId, record.name, record.id),
      ],
      { kind: 'source', action: 'create', recordId: record.id, companyId: record.companyId, after: record, version: record.version },
    );
    return { ok: true, value: record };
  } catch (error) {
    // A failed condition, or a concurrent create of the same id or name (TransactionConflict): which
    // one is read back (a race reports the item it collided on, not which condition would fail).
    if (isConditionFailure(error)) return { ok: false, reason: (await nameTakenByOther(record.companyId, record.name, record.id)) ? 'nameTaken' : 'taken' };
    throw error;
  }
}

async function nameGuardOwner(companyId: string, name: string): Promise<string | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.sourceNameGuard(companyId, name), ConsistentRead: true }));
  return Item ? String(Item.sourceId) : null;
}

const nameTakenByOther = async (companyId: string, name: string, id: string): Promise<boolean> => {
  const owner = await nameGuardOwner(companyId, name);
  return owner !== null && owner !== id;
};

/**
 * Replaces the editable fields on the version read (the version goes up by one) and, in the same
 * transaction, reserves the (new) name and frees the old one: a name another source holds is
 * 'nameTaken' and nothing changes.
 */
export async function updateSource(companyId: string, id: string, expectedVersion: number, fields: SourceFieldsRecord, at: string): Promise<SourceWrite<SourceRecord>> {
  const current = await getSource(companyId, id);
  if (!current) return { ok: false, reason: 'missing' };
  const changes: Record<string, unknown> = { ...fields, updated: at };
  const names: Record<string, string> = { '#version': 'version' };
  const values: Record<string, unknown> = { ':expected': expectedVersion, ':one': 1 };
  const sets = Object.keys(changes).map((field) => {
    names[`#${field}`] = field;
    values[`:${field}`] = changes[field];
    return `#${field} = :${field}`;
  });
  const renamed = keys.sourceNameGuard(companyId, current.name).sk !== keys.sourceNameGuard(companyId, fields.name).sk;
  // The old name is freed only if this source holds it (a legacy pair of one name may have no guard, or the other's).
  const freeOld = renamed && (await nameGuardOwner(companyId, current.name)) === id;
  try {
    await auditedWrite(
      [
        {
          Update: {
            TableName: tableName(),
            Key: keys.source(companyId, id),
            UpdateExpression: `SET ${sets.join(', ')} ADD #version :one`,
            ConditionExpression: 'attribute_exists(pk) AND #version = :expected',
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
          },
        },
        nameGuardPut(companyId, fields.name, id),
        ...(freeOld ? [{ Delete: { TableName: tableName(), Key: keys.sourceNameGuard(companyId, current.name) } }] : []),
      ],
      { kind: 'source', action: 'update', recordId: id, companyId, before: current, after: { ...current, ...changes }, version: expectedVersion + 1 },
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    if (await nameTakenByOther(companyId, fields.name, id)) return { ok: false, reason: 'nameTaken' };
    return { ok: false, reason: (await getSource(companyId, id)) ? 'stale' : 'missing' };
  }
  const saved = await getSource(companyId, id);
  return saved ? { ok: true, value: saved } : { ok: false, reason: 'missing' };
}

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
  const current = await getSource(companyId, id);
  if (!current) return { ok: false, reason: 'missing' };
  const rules = await ruleKeysOfSource(companyId, id);
  const inTransaction = rules.slice(0, RULES_PER_TRANSACTION);
  const surplus = rules.slice(RULES_PER_TRANSACTION);
  // Stryker disable next-line ConditionalExpression: with no surplus the version check here answers 'stale' as the transaction's condition would, and nothing is batch-deleted
  if (surplus.length) {
    if (current.version !== expectedVersion) return { ok: false, reason: 'stale' };
    await batchDeleteKeys(surplus);
  }
  // Its name guard goes with it, if it holds one (a source made before the guards existed has none).
  const nameGuard = (await nameGuardOwner(companyId, current.name)) === id ? [{ Delete: { TableName: tableName(), Key: keys.sourceNameGuard(companyId, current.name) } }] : [];
  try {
    // At most 3 + RULES_PER_TRANSACTION items with the audit record: under TransactWriteItems' 100.
    await auditedWrite(
      [
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
        ...nameGuard,
        ...inTransaction.map((Key) => ({ Delete: { TableName: tableName(), Key } })),
      ],
      { kind: 'source', action: 'delete', recordId: id, companyId, before: current, version: expectedVersion + 1 },
    );
  } catch (error) {
    // Our condition failed (gone or changed), or a concurrent write to the same items won: not ours to finish.
    if (
      // Stryker disable next-line ConditionalExpression: another error has no cancellation reasons, so the test below is false for it anyway
      isConditionFailure(error) &&
      cancellationCodes(error).some((code) => code === 'ConditionalCheckFailed' || code === 'TransactionConflict')
    ) {
      return { ok: false, reason: (await getSource(companyId, id)) ? 'stale' : 'missing' };
    }
    throw error;
  }
  return { ok: true, value: { rulesDeleted: rules.filter((key) => key.sk.startsWith(keys.rulePrefix)).length } };
}
