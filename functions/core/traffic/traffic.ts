import { randomUUID } from 'node:crypto';
import type { StepStatus } from '../../../shared/domain/types';
import {
  bySessions,
  MATCH_ROWS_SHOWN,
  normalizeRule,
  ruleMatches,
  type TrafficAggregates,
  type TrafficListAnswer,
  type TrafficMatchAnswer,
  type TrafficRule,
  type TrafficRowView,
  type TrafficRuleCreated,
  type TrafficRulesApplied,
  type TrafficRulesPage,
  type UtmRule,
} from '../../../shared/domain/utm-matching';
import { LIST_PAGE_SIZE, trafficListQuerySchema, trafficRulesQuerySchema } from '../../../shared/schemas/lists';
import { overlapWithOtherSources, type OverlapRow, type SourcedRule } from '../../../shared/domain/utm-overlap';
import { ruleList, type RuleMap } from '../../../shared/schemas/traffic';
import type { CompanyRecord } from '../../data/companies';
import * as stepsRepo from '../../data/steps';
import * as rulesRepo from '../../data/traffic-rules';
import { requiredSource } from '../../data/traffic-rules';
import type { RuleCreated, RuleQuery, SourceRef, TrafficRuleRecord, WriteOutcome } from '../../data/traffic-rules';
import * as trafficRepo from '../../data/traffic';
import type { TrafficImport, TrafficQuery, TrafficRecord } from '../../data/traffic';
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors';
import { validQuery } from '../../platform/query';
import { changeStepStatus, type Actor } from '../integration/steps';
import { askRelink, linkingState, trafficCounts } from './links';

/**
 * UTM management's use cases (spec integration-steps, "UTM management"). The company is always
 * the caller's current one; bodies were validated by shared/schemas/traffic.ts. Whether a traffic
 * combination is linked is stored with it and kept by the writes (./links.ts): a read of the
 * traffic reads one page and the stored counts, never every combination against every rule.
 */

export interface TrafficDeps {
  /** Every combination: the matches of a broad rule only (one without an `equal` utmSource). */
  listTraffic(companyId: string): Promise<TrafficRecord[]>;
  /** The combinations of one utmSource value (linked or not if asked), by the index. */
  trafficWithSource(companyId: string, utmSource: string, linked?: boolean): Promise<TrafficRecord[]>;
  trafficPage(companyId: string, query: TrafficQuery, cursor: string | null, limit: number): Promise<{ rows: TrafficRecord[]; next: string | null }>;
  counts(companyId: string): Promise<TrafficAggregates>;
  /** After a change of the rules: the relink job links the traffic again (functions/core/traffic/links.ts). */
  askRelink(companyId: string): Promise<void>;
  /** Whether a relink is under way (the page shows the traffic "being linked"). */
  linking(companyId: string): Promise<boolean>;
  /** Whether the company has a rule (a page of one). */
  anyRule(companyId: string): Promise<boolean>;
  rulesOf(companyId: string, ids: readonly string[]): Promise<TrafficRuleRecord[]>;
  /** Every rule: the overlap check of a broad draft only. */
  listRules(companyId: string): Promise<TrafficRuleRecord[]>;
  /** The rules that require this utmSource and the broad ones, by the index. */
  rulesForSource(companyId: string, utmSource: string): Promise<TrafficRuleRecord[]>;
  /** The stored rule with these conditions (its guard, by key). */
  ruleWithConditions(companyId: string, rule: UtmRule): Promise<TrafficRuleRecord | null>;
  rulesPage(companyId: string, query: RuleQuery, cursor: string | null, limit: number): Promise<{ rules: TrafficRuleRecord[]; next: string | null }>;
  sourceRefsOf(companyId: string, ids: readonly string[]): Promise<SourceRef[]>;
  lastImport(companyId: string): Promise<TrafficImport | null>;
  putNewRule(record: TrafficRuleRecord): Promise<RuleCreated>;
  deleteRule(companyId: string, id: string, expectedVersion: number): Promise<WriteOutcome<null>>;
  utmStepStatus(companyId: string): Promise<StepStatus | null>;
  completeUtmStep(company: CompanyRecord, actor: Actor): Promise<StepStatus | null>;
  newId(): string;
  now(): Date;
}

const defaults: TrafficDeps = {
  listTraffic: trafficRepo.listTraffic,
  trafficWithSource: trafficRepo.trafficWithSource,
  trafficPage: trafficRepo.trafficPage,
  counts: trafficCounts,
  askRelink,
  linking: (companyId) => linkingState(companyId),
  anyRule: async (companyId) => (await rulesRepo.rulesPage(companyId, { dir: 'asc' }, null, 1)).rules.length > 0,
  rulesOf: rulesRepo.rulesOf,
  listRules: rulesRepo.listRules,
  rulesForSource: rulesRepo.rulesForSource,
  ruleWithConditions: rulesRepo.ruleWithConditions,
  rulesPage: rulesRepo.rulesPage,
  sourceRefsOf: rulesRepo.sourceRefsOf,
  lastImport: trafficRepo.getTrafficImport,
  putNewRule: rulesRepo.putNewRule,
  deleteRule: rulesRepo.deleteRule,
  utmStepStatus: async (companyId) => (await stepsRepo.listSteps(companyId)).find((s) => s.stepType === 'utm_rules')?.status ?? null,
  // Through the step engine: conditional (one transition among concurrent creates) and the team's mail.
  completeUtmStep: async (company, actor) => {
    const status = await changeStepStatus(company, actor, { stepType: 'utm_rules', status: 'done', byCheck: true });
    return status.steps.find((s) => s.stepType === 'utm_rules')?.status ?? null;
  },
  newId: randomUUID,
  now: () => new Date(),
};

const NO_RULE = 'No such UTM rule';
const STALE_RULE = 'This UTM rule was changed by someone else: reload the page and try again';
const PLAUSIBLE_ID = /^[A-Za-z0-9-]{1,64}$/;

const rows = (records: readonly TrafficRecord[]) =>
  records.map(({ id, utmSource, utmMedium, utmCampaign, sessions }) => ({ id, utmSource, utmMedium, utmCampaign, sessions }));
const views = (records: readonly TrafficRecord[]): TrafficRowView[] => records.map((record) => ({ ...rows([record])[0]!, linked: !!record.linkedBy }));
const aggregatesOf = ({ unlinkedUtms, unlinkedSessions, totalSessions, totalUtms }: TrafficAggregates): TrafficAggregates => ({
  unlinkedUtms,
  unlinkedSessions,
  totalSessions,
  totalUtms,
});

function toTrafficRule(record: TrafficRuleRecord, sources: SourceRef[]): TrafficRule {
  const { id, sourceId, rule, version, created } = record;
  return { id, sourceId, source: sources.find((s) => s.id === sourceId)?.name ?? '', rule: normalizeRule(rule), version, created };
}

/**
 * GET /api/traffic: one page of combinations (by sessions, descending unless asked; searched over
 * the three values; only linked or unlinked ones if asked) with their stored link state, the
 * counts of the whole traffic, the last import (the page's "Import again" shows its time) and the
 * stored View ID (what the import reads).
 */
export async function listCompanyTraffic(company: CompanyRecord, query: Record<string, string> = {}, deps: TrafficDeps = defaults): Promise<TrafficListAnswer> {
  const params = validQuery(trafficListQuerySchema, query);
  const filter: TrafficQuery = { dir: params.dir === 'asc' ? 'asc' : 'desc', search: params.q, ...(params.linked ? { linked: params.linked === 'linked' } : {}) };
  const [page, counts, imported, linking] = await Promise.all([
    deps.trafficPage(company.id, filter, params.cursor || null, params.limit ?? LIST_PAGE_SIZE),
    deps.counts(company.id),
    deps.lastImport(company.id),
    deps.linking(company.id),
  ]);
  return { rows: views(page.rows), next: page.next, ...aggregatesOf(counts), linking, imported: imported && { at: imported.at, rows: imported.rows }, viewId: company.viewId ?? null };
}

/**
 * The combinations a draft rule matches, only the linked or the unlinked ones if asked
 * (docs/architecture.md, "A big advertiser: stored link states"). A rule with an `equal` utmSource
 * matches only combinations of that value: they are read by the traffic's utmSource index, however large
 * the company's traffic. A broad rule may match any combination: it reads them all.
 */
async function trafficMatching(companyId: string, draft: UtmRule, deps: TrafficDeps, linked?: boolean): Promise<TrafficRecord[]> {
  const source = requiredSource(draft);
  const candidates =
    source === null ? (await deps.listTraffic(companyId)).filter((record) => linked === undefined || !!record.linkedBy === linked) : await deps.trafficWithSource(companyId, source, linked);
  return candidates.filter((record) => ruleMatches(draft, record));
}

/**
 * The draft's matches that rules of other sources match too (shared/domain/utm-overlap.ts), on the
 * rules as stored (not the link states, which a relink under way has yet to bring up to date). A
 * draft with an `equal` utmSource is held against the rules that may match its combinations: those
 * of the same utmSource and the broad ones (the rules' utmSource index). A broad draft, against all.
 */
async function overlapOf(companyId: string, matched: readonly TrafficRecord[], draft: SourcedRule, deps: TrafficDeps): Promise<OverlapRow[]> {
  if (!matched.length) return [];
  const source = requiredSource(draft.rule);
  return overlapWithOtherSources(rows(matched), await (source === null ? deps.listRules(companyId) : deps.rulesForSource(companyId, source)), draft);
}

/** POST /api/traffic/match: the traffic a draft rule would link, before it is saved (the first MATCH_ROWS_SHOWN by sessions, all of them counted). */
export async function matchCompanyTraffic(companyId: string, rule: RuleMap, deps: TrafficDeps = defaults, sourceId?: string): Promise<TrafficMatchAnswer> {
  const draft = normalizeRule(ruleList(rule));
  const matched = await trafficMatching(companyId, draft, deps);
  const answer = { rows: views([...matched].sort(bySessions).slice(0, MATCH_ROWS_SHOWN)), utms: matched.length, sessions: matched.reduce((sum, record) => sum + record.sessions, 0) };
  if (!sourceId) return answer;
  // The create's own check (refuseContradiction), over all the matches: the page shows a page of them only.
  const overlap = (await overlapOf(companyId, matched, { sourceId, rule: draft }, deps)).slice(0, MATCH_ROWS_SHOWN);
  const named = [...new Set(overlap.flatMap((row) => row.sourceIds))];
  const overlapSources = named.length ? (await deps.sourceRefsOf(companyId, named)).map(({ id, name }) => ({ id, name })) : [];
  return { ...answer, overlap, overlapSources };
}

/**
 * GET /api/traffic-rules: one page of rules by creation (oldest first unless asked), searched over
 * their values, of one source if asked; the page's sources named by one read of those sources.
 */
export async function listCompanyRules(companyId: string, query: Record<string, string> = {}, deps: TrafficDeps = defaults): Promise<TrafficRulesPage> {
  const params = validQuery(trafficRulesQuerySchema, query);
  const page = await deps.rulesPage(companyId, { dir: params.dir === 'desc' ? 'desc' : 'asc', search: params.q, ...(params.source ? { sourceId: params.source } : {}) }, params.cursor || null, params.limit ?? LIST_PAGE_SIZE);
  const sources = await deps.sourceRefsOf(companyId, page.rules.map((rule) => rule.sourceId));
  return { rules: page.rules.map((r) => toTrafficRule(r, sources)), next: page.next };
}

/** The source must be one of the company's own (read by key): another company's id is unknown here (400, nothing written). */
async function requireSource(companyId: string, sourceId: string, deps: TrafficDeps): Promise<SourceRef[]> {
  const sources = await deps.sourceRefsOf(companyId, [sourceId]);
  if (!sources.some((s) => s.id === sourceId)) throw new ValidationError({ source: 'validation.utm.sourceUnknown' });
  return sources;
}

/**
 * utm_rules completes when a rule exists and no traffic is left unlinked. Traffic there must be:
 * with nothing imported yet, "nothing unlinked" says nothing about the rules.
 */
async function completeIfAllLinked(
  company: CompanyRecord,
  actor: Actor,
  aggregates: TrafficAggregates,
  deps: TrafficDeps,
): Promise<StepStatus | null> {
  const status = await deps.utmStepStatus(company.id);
  if (status !== 'TBD' || aggregates.totalUtms === 0 || aggregates.unlinkedUtms > 0 || !(await deps.anyRule(company.id))) return status;
  return deps.completeUtmStep(company, actor);
}

/**
 * utm_rules re-evaluated on the stored traffic and rules: after an analytics import (new traffic
 * the rules may link already) as after a rule's create. Through the step engine (one transition,
 * one mail to the team).
 */
export async function completeUtmStepIfLinked(company: CompanyRecord, actor: Actor, deps: TrafficDeps = defaults): Promise<StepStatus | null> {
  return completeIfAllLinked(company, actor, aggregatesOf(await deps.counts(company.id)), deps);
}

const describeRule = (rule: UtmRule): string =>
  normalizeRule(rule)
    .map((c) => (c.type === 'any' ? `${c.utm} any` : `${c.utm} ${c.type} "${c.value}"`))
    .join(', ');

const sourceName = (sources: SourceRef[], id: string): string => sources.find((s) => s.id === id)?.name ?? '';

/** THE answer to the same rule twice: 409 naming the stored rule and its source, whichever check found it. */
const duplicateRule = (same: Pick<TrafficRuleRecord, 'sourceId' | 'rule'>, sources: SourceRef[]): ConflictError =>
  new ConflictError(`This UTM rule exists already (source "${sourceName(sources, same.sourceId)}": ${describeRule(same.rule)})`, { rule: 'validation.utm.duplicate' });

/**
 * The rules that would contradict the stored ones (shared/domain/utm-overlap.ts, the page's preview
 * uses the same functions): the same rule again (any source) is a 409 naming it; a rule linking
 * traffic that another source's rules link is a 409 unless the caller accepts the overlap. Each is
 * a bounded read: the stored rule by its conditions' guard (rules stored before the guards get
 * theirs from `npm run reindex-lists`), the linked combinations the draft matches (`overlapOf`).
 * Concurrent creates of one rule are settled by the data layer's guard, answered alike.
 */
async function refuseContradiction(companyId: string, draft: UtmRule, sourceId: string, acceptOverlap: boolean, deps: TrafficDeps): Promise<void> {
  const same = await deps.ruleWithConditions(companyId, draft);
  if (same) throw duplicateRule(same, await deps.sourceRefsOf(companyId, [same.sourceId]));
  if (acceptOverlap) return;
  const overlap = await overlapOf(companyId, await trafficMatching(companyId, draft, deps), { sourceId, rule: draft }, deps);
  if (overlap.length) {
    const first = overlap[0]!;
    const sources = await deps.sourceRefsOf(companyId, first.sourceIds);
    throw new ConflictError(
      `${overlap.length} traffic combination(s) would be linked to two sources, e.g. ${describeRule([
        { type: 'equal', utm: 'utmSource', value: first.utmSource },
        { type: 'equal', utm: 'utmMedium', value: first.utmMedium },
        { type: 'equal', utm: 'utmCampaign', value: first.utmCampaign },
      ])} (already linked to "${first.sourceIds.map((id) => sourceName(sources, id)).join('", "')}"): send acceptOverlap: true to create the rule anyway`,
      { rule: 'validation.utm.overlap' },
    );
  }
}

/** POST /api/traffic-rules: stores the rule and asks for the relink (which completes utm_rules when nothing is left unlinked). */
export async function createRule(
  company: CompanyRecord,
  actor: Actor,
  input: { source: string; rule: RuleMap; acceptOverlap?: boolean },
  deps: TrafficDeps = defaults,
): Promise<TrafficRuleCreated> {
  const sources = await requireSource(company.id, input.source, deps);
  const draft = normalizeRule(ruleList(input.rule));
  await refuseContradiction(company.id, draft, input.source, input.acceptOverlap === true, deps);
  const at = deps.now().toISOString();
  const created = await deps.putNewRule({
    id: deps.newId(),
    companyId: company.id,
    sourceId: input.source,
    rule: draft,
    version: 1,
    created: at,
    updated: at,
  });
  if (!created.ok) {
    // Another create of the same rule won meanwhile: the same answer as the read above gives.
    const [holder] = await deps.rulesOf(company.id, [created.holderId]);
    throw duplicateRule(holder ?? { sourceId: input.source, rule: draft }, holder ? await deps.sourceRefsOf(company.id, [holder.sourceId]) : sources);
  }
  const record = created.value;
  // The combinations it matches that no rule linked become its own: by the relink job, which then
  // completes utm_rules if nothing is left unlinked. The answer's counts are those before it.
  await deps.askRelink(company.id);
  const [counts, stepStatus] = await Promise.all([deps.counts(company.id), deps.utmStepStatus(company.id)]);
  return { rule: toTrafficRule(record, sources), aggregates: aggregatesOf(counts), stepStatus, linking: true };
}

/**
 * POST /api/traffic-rules/apply `{ source, rule }`: writes no rule (that is the create). It
 * re-applies the company's stored rules to its stored traffic, which completes utm_rules when
 * everything is linked (the catch-up after new traffic was imported or the step was added to the
 * company after its rules), and answers the fresh aggregates together with what they would be if
 * the given rule were added: the page's preview of a draft rule's effect.
 */
export async function applyRules(
  company: CompanyRecord,
  actor: Actor,
  input: { source: string; rule: RuleMap },
  deps: TrafficDeps = defaults,
): Promise<TrafficRulesApplied> {
  await requireSource(company.id, input.source, deps);
  const draft = normalizeRule(ruleList(input.rule));
  // The rule would link the unlinked combinations it matches (the linked ones stay linked).
  const [gained, counts] = await Promise.all([trafficMatching(company.id, draft, deps, false), deps.counts(company.id)]);
  const aggregates = aggregatesOf(counts);
  const gainedSessions = gained.reduce((sum, record) => sum + record.sessions, 0);
  const withRule = { ...aggregates, unlinkedUtms: aggregates.unlinkedUtms - gained.length, unlinkedSessions: aggregates.unlinkedSessions - gainedSessions };
  const stepStatus = await completeIfAllLinked(company, actor, aggregates, deps);
  return { aggregates, withRule, stepStatus };
}

/** DELETE /api/traffic-rules/{id} `{ version }`: its traffic becomes unlinked, by the relink job (a done step stays done). */
export async function deleteCompanyRule(companyId: string, id: string, version: number, deps: TrafficDeps = defaults): Promise<{ id: string }> {
  if (!PLAUSIBLE_ID.test(id)) throw new NotFoundError(NO_RULE);
  const outcome = await deps.deleteRule(companyId, id, version);
  if (!outcome.ok) throw outcome.reason === 'missing' ? new NotFoundError(NO_RULE) : new ConflictError(STALE_RULE);
  // What it linked is linked by another rule, or unlinked.
  await deps.askRelink(companyId);
  return { id };
}
