import type { Source } from '../../shared/domain/types';
import type { UtmCondition } from '../../shared/domain/utm-matching';
import { companyItems, countPartition, queryPartition } from './company-items';
import { auditedWrite } from './audit';
import { claimGuard, claimIfFree, guardHolder, moveGuard, releaseIfHeld, type Guard } from './guards';
import { keys, type Key, type ListRef } from './keys';
import { listPage, rowItems, rowKeys, rowWrites, type Listing } from './list-rows';
import { commissionRowKeys, reindexCompanyCommissions, renameSourceCommissions, type CommissionRecord } from './commissions';
import { reindexCompanyRules, ruleGuard, ruleRowKeys, type TrafficRuleRecord } from './traffic-rules';
import { batchDeleteKeys, batchGetItems, cancellationCodes, isConditionFailure, stripKeys, tableName, transactWrite } from './table';
import { SOURCE_SORTS, type SourceSort } from '../../shared/schemas/lists';

/**
 * A company's traffic sources: `SOURCE#<id>` items of its partition (one Query for the page),
 * each with a `SOURCE_ID#<id>` guard item outside any partition, so a client-made id can be
 * used once across all companies, and a `SOURCE_NAME#<name>` guard in the partition (holding the
 * `sourceId` that owns it), so two sources of a company never share a name, whatever the case and
 * surrounding spaces: the guard moves with a rename in the same transaction, two concurrent creates
 * or renames to one name let exactly one through. Edits and deletes are conditional on the version read.
 *
 * UTM rules (the UTM area's items, `keys.rule`) carry the `sourceId` of their source: deleting a
 * source deletes them in the same transaction.
 *
 * The sources page reads a page at a time through the source's sort-index rows (list-rows.ts, the
 * list `sources` in the company's partition: one row per column of the table), written in the
 * same transaction as the source on create, edit and delete.
 */

export interface SourceRecord extends Source {
  companyId: string;
  created: string;
  updated: string;
}

export type SourceFieldsRecord = Omit<Source, 'id' | 'version'>;

/** What a conditional write found when its condition failed. */
export type SourceWrite<T> = { ok: true; value: T } | { ok: false; reason: 'missing' | 'stale' | 'taken' | 'nameTaken' };

/** TransactWriteItems takes 100 items: the source, its three guards, its audit record, its rows and up to this many of its rules, commissions and their guards and rows in one go. */
const RULES_PER_TRANSACTION = 95 - SOURCE_SORTS.length;

const sources = companyItems<SourceRecord>(keys.source, keys.sourcePrefix, 'source');

export const listSources = sources.list;
export const getSource = sources.get;
/** How many sources the company has (the sources step's rule). */
export const countSources = (companyId: string): Promise<number> => countPartition(companyId, keys.sourcePrefix);

const sourceList = (companyId: string): ListRef => ({ name: 'sources', companyId });

/** A source's rows: one per column of the table; searched over its texts; `businessModel` filters the CPO ones. */
const sourceListing = (record: SourceRecord): Listing => ({
  id: record.id,
  sort: Object.fromEntries(SOURCE_SORTS.map((sort) => [sort, record[sort] ?? ''])),
  words: [record.name, record.channel, record.agency, record.businessModel, record.deduplication, record.utmSource, record.utmMedium, record.utmCampaign],
  fields: { businessModel: record.businessModel },
});

export interface SourceQuery {
  sort: SourceSort;
  dir: 'asc' | 'desc';
  search?: string;
  /** Only the sources of this business model (the commission form's CPO sources). */
  businessModel?: Source['businessModel'];
}

/** One page of the company's sources in the order asked (searched, of one model if asked), and the next page's cursor. */
export async function sourcesPage(companyId: string, query: SourceQuery, cursor: string | null, limit: number): Promise<{ sources: SourceRecord[]; next: string | null }> {
  const { businessModel, ...order } = query;
  const { ids, next } = await listPage(sourceList(companyId), { ...order, ...(businessModel ? { where: { businessModel } } : {}) }, cursor, limit);
  const found = new Map((await batchGetItems(ids.map((id) => keys.source(companyId, id)))).map((item) => [item.id as string, stripKeys<SourceRecord>(item)]));
  return { sources: ids.flatMap((id) => found.get(id) ?? []), next };
}

/** The name guard of a source (a legacy source without one takes it over on its next write). */
const nameGuard = (companyId: string, name: string, sourceId: string): Guard => ({ key: keys.sourceNameGuard(companyId, name), holder: 'sourceId', id: sourceId });

/**
 * The new source, its id guard and its name guard in one transaction: an id taken in any company
 * ('taken') or a name taken in the company ('nameTaken') is refused, nothing written.
 */
export async function putNewSource(record: SourceRecord): Promise<SourceWrite<SourceRecord>> {
  const fresh = (Item: Record<string, unknown>) => ({ Put: { TableName: tableName(), Item, ConditionExpression: 'attribute_not_exists(pk)' } });
  try {
    await auditedWrite(
      [
        fresh({ ...keys.source(record.companyId, record.id), ...record }),
        fresh({ ...keys.sourceIdGuard(record.id), companyId: record.companyId }),
        claimGuard(nameGuard(record.companyId, record.name, record.id)),
        ...rowItems(sourceList(record.companyId), sourceListing(record)).map((Item) => ({ Put: { TableName: tableName(), Item } })),
      ],
      { kind: 'source', action: 'create', recordId: record.id, companyId: record.companyId, after: record, version: record.version },
    );
    return { ok: true, value: record };
  } catch (error) {
    // A failed condition, or a concurrent create of the same id or name (TransactionConflict): which
    // one is read back (a race reports the item it collided on, not which condition would fail).
    if (isConditionFailure(error)) return { ok: false, reason: (await nameTakenByOther(record.companyId, record.name, record.id)) ? 'nameTaken' : 'taken' };
    throw error;
  }
}

/** The source holding this name in the company (its name guard, then the source), or null. */
export async function sourceNamed(companyId: string, name: string): Promise<SourceRecord | null> {
  const id = await guardHolder(keys.sourceNameGuard(companyId, name), 'sourceId');
  return id ? getSource(companyId, id) : null;
}

const nameTakenByOther = async (companyId: string, name: string, id: string): Promise<boolean> => {
  const owner = await guardHolder(keys.sourceNameGuard(companyId, name), 'sourceId');
  return owner !== null && owner !== id;
};

/**
 * Replaces the editable fields on the version read (the version goes up by one) and, in the same
 * transaction, reserves the (new) name and frees the old one: a name another source holds is
 * 'nameTaken' and nothing changes.
 */
export async function updateSource(companyId: string, id: string, expectedVersion: number, fields: SourceFieldsRecord, at: string): Promise<SourceWrite<SourceRecord>> {
  const current = await getSource(companyId, id);
  if (!current) return { ok: false, reason: 'missing' };
  const changes: Record<string, unknown> = { ...fields, updated: at };
  const names: Record<string, string> = { '#version': 'version' };
  const values: Record<string, unknown> = { ':expected': expectedVersion, ':one': 1 };
  const sets = Object.keys(changes).map((field) => {
    names[`#${field}`] = field;
    values[`:${field}`] = changes[field];
    return `#${field} = :${field}`;
  });
  // The old name is freed only if this source holds it (a legacy pair of one name may have no guard, or the other's);
  // the name is claimed on every edit, so a legacy source without a guard takes its own over.
  const guards = await moveGuard(nameGuard(companyId, current.name, id), nameGuard(companyId, fields.name, id));
  try {
    await auditedWrite(
      [
        {
          Update: {
            TableName: tableName(),
            Key: keys.source(companyId, id),
            UpdateExpression: `SET ${sets.join(', ')} ADD #version :one`,
            ConditionExpression: 'attribute_exists(pk) AND #version = :expected',
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
          },
        },
        ...(guards.length ? guards : [claimGuard(nameGuard(companyId, fields.name, id))]),
        ...rowWrites(sourceList(companyId), rowKeys(sourceList(companyId), sourceListing(current)), sourceListing({ ...current, ...fields })).items,
      ],
      { kind: 'source', action: 'update', recordId: id, companyId, before: current, after: { ...current, ...changes }, version: expectedVersion + 1 },
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    if (await nameTakenByOther(companyId, fields.name, id)) return { ok: false, reason: 'nameTaken' };
    return { ok: false, reason: (await getSource(companyId, id)) ? 'stale' : 'missing' };
  }
  // Its commissions show its name and are sorted by it (docs/architecture.md, "A big advertiser").
  if (fields.name !== current.name) await renameSourceCommissions(companyId, id, fields.name);
  const saved = await getSource(companyId, id);
  return saved ? { ok: true, value: saved } : { ok: false, reason: 'missing' };
}

/**
 * The items that hang off a source: its UTM rules and its affiliate commissions (both carry
 * `sourceId`), then the guards of its rules that they hold. Guards come last: a deletion stopped
 * half-way (more than one transaction's worth, see below) leaves rules without their guards (as
 * rules stored before the guards: the read check still refuses their duplicates), never a guard
 * without its rule, which would refuse a rule nobody has.
 */
async function itemsOfSource(companyId: string, sourceId: string): Promise<{ keys: Key[]; ruleIds: string[] }> {
  const ofSource = { FilterExpression: 'sourceId = :sourceId', ExpressionAttributeValues: { ':sourceId': sourceId } };
  const [rules, commissions] = await Promise.all([
    queryPartition(companyId, keys.rulePrefix, { ...ofSource, ProjectionExpression: 'pk, sk, id, #rule, created, sourceId', ExpressionAttributeNames: { '#rule': 'rule' } }),
    queryPartition(companyId, keys.commissionPrefix, { ...ofSource, ProjectionExpression: 'pk, sk, id, sourceName, #type, commission', ExpressionAttributeNames: { '#type': 'type' } }),
  ]);
  const held = await Promise.all(
    rules.map(async (rule) => {
      // A rule whose conditions are not the stored list of three maps has no guard to free.
      if (!Array.isArray(rule.rule)) return [];
      const guard = ruleGuard({ companyId, id: String(rule.id), rule: rule.rule as UtmCondition[] });
      return (await guardHolder(guard.key, guard.holder)) === guard.id ? [guard.key] : [];
    }),
  );
  const keyOf = (item: Record<string, unknown>): Key => ({ pk: item.pk as string, sk: item.sk as string });
  // The rules' list rows go with them (a rule stored before the rows has none: deleting a missing key is a no-op).
  const rows = rules.flatMap((rule) => (Array.isArray(rule.rule) && typeof rule.created === 'string' ? ruleRowKeys(companyId, rule as unknown as TrafficRuleRecord) : []));
  // So do the commissions' (those stored before the rows have none either).
  const commissionRows = commissions.flatMap((commission) => (typeof commission.commission === 'number' ? commissionRowKeys(companyId, commission as unknown as CommissionRecord) : []));
  return { keys: [...rules.map(keyOf), ...rows, ...commissions.map(keyOf), ...commissionRows, ...held.flat()], ruleIds: rules.map((rule) => String(rule.id)) };
}

/**
 * Deletes the source, its id guard, its UTM rules and its commissions. Up to RULES_PER_TRANSACTION of those go in
 * one transaction with the source (conditional on its version): all or nothing. With more, the
 * surplus rules are deleted in batches first, after a check of the version, and the source last
 * with the remaining rules; a failure between leaves the source with fewer rules, never rules
 * without a source, and a retry finishes the job.
 */
export async function deleteSourceWithRules(companyId: string, id: string, expectedVersion: number): Promise<SourceWrite<{ ruleIds: string[] }>> {
  const current = await getSource(companyId, id);
  if (!current) return { ok: false, reason: 'missing' };
  const hanging = await itemsOfSource(companyId, id);
  const inTransaction = hanging.keys.slice(0, RULES_PER_TRANSACTION);
  const surplus = hanging.keys.slice(RULES_PER_TRANSACTION);
  // Stryker disable next-line ConditionalExpression: with no surplus the version check here answers 'stale' as the transaction's condition would, and nothing is batch-deleted
  if (surplus.length) {
    if (current.version !== expectedVersion) return { ok: false, reason: 'stale' };
    await batchDeleteKeys(surplus);
  }
  // Its name guard goes with it, if it holds one (a source made before the guards existed has none).
  const freeName = await releaseIfHeld(nameGuard(companyId, current.name, id));
  try {
    // At most 5 + RULES_PER_TRANSACTION items with the audit record: TransactWriteItems' 100.
    await auditedWrite(
      [
        {
          Delete: {
            TableName: tableName(),
            Key: keys.source(companyId, id),
            ConditionExpression: 'attribute_exists(pk) AND #version = :expected',
            ExpressionAttributeNames: { '#version': 'version' },
            ExpressionAttributeValues: { ':expected': expectedVersion },
          },
        },
        { Delete: { TableName: tableName(), Key: keys.sourceIdGuard(id) } },
        ...freeName,
        ...rowKeys(sourceList(companyId), sourceListing(current)).map((Key) => ({ Delete: { TableName: tableName(), Key } })),
        // The type of its commissions (functions/data/commissions.ts) is nobody's once they are gone.
        { Delete: { TableName: tableName(), Key: keys.commissionTypeGuard(companyId, id) } },
        ...inTransaction.map((Key) => ({ Delete: { TableName: tableName(), Key } })),
      ],
      { kind: 'source', action: 'delete', recordId: id, companyId, before: current, version: expectedVersion + 1 },
    );
  } catch (error) {
    // Our condition failed (gone or changed), or a concurrent write to the same items won: not ours to finish.
    if (
      // Stryker disable next-line ConditionalExpression: another error has no cancellation reasons, so the test below is false for it anyway
      isConditionFailure(error) &&
      cancellationCodes(error).some((code) => code === 'ConditionalCheckFailed' || code === 'TransactionConflict')
    ) {
      return { ok: false, reason: (await getSource(companyId, id)) ? 'stale' : 'missing' };
    }
    throw error;
  }
  return { ok: true, value: { ruleIds: hanging.ruleIds } };
}

/**
 * Re-index (`npm run reindex-lists`): every source of the company gets its rows (on the version
 * read: an edit meanwhile wrote its own) and its name guard, every UTM rule its conditions' guard,
 * then every commission its rows, its source's name and its source's type guard. Sources and
 * commissions stored before the rows have none and are missing from their pages until then; records
 * stored before the guards are not seen by the creates' checks, which read the guards only.
 */
export async function reindexCompanySources(companyId: string): Promise<{ sources: number; commissions: number }> {
  const all = await listSources(companyId);
  let written = 0;
  for (const source of all) {
    try {
      await transactWrite([
        {
          ConditionCheck: {
            TableName: tableName(),
            Key: keys.source(companyId, source.id),
            ConditionExpression: '#version = :version',
            ExpressionAttributeNames: { '#version': 'version' },
            ExpressionAttributeValues: { ':version': source.version },
          },
        },
        ...rowItems(sourceList(companyId), sourceListing(source)).map((Item) => ({ Put: { TableName: tableName(), Item } })),
      ]);
      written++;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    await claimIfFree(claimGuard(nameGuard(companyId, source.name, source.id)));
  }
  await reindexCompanyRules(companyId);
  const commissions = await reindexCompanyCommissions(companyId, new Map(all.map((source) => [source.id, source.name])));
  return { sources: written, commissions };
}
