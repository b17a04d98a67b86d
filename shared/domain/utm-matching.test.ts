import { describe, expect, it } from 'vitest';
import { trafficMatchSchema, trafficRuleCreateSchema, emptyRuleMap } from '../schemas/traffic';
import {
  conditionMatches,
  isRuleMeaningful,
  linkTraffic,
  matchTraffic,
  normalizeRule,
  proposeRule,
  ruleMatches,
  type TrafficRow,
  type UtmCondition,
} from './utm-matching';

const row = (utmSource: string, utmMedium: string, utmCampaign: string, sessions = 1): TrafficRow => ({
  id: `${utmSource}|${utmMedium}|${utmCampaign}`,
  utmSource,
  utmMedium,
  utmCampaign,
  sessions,
});
const rule = (s: [string, string], m: [string, string] = ['any', ''], c: [string, string] = ['any', '']): UtmCondition[] => [
  { type: s[0], utm: 'utmSource', value: s[1] },
  { type: m[0], utm: 'utmMedium', value: m[1] },
  { type: c[0], utm: 'utmCampaign', value: c[1] },
] as UtmCondition[];

describe('conditionMatches', () => {
  it('any accepts every value, empty included', () => {
    expect(conditionMatches({ type: 'any', value: '' }, '')).toBe(true);
    expect(conditionMatches({ type: 'any', value: 'ignored' }, 'google')).toBe(true);
  });
  it('equal ignores case and surrounding spaces, and nothing else', () => {
    expect(conditionMatches({ type: 'equal', value: 'Google' }, 'google')).toBe(true);
    expect(conditionMatches({ type: 'equal', value: 'google' }, ' GOOGLE ')).toBe(true);
    expect(conditionMatches({ type: 'equal', value: 'google' }, 'google.com')).toBe(false);
    expect(conditionMatches({ type: 'equal', value: 'google' }, '')).toBe(false);
  });
  it('not equal is the opposite of equal (an empty value is not equal)', () => {
    expect(conditionMatches({ type: 'not equal', value: 'google' }, 'Google')).toBe(false);
    expect(conditionMatches({ type: 'not equal', value: 'google' }, 'bing')).toBe(true);
    expect(conditionMatches({ type: 'not equal', value: 'google' }, '')).toBe(true);
  });
  it('contains finds a substring in any case', () => {
    expect(conditionMatches({ type: 'contains', value: 'brand' }, 'FR_Brand_2024')).toBe(true);
    expect(conditionMatches({ type: 'contains', value: 'brand' }, 'generic')).toBe(false);
    expect(conditionMatches({ type: 'contains', value: 'brand' }, '')).toBe(false);
  });
  it('not contains is the opposite of contains (an empty value contains nothing)', () => {
    expect(conditionMatches({ type: 'not contains', value: 'brand' }, 'FR_BRAND')).toBe(false);
    expect(conditionMatches({ type: 'not contains', value: 'brand' }, 'generic')).toBe(true);
    expect(conditionMatches({ type: 'not contains', value: 'brand' }, '')).toBe(true);
  });
});

describe('ruleMatches', () => {
  it('needs every condition of the three dimensions to pass', () => {
    const r = rule(['equal', 'google'], ['equal', 'cpc'], ['contains', 'brand']);
    expect(ruleMatches(r, row('google', 'cpc', 'brand_fr'))).toBe(true);
    expect(ruleMatches(r, row('google', 'cpc', 'generic'))).toBe(false);
    expect(ruleMatches(r, row('bing', 'cpc', 'brand'))).toBe(false);
    expect(ruleMatches(r, row('google', 'organic', 'brand'))).toBe(false);
  });
  it("treats 'any' rows as no constraint, also on empty values", () => {
    expect(ruleMatches(rule(['equal', '(direct)']), row('(direct)', '(none)', ''))).toBe(true);
  });
});

describe('rules that constrain nothing', () => {
  it('are refused: all any, or values of spaces only', () => {
    expect(isRuleMeaningful(rule(['any', '']))).toBe(false);
    expect(isRuleMeaningful(rule(['equal', '   ']))).toBe(false);
    expect(isRuleMeaningful(rule(['any', ''], ['contains', 'cpc']))).toBe(true);
  });
  it('normalizeRule orders the conditions, trims values and empties any values', () => {
    const stored = normalizeRule([
      { type: 'contains', utm: 'utmCampaign', value: ' brand ' },
      { type: 'any', utm: 'utmSource', value: 'left over' },
    ]);
    expect(stored).toEqual([
      { type: 'any', utm: 'utmSource', value: '' },
      { type: 'any', utm: 'utmMedium', value: '' },
      { type: 'contains', utm: 'utmCampaign', value: 'brand' },
    ]);
  });
});

describe('linkTraffic and matchTraffic', () => {
  const rows = [row('google', 'cpc', 'brand', 100), row('google', 'cpc', 'generic', 300), row('newsletter', 'email', 'june', 50), row('', '', '', 0)];

  it('links a row when some rule matches, sorts by sessions descending and counts the unlinked', () => {
    const answer = linkTraffic(rows, [rule(['equal', 'google'], ['any', ''], ['equal', 'brand'])]);
    expect(answer.rows.map((r) => [r.utmCampaign, r.linked])).toEqual([
      ['generic', false],
      ['brand', true],
      ['june', false],
      ['', false],
    ]);
    expect(answer).toMatchObject({ unlinkedUtms: 3, unlinkedSessions: 350, totalSessions: 450, totalUtms: 4 });
  });
  it('with no rule nothing is linked; with no traffic everything is zero', () => {
    expect(linkTraffic(rows, [])).toMatchObject({ unlinkedUtms: 4, unlinkedSessions: 450 });
    expect(linkTraffic([], [rule(['equal', 'x'])])).toEqual({ rows: [], unlinkedUtms: 0, unlinkedSessions: 0, totalSessions: 0, totalUtms: 0 });
  });
  it('answers what a draft rule would link, with each row’s current link state', () => {
    const answer = matchTraffic(rows, [rule(['equal', 'google'], ['any', ''], ['equal', 'brand'])], rule(['equal', 'GOOGLE']));
    expect(answer.rows.map((r) => [r.utmCampaign, r.linked])).toEqual([
      ['generic', false],
      ['brand', true],
    ]);
    expect(answer).toMatchObject({ utms: 2, sessions: 400 });
  });
  // Its speed on a big company is the health job benchmark's (test/bench/health-job.ts), not a unit test's: a busy machine is no measure.
  it('links a few thousand rows with many rules', () => {
    const many = Array.from({ length: 5000 }, (_, i) => row(`source${i % 40}`, `medium${i % 7}`, `campaign${i}`, i));
    const rules = Array.from({ length: 50 }, (_, i) => rule(['equal', `source${i}`], ['contains', 'medium'], ['not contains', 'x']));
    const answer = linkTraffic(many, rules);
    expect(answer.unlinkedUtms).toBe(0);
    // Only rules 0-39 name a source that occurs: sessions of every row are linked.
    expect(answer.unlinkedSessions).toBe(0);
    expect(answer.totalSessions).toBe((4999 * 5000) / 2);
  });
});

describe('proposeRule', () => {
  it("proposes equal on each value and any where the tool had none", () => {
    expect(proposeRule(row('(direct)', '(none)', '(not set)'))).toEqual([
      { type: 'equal', utm: 'utmSource', value: '(direct)' },
      { type: 'any', utm: 'utmMedium', value: '' },
      { type: 'any', utm: 'utmCampaign', value: '' },
    ]);
    expect(ruleMatches(proposeRule(row('criteo', 'retargeting', 'RT_all')), row('Criteo', 'retargeting', 'rt_all'))).toBe(true);
  });
});

describe('the rule schemas', () => {
  const valid = { 0: { type: 'equal', utm: 'utmSource', value: 'google' }, 1: { type: 'any', utm: 'utmMedium', value: '' }, 2: { type: 'any', utm: 'utmCampaign' } };
  const errorsOf = async (body: unknown) => {
    try {
      await trafficRuleCreateSchema.validate(body, { abortEarly: false });
      return [];
    } catch (error) {
      return (error as { inner: Array<{ path: string; message: string }> }).inner.map((e) => `${e.path}: ${e.message}`);
    }
  };

  it('accepts a rule with one constraining row', async () => {
    expect(await errorsOf({ source: 's1', rule: valid })).toEqual([]);
    expect(await trafficMatchSchema.isValid({ rule: valid })).toBe(true);
  });
  it('refuses an all-any rule (the empty form)', async () => {
    expect(await errorsOf({ source: 's1', rule: emptyRuleMap() })).toEqual(['rule: validation.utm.allAny']);
  });
  it('refuses unknown types, rows out of order, missing values, too long values, a missing source or rule', async () => {
    expect(await errorsOf({ source: 's1', rule: { ...valid, 0: { type: 'regex', utm: 'utmSource', value: 'x' } } })).toContain('rule.0.type: validation.utm.type');
    expect(await errorsOf({ source: 's1', rule: { ...valid, 1: { type: 'equal', utm: 'utmCampaign', value: 'x' } } })).toContain('rule.1.utm: validation.utm.order');
    expect(await errorsOf({ source: 's1', rule: { ...valid, 2: { type: 'contains', utm: 'utmCampaign', value: '  ' } } })).toContain('rule.2.value: validation.utm.valueRequired');
    expect(await errorsOf({ source: 's1', rule: { ...valid, 2: { type: 'contains', utm: 'utmCampaign', value: 'x'.repeat(201) } } })).toContain('rule.2.value: validation.utm.valueTooLong');
    expect(await errorsOf({ rule: valid })).toContain('source: validation.utm.sourceRequired');
    expect(await errorsOf({ source: 's1' })).toContain('rule: validation.required');
    expect(await errorsOf({ source: 's1', rule: { 0: valid[0] } })).toEqual(expect.arrayContaining(['rule.1: validation.required', 'rule.2: validation.required']));
  });
});

describe('rule edges (mutation testing found these unchecked)', () => {
  it('finds a rule whose only value is blank meaningless', () => {
    expect(isRuleMeaningful([{ type: 'equal', utm: 'utmSource', value: '   ' }])).toBe(false);
    expect(isRuleMeaningful([{ type: 'equal', utm: 'utmSource', value: ' x ' }])).toBe(true);
    // An 'any' row's value is ignored: it constrains nothing.
    expect(isRuleMeaningful([{ type: 'any', utm: 'utmSource', value: 'google' }])).toBe(false);
  });

  it('proposes "any" for a value the analytics tool left empty or blank', () => {
    expect(proposeRule({ utmSource: '', utmMedium: '  ', utmCampaign: 'x' }).map((c) => c.type)).toEqual(['any', 'any', 'equal']);
  });

  it('proposes trimmed values, and "any" where the analytics tool had none', () => {
    expect(proposeRule({ utmSource: ' google ', utmMedium: '(not set)', utmCampaign: '(none)' })).toEqual([
      { type: 'equal', utm: 'utmSource', value: 'google' },
      { type: 'any', utm: 'utmMedium', value: '' },
      { type: 'any', utm: 'utmCampaign', value: '' },
    ]);
  });
});
