import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { OutboxDelivery, OutboxState } from '../../shared/domain/types';
import { auditedWrite, type Change } from './audit';
import { gsi1, keys } from './keys';
import { db, isConditionFailure, queryPage, stripKeys, tableName, type TransactItem } from './table';

/**
 * The outbox (docs/reliability.md, "Mail"): every delivery is an item written BEFORE it is sent,
 * in the transaction of the change that causes it where there is one, then sent by the dispatcher
 * (functions/core/outbox). A try is claimed by a conditional write, so of the request's kick and
 * the periodic sweep only one sends; a try that dies with its process is claimed again when its
 * lease runs out. `payload` is what the kind's sender needs (a mail's template data: reset links,
 * temporary passwords), dropped once sent and never answered to anyone.
 */

export interface OutboxRecord extends Omit<OutboxDelivery, 'state'> {
  /** `sent`: kept a while without its payload, out of the index (the back office never lists it). */
  state: OutboxDelivery['state'] | 'sent';
  payload?: Record<string, unknown>;
  /** What caused it (a log's and a reader's hint: `step-completion`, `password-reset`...). */
  cause: string;
  sentAt?: string;
}

/** A sent delivery is kept this long (without its payload), for a reader of the table. */
const SENT_RETENTION_DAYS = 30;

const pendingIndex = (nextAt: string, id: string) => ({ gsi1pk: gsi1.outbox.pk('pending'), gsi1sk: gsi1.outbox.sk(nextAt, id) });

/** `dueAt`: when it is first due (a scheduled job's time, e.g. a feed's same-day retry); absent: at once. */
export type NewDelivery = Pick<OutboxRecord, 'id' | 'kind' | 'recipient' | 'topic' | 'payload' | 'cause'> & { dueAt?: string };

/** The item of a new delivery, due at once (or at its `dueAt`): the extra Put of the transaction that causes it. */
export function outboxPut({ dueAt, ...delivery }: NewDelivery, at: string): TransactItem {
  const nextAt = dueAt ?? at;
  const record: OutboxRecord = { ...delivery, state: 'pending', attempts: 0, nextAt, lastError: null, created: at, updated: at };
  return {
    Put: {
      TableName: tableName(),
      Item: { ...keys.outbox(delivery.id), ...pendingIndex(nextAt, delivery.id), ...record },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** Records a delivery that no other write goes with (a job's mail, a welcome mail after the user's creation). */
export async function recordDelivery(delivery: NewDelivery, at: string): Promise<void> {
  const { Put } = outboxPut(delivery, at) as { Put: { TableName: string; Item: Record<string, unknown>; ConditionExpression: string } };
  await db().send(new PutCommand(Put));
}

export async function getDelivery(id: string): Promise<OutboxRecord | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.outbox(id), ConsistentRead: true }));
  return Item ? stripKeys<OutboxRecord>(Item) : null;
}

/**
 * Claims the next try of a pending delivery that is due at `now`: counts the try and moves its
 * due time to the lease's end (a dispatcher that dies leaves it due again then). Null when it is
 * not due, not pending, or another dispatcher claimed it first.
 */
export async function claimDelivery(id: string, now: string, leaseEnd: string): Promise<OutboxRecord | null> {
  try {
    const { Attributes } = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.outbox(id),
        UpdateExpression: 'SET nextAt = :lease, gsi1sk = :sk, updated = :now ADD attempts :one',
        ConditionExpression: 'attribute_exists(pk) AND #state = :pending AND nextAt <= :now',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':lease': leaseEnd, ':sk': gsi1.outbox.sk(leaseEnd, id), ':now': now, ':one': 1, ':pending': 'pending' },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return stripKeys<OutboxRecord>(Attributes!);
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

/** What became of a claimed try; written only by its claimant (the try's count is the condition). */
export type Settlement = { outcome: 'sent'; at: string } | { outcome: 'retry'; at: string; nextAt: string; error: string } | { outcome: 'dead'; at: string; error: string };

export async function settleDelivery(id: string, attempt: number, settlement: Settlement): Promise<boolean> {
  const base = { TableName: tableName(), Key: keys.outbox(id), ExpressionAttributeNames: { '#state': 'state' } };
  const condition = { ConditionExpression: 'attempts = :attempt AND #state = :pending' };
  const values = { ':attempt': attempt, ':pending': 'pending', ':at': settlement.at };
  const update =
    settlement.outcome === 'sent'
      ? {
          UpdateExpression: 'SET #state = :sent, sentAt = :at, updated = :at, expiresAt = :expires REMOVE gsi1pk, gsi1sk, payload',
          ExpressionAttributeValues: { ...values, ':sent': 'sent', ':expires': Math.floor(Date.parse(settlement.at) / 1000) + SENT_RETENTION_DAYS * 86_400 },
        }
      : settlement.outcome === 'retry'
        ? {
            UpdateExpression: 'SET nextAt = :next, gsi1sk = :sk, lastError = :error, updated = :at',
            ExpressionAttributeValues: { ...values, ':next': settlement.nextAt, ':sk': gsi1.outbox.sk(settlement.nextAt, id), ':error': settlement.error },
          }
        : {
            UpdateExpression: 'SET #state = :dead, gsi1pk = :pk, gsi1sk = :sk, lastError = :error, updated = :at',
            ExpressionAttributeValues: { ...values, ':dead': 'dead', ':pk': gsi1.outbox.pk('dead'), ':sk': gsi1.outbox.sk(settlement.at, id), ':error': settlement.error },
          };
  try {
    await db().send(new UpdateCommand({ ...base, ...condition, ...update }));
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** The ids of pending deliveries due at `now`, oldest first (the sweep's read: one Query of the index). */
export async function dueDeliveries(now: string, limit: number): Promise<string[]> {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: gsi1.indexName,
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk <= :due',
      ExpressionAttributeValues: { ':pk': gsi1.outbox.pk('pending'), ':due': `${now}#\uffff` },
      ProjectionExpression: 'id',
      Limit: limit,
    }),
  );
  // Stryker disable next-line ArrayDeclaration: a Query answers Items (an empty list when none match)
  return (Items ?? []).map((item) => item.id as string);
}

/** What the back office reads of a delivery (of a listed one: pending or dead): never its payload. */
export const toDelivery = (record: OutboxRecord): OutboxDelivery => ({
  id: record.id,
  kind: record.kind,
  recipient: record.recipient,
  topic: record.topic,
  state: record.state === 'dead' ? 'dead' : 'pending',
  attempts: record.attempts,
  nextAt: record.nextAt,
  lastError: record.lastError,
  created: record.created,
  updated: record.updated,
});

/** One page of a state's deliveries: pending by due time (next first), dead newest first. */
export async function listDeliveries(state: OutboxState, cursor: string | null, limit: number): Promise<{ deliveries: OutboxDelivery[]; next: string | null }> {
  const { items, next } = await queryPage(
    {
      IndexName: gsi1.indexName,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': gsi1.outbox.pk(state) },
      ScanIndexForward: state === 'pending',
    },
    cursor,
    limit,
    { scope: `outbox#${state}`, keyAttributes: ['pk', 'sk', 'gsi1pk', 'gsi1sk'] },
  );
  return { deliveries: items.map((item) => toDelivery(stripKeys<OutboxRecord>(item))), next };
}

/**
 * An administrator's "send again": a dead delivery (or a pending one waiting for its next try)
 * becomes due at once with its tries counted from zero, in one transaction with its audit record.
 * False when it is neither (sent meanwhile, or unknown).
 */
export async function requeueDelivery(record: OutboxRecord, at: string, change: Change): Promise<boolean> {
  try {
    await auditedWrite(
      [
        {
          Update: {
            TableName: tableName(),
            Key: keys.outbox(record.id),
            UpdateExpression: 'SET #state = :pending, attempts = :zero, nextAt = :at, gsi1pk = :pk, gsi1sk = :sk, updated = :at',
            ConditionExpression: 'attribute_exists(pk) AND #state = :was AND updated = :read',
            ExpressionAttributeNames: { '#state': 'state' },
            ExpressionAttributeValues: {
              ':pending': 'pending', ':zero': 0, ':at': at, ':was': record.state, ':read': record.updated,
              ':pk': gsi1.outbox.pk('pending'), ':sk': gsi1.outbox.sk(at, record.id),
            },
          },
        },
      ],
      change,
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
