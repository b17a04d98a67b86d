import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ApiToken } from '../../shared/domain/api-tokens';
import { companyItems, countPartition } from './company-items';
import { keys } from './keys';
import { db, isConditionFailure, tableName } from './table';

/**
 * A company's API tokens: items of its partition (`keys.apiToken`), so a token goes with its
 * company and is only ever read under the company its bearer string names. Creation and revocation
 * are audited with the record (its `secretHash` is never recorded: audit.ts leaves out secrets).
 */

export interface ApiTokenRecord extends ApiToken {
  companyId: string;
  /** Hex SHA-256 of the token's secret part; the secret itself is never stored. */
  secretHash: string;
}

const tokens = companyItems<ApiTokenRecord>(keys.apiToken, keys.apiTokenPrefix, 'api-token');

export const getApiToken = tokens.get;
export const listApiTokens = tokens.list;
export const putNewApiToken = tokens.putNew;
/** Revocation: the token item goes on the version read; the audit keeps its history. */
export const deleteApiToken = tokens.remove;
export const countApiTokens = (companyId: string): Promise<number> => countPartition(companyId, keys.apiTokenPrefix);

/**
 * Records a use at `at`, unless one at or after `unlessSince` is already recorded: one write per
 * token every few minutes, whatever the traffic. No version bump (an open page's revoke stays
 * current) and no audit record (a read changes nothing). False when nothing was written.
 */
export async function recordApiTokenUse(companyId: string, id: string, at: string, unlessSince: string): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.apiToken(companyId, id),
        UpdateExpression: 'SET lastUsedAt = :at',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(lastUsedAt) OR lastUsedAt = :null OR lastUsedAt < :since)',
        ExpressionAttributeValues: { ':at': at, ':since': unlessSince, ':null': null },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
