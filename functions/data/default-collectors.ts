import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { CollectorType, DefaultCollector } from '../../shared/domain/types';
import { ConflictError, NotFoundError } from '../platform/errors';
import { asTransactItem, auditedWrite } from './audit';
import { parseCollectorComment } from '../../shared/schemas/default-collectors';
import { gsi1, keys } from './keys';
import { listPage, rowItems, rowKeys, rowWrites, type Listing } from './list-rows';
import { batchGetItems, db, isConditionFailure, queryAllByIndex, stripKeys, tableName, transactWrite, type TransactItem } from './table';

/**
 * Default collectors: platform-wide items (not in a company partition). Every write is conditional
 * on the version read. Each holds one sort-index row per order of the list (functions/data/list-rows.ts,
 * the platform list `default-collectors`), written in the collector's own audited transaction: the
 * admin table and the customers' picker read a page (or a few matches) of the rows, then the records by key.
 */

export type DefaultCollectorRecord = DefaultCollector;
export type DefaultCollectorFields = { name: string; accessEmail: string; type: CollectorType; comment: string };

const item = (record: DefaultCollectorRecord) => ({
  ...keys.defaultCollector(record.id),
  gsi1pk: gsi1.defaultCollectors.pk,
  gsi1sk: gsi1.defaultCollectors.sk(record.name, record.id),
  ...record,
});

/**
 * The list's orders. `type` sorts by type then name, `typeDesc` by type descending (Other first)
 * then name: the spec's default order, which a Query of `type` read backwards would give with
 * the names reversed too.
 */
export type DefaultCollectorOrder = 'name' | 'accessEmail' | 'type' | 'typeDesc';

const LIST = 'default-collectors';

/** Searched over the name, the access e-mail and the comment of each language. */
const listing = (record: DefaultCollectorRecord): Listing => ({
  id: record.id,
  sort: {
    name: record.name,
    accessEmail: record.accessEmail,
    type: `${record.type} ${record.name}`,
    typeDesc: `${record.type === 'Other' ? 0 : 1} ${record.name}`,
  },
  words: [record.name, record.accessEmail, ...Object.values(parseCollectorComment(record.comment))],
});

const putRows = (record: DefaultCollectorRecord): TransactItem[] => rowItems(LIST, listing(record)).map((Item) => ({ Put: { TableName: tableName(), Item } }));

/** Every default collector (one GSI1 Query: `npm run reindex-lists` and the data layer's tests, never a request). */
export const listDefaultCollectors = (): Promise<DefaultCollectorRecord[]> =>
  queryAllByIndex<DefaultCollectorRecord>(gsi1.indexName, gsi1.defaultCollectors.pk);

/** One page of the default collectors in the order asked (searched if asked), and the next page's cursor. */
export async function defaultCollectorsPage(
  query: { sort: DefaultCollectorOrder; dir: 'asc' | 'desc'; search?: string },
  cursor: string | null,
  limit: number,
): Promise<{ collectors: DefaultCollectorRecord[]; next: string | null }> {
  const { ids, next } = await listPage(LIST, query, cursor, limit);
  const found = new Map((await batchGetItems(ids.map((id) => keys.defaultCollector(id)))).map((item) => [item.id as string, stripKeys<DefaultCollectorRecord>(item)]));
  return { collectors: ids.flatMap((id) => found.get(id) ?? []), next };
}

export async function getDefaultCollector(id: string): Promise<DefaultCollectorRecord | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.defaultCollector(id), ConsistentRead: true }));
  return Item ? stripKeys<DefaultCollectorRecord>(Item) : null;
}

/** A new collector under the client's id; an id already taken (by any collector) is a 409, nothing overwritten. */
export async function createDefaultCollector(id: string, fields: DefaultCollectorFields): Promise<DefaultCollectorRecord> {
  const record: DefaultCollectorRecord = { id: id.toLowerCase(), ...fields, version: 1 };
  try {
    // No version in the audit record's key (here and below): a deleted collector's id may be used again.
    await auditedWrite([asTransactItem('Put', { Item: item(record), ConditionExpression: 'attribute_not_exists(pk)' }), ...putRows(record)], {
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
        ...rowWrites(LIST, rowKeys(LIST, listing(before)), listing(record)).items,
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
        ...rowKeys(LIST, listing(before)).map((Key) => ({ Delete: { TableName: tableName(), Key } })),
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

/**
 * Writes the rows of every default collector from the record as it is now (records stored before
 * the rows: `npm run reindex-lists`), each conditional on the version read. How many were written.
 */
export async function reindexDefaultCollectors(): Promise<number> {
  let written = 0;
  for (const record of await listDefaultCollectors()) {
    const check: TransactItem = {
      ConditionCheck: {
        TableName: tableName(),
        Key: keys.defaultCollector(record.id),
        ConditionExpression: '#version = :version',
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: { ':version': record.version },
      },
    };
    try {
      await transactWrite([check, ...putRows(record)]);
      written++;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  return written;
}
