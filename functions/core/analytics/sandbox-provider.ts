import type { AnalyticsOrders } from '../../../shared/feed/types';
import {
  AnalyticsProviderError,
  assertPropertyId,
  type AnalyticsProvider,
  type CustomDimension,
  type EventCounts,
  type NonStandardValues,
  type UtmTrafficRow,
} from './types';

/**
 * The sandbox analytics tool: fixed properties, no network, same answers every time. The local
 * stack and the integration tests use it (ANALYTICS_PROVIDER=sandbox, the default on the local
 * stage). Property ids and their outcomes (also in docs/analytics.md):
 *
 * | property | outcome |
 * |---|---|
 * | 100001 | access granted; dimension 1 (client_id) covers 98.5% sessions / 97% transactions (success); events method: 99% of `purchase` events (success); 6 UTM traffic rows |
 * | 100002 | access denied: Google's PERMISSION_DENIED message |
 * | 100003 | unknown property: denied (GA4 answers a missing property like a refused one); so is any id not listed here |
 * | 100004 | access granted; low coverage: sessions 70%, transactions 50% (events 60%); 3 UTM rows |
 * | 100005 | access granted; success coverage but 12 values not in the standard format (first 10 shown) |
 * | 100006 | access granted with zero traffic: no sessions, no transactions, no events (figures missing: error verdict); no UTM rows |
 *
 * A longer id starting with one of these six digits behaves as that property (1000010042 as
 * 100001): tests give each company a property of its own, as a View ID belongs to one company
 * (checks.ts, ensureOwnView).
 *
 * Every granted property has custom dimensions 1 = client_id (event scope) and 2 = user_type
 * (user scope); index 3 and above do not exist. Orders (`analyticsOrders`): every order id is
 * known to the sandbox except ids ending in 7 (so a feed's comparison finds some unknown ones).
 */

export const SANDBOX_PROPERTIES = {
  success: '100001',
  denied: '100002',
  unknown: '100003',
  low: '100004',
  nonStandard: '100005',
  zeroTraffic: '100006',
} as const;

/** Sandbox orders: ids ending in this digit are unknown to the analytics tool. */
const SANDBOX_UNKNOWN_ORDER_SUFFIX = '7';

export const SANDBOX_DENIED_MESSAGE =
  'User does not have sufficient permissions for this property. To learn more about Property ID, see https://developers.google.com/analytics/devguides/reporting/data/v1/property-id.';

interface SandboxProperty {
  name: string;
  sessions: number;
  sessionsWithDimension: number;
  transactions: number;
  transactionsWithDimension: number;
  events: number;
  eventsWithDimension: number;
  nonStandard: number;
  traffic: UtmTrafficRow[];
}

const row = (utmSource: string, utmMedium: string, utmCampaign: string, sessions: number): UtmTrafficRow => ({ utmSource, utmMedium, utmCampaign, sessions });

const PROPERTIES: Record<string, SandboxProperty> = {
  [SANDBOX_PROPERTIES.success]: {
    name: 'Sandbox shop (set up well)',
    sessions: 20_000,
    sessionsWithDimension: 19_700,
    transactions: 400,
    transactionsWithDimension: 388,
    events: 400,
    eventsWithDimension: 396,
    nonStandard: 0,
    traffic: [
      row('google', 'cpc', 'brand', 6200),
      row('google', 'organic', '(organic)', 5400),
      row('(direct)', '(none)', '(direct)', 4100),
      row('facebook', 'paid_social', 'spring_sale', 2300),
      row('newsletter', 'email', 'weekly_42', 1200),
      row('bing', 'cpc', 'brand', 800),
    ],
  },
  [SANDBOX_PROPERTIES.low]: {
    name: 'Sandbox shop (low coverage)',
    sessions: 10_000,
    sessionsWithDimension: 7_000,
    transactions: 200,
    transactionsWithDimension: 100,
    events: 200,
    eventsWithDimension: 120,
    nonStandard: 0,
    traffic: [row('google', 'cpc', 'generic', 5000), row('(direct)', '(none)', '(direct)', 3500), row('affiliate', 'cpa', 'partner_x', 1500)],
  },
  [SANDBOX_PROPERTIES.nonStandard]: {
    name: 'Sandbox shop (non-standard values)',
    sessions: 5_000,
    sessionsWithDimension: 4_900,
    transactions: 100,
    transactionsWithDimension: 99,
    events: 100,
    eventsWithDimension: 99,
    nonStandard: 12,
    traffic: [row('google', 'cpc', 'brand', 5000)],
  },
  [SANDBOX_PROPERTIES.zeroTraffic]: {
    name: 'Sandbox shop (no traffic yet)',
    sessions: 0,
    sessionsWithDimension: 0,
    transactions: 0,
    transactionsWithDimension: 0,
    events: 0,
    eventsWithDimension: 0,
    nonStandard: 0,
    traffic: [],
  },
};

const DIMENSIONS: CustomDimension[] = [
  { apiName: 'customEvent:client_id', parameterName: 'client_id', displayName: 'client_id', scope: 'EVENT' },
  { apiName: 'customUser:user_type', parameterName: 'user_type', displayName: 'User type', scope: 'USER' },
];

function property(propertyId: string): SandboxProperty {
  assertPropertyId(propertyId);
  const found = PROPERTIES[propertyId] ?? (propertyId.length > 6 ? PROPERTIES[propertyId.slice(0, 6)] : undefined);
  if (!found) throw new AnalyticsProviderError('denied', SANDBOX_DENIED_MESSAGE);
  return found;
}

/** A few standard values (digits.digits) for the example labels: deterministic from the position. */
const standardValue = (i: number) => `${1_000_000_000 + i * 7919}.${1_700_000_000 + i * 104_729}`;
const NON_STANDARD_SHAPES = ['GA1.2.', 'undefined', 'client-', 'null', '{{client_id}}'];
const nonStandardValue = (i: number) => `${NON_STANDARD_SHAPES[i % NON_STANDARD_SHAPES.length]}${i}`;

export const sandboxProvider: AnalyticsProvider = {
  async checkAccess(propertyId) {
    const p = property(propertyId);
    return { id: propertyId, name: p.name, sessions: p.sessions };
  },

  async customDimensions(propertyId) {
    property(propertyId);
    return DIMENSIONS.map((d) => ({ ...d }));
  },

  async dimensionCounts(propertyId) {
    const p = property(propertyId);
    return {
      sessions: { withDimension: p.sessionsWithDimension, total: p.sessions },
      transactions: { withDimension: p.transactionsWithDimension, total: p.transactions },
    };
  },

  async eventCounts(propertyId, _dimension, _eventName, limit): Promise<EventCounts> {
    const p = property(propertyId);
    // One event per distinct value here, except the first which appears twice when there are enough.
    const unique = p.eventsWithDimension > 1 ? p.eventsWithDimension - 1 : p.eventsWithDimension;
    const items = Array.from({ length: Math.min(limit, unique) }, (_, i) => ({ label: standardValue(i), count: i === 0 && unique < p.eventsWithDimension ? 2 : 1 }));
    return {
      sessions: { withDimension: p.sessionsWithDimension, total: p.sessions },
      events: { withDimension: p.eventsWithDimension, total: p.events, unique, items },
    };
  },

  async nonStandardValues(propertyId, _dimension, standard, limit): Promise<NonStandardValues> {
    const p = property(propertyId);
    // Filtered with the configured pattern like Google filters: a deployment's own format changes the outcome.
    const values = Array.from({ length: p.nonStandard }, (_, i) => ({ value: nonStandardValue(i), sessions: 40 - i })).filter((v) => !standard.test(v.value));
    return { items: values.slice(0, limit), total: values.length };
  },

  async utmTraffic(propertyId) {
    return property(propertyId).traffic.map((r) => ({ ...r }));
  },

  async sessionsOn(propertyId) {
    // The same figure every day (the 30 days' sessions spread evenly): a steady baseline.
    return Math.round(property(propertyId).sessions / 30);
  },

  async analyticsOrders(propertyId, day): Promise<AnalyticsOrders> {
    property(propertyId);
    return { day, has: (orderId) => orderId !== '' && !orderId.endsWith(SANDBOX_UNKNOWN_ORDER_SUFFIX) };
  },
};
