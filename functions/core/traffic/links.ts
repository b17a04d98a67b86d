import { ruleMatches, type TrafficAggregates, type TrafficRow, type UtmRule } from '../../../shared/domain/utm-matching';
import * as rulesRepo from '../../data/traffic-rules';
import type { TrafficRuleRecord } from '../../data/traffic-rules';
import * as trafficRepo from '../../data/traffic';
import type { TrafficInput, TrafficRecord } from '../../data/traffic';

/**
 * Each traffic combination keeps whether a rule links it (`linkedBy`, docs/architecture.md,
 * "A big advertiser: stored link states"): decided here when traffic is stored and when rules
 * change, so a page of the UTM page reads a page, never 100,000 combinations x 5,000 rules.
 * - traffic stored (the analytics import): each combination is matched against the rules once;
 * - a rule created: the unlinked combinations it matches become linked by it;
 * - rules deleted (a rule, a source with its rules): the combinations they linked are matched
 *   against the rules left, and linked by one of them or unlinked.
 * Each ends by counting the combinations again (`countTraffic`): the page's figures.
 */

type Finder = (row: Pick<TrafficRow, 'utmSource' | 'utmMedium' | 'utmCampaign'>) => string | null;

const key = (value: string): string => value.trim().toLowerCase();

/**
 * The first rule that matches a combination. Rules with an `equal` utmSource condition are looked
 * up by that value, so a combination is matched against its few candidates and the rules without
 * one, not against all 5,000 rules.
 */
export function ruleFinder(rules: ReadonlyArray<{ id: string; rule: UtmRule }>): Finder {
  const bySource = new Map<string, Array<{ id: string; rule: UtmRule }>>();
  const others: Array<{ id: string; rule: UtmRule }> = [];
  for (const rule of rules) {
    const source = rule.rule.find((condition) => condition.utm === 'utmSource' && condition.type === 'equal');
    if (!source) {
      others.push(rule);
      continue;
    }
    const list = bySource.get(key(source.value)) ?? [];
    list.push(rule);
    bySource.set(key(source.value), list);
  }
  return (row) => {
    const found = [...(bySource.get(key(row.utmSource)) ?? []), ...others].find((rule) => ruleMatches(rule.rule, row));
    return found?.id ?? null;
  };
}

/** Stores combinations with their link state against the company's rules, then counts (`replace`: the import, the company's traffic becomes exactly these). */
export async function storeTraffic(companyId: string, rows: ReadonlyArray<Omit<TrafficInput, 'linkedBy'>>, { replace }: { replace: boolean }): Promise<TrafficRecord[]> {
  const find = ruleFinder(await rulesRepo.listRules(companyId));
  const linked = rows.map((row) => ({ ...row, linkedBy: find(row) }));
  const records = await (replace ? trafficRepo.replaceTraffic : trafficRepo.putTraffic)(companyId, linked);
  await trafficRepo.countTraffic(companyId);
  return records;
}

/** A new rule links the unlinked combinations it matches (`traffic`: the combinations read before); answers the new counts. */
export async function linkNewRule(companyId: string, rule: Pick<TrafficRuleRecord, 'id' | 'rule'>, traffic: readonly TrafficRecord[]): Promise<TrafficAggregates> {
  const changes = traffic.filter((record) => !record.linkedBy && ruleMatches(rule.rule, record)).map((record) => ({ record, from: null, to: rule.id }));
  await trafficRepo.setLinks(companyId, changes);
  return trafficRepo.countTraffic(companyId);
}

/** The combinations these (deleted) rules linked: linked again by a rule left, or unlinked; answers the new counts. */
export async function relinkAfterRulesGone(companyId: string, ruleIds: readonly string[]): Promise<TrafficAggregates> {
  const gone = new Set(ruleIds);
  const [orphans, rules] = await Promise.all([trafficRepo.trafficLinkedBy(companyId, ruleIds), rulesRepo.listRules(companyId)]);
  const find = ruleFinder(rules.filter((rule) => !gone.has(rule.id)));
  await trafficRepo.setLinks(
    companyId,
    orphans.map((record) => ({ record, from: record.linkedBy ?? null, to: find(record) })),
  );
  return trafficRepo.countTraffic(companyId);
}

/** The company's traffic figures: the stored counts, counted again when a write dropped them. */
export async function trafficCounts(companyId: string): Promise<TrafficAggregates> {
  return (await trafficRepo.getTrafficSummary(companyId)) ?? trafficRepo.countTraffic(companyId);
}
