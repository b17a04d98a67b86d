/**
 * UTM management's pure rules (spec integration-steps, "UTM management", sections 3, 5 and 9):
 * a rule links a source to the traffic whose three UTM values (utmSource, utmMedium, utmCampaign)
 * each pass one condition; a traffic row is linked when some rule of the company matches it.
 *
 * Matching is case-insensitive and ignores surrounding spaces: analytics tools report the same
 * campaign as 'Google', 'google' and 'GOOGLE ', and marketers expect one rule to cover them all.
 */

export const UTM_DIMENSIONS = ['utmSource', 'utmMedium', 'utmCampaign'] as const;
export type UtmDimension = (typeof UTM_DIMENSIONS)[number];

/** The spec's match types; 'any' accepts every value (its value is ignored and stored empty). */
export const MATCH_TYPES = ['any', 'equal', 'not equal', 'contains', 'not contains'] as const;
export type MatchType = (typeof MATCH_TYPES)[number];

/** Longest value of one condition (a campaign name with some slack). */
export const UTM_VALUE_MAX_LENGTH = 200;

export interface UtmCondition {
  type: MatchType;
  utm: UtmDimension;
  value: string;
}

/** The spec's rule: an ordered list of three conditions, one per dimension, in UTM_DIMENSIONS order. */
export type UtmRule = readonly UtmCondition[];

/** A combination of UTM values seen by the analytics tool, with its sessions. */
export interface TrafficRow {
  /** A hash of the three values: one row per combination. */
  id: string;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
  sessions: number;
}

export interface TrafficRowView extends TrafficRow {
  /** Some rule of the company matches it. */
  linked: boolean;
}

/** The spec's aggregates of the traffic. */
export interface TrafficAggregates {
  unlinkedUtms: number;
  unlinkedSessions: number;
  totalSessions: number;
  totalUtms: number;
}

/** GET /api/traffic: every row (descending by sessions) with its link state, and the aggregates. */
export interface TrafficAnswer extends TrafficAggregates {
  rows: TrafficRowView[];
}

/**
 * GET /api/traffic: one page of rows (by sessions, searched, filtered), the next page's cursor (null:
 * the last), the aggregates of all the company's traffic, the last analytics import, and the stored
 * View ID the import reads (null: none yet).
 */
export interface TrafficListAnswer extends TrafficAnswer {
  next: string | null;
  /** A change of the rules is being applied to the traffic (the relink job): link states and counts are about to change. */
  linking: boolean;
  imported: { at: string; rows: number } | null;
  viewId: string | null;
}

/** How many of the combinations a draft rule matches are answered (the most sessions first); `utms` and `sessions` count them all. */
export const MATCH_ROWS_SHOWN = 100;

/** POST /api/traffic/match: what a draft rule would link, before it is saved. */
import type { OverlapRow } from './utm-overlap';

export interface TrafficMatchAnswer {
  /** The first MATCH_ROWS_SHOWN matches by sessions. */
  rows: TrafficRowView[];
  /**
   * Asked with a `source`: the matches that rules of other sources link already, over ALL the
   * company's rules and traffic (the first MATCH_ROWS_SHOWN by sessions): what the create refuses
   * without `acceptOverlap`, for the page's dialog whatever page of rules it shows.
   */
  overlap?: OverlapRow[];
  /** The names of the sources `overlap` names (id, name). */
  overlapSources?: Array<{ id: string; name: string }>;
  utms: number;
  sessions: number;
}

/** A stored UTM rule as the API answers it (the source's name joined from the company's sources). */
export interface TrafficRule {
  id: string;
  sourceId: string;
  /** The source's name; empty if the source disappeared meanwhile. */
  source: string;
  rule: UtmCondition[];
  version: number;
  created: string;
}

/** GET /api/traffic-rules: one page of rules (by creation) and the next page's cursor (null: the last). */
export interface TrafficRulesPage {
  rules: TrafficRule[];
  next: string | null;
}

/** POST /api/traffic-rules. */
export interface TrafficRuleCreated {
  rule: TrafficRule;
  aggregates: TrafficAggregates;
  /** The utm_rules step after the creation (null: the company's integration has no such step). */
  stepStatus: 'TBD' | 'done' | 'not_mandatory' | null;
  /** Always true: the traffic is linked to the new rule by the relink job, after the answer (`aggregates` are the counts before). */
  linking: true;
}

/** POST /api/traffic-rules/apply: the stored rules re-applied, and what the given rule would add. */
export interface TrafficRulesApplied {
  aggregates: TrafficAggregates;
  /** The aggregates if the given rule were added to the stored ones. */
  withRule: TrafficAggregates;
  stepStatus: 'TBD' | 'done' | 'not_mandatory' | null;
}

const normalize = (value: string): string => value.trim().toLowerCase();

/** Whether one value passes one condition (case-insensitive, trimmed). */
export function conditionMatches(condition: Pick<UtmCondition, 'type' | 'value'>, actual: string): boolean {
  const expected = normalize(condition.value);
  const value = normalize(actual);
  switch (condition.type) {
    case 'any':
      return true;
    case 'equal':
      return value === expected;
    case 'not equal':
      return value !== expected;
    case 'contains':
      return value.includes(expected);
    case 'not contains':
      return !value.includes(expected);
  }
}

/** A rule matches a row when each of its conditions passes the row's value of its dimension. */
export function ruleMatches(rule: UtmRule, row: Pick<TrafficRow, UtmDimension>): boolean {
  return rule.every((condition) => conditionMatches(condition, row[condition.utm] ?? ''));
}

/** A rule that constrains nothing would link all traffic to one source: refused (spec: one non-'any' row with a value). */
export function isRuleMeaningful(rule: UtmRule): boolean {
  return rule.some((condition) => condition.type !== 'any' && condition.value.trim() !== '');
}

/** The stored form of a rule: conditions in dimension order, values trimmed, 'any' values empty. */
export function normalizeRule(rule: UtmRule): UtmCondition[] {
  return UTM_DIMENSIONS.map((utm) => {
    const condition = rule.find((c) => c.utm === utm);
    if (!condition || condition.type === 'any') return { type: 'any', utm, value: '' };
    return { type: condition.type, utm, value: condition.value.trim() };
  });
}

/** Descending by sessions, then by the three values (a stable order for equal sessions). */
export function bySessions(a: TrafficRow, b: TrafficRow): number {
  return b.sessions - a.sessions || a.utmSource.localeCompare(b.utmSource) || a.utmMedium.localeCompare(b.utmMedium) || a.utmCampaign.localeCompare(b.utmCampaign);
}

/** Every row with its link state (some rule matches), in the traffic table's order, and the aggregates. */
export function linkTraffic(rows: readonly TrafficRow[], rules: readonly UtmRule[]): TrafficAnswer {
  const views = rows.map((row) => ({ ...row, linked: rules.some((rule) => ruleMatches(rule, row)) })).sort(bySessions);
  return { rows: views, ...aggregate(views) };
}

function aggregate(rows: readonly TrafficRowView[]): TrafficAggregates {
  let unlinkedUtms = 0;
  let unlinkedSessions = 0;
  let totalSessions = 0;
  for (const row of rows) {
    totalSessions += row.sessions;
    if (!row.linked) {
      unlinkedUtms += 1;
      unlinkedSessions += row.sessions;
    }
  }
  return { unlinkedUtms, unlinkedSessions, totalSessions, totalUtms: rows.length };
}

/** The traffic one (draft) rule would link, with the link state the stored rules give each row. */
export function matchTraffic(rows: readonly TrafficRow[], rules: readonly UtmRule[], draft: UtmRule): TrafficMatchAnswer {
  const matched = linkTraffic(rows, rules).rows.filter((row) => ruleMatches(draft, row));
  return { rows: matched, utms: matched.length, sessions: matched.reduce((sum, row) => sum + row.sessions, 0) };
}

/**
 * A rule proposal for an unlinked combination (beyond the spec: the page offers one per top
 * combination): 'equal' on every non-empty value, 'any' where the analytics tool had none.
 */
export function proposeRule(row: Pick<TrafficRow, UtmDimension>): UtmCondition[] {
  return UTM_DIMENSIONS.map((utm) => {
    const value = row[utm].trim();
    const empty = value === '' || value === '(not set)' || value === '(none)';
    return empty ? { type: 'any', utm, value: '' } : { type: 'equal', utm, value };
  });
}
