import { object, string } from 'yup';
import { VIEW_ID_MAX_LENGTH, VIEW_ID_MIN_LENGTH } from '../domain/analytics';
import { schema } from './define';

/**
 * Request schemas of the analytics checks (POST /api/analytics/access, /utms, /dimension,
 * /events). The verification forms validate with the same objects. Numbers are kept as digit
 * strings (a GA4 property id does not fit every client's number type safely).
 */

export const DIMENSION_INDEX_MAX_LENGTH = 3;
export const EVENT_ACTION_MAX_LENGTH = 100;

const viewId = () =>
  string()
    .nonNullable('validation.required')
    .trim()
    .required('validation.required')
    .matches(/^\d+$/, 'validation.analytics.viewIdNumeric')
    .min(VIEW_ID_MIN_LENGTH, 'validation.analytics.viewIdTooShort')
    .max(VIEW_ID_MAX_LENGTH, 'validation.analytics.viewIdNumeric');

const dimension = () =>
  string()
    .nonNullable('validation.required')
    .trim()
    .required('validation.required')
    .matches(/^[1-9]\d*$/, 'validation.analytics.dimensionNumeric')
    .max(DIMENSION_INDEX_MAX_LENGTH, 'validation.analytics.dimensionNumeric');

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
