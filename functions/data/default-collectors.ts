import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { CollectorType, DefaultCollector } from '../../shared/domain/types';
import { ConflictError, NotFoundError } from '../platform/errors';
import { asTransactItem, auditedWrite } from './audit';
import { gsi1, keys } from './keys';
import { db, isConditionFailure, queryAllByIndex, stripKeys, tableName } from './table';

/**
 * Default collectors: platform-wide items (not in a company partition), listed by one GSI1 Query
 * (partition DEFAULT_COLLECTORS, sorted by name). Every write is conditional on the version read.
 */

export type DefaultCollectorRecord = DefaultCollector;
export type DefaultCollectorFields = { name: string; accessEmail: string; type: CollectorType; comment: string };

const item = (record: DefaultCollectorRecord) => ({
  ...keys.defaultCollector(record.id),
  gsi1pk: gsi1.defaultCollectors.pk,
  gsi1sk: gsi1.defaultCollectors.sk(record.name, record.id),
  ...record,
});

export const listDefaultCollectors = (): Promise<DefaultCollectorRecord[]> =>
  queryAllByIndex<DefaultCollectorRecord>(gsi1.indexName, gsi1.defaultCollectors.pk);

export async function getDefaultCollector(id: string): Promise<DefaultCollectorRecord | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.defaultCollector(id), ConsistentRead: true }));
  return Item ? stripKeys<DefaultCollectorRecord>(Item) : null;
}

/** A new collector under the client's id; an id already taken (by any collector) is a 409, nothing overwritten. */
export async function createDefaultCollector(id: string, fields: DefaultCollectorFields): Promise<DefaultCollectorRecord> {
  const record: DefaultCollectorRecord = { id: id.toLowerCase(), ...fields, version: 1 };
  try {
    // No version in the audit record's key (here and below): a deleted collector's id may be used again.
    await auditedWrite([asTransactItem('Put', { Item: item(record), ConditionExpression: 'attribute_not_exists(pk)' })], {
      kind: 'default-collector',
      action: 'create',
      recordId: record.id,
      companyId: null,
      after: record,
    });
  } catch (error) {
    if (isConditionFailure(error)) throw new ConflictError('A default collector with this id exists already');
    throw error;
  }
  return record;
}

/** Replaces the editable fields if the stored version is still `expectedVersion` (else 409; 404 when gone). */
export async function updateDefaultCollector(id: string, expectedVersion: number, fields: DefaultCollectorFields): Promise<DefaultCollectorRecord> {
  const record: DefaultCollectorRecord = { id: id.toLowerCase(), ...fields, version: expectedVersion + 1 };
  const before = await getDefaultCollector(id);
  // Stryker disable next-line ConditionalExpression: the write's condition refuses it the same way, and staleOrMissing reads the same answer; this only saves the write
  if (!before || before.version !== expectedVersion) throw await staleOrMissing(id);
  try {
    await auditedWrite(
      [
        asTransactItem('Put', {
          Item: item(record),
          ConditionExpression: 'attribute_exists(pk) AND #version = :expected',
          ExpressionAttributeNames: { '#version': 'version' },
          ExpressionAttributeValues: { ':expected': expectedVersion },
        }),
      ],
      { kind: 'default-collector', action: 'update', recordId: record.id, companyId: null, before, after: record },
    );
  } catch (error) {
    if (isConditionFailure(error)) throw await staleOrMissing(id);
    throw error;
  }
  return record;
}

export async function deleteDefaultCollector(id: string, expectedVersion: number): Promise<void> {
  const before = await getDefaultCollector(id);
  // Stryker disable next-line ConditionalExpression: the write's condition refuses it the same way, and staleOrMissing reads the same answer; this only saves the write
  if (!before || before.version !== expectedVersion) throw await staleOrMissing(id);
  try {
    await auditedWrite(
      [
        asTransactItem('Delete', {
          Key: keys.defaultCollector(id),
          ConditionExpression: 'attribute_exists(pk) AND #version = :expected',
          ExpressionAttributeNames: { '#version': 'version' },
          ExpressionAttributeValues: { ':expected': expectedVersion },
        }),
      ],
      { kind: 'default-collector', action: 'delete', recordId: before.id, companyId: null, before },
    );
  } catch (error) {
    if (isConditionFailure(error)) throw await staleOrMissing(id);
    throw error;
  }
}

/** Why a conditional write failed: the item is gone (404) or someone changed it (409). */
async function staleOrMissing(id: string): Promise<Error> {
  return (await getDefaultCollector(id))
    ? new ConflictError('Someone else changed this default collector; reload and try again')
    : new NotFoundError('This default collector does not exist (any more)');
}
