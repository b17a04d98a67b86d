import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { AccessCheckResult, DimensionCheckResult, LastAnalyticsChecks } from '../../shared/domain/analytics';
import { keys } from './keys';
import { db, prefixRange, tableName } from './table';

/**
 * The last analytics check of each kind, one item per kind in the company's partition (deleted
 * with it). Written after every answered check, read by the integration status.
 */

type Recorded = { kind: 'access'; result: AccessCheckResult } | { kind: 'dimension'; result: DimensionCheckResult };

export async function recordAnalyticsCheck(companyId: string, check: Recorded, at: string): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.lastAnalyticsCheck(companyId, check.kind), companyId, kind: check.kind, result: check.result, at },
    }),
  );
}

export async function lastAnalyticsChecks(companyId: string): Promise<LastAnalyticsChecks> {
  const page = await db().send(
    new QueryCommand({
      TableName: tableName(),
      ...prefixRange(keys.companyPartition(companyId), keys.lastAnalyticsCheckPrefix),
    }),
  );
  const last: LastAnalyticsChecks = { access: null, dimension: null };
  // Stryker disable next-line ArrayDeclaration: a Query answers Items (an empty list when none match)
  for (const item of page.Items ?? []) {
    if (item.kind === 'access') last.access = { at: item.at as string, result: item.result as AccessCheckResult };
    if (item.kind === 'dimension') last.dimension = { at: item.at as string, result: item.result as DimensionCheckResult };
  }
  return last;
}
