import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { StepStatus, StepType } from '../../shared/domain/types';
import { gsi1, keys } from './keys';
import { db, stripKeys, tableName } from './table';

export interface StepRecord {
  companyId: string;
  stepType: StepType;
  status: StepStatus;
  /** ISO time of the last status change; null until the first one. */
  updated: string | null;
  version: number;
}

/** The item of a new (TBD) step; written by companies.createCompany inside its transaction. */
export function newStepItem(companyId: string, stepType: StepType): Record<string, unknown> {
  const step: StepRecord = { companyId, stepType, status: 'TBD', updated: null, version: 1 };
  return { ...keys.step(companyId, stepType), gsi1pk: gsi1.steps.pk, gsi1sk: gsi1.steps.sk(companyId, stepType), ...step };
}

/** A company's steps: one Query of its partition. */
export async function listSteps(companyId: string): Promise<StepRecord[]> {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.companyPartition(companyId), ':prefix': keys.stepPrefix },
    }),
  );
  return (Items ?? []).map((item) => stripKeys<StepRecord>(item));
}
