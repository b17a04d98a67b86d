import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Role } from '../../shared/domain/types';
import { ConflictError, NotFoundError } from '../platform/errors';
import { auditedWrite, auditItem } from './audit';
import { gsi1, keys, normalizeUnique } from './keys';
import { cancellationCodes, db, isConditionFailure, nowIso, putWithGuard, queryAllByIndex, stripKeys, tableName } from './table';

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
  /**
   * An authenticator app (TOTP) is the user's second sign-in step: set when its first code was
   * verified or a sign-in passed it; cleared when Cognito signs the user in without one.
   */
  mfaEnrolled?: boolean;
  /** ISO 8601: when the authenticator app was set up through the portal (absent for older enrolments). */
  mfaEnrolledAt?: string;
  /** Data-health alert mails (docs/product.md, "Data health"): on unless false. */
  healthAlerts?: boolean;
  /** ISO 8601: the last successful sign-in (absent until the first); shown by the users admin. */
  lastSignInAt?: string;
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
    audit: auditItem({ kind: 'user', action: 'create', recordId: user.id, companyId: user.companyId, after: user, version: user.version }),
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

/**
 * A preference like the current company: no `version` bump, so it never makes an admin's edit stale.
 * `at` (an enrolment just verified) is kept as `mfaEnrolledAt`; turning it off forgets the date.
 */
export async function setMfaEnrolled(userId: string, enrolled: boolean, at?: string): Promise<void> {
  if (!enrolled) await conditionalUpdate(userId, 'SET mfaEnrolled = :m REMOVE mfaEnrolledAt', { ':m': false });
  else if (at) await conditionalUpdate(userId, 'SET mfaEnrolled = :m, mfaEnrolledAt = :at', { ':m': true, ':at': at });
  else await conditionalUpdate(userId, 'SET mfaEnrolled = :m', { ':m': true });
}

/** A preference like the current company: no `version` bump. */
export async function setHealthAlerts(userId: string, on: boolean): Promise<void> {
  await conditionalUpdate(userId, 'SET healthAlerts = :h', { ':h': on });
}

/** A successful sign-in, for the users admin: a preference-like write (no `version` bump, an admin's edit stays current). */
export async function markSignedIn(userId: string, at: string): Promise<void> {
  await conditionalUpdate(userId, 'SET lastSignInAt = :at', { ':at': at });
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

export type UserChanges = Partial<Pick<UserRecord, 'login' | 'firstName' | 'lastName' | 'roles' | 'companyId' | 'managedCompanyIds'>>;

const userItem = (user: UserRecord) => ({ ...keys.user(user.id), gsi1pk: gsi1.users.pk, gsi1sk: gsi1.users.sk(user.login), ...user });

/**
 * An admin edit, conditional on the version the editor read (else 409, nothing written). A new
 * login moves the login guard in the same transaction, so two users can never share one.
 * Always bumps `version` (a password change too: the editor's form is then stale).
 */
export async function saveUserEdit(current: UserRecord, expectedVersion: number, changes: UserChanges): Promise<UserRecord> {
  const next: UserRecord = { ...current, ...changes, version: expectedVersion + 1 };
  next.login = normalizeUnique(next.login);
  const relogged = next.login !== current.login;
  const put = {
    Put: {
      TableName: tableName(),
      Item: userItem(next),
      ConditionExpression: 'attribute_exists(pk) AND #version = :expected',
      ExpressionAttributeNames: { '#version': 'version' },
      ExpressionAttributeValues: { ':expected': expectedVersion },
    },
  };
  const guards = relogged
    ? [
        {
          Delete: {
            TableName: tableName(),
            Key: keys.loginGuard(current.login),
            ConditionExpression: 'userId = :id',
            ExpressionAttributeValues: { ':id': current.id },
          },
        },
        { Put: { TableName: tableName(), Item: { ...keys.loginGuard(next.login), userId: next.id }, ConditionExpression: 'attribute_not_exists(pk)' } },
      ]
    : [];
  try {
    await auditedWrite([put, ...guards], { kind: 'user', action: 'update', recordId: next.id, companyId: next.companyId, before: current, after: next, version: next.version });
  } catch (error) {
    if (isConditionFailure(error)) {
      const [, , guardCode] = cancellationCodes(error);
      if (guardCode === 'ConditionalCheckFailed') throw new ConflictError(`The login ${next.login} is already taken`);
      throw new ConflictError();
    }
    throw error;
  }
  return next;
}

/** A plain conditional edit of some fields (no login change: use saveUserEdit for that). */
export async function updateUser(userId: string, expectedVersion: number, changes: Omit<UserChanges, 'login'> & { deletedAt?: string | null }): Promise<void> {
  // Read first: the audit record's "before" (the version condition makes sure it is the one changed).
  const before = await getUser(userId);
  // Stryker disable next-line ConditionalExpression: the write's condition (exists, on this version) refuses it the same way; this only saves the write
  if (!before || before.version !== expectedVersion) throw new ConflictError();
  const after = { ...before, ...Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)), version: expectedVersion + 1 };
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
    await auditedWrite(
      [
        {
          Update: {
            TableName: tableName(),
            Key: keys.user(userId),
            UpdateExpression: `SET ${sets.join(', ')}`,
            ConditionExpression: 'attribute_exists(pk) AND #version = :expected',
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
          },
        },
      ],
      { kind: 'user', action: after.deletedAt ? 'delete' : 'update', recordId: userId, companyId: after.companyId, before, after, version: after.version },
    );
  } catch (error) {
    if (isConditionFailure(error)) throw new ConflictError();
    throw error;
  }
}

/**
 * Removes the user and its login guard in one transaction, conditional on the version read
 * (else 409). The auth middleware finds no record afterwards: the user's sessions end at once.
 */
export async function deleteUser(user: UserRecord, expectedVersion: number): Promise<void> {
  try {
    await auditedWrite(
      [
        {
          Delete: {
            TableName: tableName(),
            Key: keys.user(user.id),
            ConditionExpression: 'attribute_exists(pk) AND #version = :expected',
            ExpressionAttributeNames: { '#version': 'version' },
            ExpressionAttributeValues: { ':expected': expectedVersion },
          },
        },
        { Delete: { TableName: tableName(), Key: keys.loginGuard(user.login), ConditionExpression: 'userId = :id', ExpressionAttributeValues: { ':id': user.id } } },
      ],
      { kind: 'user', action: 'delete', recordId: user.id, companyId: user.companyId, before: user, version: expectedVersion + 1 },
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
