import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { gsi1 } from '../../../functions/data/keys';
import { db, tableName } from '../../../functions/data/table';

/** Ids of the live companies whose RECORD has the View ID (the companies index, not the guard a test may be probing), sorted. */
export async function recordsWith(viewId: string): Promise<string[]> {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: gsi1.indexName,
      KeyConditionExpression: 'gsi1pk = :pk',
      FilterExpression: 'viewId = :v',
      ExpressionAttributeValues: { ':pk': gsi1.companies.pk, ':v': viewId },
    }),
  );
  return (Items ?? []).map((item) => item.id as string).sort();
}
