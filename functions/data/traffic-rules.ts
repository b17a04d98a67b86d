import type { UtmCondition, UtmRule } from '../../shared/domain/utm-matching';
import { companyItems, queryPartition } from './company-items';
import { claimGuard, claimIfFree, guardHolder, releaseIfHeld, type Guard } from './guards';
import { keys, listRows, type Key, type ListRef } from './keys';
import { listPage, rowItems, rowKeys, type Listing } from './list-rows';
import { batchGetItems, batchPutItems, isConditionFailure, stripKeys, tableName, type TransactItem } from './table';

/**
 * UTM rules: items of the company's partition (`keys.rule`). Contract with the sources
 * repository: a rule carries `sourceId`, so deleting a source deletes its rules (and their guards)
 * in the same transaction. The conditions are stored structured (a list of three maps), never as a
 * JSON string. A rule's conditions are unique in the company (shared/domain/utm-overlap.ts
 * `utmRuleKey`): each rule holds a `keys.ruleGuard` item, claimed with the rule and released with it
 * (functions/data/guards.ts), so of concurrent creates of one rule exactly one is stored.
 */

export interface TrafficRuleRecord {
  id: string;
  companyId: string;
  sourceId: string;
  rule: UtmCondition[];
  version: number;
  created: string;
  updated: string;
}

/** The few attributes of a source the UTM page needs (read here: the sources repository is its own area). */
export interface SourceRef {
  id: string;
  name: string;
}

export type { WriteOutcome } from './company-items';

const rules = companyItems<TrafficRuleRecord>(keys.rule, keys.rulePrefix, 'rule');

/** The guard of a rule's conditions (the same conditions on any source are the same rule). */
export const ruleGuard = (record: { companyId: string; id: string; rule: UtmRule }): Guard => ({
  key: keys.ruleGuard(record.companyId, record.rule),
  holder: 'ruleId',
  id: record.id,
});

/** A create's outcome: stored, or refused because another rule (`holderId`) has these conditions. */
export type RuleCreated = { ok: true; value: TrafficRuleRecord } | { ok: false; reason: 'duplicate'; holderId: string };

export const listRules = rules.list;

/** These rules of the company (one BatchGet: the few rules that link a draft's traffic). */
export async function rulesOf(companyId: string, ids: readonly string[]): Promise<TrafficRuleRecord[]> {
  return (await batchGetItems([...new Set(ids)].map((id) => keys.rule(companyId, id)))).map((item) => stripKeys<TrafficRuleRecord>(item));
}

/** Index rows read per Query of `rulesForSource`. */
const SOURCE_ROWS_PER_READ = 1000;

/**
 * The rules that may match a combination of this utmSource (as the rules compare it): those that
 * require it and the broad ones (no `equal` utmSource), by their utmSource index rows, page after
 * page, then by key. Not the company's rules.
 */
export async function rulesForSource(companyId: string, utmSource: string): Promise<TrafficRuleRecord[]> {
  const list = ruleList(companyId);
  const bucket = (value: string) => listRows.row(list, 'utmSource', value, '').sk.slice(listRows.place(list, 'utmSource').prefix.length);
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const page = await listPage(list, { sort: 'utmSource', dir: 'asc', buckets: [...new Set([bucket(utmSource), bucket('')])] }, cursor, SOURCE_ROWS_PER_READ);
    ids.push(...page.ids);
    cursor = page.next;
  } while (cursor);
  return rulesOf(companyId, ids);
}

/**
 * Re-index (`npm run reindex-lists`): the rows and the conditions' guard of every rule of the
 * company (rules stored before either have none: their page, the overlap and duplicate checks
 * would not see them). The guard only if no other rule holds it.
 */
export async function reindexCompanyRules(companyId: string): Promise<void> {
  for (const rule of await listRules(companyId)) {
    if (!Array.isArray(rule.rule)) continue;
    await batchPutItems(rowItems(ruleList(companyId), ruleListing(rule)));
    await claimIfFree(claimGuard(ruleGuard(rule)));
  }
}

/** The stored rule with these conditions, whatever its source: its guard's holder, read by key (null: none). */
export async function ruleWithConditions(companyId: string, rule: UtmRule): Promise<TrafficRuleRecord | null> {
  const holderId = await guardHolder(keys.ruleGuard(companyId, rule), 'ruleId');
  return holderId ? rules.get(companyId, holderId) : null;
}

const ruleList = (companyId: string): ListRef => ({ name: 'rules', companyId });

/** The utmSource a rule requires (its `equal` condition on utmSource), or null: a broad rule, which may match any combination. */
export const requiredSource = (rule: UtmRule): string | null => rule.find((condition) => condition.utm === 'utmSource' && condition.type === 'equal')?.value ?? null;

/**
 * A rule's sort-index rows (functions/data/list-rows.ts, the list `rules` in the company's
 * partition): by creation (a rule never changes), the page's order; and by the utmSource it
 * requires (empty for a broad rule), the index of `rulesForSource`. Searched over its conditions'
 * values, filtered on its source. Written and deleted in the rule's own transaction.
 */
const ruleListing = (record: Pick<TrafficRuleRecord, 'id' | 'created' | 'sourceId' | 'rule'>): Listing => ({
  id: record.id,
  sort: { created: record.created, utmSource: requiredSource(record.rule) ?? '' },
  words: record.rule.map((condition) => condition.value),
  fields: { sourceId: record.sourceId },
});

/** The keys of a rule's rows (a source's deletion deletes them with its rules). */
export const ruleRowKeys = (companyId: string, record: Pick<TrafficRuleRecord, 'id' | 'created' | 'sourceId' | 'rule'>): Key[] => rowKeys(ruleList(companyId), ruleListing(record));

const putRows = (record: TrafficRuleRecord): TransactItem[] => rowItems(ruleList(record.companyId), ruleListing(record)).map((Item) => ({ Put: { TableName: tableName(), Item } }));

export interface RuleQuery {
  dir: 'asc' | 'desc';
  search?: string;
  /** Only the rules of this source. */
  sourceId?: string;
}

/** One page of the company's rules by creation (searched, of one source if asked), and the next page's cursor. */
export async function rulesPage(companyId: string, query: RuleQuery, cursor: string | null, limit: number): Promise<{ rules: TrafficRuleRecord[]; next: string | null }> {
  const { ids, next } = await listPage(ruleList(companyId), { sort: 'created', dir: query.dir, search: query.search, ...(query.sourceId ? { where: { sourceId: query.sourceId } } : {}) }, cursor, limit);
  const found = new Map((await batchGetItems(ids.map((id) => keys.rule(companyId, id)))).map((item) => [item.id as string, stripKeys<TrafficRuleRecord>(item)]));
  return { rules: ids.flatMap((id) => found.get(id) ?? []), next };
}

/** Writes a new rule with its guard and its row; the same conditions held by another rule are refused, nothing written. */
export async function putNewRule(record: TrafficRuleRecord): Promise<RuleCreated> {
  const guard = ruleGuard(record);
  try {
    return { ok: true, value: await rules.putNew(record, [claimGuard(guard), ...putRows(record)]) };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const holderId = await guardHolder(guard.key, guard.holder);
    if (holderId && holderId !== record.id) return { ok: false, reason: 'duplicate', holderId };
    throw error;
  }
}

/** Deletes the rule and its row only on the version the page read, and frees its conditions. */
export const deleteRule = (companyId: string, id: string, expectedVersion: number) =>
  rules.remove(companyId, id, expectedVersion, async (before) => [
    ...(await releaseIfHeld(ruleGuard(before))),
    ...ruleRowKeys(companyId, before).map((Key) => ({ Delete: { TableName: tableName(), Key } })),
  ]);

/** The company's sources, id and name only (one Query of its SOURCE# items). */
export async function listSourceRefs(companyId: string): Promise<SourceRef[]> {
  const items = await queryPartition(companyId, keys.sourcePrefix, { ProjectionExpression: '#id, #name', ExpressionAttributeNames: { '#id': 'id', '#name': 'name' } });
  return items.map((item) => ({ id: String(item.id), name: String(item.name ?? '') }));
}



/** The names of these sources of the company (one BatchGet: a page of rules names its few sources). */
export async function sourceRefsOf(companyId: string, ids: readonly string[]): Promise<SourceRef[]> {
  const items = await batchGetItems([...new Set(ids)].map((id) => keys.source(companyId, id)));
  return items.map((item) => ({ id: String(item.id), name: String(item.name ?? '') }));
}
