import { createHash } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from './keys';
import { db, tableName } from './table';

/**
 * First-sign-in challenges the portal handed out. Cognito checks its own session on AWS, but
 * cognito-local ignores it (any string answers NEW_PASSWORD_REQUIRED for any user), so the
 * portal only forwards a challenge answer for a session it issued to that user. Hashed like
 * reset tokens; `expiresAt` is the TTL attribute and is checked in code.
 */

const hash = (session: string): string => createHash('sha256').update(session).digest('hex');

/** Which answer a challenge takes: a session handed out for a code never sets a password, and the reverse. */
export type ChallengeKind = 'new-password' | 'mfa';

export async function saveChallenge(session: string, userId: string, expiresAt: number, kind: ChallengeKind = 'new-password'): Promise<void> {
  await db().send(new PutCommand({ TableName: tableName(), Item: { ...keys.signInChallenge(hash(session)), userId, expiresAt, kind } }));
}

export async function isLiveChallenge(session: string, userId: string, nowSeconds: number, kind: ChallengeKind = 'new-password'): Promise<boolean> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.signInChallenge(hash(session)), ConsistentRead: true }),
  );
  return Item?.userId === userId && (Item.kind ?? 'new-password') === kind && typeof Item.expiresAt === 'number' && Item.expiresAt > nowSeconds;
}

export async function deleteChallenge(session: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.signInChallenge(hash(session)) }));
}
