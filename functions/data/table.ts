import { createHash } from 'node:crypto';
import { BatchGetCommand, type BatchGetCommandOutput, BatchWriteCommand, paginateQuery, QueryCommand, TransactWriteCommand, type QueryCommandInput, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../platform/clients/dynamodb';
import { ConflictError, ValidationError } from '../platform/errors';
import { env } from '../platform/env';
import { KEY_TEXT_END } from './keys';

/** Shared helpers of the repositories. */

export const db = () => documentClient();
export const tableName = () => env.tableName;

export const nowIso = (): string => new Date().toISOString();

/**
 * THE paging loop of the repositories: every page of one Query on the portal table (lib-dynamodb's
 * `paginateQuery` follows LastEvaluatedKey to the end). Read page by page to act on each (a
 * count, a batch delete) without holding them all.
 */
export function queryPages(input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>): AsyncIterable<QueryCommandOutput> {
  return paginateQuery({ client: db() }, { TableName: tableName(), ...input });
}

/**
 * THE key condition of "the sort key starts with `prefix`" in partition `pk`, to spread into a
 * Query: `sk BETWEEN <prefix> AND <prefix>U+10FFFF`, never `begins_with(sk, ...)`. On DynamoDB both
 * are one key-range read; DynamoDB Local reads the whole partition for begins_with (21 ms for
 * nothing in a 100,000-item company, 2.7 ms for this). Both compare a key's UTF-8 bytes, where
 * U+10FFFF is the highest character: a key starting with the prefix is at most the end (what
 * follows the prefix starts lower, or is nothing), and a key that does not differs from the prefix
 * within it, so it sorts before the start or after the end. Exact while no key holds U+10FFFF right
 * after a prefix: keys.ts `keyText` drops it from the text a key holds
 * (functions/data/key-range.test.ts compares both conditions).
 */
export function prefixRange(pk: string, prefix: string): { KeyConditionExpression: string; ExpressionAttributeValues: Record<string, string> } {
  return {
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :skFrom AND :skTo',
    ExpressionAttributeValues: { ':pk': pk, ':skFrom': prefix, ':skTo': `${prefix}${KEY_TEXT_END}` },
  };
}

/** Every item of one Query, all pages. */
export async function queryAll(input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  // Stryker disable next-line ArrayDeclaration: a Query answers Items on every page (an empty list when none match)
  for await (const page of queryPages(input)) found.push(...(page.Items ?? []));
  return found;
}

/** Name of the error DynamoDB raises when a condition fails (single write or transaction). */
export function isConditionFailure(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return name === 'ConditionalCheckFailedException' || name === 'TransactionCanceledException';
}

/** Reasons of a cancelled transaction, in the order of its items ('None' when that item passed). */
export function cancellationCodes(error: unknown): string[] {
  const reasons = (error as { CancellationReasons?: Array<{ Code?: string }> } | null)?.CancellationReasons ?? [];
  return reasons.map((reason) => reason.Code ?? 'None');
}

/** One item of a TransactWriteItems call. */
export type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

/** How often a transaction that only lost a race is sent again (then its cancellation goes to the caller). */
const RACE_RETRIES = 6;

/**
 * THE way the repositories send a transaction. DynamoDB cancels a transaction that touches an item
 * another transaction is writing at the same moment (reason `TransactionConflict`), before looking
 * at its conditions: two creates of one guarded value at once can both come back cancelled, and
 * which of them would have won is not said. Such a cancellation changed nothing, so the same items
 * are sent again after a short random pause; the retry meets the winner's committed guard and fails
 * on its condition (`ConditionalCheckFailed`), which the caller turns into its clear 409. A
 * cancellation with a failed condition goes to the caller at once.
 */
export async function transactWrite(items: TransactItem[]): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await db().send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (error) {
      const codes = cancellationCodes(error);
      const lostRace = codes.includes('TransactionConflict') && !codes.includes('ConditionalCheckFailed');
      if (!lostRace || attempt >= RACE_RETRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * 2 ** attempt));
    }
  }
}

/** Removes the key and index attributes so callers only ever see entities. */
export function stripKeys<T>(item: Record<string, unknown>): T {
  // `listRows`: the keys of a record's admin-list rows (functions/data/list-rows.ts), storage only.
  const { pk: _pk, sk: _sk, gsi1pk: _g1p, gsi1sk: _g1s, gsi2pk: _g2p, gsi2sk: _g2s, gsi3pk: _g3p, gsi3sk: _g3s, listRows: _rows, ...rest } = item;
  return rest as T;
}

/**
 * Creates an entity and the guard item that keeps one of its attributes unique (a login, a
 * company name) in one transaction, with any further items written alongside. A taken guard
 * or an existing entity is a ConflictError with the given message; nothing is written then.
 * `otherGuards`: further unique attributes (a company's View ID), each with its own error when taken.
 */
export async function putWithGuard(input: {
  item: Record<string, unknown>;
  guard: Record<string, unknown>;
  otherGuards?: Array<{ item: Record<string, unknown>; taken: () => Error }>;
  alongside?: Record<string, unknown>[];
  /** The audit record of the creation (functions/data/audit.ts `auditItem`), last in the transaction. */
  audit?: TransactItem;
  messages: { taken: string; exists: string };
}): Promise<void> {
  const fresh = (Item: Record<string, unknown>) => ({
    Put: { TableName: tableName(), Item, ConditionExpression: 'attribute_not_exists(pk)' },
  });
  const otherGuards = input.otherGuards ?? [];
  try {
    await transactWrite([
      fresh(input.item),
      fresh(input.guard),
      ...otherGuards.map((guard) => fresh(guard.item)),
      ...(input.alongside ?? []).map((Item) => ({ Put: { TableName: tableName(), Item } })),
      ...(input.audit ? [input.audit] : []),
    ]);
  } catch (error) {
    // Stryker disable next-line ConditionalExpression: another error has no cancellation reasons, so the block below rethrows it too
    if (isConditionFailure(error)) {
      const [itemCode, guardCode, ...otherCodes] = cancellationCodes(error);
      if (guardCode === 'ConditionalCheckFailed') throw new ConflictError(input.messages.taken);
      const taken = otherGuards.find((_, i) => otherCodes[i] === 'ConditionalCheckFailed');
      if (taken) throw taken.taken();
      if (itemCode === 'ConditionalCheckFailed') throw new ConflictError(input.messages.exists);
    }
    throw error;
  }
}

/** A filter applied to a Query's pages (placeholders of the values start with ':f'). */
export interface QueryFilter {
  expression?: string;
  values?: Record<string, unknown>;
  /** Only these attributes in the answer (smaller pages): a ProjectionExpression, with its names. */
  projection?: string;
  names?: Record<string, string>;
}

/**
 * Every entity of one index partition, page by page (admin lists: a Query, never a Scan),
 * optionally filtered (rare admin reads: the default company, the users of a company) and projected.
 */
export async function queryAllByIndex<T>(indexName: string, partitionKey: string, filter?: QueryFilter): Promise<T[]> {
  const items = await queryAll({
    IndexName: indexName,
    KeyConditionExpression: 'gsi1pk = :pk',
    ...(filter?.expression ? { FilterExpression: filter.expression } : {}),
    ...(filter?.projection ? { ProjectionExpression: filter.projection } : {}),
    ...(filter?.names ? { ExpressionAttributeNames: filter.names } : {}),
    ExpressionAttributeValues: { ':pk': partitionKey, ...filter?.values },
  });
  return items.map((item) => stripKeys<T>(item));
}

/**
 * The stored items of these keys (missing ones are left out), 100 keys per BatchGetItem, asking
 * again for the keys DynamoDB left unprocessed under load.
 */
export async function batchGetItems(keysToGet: ReadonlyArray<{ pk: string; sk: string }>): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  for (let i = 0; i < keysToGet.length; i += 100) {
    let request: Record<string, { Keys: Record<string, unknown>[] }> | undefined = {
      [tableName()]: { Keys: keysToGet.slice(i, i + 100).map(({ pk, sk }) => ({ pk, sk })) },
    };
    for (let attempt = 0; request && attempt < 5; attempt++) {
      const answer: BatchGetCommandOutput = await db().send(new BatchGetCommand({ RequestItems: request }));
      // Stryker disable next-line OptionalChaining,ArrayDeclaration: BatchGetItem answers Responses with an entry per table asked, empty when nothing matched
      found.push(...(answer.Responses?.[tableName()] ?? []));
      // Stryker disable next-line OptionalChaining: BatchGetItem always answers UnprocessedKeys (an empty map when all were read)
      const unprocessed: { Keys?: Record<string, unknown>[] } | undefined = answer.UnprocessedKeys?.[tableName()];
      // Stryker disable next-line OptionalChaining: an unprocessed entry always lists its Keys
      request = unprocessed?.Keys?.length ? { [tableName()]: { Keys: unprocessed.Keys } } : undefined;
    }
  }
  return found;
}

/** BatchWriteItem's limit. */
const BATCH_SIZE = 25;

/**
 * THE batch write of the repositories: puts and deletes, 25 at a time, sending unprocessed ones
 * (throttling) again with a growing pause. Not atomic and unconditional: callers order their
 * writes so that a run stopped half-way is finished by running it again.
 */
async function batchWrite(requests: ReadonlyArray<Record<string, unknown>>): Promise<void> {
  // Stryker disable next-line EqualityOperator: one more turn at the end has no requests left, sends nothing
  for (let i = 0; i < requests.length; i += BATCH_SIZE) {
    let pending = requests.slice(i, i + BATCH_SIZE);
    for (let attempt = 0; pending.length; attempt++) {
      if (attempt > 8) throw new Error('DynamoDB kept items unprocessed: run the write again');
      if (attempt) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
      const answer = await db().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending as never } }));
      pending = (answer.UnprocessedItems?.[tableName()] ?? []) as typeof pending;
    }
  }
}

/** Deletes items by key (batchWrite). */
export const batchDeleteKeys = (keysToDelete: ReadonlyArray<{ pk: string; sk: string }>): Promise<void> =>
  batchWrite(keysToDelete.map(({ pk, sk }) => ({ DeleteRequest: { Key: { pk, sk } } })));

/** Puts whole items, unconditionally (batchWrite): a traffic import, a bulk load of new records. */
export const batchPutItems = (items: ReadonlyArray<Record<string, unknown>>): Promise<void> => batchWrite(items.map((Item) => ({ PutRequest: { Item } })));

/** How a page's cursor is bound to its query (queryPage). */
export interface PageOptions {
  /**
   * What the cursor belongs to (the list and its sort, filter and search): a cursor handed out for
   * another scope is refused with a 400 on `cursor`, never read as a position in this query.
   */
  scope: string;
  /** Reads per call at most; a filtered read then hands back its cursor with what it found. */
  maxReads?: number;
  /** Items evaluated per read (a filtered list reads ahead; the page is cut at `limit`). Default: the items still missing. */
  perRead?: number;
  /** The key attributes of an item of this query (its start key when the page is cut after it). Default pk, sk. */
  keyAttributes?: readonly string[];
}

const scopeTag = (scope: string): string => createHash('sha256').update(scope, 'utf8').digest('base64url').slice(0, 16);

/** The start key a cursor carries, when it was handed out for this scope; else a 400. */
function readCursor(cursor: string, scope: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  const { s, k } = (parsed ?? {}) as { s?: unknown; k?: unknown };
  if (s !== scopeTag(scope) || !k || typeof k !== 'object' || Array.isArray(k)) {
    throw new ValidationError({ cursor: 'validation.invalid' }, 'The cursor does not belong to this list, its sort or its search: start again from the first page');
  }
  return k as Record<string, unknown>;
}

const writeCursor = (key: Record<string, unknown>, scope: string): string => Buffer.from(JSON.stringify({ s: scopeTag(scope), k: key }), 'utf8').toString('base64url');

/**
 * THE page-at-a-time read of a list the client pages through (the audit history, the users and
 * companies admin lists): Queries from the opaque `cursor` (the start key and the tag of its
 * scope, base64url JSON) until `limit` items are found or the index ends, and answers the cursor of
 * the next page (null at the end). A filtered Query may read pages without a match: at most
 * `maxReads` of them per call, then the caller goes on with `next`. A cursor of another scope is a
 * ValidationError (400), so a query never starts at a key of another list.
 */
export async function queryPage(
  input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey' | 'Limit'>,
  cursor: string | null,
  limit: number,
  options: PageOptions,
): Promise<{ items: Record<string, unknown>[]; next: string | null }> {
  const { scope, maxReads = 10, perRead, keyAttributes = ['pk', 'sk'] } = options;
  const items: Record<string, unknown>[] = [];
  let start = cursor ? readCursor(cursor, scope) : undefined;
  for (let read = 0; read < maxReads; read++) {
    const page = await db().send(new QueryCommand({ TableName: tableName(), ...input, Limit: perRead ?? limit - items.length, ExclusiveStartKey: start }));
    // Stryker disable next-line ArrayDeclaration: a Query answers Items on every page (an empty list when none match)
    const found = page.Items ?? [];
    const room = limit - items.length;
    items.push(...found.slice(0, room));
    start = page.LastEvaluatedKey;
    if (found.length > room) {
      // Read ahead past the page: the next one starts after the last item kept.
      const last = items.at(-1) ?? {};
      start = Object.fromEntries(keyAttributes.map((name) => [name, last[name]]));
      break;
    }
    if (!start || items.length >= limit) break;
  }
  return { items, next: start ? writeCursor(start, scope) : null };
}
