import type { UtmCondition, UtmRule } from '../../shared/domain/utm-matching';
import { companyItems, queryPartition } from './company-items';
import { claimGuard, guardHolder, releaseIfHeld, type Guard } from './guards';
import { keys } from './keys';
import { isConditionFailure } from './table';

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

/** Writes a new rule with its guard; the same conditions held by another rule are refused, nothing written. */
export async function putNewRule(record: TrafficRuleRecord): Promise<RuleCreated> {
  const guard = ruleGuard(record);
  try {
    return { ok: true, value: await rules.putNew(record, [claimGuard(guard)]) };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const holderId = await guardHolder(guard.key, guard.holder);
    if (holderId && holderId !== record.id) return { ok: false, reason: 'duplicate', holderId };
    throw error;
  }
}

/** Deletes the rule only on the version the page read, and frees its conditions. */
export const deleteRule = (companyId: string, id: string, expectedVersion: number) =>
  rules.remove(companyId, id, expectedVersion, (before) => releaseIfHeld(ruleGuard(before)));

/** The company's sources, id and name only (one Query of its SOURCE# items). */
export async function listSourceRefs(companyId: string): Promise<SourceRef[]> {
  const items = await queryPartition(companyId, keys.sourcePrefix, { ProjectionExpression: '#id, #name', ExpressionAttributeNames: { '#id': 'id', '#name': 'name' } });
  return items.map((item) => ({ id: String(item.id), name: String(item.name ?? '') }));
}


