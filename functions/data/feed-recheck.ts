import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { gsi1, keys } from './keys';
import { db, isConditionFailure, queryAllByIndex, tableName } from './table';

/**
 * What the daily feed re-check reads and writes beyond the checks themselves
 * (functions/data/feed-checks.ts): the companies to check and the "team mailed" markers.
 */

/** A regression mail marker lives this long (a retry of the same run comes within hours). */
const ALERT_MARKER_DAYS = 30;

/**
 * Ids of the companies the daily re-check visits: a stored order feed URL or a stored View ID
 * (the data health's analytics checks, docs/product.md "Data health"). One Query of the companies' GSI partition
 * (the admin list's, projection ALL), filtered and projected to the id, so a page holds ~1 MB of
 * companies read, a few bytes each answered. Never a Scan of the table.
 */
export async function listCompanyIdsToRecheck(): Promise<string[]> {
  const found = await queryAllByIndex<{ id?: unknown }>(gsi1.indexName, gsi1.companies.pk, {
    expression:
      '((attribute_type(orderFeedUrl, :string) AND orderFeedUrl <> :empty) OR (attribute_type(viewId, :string) AND viewId <> :empty)) AND attribute_not_exists(deletingAt)',
    values: { ':string': 'S', ':empty': '' },
    projection: 'id',
  });
  return found.flatMap((item) => (typeof item.id === 'string' ? [item.id] : []));
}

/**
 * Takes the right to mail the team about one check's regression: true for exactly one caller
 * (a redelivered message of the same run finds the marker and does not mail twice).
 */
export async function claimFeedAlert(companyId: string, checkId: string, at: Date): Promise<boolean> {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.feedAlert(companyId, checkId),
          mailedAt: at.toISOString(),
          expiresAt: Math.floor(at.getTime() / 1000) + ALERT_MARKER_DAYS * 86_400,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** The mail could not be sent: give the right back so the message's retry sends it. */
export async function releaseFeedAlert(companyId: string, checkId: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.feedAlert(companyId, checkId) }));
}
