import { randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultRelinkDeps, RELINK_LEASE_MS, relinkTraffic } from '../../functions/core/traffic/links';
import type { CompanyRecord } from '../../functions/data/companies';
import { keys } from '../../functions/data/keys';
import { db, tableName } from '../../functions/data/table';
import { getTrafficSummary, listTraffic, putTraffic } from '../../functions/data/traffic';
import { getRelink, requestRelink, type RelinkRecord } from '../../functions/data/traffic-relink';
import { deleteRule, putNewRule, type TrafficRuleRecord } from '../../functions/data/traffic-rules';
import type { UtmCondition } from '../../shared/domain/utm-matching';
import { localStack, useLocalEnv } from '../support/local-stack';
import { makeCompany, makeUser, signedIn } from './helpers/accounts';
import { relinked } from './helpers/traffic';

/**
 * The relink job (functions/core/traffic/links.ts, docs/architecture.md "A big advertiser: stored
 * link states"): a change of the rules answers at once and the job links the traffic after it.
 * Killed mid-pass it is taken over at its cursor once its lease ran out; two changes at once end
 * with the links of the last state, none to a deleted rule.
 */

let stack: ReturnType<typeof localStack>;
beforeAll(() => {
  useLocalEnv();
  stack = localStack();
});

const COMBINATIONS = 1_200;
const worker = fileURLToPath(new URL('./helpers/relink-worker.ts', import.meta.url));

/** Combinations over 12 utm_source values (`s0`..`s11`), every one of medium cpc. */
const traffic = () =>
  Array.from({ length: COMBINATIONS }, (_, i) => ({ utmSource: `s${i % 12}`, utmMedium: 'cpc', utmCampaign: `c${i}`, sessions: i + 1 }));

const condition = (type: 'equal' | 'contains' | 'any', utm: UtmCondition['utm'], value = ''): UtmCondition => ({ type, utm, value });
const ruleMap = (rule: UtmCondition[]) => Object.fromEntries(rule.map((c, i) => [i, c]));

async function putSource(company: CompanyRecord, name: string): Promise<string> {
  const id = randomUUID();
  await db().send(new PutCommand({ TableName: tableName(), Item: { ...keys.source(company.id, id), id, companyId: company.id, name, version: 1 } }));
  return id;
}

async function storedRule(company: CompanyRecord, sourceId: string, rule: UtmCondition[]): Promise<TrafficRuleRecord> {
  const at = new Date().toISOString();
  const written = await putNewRule({ id: randomUUID(), companyId: company.id, sourceId, rule, version: 1, created: at, updated: at });
  if (!written.ok) throw new Error('rule refused');
  return written.value;
}

/** Link state by rule id (null: unlinked), over every combination. */
async function linksOf(companyId: string): Promise<Map<string | null, number>> {
  const counts = new Map<string | null, number>();
  for (const record of await listTraffic(companyId)) counts.set(record.linkedBy ?? null, (counts.get(record.linkedBy ?? null) ?? 0) + 1);
  return counts;
}

/** Runs a relink job in a child process and kills it once it wrote its cursor past `pages` pages. */
async function killedMidway(companyId: string, pageSize: number, pages: number): Promise<RelinkRecord> {
  // It stalls once `pages` pages are saved (helpers/relink-worker.ts): the kill lands mid-pass on any machine.
  const child = spawn(process.execPath, ['--import', 'tsx', worker, companyId, String(pageSize), String(pages)], { env: { ...process.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const linkedSoFar = async () => COMBINATIONS - ((await linksOf(companyId)).get(null) ?? 0);
  for (let polls = 0; ; polls++) {
    const state = await getRelink(companyId);
    if (state && state.done >= state.requested) throw new Error(`the job finished before the kill: ${output}`);
    if (state?.cursor?.after && (await linkedSoFar()) >= pages * pageSize) break;
    if (polls > 2000) throw new Error(`no progress: ${JSON.stringify(state)} ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  child.kill('SIGKILL');
  await exited;
  return (await getRelink(companyId))!;
}

describe('the relink job', () => {
  it('killed mid-pass, holds the relink until its lease ends; then a retry takes it over and links every combination once', async () => {
    const company = await makeCompany('Relink killed');
    await putTraffic(company.id, traffic());
    const source = await putSource(company, 'Everything');
    const all = await storedRule(company, source, [condition('contains', 'utmSource', 's'), condition('any', 'utmMedium'), condition('any', 'utmCampaign')]);
    await requestRelink(company.id, new Date().toISOString());

    const dead = await killedMidway(company.id, 40, 3);
    const linkedAtKill = COMBINATIONS - ((await linksOf(company.id)).get(null) ?? 0);
    const where = `killed with ${linkedAtKill} of ${COMBINATIONS} linked, cursor ${JSON.stringify(dead.cursor)}`;
    expect(dead, where).toMatchObject({ requested: 1, done: 0, cursor: { generation: 1 } });
    expect(linkedAtKill, where).toBeLessThan(COMBINATIONS);
    expect(Date.parse(dead.leaseUntil!) - Date.now(), where).toBeLessThanOrEqual(RELINK_LEASE_MS);

    // The page shows the traffic being linked meanwhile.
    const customer = await signedIn(stack.url, await makeUser('ROLE_USER', company));
    expect((await customer.get('/api/traffic')).body.linking, where).toBe(true);

    // Before the lease ends a retry takes nothing: the dead job might still be alive.
    const skew = Date.parse(dead.leaseUntil!) - Date.now();
    const early = await relinkTraffic(company.id, { ...defaultRelinkDeps(), pageSize: 40, now: () => new Date(Date.now() + skew - 5_000) });
    expect(early, where).toEqual({ outcome: 'idle', passes: 0, pages: 0, changed: 0 });
    // After it, a retry goes on from the cursor: it writes only what the dead one had not.
    const retried = await relinkTraffic(company.id, { ...defaultRelinkDeps(), pageSize: 40, now: () => new Date(Date.now() + skew + 1) });
    expect(retried, where).toMatchObject({ outcome: 'done', passes: 1, changed: COMBINATIONS - linkedAtKill });
    // From the cursor, not from the first page: the pages the dead job finished are not read again.
    expect(retried.pages, where).toBeLessThan(COMBINATIONS / 40);
    expect(await linksOf(company.id), where).toEqual(new Map([[all.id, COMBINATIONS]]));
    expect(await getRelink(company.id), where).toEqual({ requested: 1, done: 1, askedAt: dead.askedAt });
    expect(await getTrafficSummary(company.id)).toMatchObject({ unlinkedUtms: 0, totalUtms: COMBINATIONS });
    // Idempotent: run again (a late retry, a second kick), nothing to take, nothing written.
    await requestRelink(company.id, new Date().toISOString());
    expect(await relinkTraffic(company.id, defaultRelinkDeps())).toMatchObject({ outcome: 'done', passes: 1, changed: 0 });
    expect((await relinked(customer)).linking).toBe(false);
  }, 120_000);

  it('a rule deleted during a pass: another pass from the start with the rules left, none linked to the deleted rule', async () => {
    const company = await makeCompany('Relink during a pass');
    await putTraffic(company.id, traffic());
    const [a, b] = [await putSource(company, 'A'), await putSource(company, 'B')];
    const wide = await storedRule(company, a, [condition('contains', 'utmSource', 's'), condition('any', 'utmMedium'), condition('any', 'utmCampaign')]);
    const narrow = await storedRule(company, b, [condition('equal', 'utmSource', 's1'), condition('any', 'utmMedium'), condition('any', 'utmCampaign')]);
    await requestRelink(company.id, new Date().toISOString());
    const run = relinkTraffic(company.id, { ...defaultRelinkDeps(), pageSize: 20 });
    for (let polls = 0; !(await getRelink(company.id))?.cursor?.after; polls++) {
      if (polls > 2000) throw new Error('the pass never started');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // The wide rule goes while its pass links the traffic to it: as a request does, stored then asked.
    expect((await deleteRule(company.id, wide.id, 1)).ok).toBe(true);
    await requestRelink(company.id, new Date().toISOString());
    const outcome = await run;
    expect(outcome.outcome).toBe('done');
    expect(outcome.passes).toBeGreaterThanOrEqual(2);
    expect(await linksOf(company.id)).toEqual(new Map([[null, COMBINATIONS - 100], [narrow.id, 100]]));
    expect(await getRelink(company.id)).toMatchObject({ requested: 2, done: 2 });
  }, 120_000);

  it('two changes at once through the API: the last state wins, none linked to the deleted rule', async () => {
    const company = await makeCompany('Relink two changes');
    await putTraffic(company.id, traffic());
    const [a, b, c] = [await putSource(company, 'A'), await putSource(company, 'B'), await putSource(company, 'C')];
    const customer = await signedIn(stack.url, await makeUser('ROLE_USER', company));
    const wide = await customer.post('/api/traffic-rules', { source: a, rule: ruleMap([condition('contains', 'utmSource', 's'), condition('any', 'utmMedium'), condition('any', 'utmCampaign')]) });
    expect(wide.status).toBe(201);
    expect(wide.body.linking).toBe(true);
    expect((await relinked(customer)).unlinkedUtms).toBe(0);

    // At once: the wide rule deleted, a rule of s1 and one of s2 created (other sources: the overlap accepted).
    const [deleted, s1, s2] = await Promise.all([
      customer.request('DELETE', `/api/traffic-rules/${wide.body.rule.id}`, { json: { version: 1 } }),
      customer.post('/api/traffic-rules', { source: b, rule: ruleMap([condition('equal', 'utmSource', 's1'), condition('any', 'utmMedium'), condition('any', 'utmCampaign')]), acceptOverlap: true }),
      customer.post('/api/traffic-rules', { source: c, rule: ruleMap([condition('equal', 'utmSource', 's2'), condition('any', 'utmMedium'), condition('any', 'utmCampaign')]), acceptOverlap: true }),
    ]);
    expect([deleted.status, s1.status, s2.status]).toEqual([200, 201, 201]);
    const after = await relinked(customer);
    expect(after).toMatchObject({ linking: false, unlinkedUtms: COMBINATIONS - 200, totalUtms: COMBINATIONS });
    expect(await linksOf(company.id)).toEqual(new Map([[null, COMBINATIONS - 200], [s1.body.rule.id, 100], [s2.body.rule.id, 100]]));
    const state = await getRelink(company.id);
    expect(state).toMatchObject({ requested: 4, done: 4 });
    expect(state?.holder).toBeUndefined();
  }, 120_000);
});
