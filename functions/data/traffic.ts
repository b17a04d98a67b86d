import { createHash } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { TrafficRow } from '../../shared/domain/utm-matching';
import { keys } from './keys';
import { batchDeleteKeys, batchPutItems, db, isConditionFailure, nowIso, queryAll, stripKeys, tableName } from './table';

/**
 * The company's traffic: one item per combination of UTM values (`keys.traffic(companyId, hash)`)
 * in its partition, so the UTM page reads it with one Query and no other company's traffic is
 * reachable. Written by the analytics import (`replaceTraffic`, then `recordTrafficImport`) and by
 * the local seed.
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
}

/** The row id: a hash of the three values as the analytics tool reported them (one row per combination). */
function trafficId(row: Pick<TrafficRow, 'utmSource' | 'utmMedium' | 'utmCampaign'>): string {
  return createHash('sha256').update(JSON.stringify([row.utmSource, row.utmMedium, row.utmCampaign])).digest('hex').slice(0, 32);
}

/** Every traffic row of the company (page by page). */
export async function listTraffic(companyId: string): Promise<TrafficRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.companyPartition(companyId), ':prefix': keys.trafficPrefix },
  });
  return items.map((item) => stripKeys<TrafficRecord>(item));
}

/**
 * Stores the sessions of each combination (an import replaces a combination's figure: the row of
 * the same values is overwritten). Batches of 25, unprocessed items retried.
 */
export async function putTraffic(companyId: string, rows: ReadonlyArray<Omit<TrafficRow, 'id'>>): Promise<TrafficRecord[]> {
  const at = nowIso();
  const records: TrafficRecord[] = rows.map((row) => ({ ...row, id: trafficId(row), companyId, version: 1, updated: at }));
  await batchPutItems(records.map((record) => ({ ...keys.traffic(companyId, record.id), ...record })));
  return records;
}

/**
 * The analytics import: the company's traffic becomes exactly `rows` (the combinations of the
 * previous import that are gone are deleted, the others overwritten). UTM rules are other items
 * and stay: links are computed from them on every read.
 */
export async function replaceTraffic(companyId: string, rows: ReadonlyArray<Omit<TrafficRow, 'id'>>): Promise<TrafficRecord[]> {
  const before = await listTraffic(companyId);
  const records = await putTraffic(companyId, rows);
  const kept = new Set(records.map((r) => r.id));
  const gone = before.filter((r) => !kept.has(r.id));
  await batchDeleteKeys(gone.map((record) => keys.traffic(companyId, record.id)));
  return records;
}
