import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { StepStatus, StepType } from '../../shared/domain/types';
import { auditedWrite } from './audit';
import { keys } from './keys';
import { outboxPut, type NewDelivery } from './outbox';
import { reindexStep } from './report-rows';
import { batchGetItems, db, isConditionFailure, prefixRange, stripKeys, tableName } from './table';

export interface StepRecord {
  companyId: string;
  stepType: StepType;
  status: StepStatus;
  /** ISO time of the last status change; null until the first one. */
  updated: string | null;
  version: number;
  /** What the user said when completing it another way (status_feed); each change of status replaces or drops it. */
  note?: string;
}

/** The item of a new (TBD) step; written by companies.createCompany inside its transaction. */
export function newStepItem(companyId: string, stepType: StepType): Record<string, unknown> {
  const step: StepRecord = { companyId, stepType, status: 'TBD', updated: null, version: 1 };
  return { ...keys.step(companyId, stepType), ...step };
}

/** A company's steps: one Query of its partition. */
export async function listSteps(companyId: string): Promise<StepRecord[]> {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      ...prefixRange(keys.companyPartition(companyId), keys.stepPrefix),
    }),
  );
  // Stryker disable next-line ArrayDeclaration: a Query answers Items (an empty list when none match)
  return (Items ?? []).map((item) => stripKeys<StepRecord>(item));
}

/** Steps by key (one BatchGet), in the order asked; the missing ones are left out. */
export async function getSteps(steps: ReadonlyArray<{ companyId: string; stepType: StepType }>): Promise<StepRecord[]> {
  const found = new Map((await batchGetItems(steps.map((step) => keys.step(step.companyId, step.stepType)))).map((item) => [`${item.companyId as string}#${item.stepType as string}`, stripKeys<StepRecord>(item)]));
  return steps.flatMap((step) => found.get(`${step.companyId}#${step.stepType}`) ?? []);
}

/**
 * Moves one step from `from` to `to`, only if it is still `from`: of two concurrent or repeated
 * requests exactly one makes the transition (and so records its notification: `mails` go to the
 * outbox in the same transaction). Returns the new
 * record, or null when the step is missing or no longer `from`. `note` goes with the new status
 * (none: a note of the old status is dropped, it described that one).
 */
export async function transitionStep(
  companyId: string,
  stepType: StepType,
  from: StepStatus,
  to: StepStatus,
  at: string,
  note?: string,
  mails: readonly NewDelivery[] = [],
): Promise<StepRecord | null> {
  // Read first: the audit record's "before" and the answer (a transaction returns no attributes).
  // The version read joins the condition, so the record is exactly the one changed.
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.step(companyId, stepType), ConsistentRead: true }));
  const before = Item ? stripKeys<StepRecord>(Item) : null;
  // Stryker disable next-line ConditionalExpression: the write's status condition refuses another status the same way (null); this only saves the write
  if (!before || before.status !== from) return null;
  const after: StepRecord = { ...before, status: to, updated: at, version: before.version + 1 };
  delete after.note;
  if (note !== undefined) after.note = note;
  try {
    await auditedWrite(
      [
        {
          Update: {
            TableName: tableName(),
            Key: keys.step(companyId, stepType),
            UpdateExpression: note === undefined ? 'SET #status = :to, updated = :at REMOVE note ADD version :one' : 'SET #status = :to, updated = :at, note = :note ADD version :one',
            ConditionExpression: 'attribute_exists(pk) AND #status = :from AND version = :read',
            ExpressionAttributeNames: { '#status': 'status' },
            // Stryker disable next-line ConditionalExpression: an undefined ':note' is dropped by the document client (removeUndefinedValues)
            ExpressionAttributeValues: { ':to': to, ':from': from, ':at': at, ':one': 1, ':read': before.version, ...(note === undefined ? {} : { ':note': note }) },
          },
        },
        ...mails.map((mail) => outboxPut(mail, at)),
      ],
      // No version in the record's key: a step taken off a company's list and put back starts again at 1.
      { kind: 'step', action: 'update', recordId: `${companyId}#${stepType}`, companyId, before, after },
    );
    // The report's rows follow the new status (functions/data/report-rows.ts).
    await reindexStep(companyId, stepType);
    return after;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}
