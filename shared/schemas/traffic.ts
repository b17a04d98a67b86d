import { boolean, mixed, object, string } from 'yup';
import { isRuleMeaningful, MATCH_TYPES, UTM_DIMENSIONS, UTM_VALUE_MAX_LENGTH, type MatchType, type UtmCondition, type UtmDimension } from '../domain/utm-matching';
import { schema } from './define';
import { lineText } from './common';

/**
 * Request schemas of UTM management (POST /api/traffic/match, POST /api/traffic-rules and
 * .../apply; DELETE takes `versionOnlySchema`). The page's form validates with the same objects.
 *
 * `rule` is the spec's "map of index 0-2 to { type, utm, value }": index 0 is utmSource, 1
 * utmMedium, 2 utmCampaign (the order of the form's rows). A value is required unless the type
 * is 'any' (whose value is ignored), and at least one row must constrain something.
 */

const SOURCE_ID_MAX_LENGTH = 64;

const condition = (index: 0 | 1 | 2) =>
  object({
    type: mixed<MatchType>().oneOf(MATCH_TYPES, 'validation.utm.type').required('validation.required'),
    utm: mixed<UtmDimension>().oneOf([UTM_DIMENSIONS[index]], 'validation.utm.order').required('validation.required'),
    value: string().test(lineText)
      .default('')
      .max(UTM_VALUE_MAX_LENGTH, 'validation.utm.valueTooLong')
      .test('utm-value', 'validation.utm.valueRequired', function (value) {
        // Stryker disable next-line StringLiteral: the default above makes a missing value '' before the tests run
        return (this.parent as { type?: string }).type === 'any' || (value ?? '').trim() !== '';
      }),
  })
    .default(undefined)
    .required('validation.required');

const rule = () =>
  object({ 0: condition(0), 1: condition(1), 2: condition(2) })
    .default(undefined)
    .required('validation.required')
    // Only a complete rule is judged as a whole (a missing row has its own message).
    .test('utm-rule-meaningful', 'validation.utm.allAny', (value) => !value || !value[0] || !value[1] || !value[2] || isRuleMeaningful(ruleList(value as RuleMap)));

const source = () =>
  string().nonNullable('validation.required').trim().min(1, 'validation.utm.sourceRequired').max(SOURCE_ID_MAX_LENGTH, 'validation.invalid').required('validation.utm.sourceRequired');

/** The rule map as an ordered list (utmSource, utmMedium, utmCampaign). */
export type RuleMap = Record<0 | 1 | 2, { type: MatchType; utm: UtmDimension; value: string }>;
export const ruleList = (map: RuleMap): UtmCondition[] => [0, 1, 2].map((i) => {
  const c = map[i as 0 | 1 | 2];
  return { type: c.type, utm: c.utm, value: c.value ?? '' };
});

/** The form's empty rule: every row 'any' with an empty value (also what it resets to after a create). */
export const emptyRuleMap = (): RuleMap => ({
  0: { type: 'any', utm: 'utmSource', value: '' },
  1: { type: 'any', utm: 'utmMedium', value: '' },
  2: { type: 'any', utm: 'utmCampaign', value: '' },
});

/** POST /api/traffic/match `{ rule }`. */
export const trafficMatchSchema = /* @__PURE__ */ schema(() =>
  // `source`: the source the draft would link to; the answer then says which matches other sources' rules link already (the overlap).
  object({ rule: rule(), source: string().trim().max(SOURCE_ID_MAX_LENGTH, 'validation.invalid').optional() }),
);

/**
 * POST /api/traffic-rules `{ source, rule, acceptOverlap? }`: `source` is the id of one of the
 * company's sources. A rule that would link traffic another source's rules link already is refused
 * unless `acceptOverlap` is true (the page asks the user first; a script must say so).
 */
export const trafficRuleCreateSchema = /* @__PURE__ */ schema(() =>
  object({ source: source(), rule: rule(), acceptOverlap: boolean().strict().typeError('validation.invalid').default(false) }),
);

/** POST /api/traffic-rules/apply `{ source, rule }`: same body as a create; writes no rule. */
export const trafficRuleApplySchema = /* @__PURE__ */ schema(() => object({ source: source(), rule: rule() }));
