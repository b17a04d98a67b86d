import { GetCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { AuditKind } from '../../shared/domain/types';
import { asTransactItem, auditedWrite } from './audit';
import { keys, type Key } from './keys';
import { db, isConditionFailure, prefixRange, queryAll, queryPages, stripKeys, tableName, type TransactItem } from './table';

/**
 * The repository of one kind of item in a company's partition (sources, rules, collectors,
 * commissions, meetings...): every read and write names the caller's partition, so an item can
 * never be reached through another company's id, the list is one Query, and edits and deletes
 * apply only on the version the editor read (of N writers on one version exactly one wins).
 */

/** What a conditional write found when its condition failed: the item is gone, or it moved past the version read. */
export type WriteOutcome<T> = { ok: true; value: T } | { ok: false; reason: 'missing' | 'stale' };

interface Stored {
  id: string;
  companyId: string;
  version: number;
}

type Query = QueryCommandInput;

/**
 * Every item of the partition under `prefix`, page by page, read consistently: a page re-reads
 * right after a create, an edit or a delete and must see it. `extra` adds a filter or projection.
 */
export async function queryPartition(companyId: string, prefix: string, extra: Partial<Query> = {}): Promise<Record<string, unknown>[]> {
  const range = prefixRange(keys.companyPartition(companyId), prefix);
  return queryAll({
    ...extra,
    KeyConditionExpression: range.KeyConditionExpression,
    ExpressionAttributeValues: { ...range.ExpressionAttributeValues, ...extra.ExpressionAttributeValues },
    ConsistentRead: true,
  });
}

/** How many items of a kind the company has: a count-only Query of its partition, all pages. */
export async function countPartition(companyId: string, prefix: string): Promise<number> {
  let count = 0;
  const pages = queryPages({
    ...prefixRange(keys.companyPartition(companyId), prefix),
    Select: 'COUNT',
  });
  for await (const page of pages) count += page.Count ?? 0;
  return count;
}

const onVersion = (expectedVersion: number) => ({
  ConditionExpression: 'attribute_exists(pk) AND #version = :expected',
  ExpressionAttributeNames: { '#version': 'version' },
  ExpressionAttributeValues: { ':expected': expectedVersion },
});

/** `kind`: what the audit history calls these items (every write goes with its audit record). */
export function companyItems<R extends Stored>(keyOf: (companyId: string, id: string) => Key, prefix: string, kind: AuditKind) {
  async function get(companyId: string, id: string): Promise<R | null> {
    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keyOf(companyId, id), ConsistentRead: true }));
    return Item ? stripKeys<R>(Item) : null;
  }

  async function failure(companyId: string, id: string): Promise<{ ok: false; reason: 'missing' | 'stale' }> {
    return { ok: false, reason: (await get(companyId, id)) ? 'stale' : 'missing' };
  }

  return {
    get,

    async list(companyId: string): Promise<R[]> {
      return (await queryPartition(companyId, prefix)).map((item) => stripKeys<R>(item));
    },

    /**
     * Writes a new item; an id already taken in the partition is refused (never overwritten).
     * `alongside`: further items of the same transaction (the guard items of its unique values).
     */
    async putNew(record: R, alongside: TransactItem[] = []): Promise<R> {
      await auditedWrite(
        [asTransactItem('Put', { Item: { ...keyOf(record.companyId, record.id), ...record }, ConditionExpression: 'attribute_not_exists(pk)' }), ...alongside],
        { kind, action: 'create', recordId: record.id, companyId: record.companyId, after: record, version: record.version },
      );
      return record;
    },

    /**
     * Sets the given fields (undefined ones are left as they are) on the version read; the version
     * goes up by one. The item is read first: the audit record's "before", and the answer (a
     * transaction returns no attributes); the version condition makes sure nothing moved between.
     * `alongside`: further items of the same transaction, made from the item before and after (its list rows).
     */
    async update(
      companyId: string,
      id: string,
      expectedVersion: number,
      changes: Partial<Omit<R, keyof Stored>>,
      alongside?: (before: R, after: R) => TransactItem[],
    ): Promise<WriteOutcome<R>> {
      const before = await get(companyId, id);
      if (!before) return { ok: false, reason: 'missing' };
      // Stryker disable next-line ConditionalExpression: the write's version condition refuses it the same way ('stale'); this only saves the write
      if (before.version !== expectedVersion) return { ok: false, reason: 'stale' };
      const after = { ...before, version: expectedVersion + 1 } as R;
      for (const [field, value] of Object.entries(changes)) if (value !== undefined) (after as Record<string, unknown>)[field] = value;
      const condition = onVersion(expectedVersion);
      const names: Record<string, string> = { ...condition.ExpressionAttributeNames };
      const values: Record<string, unknown> = { ...condition.ExpressionAttributeValues, ':one': 1 };
      const sets: string[] = [];
      for (const [field, value] of Object.entries(changes)) {
        if (value === undefined) continue;
        names[`#${field}`] = field;
        values[`:${field}`] = value;
        sets.push(`#${field} = :${field}`);
      }
      try {
        await auditedWrite(
          [
            asTransactItem('Update', {
              Key: keyOf(companyId, id),
              UpdateExpression: `${sets.length ? `SET ${sets.join(', ')} ` : ''}ADD #version :one`,
              ConditionExpression: condition.ConditionExpression,
              ExpressionAttributeNames: names,
              ExpressionAttributeValues: values,
            }),
            ...(alongside ? alongside(before, after) : []),
          ],
          { kind, action: 'update', recordId: id, companyId, before, after, version: after.version },
        );
        return { ok: true, value: after };
      } catch (error) {
        if (isConditionFailure(error)) return failure(companyId, id);
        throw error;
      }
    },

    /**
     * Deletes the item only on the version read (read first: the audit record's "before").
     * `alongside`: further items of the same transaction, made from the item read (the release of its guards).
     */
    async remove(companyId: string, id: string, expectedVersion: number, alongside?: (before: R) => Promise<TransactItem[]>): Promise<WriteOutcome<null>> {
      const before = await get(companyId, id);
      if (!before) return { ok: false, reason: 'missing' };
      // Stryker disable next-line ConditionalExpression: the write's version condition refuses it the same way ('stale'); this only saves the write
      if (before.version !== expectedVersion) return { ok: false, reason: 'stale' };
      const more = alongside ? await alongside(before) : [];
      try {
        await auditedWrite([asTransactItem('Delete', { Key: keyOf(companyId, id), ...onVersion(expectedVersion) }), ...more], {
          kind,
          action: 'delete',
          recordId: id,
          companyId,
          before,
          version: expectedVersion + 1,
        });
        return { ok: true, value: null };
      } catch (error) {
        if (isConditionFailure(error)) return failure(companyId, id);
        throw error;
      }
    },
  };
}
