import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from './keys';
import { db, isConditionFailure, tableName } from './table';

/**
 * The company's relink state (docs/architecture.md, "A big advertiser: stored link states"): one
 * item beside its traffic. Each change of its rules adds one to `requested` after the change is
 * stored; the relink job (functions/core/traffic/relink.ts) claims the item with a lease, relinks
 * page by page (each page moves `cursor` and the lease on), and sets `done` to the `requested` it
 * started from, only while `requested` is still that: a change made meanwhile makes it go again.
 * The traffic is "being linked" while `requested > done`.
 */
export interface RelinkRecord {
  requested: number;
  done: number;
  /** When the last change was asked. */
  askedAt: string;
  /** The job that holds the relink, until `leaseUntil`. */
  holder?: string;
  leaseUntil?: string;
  /** Where the holder got to: the traffic page after `after`, in the pass of `generation`. */
  cursor?: { generation: number; after: string | null };
}

const read = (item: Record<string, unknown> | undefined): RelinkRecord | null =>
  item ? { requested: Number(item.requested ?? 0), done: Number(item.done ?? 0), askedAt: String(item.askedAt ?? ''), ...(item.holder ? { holder: item.holder as string, leaseUntil: item.leaseUntil as string } : {}), ...(item.cursor ? { cursor: item.cursor as RelinkRecord['cursor'] } : {}) } : null;

/** Asks for a relink (after the change is stored): answers the new `requested`. */
export async function requestRelink(companyId: string, at: string): Promise<number> {
  const { Attributes } = await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.trafficRelink(companyId),
      UpdateExpression: 'SET companyId = :c, askedAt = :at, #done = if_not_exists(#done, :zero) ADD requested :one',
      ExpressionAttributeNames: { '#done': 'done' },
      ExpressionAttributeValues: { ':c': companyId, ':at': at, ':zero': 0, ':one': 1 },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return Number(Attributes?.requested ?? 1);
}

export async function getRelink(companyId: string): Promise<RelinkRecord | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.trafficRelink(companyId), ConsistentRead: true }));
  return read(Item);
}

/** A conditional update of the relink item: its new state, or null when the condition failed. */
async function updateIf(companyId: string, update: { expression: string; condition: string; names: Record<string, string>; values: Record<string, unknown> }): Promise<RelinkRecord | null> {
  try {
    const { Attributes } = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.trafficRelink(companyId),
        UpdateExpression: update.expression,
        ConditionExpression: update.condition,
        ExpressionAttributeNames: update.names,
        ExpressionAttributeValues: update.values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return read(Attributes);
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

/** Takes the relink for `holder` until `leaseUntil`: when one is asked and no other holder's lease runs (null: nothing to do, or held). */
export const claimRelink = (companyId: string, holder: string, now: string, leaseUntil: string): Promise<RelinkRecord | null> =>
  updateIf(companyId, {
    expression: 'SET holder = :h, leaseUntil = :l',
    condition: 'requested > #done AND (attribute_not_exists(leaseUntil) OR leaseUntil < :now)',
    names: { '#done': 'done' },
    values: { ':h': holder, ':l': leaseUntil, ':now': now },
  });

/** The holder's progress: its cursor and a new lease; null when the lease was taken over (the holder stops). */
export const renewRelink = (companyId: string, holder: string, cursor: NonNullable<RelinkRecord['cursor']>, leaseUntil: string): Promise<RelinkRecord | null> =>
  updateIf(companyId, {
    expression: 'SET #cursor = :c, leaseUntil = :l',
    condition: 'holder = :h',
    names: { '#cursor': 'cursor' },
    values: { ':h': holder, ':c': cursor, ':l': leaseUntil },
  });

/**
 * The pass of `generation` is done: `done` becomes it and the lease is given back, only while no
 * change was asked since (`requested` still `generation`) and the holder still holds it. False:
 * the holder goes again (a change came) or stops (taken over): `renewRelink` tells which.
 */
export const finishRelink = async (companyId: string, holder: string, generation: number): Promise<boolean> =>
  (await updateIf(companyId, {
    expression: 'SET #done = :g REMOVE holder, leaseUntil, #cursor',
    condition: 'holder = :h AND requested = :g',
    names: { '#done': 'done', '#cursor': 'cursor' },
    values: { ':h': holder, ':g': generation },
  })) !== null;
