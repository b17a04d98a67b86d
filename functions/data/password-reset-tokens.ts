import { createHash } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from './keys';
import { outboxPut, type NewDelivery } from './outbox';
import { db, isConditionFailure, tableName, transactWrite } from './table';

/**
 * Password reset tokens. Only the SHA-256 hash of a token is stored, so a leaked table (or
 * backup) gives no usable link. `expiresAt` (epoch seconds) is the table's TTL attribute, but
 * TTL deletes late (up to days), so every read checks the expiry in code as well.
 */

/** Tokens are 32 random bytes in base64url: anything else is refused without a read. */
export const isResetTokenShape = (token: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(token);

const hash = (token: string): string => createHash('sha256').update(token).digest('hex');

/** `passwordVersion`: the user's password change count when the link was asked for. */
export async function saveResetToken(token: string, userId: string, expiresAt: number, passwordVersion = 0, mails: readonly NewDelivery[] = []): Promise<void> {
  const put = {
    TableName: tableName(),
    Item: { ...keys.passwordReset(hash(token)), userId, expiresAt, passwordVersion, created: new Date().toISOString() },
    ConditionExpression: 'attribute_not_exists(pk)',
  };
  // With its mail in the outbox, in one transaction: a link is stored only with the mail that carries it.
  if (mails.length) await transactWrite([{ Put: put }, ...mails.map((mail) => outboxPut(mail, put.Item.created))]);
  else await db().send(new PutCommand(put));
}

/** The user a live token belongs to, or null (unknown or expired). */
export interface ResetLink {
  userId: string;
  expiresAt: number;
  passwordVersion: number;
}

export async function findResetToken(token: string, nowSeconds: number): Promise<ResetLink | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.passwordReset(hash(token)), ConsistentRead: true }),
  );
  if (!Item || typeof Item.userId !== 'string' || typeof Item.expiresAt !== 'number') return null;
  if (Item.expiresAt <= nowSeconds) return null;
  return { userId: Item.userId, expiresAt: Item.expiresAt, passwordVersion: typeof Item.passwordVersion === 'number' ? Item.passwordVersion : 0 };
}

/**
 * Single use: a conditional delete succeeds for exactly one caller while the token is live.
 * Returns the user id, or null when the token was unknown, expired or already used.
 */
export async function consumeResetToken(token: string, nowSeconds: number): Promise<string | null> {
  try {
    const { Attributes } = await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.passwordReset(hash(token)),
        ConditionExpression: 'attribute_exists(pk) AND expiresAt > :now',
        ExpressionAttributeValues: { ':now': nowSeconds },
        ReturnValues: 'ALL_OLD',
      }),
    );
    // Stryker disable next-line OptionalChaining: a delete that met its condition (the item exists) answers its old attributes
    return typeof Attributes?.userId === 'string' ? Attributes.userId : null;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}
