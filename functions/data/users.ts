import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { primaryRole } from '../../shared/domain/roles';
import type { Role } from '../../shared/domain/types';
import { getCompanies, type CompanyRecord } from './companies';
import { listPage, rowWrites, type ListQuery, type Listing } from './list-rows';

import { ConflictError, NotFoundError } from '../platform/errors';
import { auditedWrite, auditItem } from './audit';
import { gsi1, keys, listRows, normalizeUnique, type Key } from './keys';
import { batchDeleteKeys, batchGetItems, batchPutItems, db, isConditionFailure, nowIso, prefixRange, putWithGuard, queryAll, queryAllByIndex, stripKeys, tableName, transactWrite } from './table';
import { guardHolder, moveGuard, releaseGuard, type Guard } from './guards';

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

/**
 * A user's admin-list rows (functions/data/list-rows.ts), sorted by login, last name (then first
 * name), main company and managed companies (the Managed Companies column: admins all, shown
 * first; customers their company; managers their companies by name), searched over first name,
 * last name, login, role, company and managed companies. Company names are read here: they are
 * the rows' values, so a rename re-writes the rows of its users (`reindexUsers`).
 */
function userListing(user: UserRecord, companies: readonly CompanyRecord[]): Listing {
  const name = (id: string) => companies.find((company) => company.id === id)?.name ?? '';
  const role = primaryRole(user);
  const main = name(user.companyId);
  const managed = role === 'ROLE_MANAGER' ? user.managedCompanyIds.map(name).filter(Boolean).sort((a, b) => a.localeCompare(b)) : [];
  const scope = role === 'ROLE_ADMIN' ? '' : managed.length ? managed.join(', ') : main;
  return {
    id: user.id,
    sort: { login: user.login, lastName: `${user.lastName} ${user.firstName}`, company: main, managedCompanies: scope },
    words: [user.firstName, user.lastName, user.login, role, role.replace('ROLE_', ''), main, ...managed],
    flags: companies.some((company) => company.id === user.companyId && company.isDefault) ? ['team'] : [],
  };
}

/** The keys of the list rows a stored user holds (none for a record written before the rows existed, or deleted). */
async function storedRows(userId: string): Promise<Key[]> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.user(userId), ConsistentRead: true, ProjectionExpression: 'listRows' }));
  return (Item?.listRows as Key[] | undefined) ?? [];
}

/** The record's item with its list rows: the rows' writes go in the same transaction. */
async function withRows(user: UserRecord, before: readonly Key[], deleted = false) {
  const rows = rowWrites('users', before, deleted ? null : userListing(user, await getCompanies([user.companyId, ...user.managedCompanyIds])));
  return { rows: rows.items, item: { ...userItem(user), listRows: rows.keys } };
}

/** The companies a user points at: main, managed and current (the company deletion's lookup). */
const pointedAt = (user: UserRecord): string[] => [...new Set([user.companyId, ...user.managedCompanyIds, ...(user.currentCompanyId ? [user.currentCompanyId] : [])])];

const referenceItems = (user: UserRecord) => pointedAt(user).map((companyId) => ({ ...keys.companyUser(companyId, user.id), userId: user.id }));

/**
 * The reference rows of the companies `user` points at (docs/architecture.md, "Who points at a
 * company"), put BEFORE the write that stores the record: a managed list of up to 500 companies
 * does not fit one transaction (100 items), and a row the record does not confirm is harmless (the
 * lookup checks each user's record). So the rows are always a superset of what the records say;
 * rows are never deleted with a user's change, only with the company (`deleteCompanyReferences`).
 */
export async function referenceCompanies(user: UserRecord): Promise<void> {
  await batchPutItems(referenceItems(user));
}

const newUser = (input: NewUser): UserRecord => ({
  ...input,
  login: normalizeUnique(input.login),
  currentCompanyId: input.currentCompanyId ?? null,
  created: nowIso(),
  signedOutAt: null,
  version: 1,
});

export async function createUser(input: NewUser): Promise<UserRecord> {
  const user = newUser(input);
  const { item, rows } = await withRows(user, []);
  await referenceCompanies(user);
  await putWithGuard({
    item,
    guard: { ...keys.loginGuard(user.login), userId: user.id },
    alongside: rows.map((row) => (row as { Put: { Item: Record<string, unknown> } }).Put.Item),
    audit: auditItem({ kind: 'user', action: 'create', recordId: user.id, companyId: user.companyId, after: user, version: user.version }),
    messages: { taken: `The login ${user.login} is already taken`, exists: 'This user already exists' },
  });
  return user;
}

/**
 * Loads many new users at once (`npm run bench:scale`): the same items as createUser, in
 * unconditional batch writes and without audit records (nor Cognito identities: they cannot sign
 * in). `companies`: every company the users name. The caller vouches that no login is taken.
 */
export async function loadUsers(inputs: readonly NewUser[], companies: readonly CompanyRecord[]): Promise<void> {
  await batchPutItems(
    inputs.flatMap((input) => {
      const user = newUser(input);
      const rows = rowWrites('users', [], userListing(user, companies.filter((company) => company.id === user.companyId || user.managedCompanyIds.includes(company.id))));
      return [
        { ...userItem(user), listRows: rows.keys },
        { ...keys.loginGuard(user.login), userId: user.id },
        ...rows.items.map((row) => (row as { Put: { Item: Record<string, unknown> } }).Put.Item),
        ...referenceItems(user),
      ];
    }),
  );
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

/** Admin list: one GSI partition sorted by login, read page by page (never a Scan): jobs and the re-index only, requests read `listUsersPage`. */
export async function listUsers(): Promise<UserRecord[]> {
  return queryAllByIndex<UserRecord>(gsi1.indexName, gsi1.users.pk);
}

/** Users by id, in the order of `ids`; missing and deleted ones are left out. */
export async function getUsers(ids: readonly string[]): Promise<UserRecord[]> {
  const found = new Map((await batchGetItems(ids.map((id) => keys.user(id)))).map((item) => [item.id as string, stripKeys<UserRecord>(item)]));
  return ids.flatMap((id) => {
    const user = found.get(id);
    return user && !user.deletedAt ? [user] : [];
  });
}

/** One page of the users admin list (functions/data/list-rows.ts `listPage`): the users and the next page's cursor. */
export async function listUsersPage(query: ListQuery, cursor: string | null, limit: number): Promise<{ users: UserRecord[]; next: string | null }> {
  const { ids, next } = await listPage('users', query, cursor, limit);
  return { users: await getUsers(ids), next };
}

/**
 * Writes a user's list rows again from the record and the companies' names of now (a company's
 * rename, records stored before the rows existed: `npm run reindex-lists`). On the version read,
 * so an edit meanwhile wins (it wrote its own rows); true when written.
 */
export async function reindexUser(userId: string): Promise<boolean> {
  const user = await getUser(userId);
  if (!user || user.deletedAt) return false;
  // Users stored before the reference rows get them here (npm run reindex-lists).
  await referenceCompanies(user);
  const { item, rows } = await withRows(user, await storedRows(userId));
  try {
    await transactWrite([
      ...rows,
      {
        Update: {
          TableName: tableName(),
          Key: keys.user(userId),
          UpdateExpression: 'SET listRows = :rows',
          ConditionExpression: '#version = :version',
          ExpressionAttributeNames: { '#version': 'version' },
          ExpressionAttributeValues: { ':rows': item.listRows, ':version': user.version },
        },
      },
    ]);
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Ids of the users whose main company has this name (their rows in the company order: one Query of that name's rows). */
export async function userIdsOfCompanyName(name: string): Promise<string[]> {
  const rows = await queryAll({
    ...prefixRange(listRows.partition('users', 'company'), listRows.row('users', 'company', name, '').sk),
    ProjectionExpression: 'id',
  });
  return rows.map((row) => row.id as string);
}

/**
 * Users (deleted ones too) whose main, managed or current company it is: one Query of the
 * company's reference rows, then those users' records by key, kept when the record still points at the company (the rows
 * are a superset: `referenceCompanies`).
 */
export async function usersReferencingCompany(companyId: string): Promise<UserRecord[]> {
  const rows = await queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.companyUsersPartition(companyId) }, ProjectionExpression: 'userId' });
  const users = await batchGetItems(rows.map((row) => keys.user(row.userId as string)));
  return users.map((item) => stripKeys<UserRecord>(item)).filter((user) => pointedAt(user).includes(companyId));
}

export interface AlertRecipient {
  id: string;
  login: string;
}

/**
 * The users of the company (main company) who did not turn the alerts off, by login. Read through
 * the company's reference rows (`usersReferencingCompany`: one Query of the company's partition,
 * then its users by key), never the platform's users: run only on a day a company has something to mail.
 */
export async function listAlertRecipients(companyId: string): Promise<AlertRecipient[]> {
  const users = await usersReferencingCompany(companyId);
  return users
    .filter((user) => user.companyId === companyId && user.healthAlerts !== false && !user.deletedAt)
    .map((user) => ({ id: user.id, login: user.login }))
    .sort((a, b) => a.login.localeCompare(b.login));
}

/** Deletes the company's reference rows (the last step of its deletion: no user points at it any more). */
export async function deleteCompanyReferences(companyId: string): Promise<void> {
  const rows = await queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.companyUsersPartition(companyId) }, ProjectionExpression: 'pk, sk' });
  await batchDeleteKeys(rows.map((row) => ({ pk: row.pk as string, sk: row.sk as string })));
}

/** What a user changes about themselves outside an admin's form: no `version` (see `setPreferences`). */
type Preferences = Partial<Pick<UserRecord, 'currentCompanyId' | 'mfaEnrolled' | 'mfaEnrolledAt' | 'healthAlerts'>>;

/**
 * Sets fields that carry no `version` (preferences and the authenticator app: an admin's pending
 * edit of the same user stays current) with their audit record in the same transaction, on
 * `user`, the record the caller read: each field must still hold the value read (so the record's
 * "before" is what changed); when another write moved one meanwhile, the user is read again and
 * the change tried on that. A field set to `undefined` is removed. Nothing differs: no write, no record.
 */
async function setPreferences(user: UserRecord, fields: Preferences, attempt = 1): Promise<void> {
  const stored = user as unknown as Record<string, unknown>;
  const changed = Object.entries(fields).filter(([field, value]) => JSON.stringify(stored[field]) !== JSON.stringify(value));
  if (!changed.length) return;
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets: string[] = [];
  const removes: string[] = [];
  const conditions = ['attribute_exists(pk)'];
  changed.forEach(([field, value], i) => {
    names[`#f${i}`] = field;
    if (stored[field] === undefined || stored[field] === null) {
      conditions.push(`(attribute_not_exists(#f${i}) OR #f${i} = :null)`);
      values[':null'] = null;
    } else {
      conditions.push(`#f${i} = :was${i}`);
      values[`:was${i}`] = stored[field];
    }
    if (value === undefined) removes.push(`#f${i}`);
    else {
      sets.push(`#f${i} = :v${i}`);
      values[`:v${i}`] = value;
    }
  });
  const update = [sets.length ? `SET ${sets.join(', ')}` : '', removes.length ? `REMOVE ${removes.join(', ')}` : ''].filter(Boolean).join(' ');
  if (fields.currentCompanyId) await referenceCompanies({ ...user, currentCompanyId: fields.currentCompanyId });
  try {
    await auditedWrite(
      [
        {
          Update: {
            TableName: tableName(),
            Key: keys.user(user.id),
            UpdateExpression: update,
            ConditionExpression: conditions.join(' AND '),
            ExpressionAttributeNames: names,
            ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
          },
        },
      ],
      {
        kind: 'user',
        action: 'update',
        recordId: user.id,
        companyId: user.companyId,
        before: Object.fromEntries(changed.map(([field]) => [field, stored[field]])),
        after: Object.fromEntries(changed),
      },
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const fresh = await getUser(user.id);
    if (!fresh) throw new NotFoundError('No such user');
    if (attempt >= 3) throw new ConflictError();
    await setPreferences(fresh, fields, attempt + 1);
  }
}

/**
 * The current company is a preference, not a form edit: it neither needs nor bumps `version`,
 * so switching company never makes an admin's pending edit of the same user stale. Recorded in
 * the audit history (the user's, by whoever switched).
 */
export async function setCurrentCompany(user: UserRecord, companyId: string): Promise<void> {
  await setPreferences(user, { currentCompanyId: companyId });
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
 * The authenticator app on or off (enrolment, removal, an administrator's reset, or the record
 * following what Cognito asked at a sign-in): like the current company, no `version` bump, and
 * recorded. `at` (an enrolment just verified) is kept as `mfaEnrolledAt`; turning it off forgets the date.
 */
export async function setMfaEnrolled(user: UserRecord, enrolled: boolean, at?: string): Promise<void> {
  await setPreferences(user, enrolled ? { mfaEnrolled: true, ...(at ? { mfaEnrolledAt: at } : {}) } : { mfaEnrolled: false, mfaEnrolledAt: undefined });
}

/** A preference like the current company: no `version` bump, recorded. */
export async function setHealthAlerts(user: UserRecord, on: boolean): Promise<void> {
  await setPreferences(user, { healthAlerts: on });
}

/**
 * A successful sign-in, for the users admin: a preference-like write (no `version` bump, an admin's
 * edit stays current). Not an audit record of its own: the sign-in's record is (recordSignIn).
 */
export async function markSignedIn(userId: string, at: string): Promise<void> {
  await conditionalUpdate(userId, 'SET lastSignInAt = :at', { ':at': at });
}

/**
 * One more password change: every reset link issued before it stops working. Recorded as the
 * user's `password-changed` (who set it, never what), in the same transaction.
 */
export async function markPasswordChanged(user: Pick<UserRecord, 'id' | 'companyId'>): Promise<void> {
  try {
    await auditedWrite(
      [
        {
          Update: {
            TableName: tableName(),
            Key: keys.user(user.id),
            UpdateExpression: 'ADD passwordVersion :one',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':one': 1 },
          },
        },
      ],
      { kind: 'user', action: 'password-changed', recordId: user.id, companyId: user.companyId },
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
  const { item, rows } = await withRows(next, await storedRows(current.id));
  const put = {
    Put: {
      TableName: tableName(),
      Item: item,
      ConditionExpression: 'attribute_exists(pk) AND #version = :expected',
      ExpressionAttributeNames: { '#version': 'version' },
      ExpressionAttributeValues: { ':expected': expectedVersion },
    },
  };
  const loginGuard = (login: string): Guard => ({ key: keys.loginGuard(login), holder: 'userId', id: current.id });
  const guards = relogged ? await moveGuard(loginGuard(current.login), loginGuard(next.login)) : [];
  await referenceCompanies(next);
  try {
    await auditedWrite([put, ...guards, ...rows], { kind: 'user', action: 'update', recordId: next.id, companyId: next.companyId, before: current, after: next, version: next.version });
  } catch (error) {
    if (isConditionFailure(error)) {
      const holder = relogged ? await guardHolder(keys.loginGuard(next.login), 'userId') : null;
      if (holder && holder !== current.id) throw new ConflictError(`The login ${next.login} is already taken`);
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
  const sets = ['#version = :next', 'listRows = :rows'];
  for (const [field, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    names[`#${field}`] = field;
    values[`:${field}`] = value;
    sets.push(`#${field} = :${field}`);
  }
  const { item, rows } = await withRows(after, await storedRows(userId), !!after.deletedAt);
  values[':rows'] = item.listRows;
  await referenceCompanies(after);
  try {
    await auditedWrite(
      [
        ...rows,
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
  const { rows } = await withRows(user, await storedRows(user.id), true);
  try {
    await auditedWrite(
      [
        ...rows,
        {
          Delete: {
            TableName: tableName(),
            Key: keys.user(user.id),
            ConditionExpression: 'attribute_exists(pk) AND #version = :expected',
            ExpressionAttributeNames: { '#version': 'version' },
            ExpressionAttributeValues: { ':expected': expectedVersion },
          },
        },
        releaseGuard({ key: keys.loginGuard(user.login), holder: 'userId', id: user.id }),
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
