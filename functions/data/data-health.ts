import { BatchGetCommand, GetCommand, PutCommand, type BatchGetCommandOutput } from '@aws-sdk/lib-dynamodb';
import type { HealthAttempt, HealthDay, HealthKind, HealthMute, HealthReason, HealthRetries, HealthStatus } from '../../shared/domain/data-health';
import { auditItem, type Change } from './audit';
import { keys } from './keys';
import { outboxPut, type NewDelivery } from './outbox';
import { batchPutItems, db, isConditionFailure, queryAll, tableName, transactWrite } from './table';

/**
 * Data health (docs/product.md, "Data health"), in the company's partition (deleted with it):
 * one item per kind and day (`keys.healthDay`, TTL 90 days, the feed history's retention) and one
 * state item (`keys.healthState`): each kind's current result and what was last mailed.
 */

const HEALTH_HISTORY_DAYS = 90;

export interface KindNow extends HealthRetries {
  status: HealthStatus;
  checkedAt: string;
  reason?: HealthReason;
}

export interface HealthStateRecord {
  companyId: string;
  kinds: Partial<Record<HealthKind, KindNow>>;
  /** Per kind, the day its last "warning/failing" mail went (absent once the recovery was mailed). */
  alerted: Partial<Record<HealthKind, string>>;
  /** The day (YYYY-MM-DD) of the last alert mail: at most one a day. */
  lastMailDay: string | null;
  /** Per kind, its acknowledgement while its mails are muted (ended by the daily check: healthy again, or expired). */
  mutes: Partial<Record<HealthKind, HealthMute & { byId: string }>>;
  /** Optimistic lock: the run that read `version` writes `version + 1`. */
  version: number;
}

const emptyState = (companyId: string): HealthStateRecord => ({ companyId, kinds: {}, alerted: {}, lastMailDay: null, mutes: {}, version: 0 });

const expiresAt = (day: string) => Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000) + HEALTH_HISTORY_DAYS * 86_400;

/** Today's results (one item per kind, the day's last check overwrites the earlier one): one BatchWrite. */
export async function putHealthDays(companyId: string, day: string, results: ReadonlyArray<{ kind: HealthKind } & KindNow>): Promise<void> {
  await batchPutItems(
    results.map((r) => ({
      ...keys.healthDay(companyId, day, r.kind),
      kind: r.kind,
      day,
      status: r.status,
      checkedAt: r.checkedAt,
      ...(r.reason ? { reason: r.reason } : {}),
      ...(r.attempts ? { attempts: r.attempts } : {}),
      ...(r.retryAt ? { retryAt: r.retryAt } : {}),
      expiresAt: expiresAt(day),
    })),
  );
}

/** The days from `fromDay` on (one Query of the partition's `HEALTH#` range), oldest first, per kind. */
export async function listHealthDays(companyId: string, fromDay: string): Promise<Array<HealthDay & { kind: HealthKind }>> {
  const items = await queryAll({
    // '~' sorts after every day and kind: the range holds only the health days from `fromDay` on.
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': keys.companyPartition(companyId), ':from': `${keys.healthDayPrefix}${fromDay}`, ':to': `${keys.healthDayPrefix}~` },
  });
  return items.map((item) => ({
    kind: item.kind as HealthKind,
    day: item.day as string,
    status: item.status as HealthStatus,
    checkedAt: item.checkedAt as string,
    ...(item.reason ? { reason: item.reason as HealthReason } : {}),
    ...(item.attempts ? { attempts: item.attempts as HealthAttempt[] } : {}),
    ...(item.retryAt ? { retryAt: item.retryAt as string } : {}),
  }));
}

export async function getHealthState(companyId: string): Promise<HealthStateRecord> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.healthState(companyId), ConsistentRead: true }));
  return Item ? toState(Item) : emptyState(companyId);
}

function toState(item: Record<string, unknown>): HealthStateRecord {
  return {
    companyId: item.companyId as string,
    kinds: (item.kinds ?? {}) as HealthStateRecord['kinds'],
    alerted: (item.alerted ?? {}) as HealthStateRecord['alerted'],
    lastMailDay: (item.lastMailDay as string | null | undefined) ?? null,
    mutes: (item.mutes ?? {}) as HealthStateRecord['mutes'],
    version: (item.version as number | undefined) ?? 0,
  };
}

/**
 * Writes the state read as `previous` (version + 1): false when another run wrote it since (a
 * redelivered message running beside the first), which then mails nothing. `changes`: the mutes
 * it begins or ends, audited in the same transaction (nothing changes without its record);
 * `deliveries`: the webhook calls the change causes, recorded in the outbox in that transaction.
 */
export async function saveHealthState(
  previous: HealthStateRecord,
  next: Omit<HealthStateRecord, 'version' | 'companyId'>,
  changes: readonly Change[] = [],
  deliveries: readonly NewDelivery[] = [],
  at: string = new Date().toISOString(),
): Promise<boolean> {
  const put = {
    TableName: tableName(),
    Item: { ...keys.healthState(previous.companyId), companyId: previous.companyId, ...next, version: previous.version + 1 },
    ConditionExpression: previous.version === 0 ? 'attribute_not_exists(pk)' : 'version = :v',
    ...(previous.version === 0 ? {} : { ExpressionAttributeValues: { ':v': previous.version } }),
  };
  try {
    if (changes.length === 0 && deliveries.length === 0) await db().send(new PutCommand(put));
    else await transactWrite([{ Put: put }, ...changes.map(auditItem), ...deliveries.map((delivery) => outboxPut(delivery, at))]);
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** The volume kind's daily figures (core/data-health/volume.ts): day -> count, the last 5 weeks only. */
export interface VolumeSeries {
  orders: Record<string, number>;
  sessions: Record<string, number>;
}

export async function getVolumeSeries(companyId: string): Promise<VolumeSeries> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.healthVolume(companyId), ConsistentRead: true }));
  return { orders: (Item?.orders ?? {}) as VolumeSeries['orders'], sessions: (Item?.sessions ?? {}) as VolumeSeries['sessions'] };
}

/** Replaces the series (the caller keeps it bounded): a redelivered run writes the same day's figures again. */
export async function saveVolumeSeries(companyId: string, series: VolumeSeries): Promise<void> {
  await db().send(new PutCommand({ TableName: tableName(), Item: { ...keys.healthVolume(companyId), orders: series.orders, sessions: series.sessions } }));
}

type ReportedState = Pick<HealthStateRecord, 'kinds' | 'mutes'>;

/** The state of many companies (the status report): BatchGet, 100 keys a call, projected to the kinds and mutes. */
export async function getHealthStates(companyIds: readonly string[]): Promise<Map<string, ReportedState>> {
  const found = new Map<string, ReportedState>();
  const unique = [...new Set(companyIds)];
  for (let i = 0; i < unique.length; i += 100) {
    let request: Record<string, { Keys: Record<string, unknown>[]; ProjectionExpression: string }> | undefined = {
      [tableName()]: { Keys: unique.slice(i, i + 100).map((id): Record<string, unknown> => ({ ...keys.healthState(id) })), ProjectionExpression: 'companyId, kinds, mutes' },
    };
    for (let attempt = 0; request && attempt < 5; attempt++) {
      const answer: BatchGetCommandOutput = await db().send(new BatchGetCommand({ RequestItems: request }));
      // Stryker disable next-line OptionalChaining,ArrayDeclaration: BatchGetItem answers Responses with an entry per table asked, empty when nothing matched
      for (const item of answer.Responses?.[tableName()] ?? []) found.set(item.companyId as string, { kinds: (item.kinds ?? {}) as ReportedState['kinds'], mutes: (item.mutes ?? {}) as ReportedState['mutes'] });
      // Stryker disable next-line OptionalChaining: BatchGetItem always answers UnprocessedKeys (an empty map when all were read)
      const unprocessed: { Keys?: Record<string, unknown>[] } | undefined = answer.UnprocessedKeys?.[tableName()];
      // Stryker disable next-line OptionalChaining: an unprocessed entry always lists its Keys
      request = unprocessed?.Keys?.length ? { [tableName()]: { Keys: unprocessed.Keys, ProjectionExpression: 'companyId, kinds, mutes' } } : undefined;
    }
  }
  return found;
}

