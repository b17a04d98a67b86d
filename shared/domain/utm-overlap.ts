import { bySessions, normalizeRule, ruleMatches, type TrafficRow, type UtmRule } from './utm-matching';

/**
 * Rules that contradict each other (issue 21, "Data that contradicts itself"): the same rule twice,
 * and a rule that links traffic already linked to another source (one combination then counts
 * for two sources). Pure, so the UTM page's preview and the server's refusal agree.
 */

/** A stored rule, or a draft: whose source it links, and its conditions. */
export interface SourcedRule {
  sourceId: string;
  rule: UtmRule;
}

/**
 * What makes two rules one: the type and value of each row, compared as matching does
 * (case-insensitive, trimmed). THE UTM rule's uniqueness: the page's check, the server's read and
 * the data layer's guard item (functions/data/keys.ts `ruleGuard`) all compare with it.
 */
export const utmRuleKey = (rule: UtmRule): string =>
  normalizeRule(rule)
    .map((condition) => `${condition.type}:${condition.value.toLowerCase()}`)
    .join('\u0000');

/** A stored rule with the draft's conditions, whatever its source (the same rule on two sources links everything twice). */
export const findSameRule = <R extends SourcedRule>(rules: readonly R[], draft: UtmRule): R | undefined => {
  const key = utmRuleKey(draft);
  return rules.find((stored) => utmRuleKey(stored.rule) === key);
};

/** A traffic combination the draft would link to its source while rules of other sources link it already. */
export interface OverlapRow extends TrafficRow {
  /** The other sources that link it now (ids, each once, in the rules' order). */
  sourceIds: string[];
}

/**
 * The traffic rows that would be linked to two sources (or more) if `draft` were saved: those the
 * draft matches and some rule of another source matches too. Rules of the draft's own source do
 * not count (a source may have several rules over the same traffic). Descending by sessions.
 */
export function overlapWithOtherSources(rows: readonly TrafficRow[], rules: readonly SourcedRule[], draft: SourcedRule): OverlapRow[] {
  const others = rules.filter((stored) => stored.sourceId !== draft.sourceId);
  const overlap: OverlapRow[] = [];
  for (const row of rows) {
    if (!ruleMatches(draft.rule, row)) continue;
    const sourceIds = [...new Set(others.filter((stored) => ruleMatches(stored.rule, row)).map((stored) => stored.sourceId))];
    if (sourceIds.length) overlap.push({ id: row.id, utmSource: row.utmSource, utmMedium: row.utmMedium, utmCampaign: row.utmCampaign, sessions: row.sessions, sourceIds });
  }
  return overlap.sort(bySessions);
}
