import { describe, expect, it, vi } from 'vitest';
import type { StepStatus } from '../../../shared/domain/types';
import { findSameRule } from '../../../shared/domain/utm-overlap';
import { emptyRuleMap, type RuleMap } from '../../../shared/schemas/traffic';
import type { CompanyRecord } from '../../data/companies';
import type { TrafficRecord } from '../../data/traffic';
import { requiredSource, type TrafficRuleRecord } from '../../data/traffic-rules';
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors';
import { ruleFinder } from './links';
import { applyRules, completeUtmStepIfLinked, createRule, deleteCompanyRule, listCompanyRules, listCompanyTraffic, matchCompanyTraffic, type TrafficDeps } from './traffic';

const company = { id: 'c1', name: 'Acme' } as CompanyRecord;
const actor = { user: { firstName: 'Claire', login: 'c@acme.test' }, role: 'ROLE_USER' as const };
const traffic = (utmSource: string, utmMedium: string, utmCampaign: string, sessions: number): TrafficRecord => ({
  id: `${utmSource}-${utmMedium}-${utmCampaign}`, utmSource, utmMedium, utmCampaign, sessions, companyId: 'c1', version: 1, updated: 't',
});
const sourceIs = (value: string): RuleMap => ({ ...emptyRuleMap(), 0: { type: 'equal', utm: 'utmSource', value } });

function fakes(initial: { traffic: TrafficRecord[]; step?: StepStatus | null }) {
  const rules: TrafficRuleRecord[] = [];
  /** Reads that do not see these rules yet: another request stores them between this one's read and its write. */
  const unseen = { count: 0 };
  let step = initial.step === undefined ? 'TBD' : initial.step;
  let ids = 0;
  // The stored traffic with its link states (the data layer's items).
  let stored = initial.traffic.map((record) => ({ ...record }));
  const countOf = () => ({
    totalUtms: stored.length,
    totalSessions: stored.reduce((sum, r) => sum + r.sessions, 0),
    unlinkedUtms: stored.filter((r) => !r.linkedBy).length,
    unlinkedSessions: stored.filter((r) => !r.linkedBy).reduce((sum, r) => sum + r.sessions, 0),
  });
  const deps: TrafficDeps = {
    listTraffic: async () => stored.map((record) => ({ ...record })),
    trafficWithSource: async (_c, utmSource, linked) =>
      stored.filter((r) => r.utmSource.trim().toLowerCase() === utmSource.trim().toLowerCase() && (linked === undefined || !!r.linkedBy === linked)).map((record) => ({ ...record })),
    trafficPage: async (_c, query) => ({
      rows: stored.filter((r) => query.linked === undefined || !!r.linkedBy === query.linked).sort((a, b) => (query.dir === 'asc' ? a.sessions - b.sessions : b.sessions - a.sessions)),
      next: null,
    }),
    counts: async () => countOf(),
    // The relink job, done at once (its own tests: test/integration/traffic-relink.test.ts).
    askRelink: vi.fn(async () => {
      const find = ruleFinder(rules);
      for (const record of stored) if (!rules.some((r) => r.id === record.linkedBy)) record.linkedBy = find(record) ?? undefined;
    }),
    linking: async () => false,
    anyRule: async () => rules.length > 0,
    rulesOf: async (_c, ids) => rules.filter((r) => ids.includes(r.id)),
    listRules: async () => [...rules],
    rulesForSource: async (_c, utmSource) => rules.filter((r) => [null, utmSource.trim().toLowerCase()].includes(requiredSource(r.rule)?.trim().toLowerCase() ?? null)),
    ruleWithConditions: async (_c, rule) => (unseen.count ? (unseen.count--, null) : (findSameRule(rules, rule) ?? null)),
    sourceRefsOf: async (_c, ids) => [{ id: 's-google', name: 'Google Ads' }, { id: 's-mail', name: 'Newsletter' }].filter((s) => ids.includes(s.id)),
    rulesPage: async (_c, query) => ({
      rules: rules.filter((r) => !query.sourceId || r.sourceId === query.sourceId).sort((a, b) => (query.dir === 'desc' ? -1 : 1) * a.id.localeCompare(b.id)),
      next: null,
    }),
    lastImport: async () => ({ at: '2026-01-01T00:00:00.000Z', viewId: '100001', rows: 2 }),
    // The data layer's guard: one rule per conditions, whatever the reads saw.
    putNewRule: async (record) => {
      const same = findSameRule(rules, record.rule);
      if (same) return { ok: false, reason: 'duplicate', holderId: same.id };
      rules.push(record);
      return { ok: true, value: record };
    },
    deleteRule: async (_c, id, version) => {
      const i = rules.findIndex((r) => r.id === id);
      if (i === -1) return { ok: false, reason: 'missing' };
      if (rules[i]!.version !== version) return { ok: false, reason: 'stale' };
      rules.splice(i, 1);
      return { ok: true, value: null };
    },
    utmStepStatus: async () => step,
    completeUtmStep: vi.fn(async (): Promise<StepStatus | null> => (step = 'done')),
    newId: () => `r${++ids}`,
    now: () => new Date('2026-01-01T00:00:00Z'),
  };
  /** An import: the company's traffic becomes these, linked by the stored rules. */
  const importTraffic = (records: TrafficRecord[]) => {
    const find = ruleFinder(rules);
    stored = records.map((record) => ({ ...record, linkedBy: find(record) ?? undefined }));
  };
  return { deps, rules, unseen, importTraffic };
}

describe('completeUtmStepIfLinked (after an analytics import)', () => {
  it('completes utm_rules when the stored rules link all the new traffic; not without traffic or rules, nor with something unlinked', async () => {
    const linked = fakes({ traffic: [traffic('google', 'cpc', 'brand', 500)] });
    await createRule(company, actor, { source: 's-mail', rule: sourceIs('newsletter') }, linked.deps);
    expect(linked.deps.completeUtmStep).not.toHaveBeenCalled();
    // The import brings only traffic the stored rules link.
    linked.importTraffic([traffic('newsletter', 'email', 'june', 40)]);
    expect(await completeUtmStepIfLinked(company, actor, linked.deps)).toBe('done');
    expect(linked.deps.completeUtmStep).toHaveBeenCalledTimes(1);

    const none = fakes({ traffic: [] });
    await createRule(company, actor, { source: 's-mail', rule: sourceIs('newsletter') }, none.deps);
    expect(await completeUtmStepIfLinked(company, actor, none.deps)).toBe('TBD');
    const noRule = fakes({ traffic: [traffic('newsletter', 'email', 'june', 40)] });
    expect(await completeUtmStepIfLinked(company, actor, noRule.deps)).toBe('TBD');
    expect(none.deps.completeUtmStep).not.toHaveBeenCalled();
    expect(noRule.deps.completeUtmStep).not.toHaveBeenCalled();
  });
});

describe('UTM rules', () => {
  const rows = [traffic('google', 'cpc', 'brand', 500), traffic('newsletter', 'email', 'june', 40)];

  it('creates a rule for one of the company’s sources and answers it with the source name, in the spec’s shape', async () => {
    const { deps } = fakes({ traffic: rows });
    const created = await createRule(company, actor, { source: 's-google', rule: sourceIs(' Google ') }, deps);
    expect(created.rule).toEqual({
      id: 'r1', sourceId: 's-google', source: 'Google Ads', version: 1, created: '2026-01-01T00:00:00.000Z',
      rule: [{ type: 'equal', utm: 'utmSource', value: 'Google' }, { type: 'any', utm: 'utmMedium', value: '' }, { type: 'any', utm: 'utmCampaign', value: '' }],
    });
    expect(created.aggregates).toEqual({ unlinkedUtms: 1, unlinkedSessions: 40, totalSessions: 540, totalUtms: 2 });
    expect(created.stepStatus).toBe('TBD');
    expect(deps.completeUtmStep).not.toHaveBeenCalled();
    const listed = await listCompanyTraffic({ ...company, viewId: '100001' }, {}, deps);
    expect(listed.rows.map((r) => r.linked)).toEqual([true, false]);
    expect(listed).toMatchObject({ imported: { at: '2026-01-01T00:00:00.000Z', rows: 2 }, viewId: '100001' });
  });

  it('refuses a source of another company (or none) with nothing written', async () => {
    const { deps, rules } = fakes({ traffic: rows });
    await expect(createRule(company, actor, { source: 'other-company-source', rule: sourceIs('google') }, deps)).rejects.toBeInstanceOf(ValidationError);
    expect(rules).toEqual([]);
  });

  it('completes utm_rules through the step engine when the last unlinked UTM gets linked, and only then', async () => {
    const { deps } = fakes({ traffic: rows });
    await createRule(company, actor, { source: 's-google', rule: sourceIs('google') }, deps);
    const last = await createRule(company, actor, { source: 's-mail', rule: { ...emptyRuleMap(), 1: { type: 'contains', utm: 'utmMedium', value: 'MAIL' } } }, deps);
    // The request asks for the relink and answers; the job completes the step once it linked everything.
    expect(last).toMatchObject({ stepStatus: 'TBD', linking: true });
    expect(deps.askRelink).toHaveBeenCalledTimes(2);
    expect(deps.completeUtmStep).not.toHaveBeenCalled();
    expect(await completeUtmStepIfLinked(company, actor, deps)).toBe('done');
    expect(deps.completeUtmStep).toHaveBeenCalledTimes(1);
    // Already done: a further rule does not ask again.
    await createRule(company, actor, { source: 's-mail', rule: sourceIs('newsletter') }, deps);
    expect(await completeUtmStepIfLinked(company, actor, deps)).toBe('done');
    expect(deps.completeUtmStep).toHaveBeenCalledTimes(1);
  });

  it('does not complete without traffic or without the step', async () => {
    const empty = fakes({ traffic: [] });
    expect((await createRule(company, actor, { source: 's-google', rule: sourceIs('google') }, empty.deps)).stepStatus).toBe('TBD');
    const noStep = fakes({ traffic: rows, step: null });
    await createRule(company, actor, { source: 's-google', rule: sourceIs('google') }, noStep.deps);
    expect((await createRule(company, actor, { source: 's-mail', rule: sourceIs('newsletter') }, noStep.deps)).stepStatus).toBeNull();
    expect(empty.deps.completeUtmStep).not.toHaveBeenCalled();
    expect(noStep.deps.completeUtmStep).not.toHaveBeenCalled();
  });

  it('apply writes no rule, previews the given one and catches up the step', async () => {
    const { deps, rules } = fakes({ traffic: rows });
    const preview = await applyRules(company, actor, { source: 's-google', rule: sourceIs('google') }, deps);
    expect(rules).toEqual([]);
    expect(preview.aggregates.unlinkedUtms).toBe(2);
    expect(preview.withRule).toEqual({ unlinkedUtms: 1, unlinkedSessions: 40, totalSessions: 540, totalUtms: 2 });
    expect(deps.completeUtmStep).not.toHaveBeenCalled();

    const noStep = fakes({ traffic: rows, step: null });
    await createRule(company, actor, { source: 's-google', rule: sourceIs('google') }, noStep.deps);
    await createRule(company, actor, { source: 's-mail', rule: sourceIs('newsletter') }, noStep.deps);
    // The step is added to the company afterwards: apply completes it.
    noStep.deps.utmStepStatus = async () => 'TBD';
    expect((await applyRules(company, actor, { source: 's-google', rule: sourceIs('google') }, noStep.deps)).stepStatus).toBe('done');
  });

  it('answers the same rule with one 409, whether the read or the guard (a create that won meanwhile) finds it', async () => {
    const { deps, rules, unseen } = fakes({ traffic: rows });
    await createRule(company, actor, { source: 's-mail', rule: sourceIs('Google') }, deps);
    const byRead = await createRule(company, actor, { source: 's-google', rule: sourceIs(' GOOGLE ') }, deps).catch((error: unknown) => error);
    unseen.count = 1;
    // The overlap accepted: the read of the same rule misses it, the guard finds it.
    const byGuard = await createRule(company, actor, { source: 's-google', rule: sourceIs('google'), acceptOverlap: true }, deps).catch((error: unknown) => error);
    for (const refused of [byRead, byGuard]) {
      expect(refused).toBeInstanceOf(ConflictError);
      expect(refused).toMatchObject({ message: 'This UTM rule exists already (source "Newsletter": utmSource equal "Google", utmMedium any, utmCampaign any)', errors: { rule: 'validation.utm.duplicate' } });
    }
    expect(rules).toHaveLength(1);
  });

  it('matches a draft against the stored traffic', async () => {
    const { deps } = fakes({ traffic: rows });
    expect(await matchCompanyTraffic('c1', sourceIs('GOOGLE'), deps)).toMatchObject({ utms: 1, sessions: 500 });
  });

  it('lists a page of rules with their source names, of one source if asked; deletes on the version read only', async () => {
    const { deps } = fakes({ traffic: rows });
    await createRule(company, actor, { source: 's-mail', rule: sourceIs('newsletter') }, deps);
    await createRule(company, actor, { source: 's-google', rule: sourceIs('google') }, deps);
    expect((await listCompanyRules('c1', {}, deps)).rules.map((r) => r.source)).toEqual(['Newsletter', 'Google Ads']);
    expect((await listCompanyRules('c1', { source: 's-google', dir: 'desc' }, deps)).rules.map((r) => r.source)).toEqual(['Google Ads']);
    await expect(listCompanyRules('c1', { sort: 'source' }, deps)).rejects.toBeInstanceOf(ValidationError);
    await expect(deleteCompanyRule('c1', 'r1', 2, deps)).rejects.toBeInstanceOf(ConflictError);
    await expect(deleteCompanyRule('c1', 'r1', 1, deps)).resolves.toEqual({ id: 'r1' });
    await expect(deleteCompanyRule('c1', 'r1', 1, deps)).rejects.toBeInstanceOf(NotFoundError);
    await expect(deleteCompanyRule('c1', 'RULE#x/../', 1, deps)).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('contradicting rules: which 409 is which', () => {
  const rows = [traffic('google', 'cpc', 'brand', 500), traffic('google', 'email', 'june', 40), traffic('newsletter', 'email', 'june', 30)];
  const mediumIs = (value: string): RuleMap => ({ ...emptyRuleMap(), 1: { type: 'contains', utm: 'utmMedium', value } });

  it('the same rule again, on any source, is a 409 that names it and its source', async () => {
    const { deps, rules } = fakes({ traffic: rows });
    await createRule(company, actor, { source: 's-google', rule: sourceIs('google') }, deps);
    for (const source of ['s-google', 's-mail']) {
      const refusal = await createRule(company, actor, { source, rule: sourceIs(' GOOGLE ') }, deps).catch((error: unknown) => error);
      expect(refusal).toEqual(
        new ConflictError('This UTM rule exists already (source "Google Ads": utmSource equal "google", utmMedium any, utmCampaign any)', { rule: 'validation.utm.duplicate' }),
      );
      expect((refusal as ConflictError).errors).toEqual({ rule: 'validation.utm.duplicate' });
    }
    // Even when the caller accepts overlaps: a duplicate is never useful.
    await expect(createRule(company, actor, { source: 's-mail', rule: sourceIs('google'), acceptOverlap: true }, deps)).rejects.toBeInstanceOf(ConflictError);
    expect(rules).toHaveLength(1);
  });

  it('a rule linking traffic another source\'s rule links is a 409 naming the first combination and that source', async () => {
    const { deps, rules } = fakes({ traffic: rows });
    await createRule(company, actor, { source: 's-google', rule: sourceIs('google') }, deps);
    const refusal = await createRule(company, actor, { source: 's-mail', rule: mediumIs('email') }, deps).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ConflictError);
    expect((refusal as ConflictError).message).toBe(
      '1 traffic combination(s) would be linked to two sources, e.g. utmSource equal "google", utmMedium equal "email", utmCampaign equal "june" (already linked to "Google Ads"): send acceptOverlap: true to create the rule anyway',
    );
    expect((refusal as ConflictError).errors).toEqual({ rule: 'validation.utm.overlap' });
    expect(rules).toHaveLength(1);
  });

  it('the overlap is created when the caller accepts it (true only), and a rule of the same source never overlaps', async () => {
    const { deps, rules } = fakes({ traffic: rows });
    await createRule(company, actor, { source: 's-google', rule: sourceIs('google') }, deps);
    await expect(createRule(company, actor, { source: 's-mail', rule: mediumIs('email'), acceptOverlap: 'yes' as never }, deps)).rejects.toBeInstanceOf(ConflictError);
    await createRule(company, actor, { source: 's-mail', rule: mediumIs('email'), acceptOverlap: true }, deps);
    await createRule(company, actor, { source: 's-google', rule: mediumIs('cpc') }, deps);
    expect(rules.map((r) => r.sourceId)).toEqual(['s-google', 's-mail', 's-google']);
  });

  it('a rule of a source gone meanwhile answers an empty source name; a rule id of another shape is not found', async () => {
    const { deps } = fakes({ traffic: rows });
    await createRule(company, actor, { source: 's-google', rule: sourceIs('google') }, deps);
    const listed = await listCompanyRules('c1', {}, { ...deps, sourceRefsOf: async () => [] });
    expect(listed.rules[0]!.source).toBe('');
    await expect(deleteCompanyRule('c1', 'not a rule id!', 1, deps)).rejects.toThrow(NotFoundError);
  });
});
