import type { AffiliateCommission } from '../../shared/domain/types';
import { companyItems, queryPartition } from './company-items';
import { claimIfFree, joinSharedGuard, leaveSharedGuard, sharedGuardValue, type SharedGuard } from './guards';
import { keys, type Key, type ListRef } from './keys';
import { listPage, rowItems, rowKeys, rowWrites, type Listing } from './list-rows';
import { batchGetItems, isConditionFailure, stripKeys, tableName, transactWrite, type TransactItem } from './table';

/**
 * Affiliate commissions: `COMMISSION#<id>` items of the company's partition, listed a page at a
 * time through their sort-index rows (functions/data/list-rows.ts, the list `commissions` in the
 * company's partition). Created with a server-made id, deleted on the version read. A source's
 * commissions are all of one type (shared/domain/commissions.ts): each commission joins its
 * source's shared guard (`keys.commissionTypeGuard`, functions/data/guards.ts) in its create's
 * transaction and leaves it in its delete's, so of concurrent creates of both types on one source
 * only one type is stored. Deleting the source deletes the guard with the commissions and their
 * rows (data/sources.ts); renaming it renames its commissions (`renameSourceCommissions`).
 */

export interface CommissionRecord extends AffiliateCommission {
  companyId: string;
  created: string;
}

const commissions = companyItems<CommissionRecord>(keys.commission, keys.commissionPrefix, 'commission');

const typeGuard = (record: Pick<CommissionRecord, 'companyId' | 'sourceId' | 'id' | 'type'>): SharedGuard => ({
  key: keys.commissionTypeGuard(record.companyId, record.sourceId),
  field: 'type',
  value: record.type,
  id: record.id,
});

export const listCommissions = commissions.list;

const commissionList = (companyId: string): ListRef => ({ name: 'commissions', companyId });

type Listed = Pick<CommissionRecord, 'id' | 'sourceName' | 'type' | 'commission'>;

/** A commission's rows: by its source's name, its type, its amount (fixed digits, so text order is number order); searched over name and type. */
const commissionListing = (record: Listed): Listing => ({
  id: record.id,
  sort: { sourceName: record.sourceName, type: record.type, commission: record.commission.toFixed(4).padStart(20, '0') },
  words: [record.sourceName, record.type],
});

/** The keys of a commission's rows (its source's deletion deletes them with it). */
export const commissionRowKeys = (companyId: string, record: Listed): Key[] => rowKeys(commissionList(companyId), commissionListing(record));

const putRows = (record: CommissionRecord): TransactItem[] => rowItems(commissionList(record.companyId), commissionListing(record)).map((Item) => ({ Put: { TableName: tableName(), Item } }));

export interface CommissionQuery {
  sort: 'sourceName' | 'type' | 'commission';
  dir: 'asc' | 'desc';
  search?: string;
}

/** One page of the company's commissions in the order asked (searched if asked), and the next page's cursor. */
export async function commissionsPage(companyId: string, query: CommissionQuery, cursor: string | null, limit: number): Promise<{ commissions: CommissionRecord[]; next: string | null }> {
  const { ids, next } = await listPage(commissionList(companyId), query, cursor, limit);
  const found = new Map((await batchGetItems(ids.map((id) => keys.commission(companyId, id)))).map((item) => [item.id as string, stripKeys<CommissionRecord>(item)]));
  return { commissions: ids.flatMap((id) => found.get(id) ?? []), next };
}

/** A create's outcome: stored, or refused because the source's commissions are of the other type (`otherType`). */
export type CommissionCreated = { ok: true; value: CommissionRecord } | { ok: false; reason: 'otherType'; otherType: AffiliateCommission['type'] };

/** Writes a new commission with its rows and joins its source's type guard: a source holding the other type refuses it, nothing written. */
export async function putNewCommission(record: CommissionRecord): Promise<CommissionCreated> {
  const guard = typeGuard(record);
  try {
    return { ok: true, value: await commissions.putNew(record, [joinSharedGuard(guard), ...putRows(record)]) };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const held = await sharedGuardValue(guard.key, guard.field);
    if (held && held !== record.type) return { ok: false, reason: 'otherType', otherType: held as AffiliateCommission['type'] };
    throw error;
  }
}

/** Deletes the commission and its rows only on the version read (and leaves its source's type guard): 'missing' or 'stale' when the condition fails. */
export async function deleteCommission(companyId: string, id: string, expectedVersion: number): Promise<'ok' | 'missing' | 'stale'> {
  const outcome = await commissions.remove(companyId, id, expectedVersion, async (before) => [
    ...(await leaveSharedGuard(typeGuard(before))),
    ...commissionRowKeys(companyId, before).map((Key) => ({ Delete: { TableName: tableName(), Key } })),
  ]);
  return outcome.ok ? 'ok' : outcome.reason;
}

/** The commissions of one source (a filtered Query of the company's commissions). */
const commissionsOfSource = async (companyId: string, sourceId: string): Promise<CommissionRecord[]> =>
  (await queryPartition(companyId, keys.commissionPrefix, { FilterExpression: 'sourceId = :sourceId', ExpressionAttributeValues: { ':sourceId': sourceId } })).map((item) => stripKeys<CommissionRecord>(item));

/**
 * Writes a commission's rows again from `name` (its source's name now) and stores that name on it,
 * conditional on the name its rows were made from: a commission deleted or renamed meanwhile is
 * left alone. False when skipped.
 */
async function renameCommission(record: CommissionRecord, name: string, before: readonly Key[]): Promise<boolean> {
  const renamed = { ...record, sourceName: name };
  try {
    await transactWrite([
      {
        Update: {
          TableName: tableName(),
          Key: keys.commission(record.companyId, record.id),
          UpdateExpression: 'SET sourceName = :name',
          ConditionExpression: 'attribute_exists(pk) AND sourceName = :was',
          ExpressionAttributeValues: { ':name': name, ':was': record.sourceName },
        },
      },
      ...rowWrites(commissionList(record.companyId), before, commissionListing(renamed)).items,
    ]);
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * A source's rename reaches its commissions: each takes the new name, its rows move with it (one
 * transaction per commission, after the source's own: a crash between leaves the old name until
 * the next rename or `npm run reindex-lists`).
 */
export async function renameSourceCommissions(companyId: string, sourceId: string, name: string): Promise<void> {
  for (const record of await commissionsOfSource(companyId, sourceId)) {
    if (record.sourceName !== name) await renameCommission(record, name, commissionRowKeys(companyId, record));
  }
}

/**
 * Re-index (`npm run reindex-lists`): every commission of the company gets its rows, its source's
 * current name (a commission stored before the rows has none) and joins its source's type guard (one
 * stored before the guard holds none; of a legacy source with both types, the first read joins).
 * How many were written.
 */
export async function reindexCompanyCommissions(companyId: string, sourceNames: ReadonlyMap<string, string>): Promise<number> {
  let written = 0;
  for (const record of await commissions.list(companyId)) {
    const name = sourceNames.get(record.sourceId) ?? record.sourceName;
    if (await renameCommission(record, name, commissionRowKeys(companyId, record))) written++;
    await claimIfFree(joinSharedGuard(typeGuard(record)));
  }
  return written;
}
