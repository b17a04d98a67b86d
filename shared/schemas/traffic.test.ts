import { describe, expect, it } from 'vitest';
import { emptyRuleMap, ruleList, trafficMatchSchema, trafficRuleApplySchema, trafficRuleCreateSchema, type RuleMap } from './traffic';
import { errorsOf } from './testing/errors';

const google = { type: 'equal', utm: 'utmSource', value: 'google' } as const;
const anyMedium = { type: 'any', utm: 'utmMedium', value: '' } as const;
const anyCampaign = { type: 'any', utm: 'utmCampaign', value: '' } as const;

describe('UTM rule schemas', () => {
  it.each([
    [{ 1: anyMedium, 2: anyCampaign }, { 'rule.0': 'validation.required' }],
    [{ 0: google, 2: anyCampaign }, { 'rule.1': 'validation.required' }],
    [{ 0: google, 1: anyMedium }, { 'rule.2': 'validation.required' }],
  ])('names a missing row, and judges the rule as a whole only once it has all three: %j', (rule, errors) => {
    expect(errorsOf(trafficMatchSchema, { rule })).toEqual(errors);
  });

  it('the empty rule of the form has empty values: a row set to a type that needs one asks for it', () => {
    const rule = emptyRuleMap();
    expect(errorsOf(trafficMatchSchema, { rule })).toEqual({ rule: 'validation.utm.allAny' });
    for (const i of [0, 1, 2] as const) {
      const row = { ...rule[i], type: 'contains' };
      expect(errorsOf(trafficMatchSchema, { rule: { ...rule, [i]: row } }), String(i)).toEqual({ [`rule.${i}.value`]: 'validation.utm.valueRequired', rule: 'validation.utm.allAny' });
    }
  });

  it('reads the rule map as the list utmSource, utmMedium, utmCampaign; a row without a value has an empty one', () => {
    const map = { 2: { type: 'contains', utm: 'utmCampaign' }, 0: google, 1: anyMedium } as unknown as RuleMap;
    expect(ruleList(map)).toEqual([google, anyMedium, { type: 'contains', utm: 'utmCampaign', value: '' }]);
  });

  it('a create needs a source id, and says yes to an overlap only with a real boolean', () => {
    const rule = { 0: google, 1: anyMedium, 2: anyCampaign };
    expect(trafficRuleCreateSchema.validateSync({ source: ' s1 ', rule })).toMatchObject({ source: 's1', rule });
    expect(errorsOf(trafficRuleCreateSchema, { source: 's'.repeat(64), rule, acceptOverlap: true })).toEqual({});
    expect(errorsOf(trafficRuleCreateSchema, { source: 's'.repeat(65), rule })).toEqual({ source: 'validation.invalid' });
    expect(errorsOf(trafficRuleCreateSchema, { source: '  ', rule })).toEqual({ source: 'validation.utm.sourceRequired' });
    expect(errorsOf(trafficRuleCreateSchema, { source: 's1', rule, acceptOverlap: 'yes' })).toEqual({ acceptOverlap: 'validation.invalid' });
    expect(errorsOf(trafficRuleApplySchema, { rule })).toEqual({ source: 'validation.utm.sourceRequired' });
  });
});
