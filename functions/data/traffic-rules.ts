import type { UtmCondition } from '../../shared/domain/utm-matching';
import { companyItems, queryPartition } from './company-items';
import { keys } from './keys';

/**
 * UTM rules: items of the company's partition (`keys.rule`). Contract with the sources
 * repository: a rule carries `sourceId`, so deleting a source deletes its rules in the same
 * transaction. The conditions are stored structured (a list of three maps), never as a JSON string.
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


export const listRules = rules.list;
/** Writes a new rule; an id already taken in the partition is refused (never overwritten). */
export const putNewRule = rules.putNew;
/** Deletes the rule only on the version the page read. */
export const deleteRule = rules.remove;

/** The company's sources, id and name only (one Query of its SOURCE# items). */
export async function listSourceRefs(companyId: string): Promise<SourceRef[]> {
  const items = await queryPartition(companyId, keys.sourcePrefix, { ProjectionExpression: '#id, #name', ExpressionAttributeNames: { '#id': 'id', '#name': 'name' } });
  return items.map((item) => ({ id: String(item.id), name: String(item.name ?? '') }));
}


