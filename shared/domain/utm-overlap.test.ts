import { describe, expect, it } from 'vitest';
import type { MatchType, TrafficRow, UtmCondition } from './utm-matching';
import { findSameRule, overlapWithOtherSources } from './utm-overlap';

const rule = (s: [MatchType, string], m: [MatchType, string] = ['any', ''], c: [MatchType, string] = ['any', '']): UtmCondition[] => [
  { type: s[0], utm: 'utmSource', value: s[1] },
  { type: m[0], utm: 'utmMedium', value: m[1] },
  { type: c[0], utm: 'utmCampaign', value: c[1] },
];
const row = (id: string, utmSource: string, utmMedium: string, utmCampaign: string, sessions: number): TrafficRow => ({ id, utmSource, utmMedium, utmCampaign, sessions });
const ROWS = [row('1', 'google', 'cpc', 'brand', 100), row('2', 'google', 'cpc', 'generic', 300), row('3', 'Google', 'organic', '', 50), row('4', 'bing', 'cpc', 'brand', 20)];

describe('findSameRule', () => {
  const stored = [{ id: 'r1', sourceId: 'ads', rule: rule(['equal', 'google'], ['equal', 'cpc']) }];
  it('finds a rule with the same conditions, case and spaces aside, whatever the source', () => {
    expect(findSameRule(stored, rule(['equal', ' GOOGLE '], ['equal', 'CPC']))?.id).toBe('r1');
    // 'any' ignores its value, as the stored form does.
    expect(findSameRule(stored, [...rule(['equal', 'google'], ['equal', 'cpc']).slice(0, 2), { type: 'any', utm: 'utmCampaign', value: 'x' }])?.id).toBe('r1');
  });
  it('does not take another type or value for the same rule', () => {
    expect(findSameRule(stored, rule(['contains', 'google'], ['equal', 'cpc']))).toBeUndefined();
    expect(findSameRule(stored, rule(['equal', 'google'], ['equal', 'cpc'], ['equal', 'brand']))).toBeUndefined();
    expect(findSameRule([], rule(['equal', 'google']))).toBeUndefined();
  });
});

describe('overlapWithOtherSources', () => {
  const rules = [
    { sourceId: 'ads', rule: rule(['equal', 'google'], ['equal', 'cpc']) },
    { sourceId: 'brand', rule: rule(['any', ''], ['any', ''], ['equal', 'brand']) },
    { sourceId: 'seo', rule: rule(['equal', 'google'], ['equal', 'organic']) },
  ];
  it('lists the rows the draft matches that another source links, with those sources, by sessions', () => {
    expect(overlapWithOtherSources(ROWS, rules, { sourceId: 'new', rule: rule(['contains', 'GOO']) })).toEqual([
      { ...ROWS[1], sourceIds: ['ads'] },
      { ...ROWS[0], sourceIds: ['ads', 'brand'] },
      { ...ROWS[2], sourceIds: ['seo'] },
    ]);
  });
  it('does not count the draft source’s own rules, nor rows no other source links', () => {
    expect(overlapWithOtherSources(ROWS, rules, { sourceId: 'ads', rule: rule(['equal', 'google'], ['equal', 'cpc'], ['equal', 'generic']) })).toEqual([]);
    expect(overlapWithOtherSources(ROWS, rules, { sourceId: 'ads', rule: rule(['any', ''], ['equal', 'cpc']) })).toEqual([{ ...ROWS[0], sourceIds: ['brand'] }, { ...ROWS[3], sourceIds: ['brand'] }]);
    expect(overlapWithOtherSources(ROWS, [], { sourceId: 'x', rule: rule(['contains', 'g']) })).toEqual([]);
    expect(overlapWithOtherSources([], rules, { sourceId: 'x', rule: rule(['contains', 'g']) })).toEqual([]);
  });
});
