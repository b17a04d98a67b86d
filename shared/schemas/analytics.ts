import { object, string, type AnyObject, type StringSchema } from 'yup';
import { VIEW_ID_MAX_LENGTH, VIEW_ID_MIN_LENGTH } from '../domain/analytics';
import { schema } from './define';

/**
 * Request schemas of the analytics checks (POST /api/analytics/access, /utms, /dimension,
 * /events). The verification forms validate with the same objects. Numbers are kept as digit
 * strings (a GA4 property id does not fit every client's number type safely).
 */

export const DIMENSION_INDEX_MAX_LENGTH = 3;
export const EVENT_ACTION_MAX_LENGTH = 100;

/**
 * THE View ID of every request that carries one (the analytics checks, the companies admin and the
 * legacy update, the feed check): digits, VIEW_ID_MIN_LENGTH to VIEW_ID_MAX_LENGTH of them. A
 * company storing an id the checks refuse would hold a number no check could ever use. `base`:
 * required or not; `empty`: whether '' ("none") passes.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any required-ness and default: the rule keeps the schema's own type
export const viewIdRule = <S extends StringSchema<string | null | undefined, AnyObject, any, any>>(base: S, empty: 'allowed' | 'refused'): S => {
  const digits = base.matches(/^\d+$/, { message: 'validation.analytics.viewIdNumeric', excludeEmptyString: true }).max(VIEW_ID_MAX_LENGTH, 'validation.analytics.viewIdNumeric');
  // yup's min() counts '' as too short: where empty means "none", the length is a test of its own (x-checks in docs/openapi.json).
  return empty === 'refused'
    ? digits.min(VIEW_ID_MIN_LENGTH, 'validation.analytics.viewIdTooShort')
    : digits.test('view-id-length', 'validation.analytics.viewIdTooShort', (value) => !value || value.length >= VIEW_ID_MIN_LENGTH);
};

/** THE custom dimension index of every request: a whole number from 1 to 999, as digits (empty passes the rule itself). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export const dimensionIndexRule = <S extends StringSchema<string | null | undefined, AnyObject, any, any>>(base: S): S =>
  base
    .matches(/^[1-9]\d*$/, { message: 'validation.analytics.dimensionNumeric', excludeEmptyString: true })
    .max(DIMENSION_INDEX_MAX_LENGTH, 'validation.analytics.dimensionNumeric');

const viewId = () => viewIdRule(string().nonNullable('validation.required').trim().required('validation.required'), 'refused');

const dimension = () => dimensionIndexRule(string().nonNullable('validation.required').trim().required('validation.required'));

/** GA4 event names: letters, digits and underscores, starting with a letter (checked by GA too). */
const eventAction = () =>
  string()
    .nonNullable('validation.required')
    .trim()
    .required('validation.analytics.eventActionRequired')
    .max(EVENT_ACTION_MAX_LENGTH, 'validation.analytics.eventActionInvalid')
    .matches(/^[A-Za-z][A-Za-z0-9_]*$/, 'validation.analytics.eventActionInvalid');

/** POST /api/analytics/access and /api/analytics/utms. */
export const analyticsAccessSchema = /* @__PURE__ */ schema(() => object({ view_id: viewId() }));

/** POST /api/analytics/dimension. */
export const analyticsDimensionSchema = /* @__PURE__ */ schema(() => object({ view_id: viewId(), dimension: dimension() }));

/** POST /api/analytics/events. */
export const analyticsEventsSchema = /* @__PURE__ */ schema(() =>
  object({ view_id: viewId(), dimension: dimension(), event_action: eventAction() }),
);
