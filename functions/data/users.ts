import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Role } from '../../shared/domain/types';
import { ConflictError, NotFoundError } from '../platform/errors';
import { gsi1, keys, normalizeUnique } from './keys';
import { db, isConditionFailure, nowIso, putWithGuard, queryAllByIndex, stripKeys, tableName } from './table';

/** A portal user. `id` is the Cognito `sub`, so an access token names its user record directly. */
export interface UserRecord {
  id: string;
  /** The e-mail, lower-cased: unique across users (guard item). */
  login: string;
  /** What Cognito's Admin* calls and InitiateAuth need (may differ from the e-mail and the sub). */
  cognitoUsername: string;
  firstName: string;
  lastName: string;
  /** The first role is the one that counts (spec: "role/roles, the first is used"). */
  roles: Role[];
  /** Main company id. */
  companyId: string;
  /** Managers: the companies they oversee (ids). Others: just the main company. */
  managedCompanyIds: string[];
  /** Chosen by managers and admins; null until they switch. */
  currentCompanyId: string | null;
  created: string;
  /** Epoch seconds: tokens issued at or before it are refused (logout, password change). */
  signedOutAt: number | null;
  /**
   * Counts the password changes (reset, first sign-in, admin). A reset link carries the count it
   * was issued under and dies when it moves on: completing one reset ends every other link.
   */
  passwordVersion?: number;
  /** Soft delete marker: the auth middleware refuses a deleted user's tokens at once. */
  deletedAt?: string | null;
  version: number;
}

export type NewUser = Omit<UserRecord, 'created' | 'version' | 'signedOutAt' | 'currentCompanyId' | 'login'> & {
  login: string;
  currentCompanyId?: string | null;
};

export async function createUser(input: NewUser): Promise<UserRecord> {
  const user: UserRecord = {
    ...input,
    login: normalizeUnique(input.login),
    currentCompanyId: input.currentCompanyId ?? null,
    created: nowIso(),
    signedOutAt: null,
    version: 1,
  };
  await putWithGuard({
    item: { ...keys.user(user.id), gsi1pk: gsi1.users.pk, gsi1sk: gsi1.users.sk(user.login), ...user },
    guard: { ...keys.loginGuard(user.login), userId: user.id },
    messages: { taken: `The login ${user.login} is already taken`, exists: 'This user already exists' },
  });
  return user;
}

export async function getUser(userId: string): Promise<UserRecord | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.user(userId) }));
  return Item ? stripKeys<UserRecord>(Item) : null;
}

export async function findUserIdByLogin(login: string): Promise<string | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.loginGuard(login) }));
  return typeof Item?.userId === 'string' ? Item.userId : null;
}

export async function findUserByLogin(login: string): Promise<UserRecord | null> {
  const userId = await findUserIdByLogin(login);
  return userId ? getUser(userId) : null;
}

/** Admin list: one GSI partition sorted by login, read page by page (never a Scan). */
export async function listUsers(): Promise<UserRecord[]> {
  return queryAllByIndex<UserRecord>(gsi1.indexName, gsi1.users.pk);
}

/**
 * The current company is a preference, not a form edit: it neither needs nor bumps `version`,
 * so switching company never makes an admin's pending edit of the same user stale.
 */
export async function setCurrentCompany(userId: string, companyId: string): Promise<void> {
  await conditionalUpdate(userId, 'SET currentCompanyId = :c', { ':c': companyId });
}

/**
 * Ends every session issued up to `atSeconds`. Never moves the mark backwards, so two
 * concurrent sign-outs keep the later one.
 */
export async function markSignedOut(userId: string, atSeconds: number): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(userId),
        UpdateExpression: 'SET signedOutAt = :t',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(signedOutAt) OR signedOutAt = :null OR signedOutAt < :t)',
        ExpressionAttributeValues: { ':t': atSeconds, ':null': null },
      }),
    );
  } catch (error) {
    // Already signed out at a later time (or the user is gone): nothing to do.
    if (!isConditionFailure(error)) throw error;
  }
}

/** One more password change: every reset link issued before it stops working. */
export async function markPasswordChanged(userId: string): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(userId),
        UpdateExpression: 'ADD passwordVersion :one',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':one': 1 },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error; // the user is gone: nothing left to protect
  }
}

export type UserChanges = Partial<Pick<UserRecord, 'firstName' | 'lastName' | 'roles' | 'companyId' | 'managedCompanyIds' | 'deletedAt'>>;

/** Edits carry the version the editor read: a stale edit gets 409, nothing is overwritten. */
export async function updateUser(userId: string, expectedVersion: number, changes: UserChanges): Promise<void> {
  const names: Record<string, string> = { '#version': 'version' };
  const values: Record<string, unknown> = { ':expected': expectedVersion, ':next': expectedVersion + 1 };
  const sets = ['#version = :next'];
  for (const [field, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    names[`#${field}`] = field;
    values[`:${field}`] = value;
    sets.push(`#${field} = :${field}`);
  }
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(userId),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'attribute_exists(pk) AND #version = :expected',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw new ConflictError();
    throw error;
  }
}

async function conditionalUpdate(userId: string, expression: string, values: Record<string, unknown>): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(userId),
        UpdateExpression: expression,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: values,
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFoundError('No such user');
    throw error;
  }
}
