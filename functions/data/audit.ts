import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import type { AuditAction, AuditEntry, AuditKind } from '../../shared/domain/types';
import { currentActor, runAs } from '../platform/actor';
import { auditIndexes, keys } from './keys';
import { db, nowIso, queryPage, tableName, transactWrite, type TransactItem } from './table';

/**
 * THE audit rule (docs/product.md, "Audit history"): every change of an audited record goes to
 * DynamoDB in ONE transaction with its audit record (`auditedWrite`), the change's own conditions
 * included, so nothing changes without its record and a refused change records nothing. The
 * record holds who (the request's caller, functions/platform/actor.ts), when, what, and the
 * changed fields only, before and after; secrets never. Kept a year (the table's TTL).
 */


export interface Change {
  kind: AuditKind;
  action: AuditAction;
  recordId: string;
  /** The company the change applies in; null for platform-wide records (translations, default collectors). */
  companyId: string | null;
  before?: object | null;
  after?: object | null;
  /**
   * The record's version after the change (before it, for a delete: `version + 1`). The audit
   * record's key then says "this version's change", so it is written once even if asked twice.
   */
  version?: number;
  /** Whose edit page shows it (default: the user for users and sign-ins, else the company). */
  of?: string;
  client?: string;
  /** The fields are message ids (translations): texts, never secrets, whatever their names. */
  messageIds?: boolean;
}

const RETENTION_DAYS = 365;

/** Never recorded, whatever the record: secrets, and bookkeeping that says nothing to a reader. */
const SECRET = /password|token|secret|session|totp|challenge/i;
/** (A user's `cognitoUsername` is the identity's internal name, `signedOutAt` the sessions' end: neither is a reader's business.) */
const BOOKKEEPING = new Set(['id', 'version', 'created', 'updated', 'updatedAt', 'updatedBy', 'expiresAt', 'pk', 'sk', 'cognitoUsername', 'signedOutAt']);
const BOOKKEEPING_KEY = /^gsi\d(pk|sk)$/;
/** A URL's login and password (a feed URL's `sftp://user:pass@host`) never reach the record. */
const withoutCredentials = (value: unknown): unknown => (typeof value === 'string' ? value.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@\s]*@/i, '$1') : value);
/** `companyId` is the partition of a company's items (bookkeeping) but a user's main company (data). */
const recorded = (field: string, kind: AuditKind) =>
  !SECRET.test(field) && !BOOKKEEPING.has(field) && !BOOKKEEPING_KEY.test(field) && (field !== 'companyId' || kind === 'user');

/** The fields that differ, each side with its own value (a field absent on one side is left out of that side). */
function changedFields(kind: AuditKind, before: object | null | undefined, after: object | null | undefined, messageIds = false): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const a = (before ?? {}) as Record<string, unknown>;
  const b = (after ?? {}) as Record<string, unknown>;
  const out = { before: {} as Record<string, unknown>, after: {} as Record<string, unknown> };
  for (const field of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (!(messageIds || recorded(field, kind)) || JSON.stringify(a[field]) === JSON.stringify(b[field])) continue;
    if (a[field] !== undefined) out.before[field] = withoutCredentials(a[field]);
    if (b[field] !== undefined) out.after[field] = withoutCredentials(b[field]);
  }
  return out;
}

const subjectOf = (change: Change): string =>
  change.of ?? (change.kind === 'user' ? `user#${change.recordId}` : change.companyId ? `company#${change.companyId}` : 'platform');

/** The audit record of a change, as the extra item of the change's transaction. */
export function auditItem(change: Change): TransactItem {
  const actor = currentActor();
  const at = nowIso();
  // A record made again under an old id (after a delete) starts its versions again: its creation time tells them apart.
  const created = ((change.after ?? change.before ?? {}) as { created?: unknown }).created;
  const seq =
    change.version !== undefined ? `V${String(change.version).padStart(12, '0')}${typeof created === 'string' ? `#${created}` : ''}` : `T${at}#${randomUUID()}`;
  const sk = auditIndexes.sk(at, change.kind, change.recordId);
  const entry: AuditEntry = {
    at,
    actorId: actor.userId,
    actorLogin: actor.login,
    kind: change.kind,
    action: change.action,
    recordId: change.recordId,
    companyId: change.companyId,
    ...changedFields(change.kind, change.before, change.after, change.messageIds),
    ...(change.client ? { client: change.client } : {}),
    ...(actor.role ? { actorRole: actor.role } : {}),
  };
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.audit(change.kind, change.recordId, seq),
        gsi1pk: auditIndexes.of.pk(subjectOf(change)),
        gsi1sk: sk,
        ...(actor.userId ? { gsi2pk: auditIndexes.by.pk(actor.userId), gsi2sk: sk } : {}),
        gsi3pk: auditIndexes.all.pk,
        gsi3sk: sk,
        ...entry,
        expiresAt: Math.floor(Date.parse(at) / 1000) + RETENTION_DAYS * 86_400,
      },
      // Also the last guard of a versioned change: its version is recorded once.
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/**
 * Writes the change's own items and its audit record in one transaction (the audit record last,
 * so the change's cancellation reasons keep their indexes). A failed condition anywhere, the audit
 * record's included, cancels all of it: callers handle the error as before.
 */
export async function auditedWrite(items: TransactItem[], change: Change): Promise<void> {
  await transactWrite([...items, auditItem(change)]);
}

/** A record of its own, for what changes nothing else (a sign-in, a failed sign-in). */
async function recordAlone(change: Change): Promise<void> {
  const { Put } = auditItem(change) as { Put: { TableName: string; Item: Record<string, unknown> } };
  await db().send(new PutCommand({ TableName: Put.TableName, Item: Put.Item }));
}

export interface SignInAttempt {
  /** The user signing in; null for a login no user has. */
  userId: string | null;
  login: string;
  ok: boolean;
  client: string;
}

/** A sign-in or a failed one: made by the login tried, shown in its user's history (or the login's). */
export async function recordSignIn(attempt: SignInAttempt): Promise<void> {
  const login = attempt.login.trim().toLowerCase();
  await runAs({ userId: attempt.ok ? attempt.userId : null, login }, () =>
    recordAlone({
      kind: 'sign-in',
      action: attempt.ok ? 'signed-in' : 'failed',
      recordId: attempt.userId ?? login,
      companyId: null,
      of: attempt.userId ? `user#${attempt.userId}` : `login#${login}`,
      client: attempt.client,
    }),
  );
}

/**
 * The name a record had in the newest audit record of it that holds one (a delete's "before"
 * keeps the deleted record's name); null when none does. A record's history is its partition.
 */
export async function lastRecordedName(kind: AuditKind, recordId: string): Promise<string | null> {
  const { items } = await queryPage(
    { KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.audit(kind, recordId, '').pk }, ScanIndexForward: false },
    null,
    10,
    { scope: `audit-names:${kind}:${recordId}` },
  );
  for (const item of items) {
    const { before, after } = toEntry(item);
    const name = after.name ?? before.name;
    if (typeof name === 'string' && name) return name;
  }
  return null;
}

/** A single Put/Update/Delete command's input as a transaction item (same key, condition, names and values). */
export function asTransactItem(kind: 'Put' | 'Update' | 'Delete', input: Record<string, unknown>): TransactItem {
  const { ReturnValues: _returnValues, ...rest } = input;
  return { [kind]: { TableName: tableName(), ...rest } } as TransactItem;
}

export interface AuditFilter {
  /** Whose history (`user#<id>`, `company#<id>`, `platform`). */
  of?: string;
  /** Changes made by this user id. */
  by?: string;
  kind?: AuditKind;
  /** Only these kinds (a company's own history). */
  kinds?: readonly AuditKind[];
  /** ISO times, inclusive. */
  from?: string;
  to?: string;
}

/** A page of the history, newest first, through the index that fits the filter best. */
export async function listAudit(filter: AuditFilter, cursor: string | null, limit: number): Promise<{ entries: AuditEntry[]; next: string | null }> {
  const [indexName, pkName, skName, pk] = filter.of
    ? ['gsi1', 'gsi1pk', 'gsi1sk', auditIndexes.of.pk(filter.of)]
    : filter.by
      ? ['gsi2', 'gsi2pk', 'gsi2sk', auditIndexes.by.pk(filter.by)]
      : ['gsi3', 'gsi3pk', 'gsi3sk', auditIndexes.all.pk];
  const conditions: string[] = [];
  const values: Record<string, unknown> = { ':pk': pk, ':from': filter.from ?? '0', ':to': filter.to ?? '9999~' };
  if (filter.kind) {
    conditions.push('#kind = :kind');
    values[':kind'] = filter.kind;
  }
  if (filter.kinds) {
    conditions.push(`#kind IN (${filter.kinds.map((_, i) => `:kind${i}`).join(', ')})`);
    filter.kinds.forEach((kind, i) => (values[`:kind${i}`] = kind));
  }
  if (filter.of && filter.by) {
    conditions.push('actorId = :by');
    values[':by'] = filter.by;
  }
  const { items, next } = await queryPage(
    {
      IndexName: indexName,
      KeyConditionExpression: `${pkName} = :pk AND ${skName} BETWEEN :from AND :to`,
      ...(conditions.length ? { FilterExpression: conditions.join(' AND ') } : {}),
      ...(filter.kind || filter.kinds ? { ExpressionAttributeNames: { '#kind': 'kind' } } : {}),
      ExpressionAttributeValues: values,
      ScanIndexForward: false,
    },
    cursor,
    limit,
    { scope: `audit:${JSON.stringify(filter)}`, keyAttributes: ['pk', 'sk', `${indexName}pk`, `${indexName}sk`] },
  );
  return { entries: items.map(toEntry), next };
}

function toEntry(item: Record<string, unknown>): AuditEntry {
  const { at, actorId, actorLogin, actorRole, kind, action, recordId, companyId, before, after, client } = item as unknown as AuditEntry;
  return {
    at,
    actorId: actorId ?? null,
    actorLogin,
    kind,
    action,
    recordId,
    companyId: companyId ?? null,
    before: before ?? {},
    after: after ?? {},
    ...(client ? { client } : {}),
    ...(actorRole ? { actorRole } : {}),
  };
}
