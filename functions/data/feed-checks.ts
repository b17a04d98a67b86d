import { randomBytes } from 'node:crypto';
import { DeleteCommand, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { FeedCheck, FeedCheckProgress, FeedHistoryEntry } from '../../shared/domain/order-feed';
import { FEED_HISTORY_MAX } from '../../shared/domain/order-feed';
import { queryPartition } from './company-items';
import { keys } from './keys';
import { outboxPut, type NewDelivery } from './outbox';
import { batchDeleteKeys, cancellationCodes, db, isConditionFailure, prefixRange, stripKeys, tableName, transactWrite } from './table';

/**
 * Feed checks of a company (docs/order-feed.md), all in its partition so a company deletion
 * empties them with the rest:
 * - `FEEDCHECK#<id>`: one check (status, progress, then the result); ids are UUIDv7, time-ordered;
 *   the newest FEED_CHECKS_KEPT are kept (a result may weigh up to ~300 KB);
 * - `FEEDHIST#<finished>#<id>`: one small line of history per finished check, the newest
 *   FEED_HISTORY_MAX kept;
 * - `FEEDRUN`: the "one check at a time" marker, written with the check in one transaction, deleted
 *   when it finishes. A marker older than the job's timeout no longer blocks (a crashed job).
 */

export interface FeedCheckRecord extends FeedCheck {
  companyId: string;
  /**
   * The feed URL as the customer gave it (it may carry FTP/SFTP credentials), for the job only:
   * never answered (`toFeedCheck`), and dropped when the job claims the check (`claimFeedCheck`). The
   * job's payload carries ids only, so a failed invoke leaves no credentials in its dead-letter queue.
   */
  fetchUrl?: string;
  /** Until when the worker holds the check (core/order-feed/lease.ts); absent on records older than leases. */
  leaseUntil?: string;
  /** Workers that claimed it: 1, or more after a retry took over a check whose worker died. */
  attempt?: number;
}

interface RunningMarker {
  checkId: string;
  startedAt: string;
}

/** Check records kept per company (the history keeps FEED_HISTORY_MAX lines). */
export const FEED_CHECKS_KEPT = 20;

/** A UUIDv7 (RFC 9562): 48-bit milliseconds then random bits, so ids sort by creation time. */
export function newFeedCheckId(now: Date): string {
  const bytes = randomBytes(16);
  const ms = BigInt(now.getTime());
  for (let i = 0; i < 6; i++) bytes[i] = Number((ms >> BigInt(8 * (5 - i))) & 0xffn);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const isFeedCheckId = (id: string): boolean => UUID.test(id);

/**
 * Writes a new queued check and the company's running marker together. Returns false (nothing
 * written) when another check holds a marker started after `staleBefore`.
 */
export async function createFeedCheck(record: FeedCheckRecord, staleBefore: string): Promise<boolean> {
  const marker: RunningMarker = { checkId: record.id, startedAt: record.createdAt };
  try {
    await transactWrite([
      {
        Put: {
          TableName: tableName(),
          Item: { ...keys.feedCheckRunning(record.companyId), ...marker },
          ConditionExpression: 'attribute_not_exists(pk) OR startedAt < :stale',
          ExpressionAttributeValues: { ':stale': staleBefore },
        },
      },
      { Put: { TableName: tableName(), Item: { ...keys.feedCheck(record.companyId, record.id), ...record }, ConditionExpression: 'attribute_not_exists(pk)' } },
    ]);
    return true;
  } catch (error) {
    if (isConditionFailure(error) && cancellationCodes(error)[0] === 'ConditionalCheckFailed') return false;
    throw error;
  }
}

/** The check id of the company's running marker, if any (stale or not: the caller decides). */
export async function getRunningMarker(companyId: string): Promise<RunningMarker | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.feedCheckRunning(companyId), ConsistentRead: true }));
  return Item ? { checkId: Item.checkId as string, startedAt: Item.startedAt as string } : null;
}

export async function getFeedCheck(companyId: string, id: string): Promise<FeedCheckRecord | null> {
  if (!isFeedCheckId(id)) return null;
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.feedCheck(companyId, id), ConsistentRead: true }));
  return Item ? stripKeys<FeedCheckRecord>(Item) : null;
}

/** The newest check of the company (running or finished): one Query, newest first, one item. */
export async function latestFeedCheck(companyId: string): Promise<FeedCheckRecord | null> {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      ...prefixRange(keys.companyPartition(companyId), keys.feedCheckPrefix),
      ScanIndexForward: false,
      Limit: 1,
      ConsistentRead: true,
    }),
  );
  // Stryker disable next-line OptionalChaining: a Query answers Items (an empty list when none match)
  return Items?.[0] ? stripKeys<FeedCheckRecord>(Items[0]) : null;
}

/**
 * The worker takes a check: a queued one, or a running one whose lease ran out (its worker died:
 * Lambda's retry of the same job takes it over) while it is still the company's running check (no
 * newer check was started meanwhile). The claim holds the check until `leaseUntil`. The same write
 * drops `fetchUrl`: the job read it with the check, and a job that dies afterwards must not leave
 * the URL's credentials in the table. Null: already taken, finished, superseded or gone.
 */
export async function claimFeedCheck(companyId: string, id: string, at: string, leaseUntil: string): Promise<FeedCheckRecord | null> {
  try {
    await transactWrite([
      {
        Update: {
          TableName: tableName(),
          Key: keys.feedCheck(companyId, id),
          UpdateExpression: 'SET #status = :running, updatedAt = :at, leaseUntil = :lease, attempt = if_not_exists(attempt, :zero) + :one REMOVE fetchUrl',
          ConditionExpression: 'attribute_exists(pk) AND (#status = :queued OR (#status = :running AND (leaseUntil < :at OR attribute_not_exists(leaseUntil))))',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':running': 'running', ':queued': 'queued', ':at': at, ':lease': leaseUntil, ':zero': 0, ':one': 1 },
        },
      },
      { ConditionCheck: { TableName: tableName(), Key: keys.feedCheckRunning(companyId), ConditionExpression: 'checkId = :id', ExpressionAttributeValues: { ':id': id } } },
    ]);
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
  return getFeedCheck(companyId, id);
}

/**
 * Progress of a running check, which renews the worker's lease (a heartbeat is the same write);
 * false when it is no longer this worker's (finished, gone with its company, or taken over by a
 * retry after this worker's lease ran out: `attempt` tells the two workers apart).
 */
export async function writeFeedCheckProgress(companyId: string, id: string, progress: FeedCheckProgress, at: string, lease: { until: string; attempt: number }): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.feedCheck(companyId, id),
        UpdateExpression: 'SET progress = :progress, updatedAt = :at, leaseUntil = :lease',
        ConditionExpression: 'attribute_exists(pk) AND #status = :running AND attempt = :attempt',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':progress': progress, ':running': 'running', ':at': at, ':lease': lease.until, ':attempt': lease.attempt },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Stores the finished check, its history line and the webhook calls it causes (`deliveries`, in
 * the outbox) in one transaction, then frees the company's
 * marker (only if it is still this check's) and trims old checks and history.
 */
export async function finishFeedCheck(record: FeedCheckRecord, entry: FeedHistoryEntry, deliveries: readonly NewDelivery[] = []): Promise<boolean> {
  const { fetchUrl: _fetchUrl, ...finished } = record;
  try {
    await transactWrite([
      {
        Put: {
          TableName: tableName(),
          Item: { ...keys.feedCheck(record.companyId, record.id), ...finished },
          // Only the worker that holds it (a retry may have taken over from this one): `attempt` as claimed.
          ...(record.attempt === undefined
            ? { ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(attempt)' }
            : { ConditionExpression: 'attribute_exists(pk) AND attempt = :attempt', ExpressionAttributeValues: { ':attempt': record.attempt } }),
        },
      },
      { Put: { TableName: tableName(), Item: { ...keys.feedHistory(record.companyId, `${entry.date}#${entry.checkId}`), companyId: record.companyId, ...entry } } },
      ...deliveries.map((delivery) => outboxPut(delivery, entry.date)),
    ]);
  } catch (error) {
    // The check is gone (its company was deleted meanwhile) or another worker holds it: write nothing.
    if (isConditionFailure(error)) return false;
    throw error;
  }
  await releaseRunningMarker(record.companyId, record.id);
  await trim(record.companyId, keys.feedHistoryPrefix, FEED_HISTORY_MAX);
  await trim(record.companyId, keys.feedCheckPrefix, FEED_CHECKS_KEPT);
  return true;
}

/** Deletes the marker if it belongs to this check (a job that failed to start, or finished). */
export async function releaseRunningMarker(companyId: string, checkId: string): Promise<void> {
  try {
    await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.feedCheckRunning(companyId),
        ConditionExpression: 'checkId = :id',
        ExpressionAttributeValues: { ':id': checkId },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** Keys of the partition's items under `prefix`, newest first. */
async function keysNewestFirst(companyId: string, prefix: string): Promise<Array<{ pk: string; sk: string }>> {
  const items = await queryPartition(companyId, prefix, { ProjectionExpression: 'pk, sk', ScanIndexForward: false });
  return items.map((item) => ({ pk: item.pk as string, sk: item.sk as string }));
}

async function trim(companyId: string, prefix: string, keep: number): Promise<void> {
  const all = await keysNewestFirst(companyId, prefix);
  // Stryker disable next-line ConditionalExpression,EqualityOperator: with `keep` or fewer the slice is empty and batchDeleteKeys sends nothing
  if (all.length > keep) await batchDeleteKeys(all.slice(keep));
}

/** The history, newest first (at most `limit` lines). */
export async function listFeedHistory(companyId: string, limit = FEED_HISTORY_MAX): Promise<FeedHistoryEntry[]> {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      ...prefixRange(keys.companyPartition(companyId), keys.feedHistoryPrefix),
      ScanIndexForward: false,
      Limit: limit,
      ConsistentRead: true,
    }),
  );
  // Stryker disable next-line ArrayDeclaration: a Query answers Items (an empty list when none match)
  return (Items ?? []).map((item) => {
    const { companyId: _companyId, ...entry } = stripKeys<FeedHistoryEntry & { companyId: string }>(item);
    return entry;
  });
}

/**
 * The warning keys raised by the company's newest check that finished with a report (null: none
 * did). One Query of the kept checks (at most FEED_CHECKS_KEPT), newest first, reading only the
 * status and the per-key counts, not the examples.
 */
export async function latestReportWarnings(companyId: string): Promise<string[] | null> {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      ...prefixRange(keys.companyPartition(companyId), keys.feedCheckPrefix),
      ExpressionAttributeNames: { '#status': 'status', '#result': 'result', '#counts': 'counts' },
      ProjectionExpression: '#status, #result.#counts',
      ScanIndexForward: false,
      ConsistentRead: true,
    }),
  );
  // Stryker disable next-line ArrayDeclaration: a Query answers Items (an empty list when none match)
  const done = (Items ?? []).find((item) => item.status === 'done' && item.result);
  return done ? Object.keys((done.result as { counts?: Record<string, number> }).counts ?? {}) : null;
}
