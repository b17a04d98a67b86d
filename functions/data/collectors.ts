import type { Collector, CollectorStatus } from '../../shared/domain/types';
import type { CollectorSort } from '../../shared/schemas/lists';
import { companyItems, queryPartition, type WriteOutcome } from './company-items';
import { keys, listRows, type ListRef } from './keys';
import { listPage, rowItems, rowKeys, rowWrites, type Listing } from './list-rows';
import { batchGetItems, isConditionFailure, stripKeys, tableName, transactWrite, type TransactItem } from './table';

/**
 * A company's collectors: items of its partition (`keys.collector`), so a collector can never be
 * reached through another company's id: every read and write names the caller's partition. Edits
 * and deletes are conditional on the version read. Each collector holds one sort-index row per
 * sortable column (functions/data/list-rows.ts, the list `collectors` in the company's partition),
 * written in the collector's own transaction: a page is one Query of the rows, then its records by key.
 */

export interface CollectorRecord extends Collector {
  companyId: string;
  created: string;
  updated: string;
}

export type CollectorFields = Pick<Collector, 'source' | 'accessEmail' | 'comment' | 'commentStatus' | 'configStatus' | 'collectStatus'>;

/** What a conditional write found when its condition failed. */
export type CollectorWrite<T> = WriteOutcome<T>;

const collectors = companyItems<CollectorRecord>(keys.collector, keys.collectorPrefix, 'collector');

const collectorList = (companyId: string): ListRef => ({ name: 'collectors', companyId });

// Statuses sort by progress (No, Ongoing, Yes), then by source; not alphabetically.
const STATUS_RANK: Record<CollectorStatus, number> = { No: 0, Ongoing: 1, Yes: 2 };

/**
 * A collector's rows: one per sortable column (spec: source, accessEmail, configStatus,
 * collectStatus), searched over source, access e-mail and both notes; `done` when both statuses
 * are Yes (the step's card counts the others).
 */
const collectorListing = (record: CollectorFields & { id: string }): Listing => ({
  id: record.id,
  sort: {
    source: record.source,
    accessEmail: record.accessEmail,
    configStatus: `${STATUS_RANK[record.configStatus]} ${record.source}`,
    collectStatus: `${STATUS_RANK[record.collectStatus]} ${record.source}`,
  },
  words: [record.source, record.accessEmail, record.comment, record.commentStatus],
  flags: record.configStatus === 'Yes' && record.collectStatus === 'Yes' ? ['done'] : [],
});

const rowKeysOf = (record: CollectorRecord) => rowKeys(collectorList(record.companyId), collectorListing(record));

/** Every collector of the company (one Query of its partition: the seed, the data layer's tests). */
export const listCollectors = collectors.list;

/** Writes a new collector with its rows; an id already taken in the partition is refused (never overwritten). */
export const putNewCollector = (record: CollectorRecord): Promise<CollectorRecord> =>
  collectors.putNew(
    record,
    rowItems(collectorList(record.companyId), collectorListing(record)).map((Item) => ({ Put: { TableName: tableName(), Item } })),
  );

/** Deletes the collector and its rows only on the version the editor read. */
export const deleteCollector = (companyId: string, id: string, expectedVersion: number): Promise<CollectorWrite<null>> =>
  collectors.remove(companyId, id, expectedVersion, async (before) => rowKeysOf(before).map((Key) => ({ Delete: { TableName: tableName(), Key } })));

/** Replaces the editable fields only on the version the editor read; the version goes up by one and the rows follow. */
export const replaceCollector = (companyId: string, id: string, expectedVersion: number, fields: CollectorFields, at: string): Promise<CollectorWrite<CollectorRecord>> =>
  collectors.update(companyId, id, expectedVersion, { ...fields, updated: at }, (before, after) => rowWrites(collectorList(companyId), rowKeysOf(before), collectorListing(after)).items);

export interface CollectorQuery {
  sort: CollectorSort;
  dir: 'asc' | 'desc';
  search?: string;
}

/** One page of the company's collectors in the order asked (searched if asked), and the next page's cursor. */
export async function collectorsPage(companyId: string, query: CollectorQuery, cursor: string | null, limit: number): Promise<{ collectors: CollectorRecord[]; next: string | null }> {
  const { ids, next } = await listPage(collectorList(companyId), query, cursor, limit);
  const found = new Map((await batchGetItems(ids.map((id) => keys.collector(companyId, id)))).map((item) => [item.id as string, stripKeys<CollectorRecord>(item)]));
  return { collectors: ids.flatMap((id) => found.get(id) ?? []), next };
}

/**
 * How many collectors the company has and how many are not done (both statuses Yes): one Query of
 * the rows of one sort order, projected to the flag (a row is a few dozen bytes: 500 collectors
 * are one read), so the step's card needs no page of records.
 */
export async function collectorCounts(companyId: string): Promise<{ total: number; pending: number }> {
  const { prefix } = listRows.place(collectorList(companyId), 'source');
  const rows = await queryPartition(companyId, prefix, { ProjectionExpression: '#done', ExpressionAttributeNames: { '#done': 'done' } });
  return { total: rows.length, pending: rows.filter((row) => !row.done).length };
}

/**
 * Writes the rows of every collector of the company from the record as it is now (records stored
 * before the rows: `npm run reindex-lists`), each in a transaction conditional on the version read
 * (a collector edited meanwhile wrote its own rows). How many were written.
 */
export async function reindexCollectors(companyId: string): Promise<number> {
  let written = 0;
  for (const record of await collectors.list(companyId)) {
    const list = collectorList(companyId);
    const items: TransactItem[] = [
      {
        ConditionCheck: {
          TableName: tableName(),
          Key: keys.collector(companyId, record.id),
          ConditionExpression: '#version = :version',
          ExpressionAttributeNames: { '#version': 'version' },
          ExpressionAttributeValues: { ':version': record.version },
        },
      },
      ...rowItems(list, collectorListing(record)).map((Item) => ({ Put: { TableName: tableName(), Item } })),
    ];
    try {
      await transactWrite(items);
      written++;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  return written;
}
