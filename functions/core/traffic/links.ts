import { randomUUID } from 'node:crypto';
import { ruleMatches, type TrafficAggregates, type TrafficRow, type UtmRule } from '../../../shared/domain/utm-matching';
import * as rulesRepo from '../../data/traffic-rules';
import * as relinkRepo from '../../data/traffic-relink';
import * as trafficRepo from '../../data/traffic';
import type { LinkChange, TrafficInput, TrafficRecord } from '../../data/traffic';
import { jobFunctionEnv } from '../../platform/config/resources';
import { startJob } from '../../platform/jobs';
import { logger } from '../../platform/log';

/**
 * Each traffic combination keeps whether a rule links it (`linkedBy`, docs/architecture.md,
 * "A big advertiser: stored link states"): decided here when traffic is stored and when rules
 * change, so a page of the UTM page reads a page, never 100,000 combinations x 5,000 rules.
 * - traffic stored (the analytics import): each combination is matched against the rules once;
 * - rules created or deleted (a rule, a source with its rules): the request stores the change and
 *   asks for a relink (`askRelink`); the relink job makes it (`relinkTraffic`), out of the request.
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

/** How long a claimed relink stays its job's without progress: a page takes seconds, a Lambda retry comes a minute after a failure. */
export const RELINK_LEASE_MS = 60_000;
/** Combinations read per page of a pass (each page moves the cursor and the lease on). */
const RELINK_PAGE = 500;
/** A relink asked this long ago and held by nobody (its kick was lost, its job died past its retries) is kicked again by the page's read. */
const RELINK_KICK_AGAIN_MS = 30_000;

export interface RelinkDeps {
  now(): Date;
  /** This run's name in the lease. */
  holder: string;
  pageSize: number;
  /** After a pass's counts, before it is marked done: the job completes utm_rules here, so a page that sees the traffic linked sees the step too. */
  linked(companyId: string): Promise<unknown>;
}

/** How a run ended, its passes, the pages it read and the links it wrote. */
export interface RelinkOutcome {
  outcome: 'done' | 'idle' | 'lost';
  passes: number;
  pages: number;
  changed: number;
}

/** What a pass writes for one combination: kept while the rule that links it exists, else the first rule left that matches, or none. */
function changeOf(record: TrafficRecord, ruleIds: ReadonlySet<string>, find: Finder): LinkChange[] {
  const from = record.linkedBy ?? null;
  if (from && ruleIds.has(from)) return [];
  const to = find(record);
  return to === from ? [] : [{ record, from, to }];
}

/**
 * The relink job's work (functions/jobs/traffic-relink.ts), after a change of the company's rules
 * (docs/architecture.md, "A big advertiser: stored link states"). It claims the company's relink
 * (functions/data/traffic-relink.ts) with a lease, then makes passes over every combination, a page
 * at a time against the rules read at the pass's start: a combination keeps the rule that links it
 * while that rule exists; the others are linked by the first rule that matches, or unlinked. Each
 * page's writes are conditional on the link read (setLinks) and followed by the cursor and a new
 * lease, so:
 * - idempotent: a pass over links already right writes nothing;
 * - resumable: a job killed mid-pass stops renewing; once its lease ran out, a retry (or the next
 *   kick) takes the relink over at its cursor, as long as no change came since;
 * - the last change wins: a change asked during a pass (`requested` moved) starts a new pass with
 *   the rules read after it, from the first page; the relink is done only by a pass that started
 *   from the last change, so no combination stays linked to a rule deleted meanwhile.
 * Ends by counting the combinations again (the page's figures).
 */
export async function relinkTraffic(companyId: string, deps: RelinkDeps): Promise<RelinkOutcome> {
  const leaseUntil = () => new Date(deps.now().getTime() + RELINK_LEASE_MS).toISOString();
  let state = await relinkRepo.claimRelink(companyId, deps.holder, deps.now().toISOString(), leaseUntil());
  let passes = 0;
  let pages = 0;
  let changed = 0;
  while (state) {
    const generation = state.requested;
    const rules = await rulesRepo.listRules(companyId);
    const ruleIds = new Set(rules.map((rule) => rule.id));
    const find = ruleFinder(rules);
    // A cursor of this same generation is a pass a killed job left: it goes on from there.
    let after = state.cursor?.generation === generation ? state.cursor.after : null;
    passes++;
    let again = false;
    do {
      const page = await trafficRepo.trafficBatch(companyId, after, deps.pageSize);
      pages++;
      changed += await trafficRepo.setLinks(companyId, page.records.flatMap((record) => changeOf(record, ruleIds, find)));
      after = page.next;
      const renewed = await relinkRepo.renewRelink(companyId, deps.holder, { generation, after }, leaseUntil());
      if (!renewed) return { outcome: 'lost', passes, pages, changed };
      again = renewed.requested !== generation;
      state = renewed;
    } while (after && !again);
    if (again) {
      state = { ...state, cursor: undefined };
      continue;
    }
    await trafficRepo.countTraffic(companyId);
    await deps.linked(companyId);
    if (await relinkRepo.finishRelink(companyId, deps.holder, generation)) return { outcome: 'done', passes, pages, changed };
    // A change came after the last page: another pass from the start (unless the lease was lost).
    const now = await relinkRepo.getRelink(companyId);
    if (now?.holder !== deps.holder) return { outcome: 'lost', passes, pages, changed };
    state = { ...now, cursor: undefined };
  }
  return { outcome: 'idle', passes, pages, changed };
}

export const defaultRelinkDeps = (linked: RelinkDeps['linked'] = async () => undefined): RelinkDeps => ({ now: () => new Date(), holder: randomUUID(), pageSize: RELINK_PAGE, linked });

/**
 * After a change of the company's rules is stored: asks for a relink and starts the job, without
 * waiting for it (the request answers; the page shows the traffic "being linked"). A kick that fails
 * loses nothing: the relink stays asked, and the page's next read kicks again (`linkingState`).
 * Without the job's function (unit and data tests) the relink runs here, without the step.
 */
export async function askRelink(companyId: string): Promise<void> {
  await relinkRepo.requestRelink(companyId, new Date().toISOString());
  await kickRelink(companyId);
}

async function kickRelink(companyId: string): Promise<void> {
  try {
    if (process.env[jobFunctionEnv('traffic-relink')]) await startJob('traffic-relink', { companyId });
    else await relinkTraffic(companyId, defaultRelinkDeps());
  } catch (error) {
    logger().warn('relink kick failed: the next read of the traffic kicks again', { error: (error as Error).name, companyId });
  }
}

/**
 * Whether the company's traffic is being linked (a change asked, not yet relinked). A relink asked
 * a while ago that nobody holds (lost kick, a job dead past Lambda's retries) is kicked again here.
 */
export async function linkingState(companyId: string, now: Date = new Date()): Promise<boolean> {
  const state = await relinkRepo.getRelink(companyId);
  if (!state || state.requested <= state.done) return false;
  const held = state.leaseUntil && Date.parse(state.leaseUntil) >= now.getTime();
  if (!held && now.getTime() - Date.parse(state.askedAt) >= RELINK_KICK_AGAIN_MS) await kickRelink(companyId);
  return true;
}

/** The company's traffic figures: the stored counts, counted again when a write dropped them. */
export async function trafficCounts(companyId: string): Promise<TrafficAggregates> {
  return (await trafficRepo.getTrafficSummary(companyId)) ?? trafficRepo.countTraffic(companyId);
}
