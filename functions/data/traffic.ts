import { createHash } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { TrafficAggregates, TrafficRow } from '../../shared/domain/utm-matching';
import { keys, listRows, type ListRef } from './keys';
import { listPage, rowItems, rowKeys, type Listing } from './list-rows';
import { batchDeleteKeys, batchGetItems, batchPutItems, db, isConditionFailure, nowIso, prefixRange, queryAll, queryPage, stripKeys, tableName, transactWrite } from './table';

/**
 * The company's traffic: one item per combination of UTM values (`keys.traffic(companyId, hash)`)
 * in its partition, so no other company's traffic is reachable. Each combination keeps its link
 * state (`linkedBy`: the id of a rule that matches it, absent when none does), set by the use cases
 * of functions/core/traffic/links.ts when traffic is imported and when rules change, and one
 * sort-index row (functions/data/list-rows.ts, the list `traffic` in the company's partition: by
 * sessions, searched over the three values, filtered on `linked`), so the UTM page reads a page of
 * rows, never every combination. The counts of the whole (`keys.trafficSummary`) are kept beside.
 * Written by the analytics import, by the local seed and by tests (`putTraffic`).
 */

/** The last import of the company's traffic: when, from which property, how many rows. */
export interface TrafficImport {
  at: string;
  viewId: string;
  rows: number;
}

/** Keeps the newest import only: two imports finishing out of order leave the later one's time. */
export async function recordTrafficImport(companyId: string, record: TrafficImport): Promise<void> {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.trafficImport(companyId), companyId, ...record },
        ConditionExpression: 'attribute_not_exists(pk) OR #at <= :at',
        ExpressionAttributeNames: { '#at': 'at' },
        ExpressionAttributeValues: { ':at': record.at },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** The last import, or null when the company's traffic was never imported. */
export async function getTrafficImport(companyId: string): Promise<TrafficImport | null> {
  const answer = await db().send(new GetCommand({ TableName: tableName(), Key: keys.trafficImport(companyId), ConsistentRead: true }));
  if (!answer.Item) return null;
  const { at, viewId, rows } = answer.Item as TrafficImport;
  return { at, viewId, rows };
}

export interface TrafficRecord extends TrafficRow {
  companyId: string;
  version: number;
  updated: string;
  /** A rule that matches the combination (the first found); absent: unlinked. */
  linkedBy?: string;
}

/** A combination to store, with the rule that links it (null: none). */
export type TrafficInput = Omit<TrafficRow, 'id'> & { linkedBy?: string | null };

/** The row id: a hash of the three values as the analytics tool reported them (one row per combination). */
function trafficId(row: Pick<TrafficRow, 'utmSource' | 'utmMedium' | 'utmCampaign'>): string {
  return createHash('sha256').update(JSON.stringify([row.utmSource, row.utmMedium, row.utmCampaign])).digest('hex').slice(0, 32);
}

const SESSIONS_DIGITS = 15;

const trafficList = (companyId: string): ListRef => ({ name: 'traffic', companyId });

/**
 * A combination's rows: by sessions (zero-padded, so the text order is the number's), the page's
 * order; and by utmSource (as the rules compare it: trimmed, any case), the index that finds the
 * combinations a rule with an `equal` utmSource matches (`trafficWithSource`). Its three values
 * searched, its link state filtered.
 */
const trafficListing = (record: Pick<TrafficRecord, 'id' | 'sessions' | 'utmSource' | 'utmMedium' | 'utmCampaign' | 'linkedBy'>): Listing => ({
  id: record.id,
  sort: { sessions: String(Math.max(0, Math.floor(record.sessions))).padStart(SESSIONS_DIGITS, '0'), utmSource: record.utmSource },
  words: [record.utmSource, record.utmMedium, record.utmCampaign],
  fields: { linked: record.linkedBy ? 'yes' : 'no' },
});

const itemsOf = (companyId: string, record: TrafficRecord): Record<string, unknown>[] => [
  { ...keys.traffic(companyId, record.id), ...record },
  ...rowItems(trafficList(companyId), trafficListing(record)),
];

/** Every combination of the company (page by page): the writes that decide link states read it whole, a page read never does. */
export async function listTraffic(companyId: string): Promise<TrafficRecord[]> {
  const items = await queryAll({
    ...prefixRange(keys.companyPartition(companyId), keys.trafficPrefix),
  });
  return items.map((item) => stripKeys<TrafficRecord>(item));
}

/** The combinations in key order, `limit` at a time from `after` (the relink job's pass: a page, a cursor it can resume from). */
export async function trafficBatch(companyId: string, after: string | null, limit: number): Promise<{ records: TrafficRecord[]; next: string | null }> {
  const { items, next } = await queryPage(
    { ...prefixRange(keys.companyPartition(companyId), keys.trafficPrefix), ConsistentRead: true },
    after,
    limit,
    { scope: `traffic-batch:${companyId}`, maxReads: 1 },
  );
  return { records: items.map((item) => stripKeys<TrafficRecord>(item)), next };
}

/** The rows of the combinations these records replace whose sort value moved (their sessions changed). */
function movedRows(companyId: string, before: readonly TrafficRecord[], after: ReadonlyMap<string, TrafficRecord>) {
  return before.flatMap((old) => {
    const now = after.get(old.id);
    const kept = now ? rowKeys(trafficList(companyId), trafficListing(now)) : [];
    return rowKeys(trafficList(companyId), trafficListing(old)).filter((key) => !kept.some((k) => k.sk === key.sk));
  });
}

const toRecords = (companyId: string, rows: readonly TrafficInput[]): TrafficRecord[] => {
  const at = nowIso();
  return rows.map(({ linkedBy, ...row }) => ({ ...row, id: trafficId(row), companyId, version: 1, updated: at, ...(linkedBy ? { linkedBy } : {}) }));
};

/**
 * Stores the sessions of each combination (an import replaces a combination's figure: the item of
 * the same values is overwritten, its row moved) and drops the stored counts (the next read counts
 * again). Batches of 25, unprocessed items retried.
 */
export async function putTraffic(companyId: string, rows: readonly TrafficInput[]): Promise<TrafficRecord[]> {
  const records = toRecords(companyId, rows);
  const before = (await batchGetItems(records.map((record) => keys.traffic(companyId, record.id)))).map((item) => stripKeys<TrafficRecord>(item));
  await batchPutItems(records.flatMap((record) => itemsOf(companyId, record)));
  await batchDeleteKeys(movedRows(companyId, before, new Map(records.map((r) => [r.id, r]))));
  await dropTrafficSummary(companyId);
  return records;
}

/**
 * The analytics import: the company's traffic becomes exactly `rows` (the combinations of the
 * previous import that are gone are deleted with their rows, the others overwritten). UTM rules
 * are other items and stay; the caller gives each combination its link state.
 */
export async function replaceTraffic(companyId: string, rows: readonly TrafficInput[]): Promise<TrafficRecord[]> {
  const before = await listTraffic(companyId);
  const records = toRecords(companyId, rows);
  await batchPutItems(records.flatMap((record) => itemsOf(companyId, record)));
  const now = new Map(records.map((r) => [r.id, r]));
  const gone = before.filter((r) => !now.has(r.id));
  await batchDeleteKeys([...movedRows(companyId, before, now), ...gone.map((record) => keys.traffic(companyId, record.id))]);
  await dropTrafficSummary(companyId);
  return records;
}

/** A change of one combination's link state: from the rule the caller read (`from`) to `to` (null: unlinked). */
export interface LinkChange {
  record: TrafficRecord;
  from: string | null;
  to: string | null;
}

/** Link changes written at once (each a transaction of the item and its row). */
const LINK_WRITES_AT_ONCE = 8;

/**
 * Writes link changes: each combination's item (on the link state the caller read: another change
 * meanwhile wins, this one is skipped) and its row, in one transaction; eight at a time. Answers
 * how many were written.
 */
export async function setLinks(companyId: string, changes: readonly LinkChange[]): Promise<number> {
  let written = 0;
  let next = 0;
  const worker = async () => {
    while (next < changes.length) {
      const { record, from, to } = changes[next++]!;
      const after: TrafficRecord = { ...record };
      if (to) after.linkedBy = to;
      else delete after.linkedBy;
      try {
        await transactWrite([
          {
            Update: {
              TableName: tableName(),
              Key: keys.traffic(companyId, record.id),
              UpdateExpression: to ? 'SET linkedBy = :to' : 'REMOVE linkedBy',
              ConditionExpression: from ? 'linkedBy = :from' : 'attribute_exists(pk) AND attribute_not_exists(linkedBy)',
              ...((to ?? from) ? { ExpressionAttributeValues: { ...(to ? { ':to': to } : {}), ...(from ? { ':from': from } : {}) } } : {}),
            },
          },
          ...rowItems(trafficList(companyId), trafficListing(after)).map((Item) => ({ Put: { TableName: tableName(), Item } })),
        ]);
        written++;
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: LINK_WRITES_AT_ONCE }, worker));
  return written;
}

/** The combinations linked by one of these rules (one filtered Query of the traffic). */
export async function trafficLinkedBy(companyId: string, ruleIds: readonly string[]): Promise<TrafficRecord[]> {
  if (!ruleIds.length) return [];
  const wanted = new Set(ruleIds);
  const linked = await queryAll({
    ...prefixRange(keys.companyPartition(companyId), keys.trafficPrefix),
    FilterExpression: 'attribute_exists(linkedBy)',
  });
  return linked.map((item) => stripKeys<TrafficRecord>(item)).filter((record) => wanted.has(record.linkedBy!));
}

export interface TrafficQuery {
  dir: 'asc' | 'desc';
  search?: string;
  /** Only linked or only unlinked combinations; none: both. */
  linked?: boolean;
}

/** One page of the company's combinations by sessions (searched, filtered), and the next page's cursor. */
export async function trafficPage(companyId: string, query: TrafficQuery, cursor: string | null, limit: number): Promise<{ rows: TrafficRecord[]; next: string | null }> {
  const { ids, next } = await listPage(
    trafficList(companyId),
    { sort: 'sessions', dir: query.dir, search: query.search, ...(query.linked === undefined ? {} : { where: { linked: query.linked ? 'yes' : 'no' } }) },
    cursor,
    limit,
  );
  const found = new Map((await batchGetItems(ids.map((id) => keys.traffic(companyId, id)))).map((item) => [item.id as string, stripKeys<TrafficRecord>(item)]));
  // A combination deleted since its row was read is left out.
  return { rows: ids.flatMap((id) => found.get(id) ?? []), next };
}

/** Index rows read per Query of `trafficWithSource`. */
const SOURCE_ROWS_PER_READ = 1000;

/**
 * The combinations whose utmSource is this value as the rules compare it (trimmed, any case), only
 * the linked or the unlinked ones if asked: the index rows of that value, page after page, then
 * the combinations by key. Reads what one value has, not the company's traffic.
 */
export async function trafficWithSource(companyId: string, utmSource: string, linked?: boolean): Promise<TrafficRecord[]> {
  const list = trafficList(companyId);
  const bucket = listRows.row(list, 'utmSource', utmSource, '').sk.slice(listRows.place(list, 'utmSource').prefix.length);
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const page = await listPage(list, { sort: 'utmSource', dir: 'asc', buckets: [bucket], ...(linked === undefined ? {} : { where: { linked: linked ? 'yes' : 'no' } }) }, cursor, SOURCE_ROWS_PER_READ);
    ids.push(...page.ids);
    cursor = page.next;
  } while (cursor);
  // A combination deleted since its row was read is left out.
  return (await batchGetItems(ids.map((id) => keys.traffic(companyId, id)))).map((item) => stripKeys<TrafficRecord>(item));
}

/**
 * Re-index (`npm run reindex-lists`): every combination of the company gets its rows (those stored
 * before the utmSource index have none, and a rule's overlap check would not find them), a page
 * at a time. How many were written.
 */
export async function reindexCompanyTraffic(companyId: string): Promise<number> {
  let written = 0;
  let after: string | null = null;
  do {
    const page = await trafficBatch(companyId, after, 500);
    await batchPutItems(page.records.flatMap((record) => rowItems(trafficList(companyId), trafficListing(record))));
    written += page.records.length;
    after = page.next;
  } while (after);
  return written;
}

/** The stored counts, null when a write dropped them. */
export async function getTrafficSummary(companyId: string): Promise<TrafficAggregates | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.trafficSummary(companyId), ConsistentRead: true }));
  if (!Item) return null;
  const { unlinkedUtms, unlinkedSessions, totalSessions, totalUtms } = Item as TrafficAggregates;
  return { unlinkedUtms, unlinkedSessions, totalSessions, totalUtms };
}

/** Counts every combination (sessions and link state only) and stores the counts. */
export async function countTraffic(companyId: string): Promise<TrafficAggregates> {
  const items = await queryAll({
    ...prefixRange(keys.companyPartition(companyId), keys.trafficPrefix),
    ProjectionExpression: 'sessions, linkedBy',
    ConsistentRead: true,
  });
  const counts: TrafficAggregates = { unlinkedUtms: 0, unlinkedSessions: 0, totalSessions: 0, totalUtms: items.length };
  for (const item of items) {
    const sessions = Number(item.sessions ?? 0);
    counts.totalSessions += sessions;
    if (!item.linkedBy) {
      counts.unlinkedUtms += 1;
      counts.unlinkedSessions += sessions;
    }
  }
  await db().send(new PutCommand({ TableName: tableName(), Item: { ...keys.trafficSummary(companyId), companyId, ...counts, at: nowIso() } }));
  return counts;
}

/** Forgets the stored counts (a write that did not count again): the next read counts. */
async function dropTrafficSummary(companyId: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.trafficSummary(companyId) }));
}
