// Only the v1beta modules of the per-API packages: their index files also load the alpha APIs
// (the Admin API's v1alpha is 224 KB of the bundle). Never the whole `googleapis` package.
import { analyticsadmin_v1beta } from '@googleapis/analyticsadmin/build/v1beta.js';
import { analyticsdata_v1beta } from '@googleapis/analyticsdata/build/v1beta.js';
import { ANALYTICS_DAYS } from '../../../shared/domain/analytics';
import type { AnalyticsOrders } from '../../../shared/feed/types';
import { ServiceAccountAuth } from '../../platform/google-auth';
import { googleServiceAccount, GoogleCredentialsError, type ServiceAccountKey } from '../../platform/google-credentials';
import {
  AnalyticsProviderError,
  assertPropertyId,
  withoutAnchors,
  type AnalyticsProvider,
  type Counts,
  type CustomDimension,
  type EventCounts,
  type NonStandardValues,
  type UtmTrafficRow,
} from './types';
import { logger } from '../../platform/log';

/**
 * Google Analytics 4 behind the provider interface: the Data API (runReport) for figures, the
 * Admin API for the property's name and its custom dimensions. The service account signs in with
 * a JWT (functions/platform/google-auth.ts) and the read-only scope; the property must list its e-mail as a
 * Viewer (docs/analytics.md).
 *
 * Coverage is counts-based: "with the dimension" = the metric over rows whose dimension value is
 * neither '(not set)' nor empty, asked of Google with a dimension filter (no dimension breakdown,
 * so a session with two values counts once); "total" = the same metric without the filter.
 */

type Data = analyticsdata_v1beta.Analyticsdata;
type Admin = analyticsadmin_v1beta.Analyticsadmin;
type RunReportRequest = analyticsdata_v1beta.Schema$RunReportRequest;
type RunReportResponse = analyticsdata_v1beta.Schema$RunReportResponse;
type FilterExpression = analyticsdata_v1beta.Schema$FilterExpression;
type GoogleApiAuth = NonNullable<analyticsdata_v1beta.Options['auth']>;

export const ANALYTICS_SCOPE = 'https://www.googleapis.com/auth/analytics.readonly';
/** Each Google call: the handlers have 29 s (route timeout) and make at most 2 calls in a row. */
const GOOGLE_CALL_TIMEOUT_MS = 12_000;
/** Data API row limit per request (its maximum is 250,000). */
const PAGE_ROWS = 10_000;
/** UTM import: most sessions first, at most this many combinations. */
const UTM_IMPORT_MAX_ROWS = 10_000;
/** Order ids of one day: at most this many pages of PAGE_ROWS (a bound on a single request's work). */
const MAX_ORDER_PAGES = 20;

/** The last ANALYTICS_DAYS complete days. */
const LAST_DAYS = { startDate: `${ANALYTICS_DAYS}daysAgo`, endDate: 'yesterday' } as const;

const NOT_SET = '(not set)';

/** The dimension's value is set: neither '(not set)' nor empty. */
function valueSet(fieldName: string): FilterExpression {
  return {
    notExpression: {
      orGroup: {
        expressions: [{ filter: { fieldName, stringFilter: { matchType: 'EXACT', value: NOT_SET } } }, { filter: { fieldName, emptyFilter: {} } }],
      },
    },
  };
}

const eventNamed = (eventName: string): FilterExpression => ({
  filter: { fieldName: 'eventName', stringFilter: { matchType: 'EXACT', value: eventName, caseSensitive: true } },
});

const and = (...expressions: FilterExpression[]): FilterExpression => ({ andGroup: { expressions } });


/** The Data API name of a custom dimension. */
function apiNameOf(scope: string, parameterName: string): string {
  const prefix = scope === 'USER' ? 'customUser' : scope === 'ITEM' ? 'customItem' : 'customEvent';
  return `${prefix}:${parameterName}`;
}

const num = (value: string | null | undefined): number => {
  const n = Number(value ?? 0);
  return Number.isFinite(n) ? n : 0;
};

/** The metric values of a report without dimensions (one row, or none when there is no data). */
/** A report's day: a date the Data API reads as one, never a relative name. */
function assertDay(day: string): void {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new AnalyticsProviderError('failed', `Invalid day ${day}`);
}

function totals(response: RunReportResponse, metrics: number): number[] {
  const values = response.rows?.[0]?.metricValues ?? [];
  return Array.from({ length: metrics }, (_, i) => num(values[i]?.value));
}

interface GaxiosLikeError {
  status?: number;
  code?: number | string;
  name?: string;
  message?: string;
  response?: { status?: number; data?: { error?: { code?: number; message?: string; status?: string } | string; error_description?: string } };
}

/** A client library error as the provider's own: 403/404 mean "denied", the rest "failed", with Google's message. */
export function toProviderError(error: unknown): AnalyticsProviderError {
  if (error instanceof AnalyticsProviderError) return error;
  if (error instanceof GoogleCredentialsError) return new AnalyticsProviderError('failed', error.message);
  const e = (error ?? {}) as GaxiosLikeError;
  const status = e.response?.status ?? (typeof e.status === 'number' ? e.status : undefined);
  const body = e.response?.data;
  const googleMessage = typeof body?.error === 'object' ? body.error.message : body?.error_description;
  const message = googleMessage || e.message || 'Google Analytics did not answer';
  if (e.name === 'AbortError' || e.name === 'TimeoutError' || /timeout|aborted/i.test(e.message ?? '')) {
    return new AnalyticsProviderError('failed', 'Google Analytics did not answer in time: please try again later');
  }
  // The token endpoint refusing the key is ours to fix, not the customer's permission.
  if (status === 400 || status === 401) {
    if (typeof body?.error === 'string') return new AnalyticsProviderError('failed', `Google refused the service account: ${message}`);
  }
  if (status === 403 || status === 404) return new AnalyticsProviderError('denied', message);
  return new AnalyticsProviderError('failed', message);
}

export interface GoogleProviderOptions {
  /** Tests: a key instead of the configured one. */
  credentials?: () => Promise<ServiceAccountKey>;
  timeoutMs?: number;
}

export function googleProvider(options: GoogleProviderOptions = {}): AnalyticsProvider {
  const timeout = options.timeoutMs ?? GOOGLE_CALL_TIMEOUT_MS;
  const loadKey = options.credentials ?? googleServiceAccount;
  let clients: Promise<{ data: Data; admin: Admin }> | undefined;

  const connect = () => {
    clients ??= loadKey().then(
      (key) => {
        // googleapis-common only calls `auth.request(options)` of an object; its types name google-auth-library's clients.
        const auth = new ServiceAccountAuth(key, { scopes: [ANALYTICS_SCOPE], timeoutMs: timeout }) as unknown as GoogleApiAuth;
        return { data: new analyticsdata_v1beta.Analyticsdata({ auth }), admin: new analyticsadmin_v1beta.Analyticsadmin({ auth }) };
      },
      (error: unknown) => {
        clients = undefined;
        throw error;
      },
    );
    return clients;
  };
  // Bounded: no library retries behind our back (each call's time is ours to budget).
  const callOptions = () => ({ timeout, retry: false });

  async function call<T>(run: (c: { data: Data; admin: Admin }) => Promise<{ data: T }>): Promise<T> {
    try {
      return (await run(await connect())).data;
    } catch (error) {
      throw toProviderError(error);
    }
  }

  const runReport = (propertyId: string, requestBody: RunReportRequest) =>
    call<RunReportResponse>(({ data }) => data.properties.runReport({ property: `properties/${propertyId}`, requestBody }, callOptions()));

  /** Sessions (and other metrics) with the dimension set and in all, in two parallel reports. */
  async function withAndWithout(propertyId: string, metrics: string[], filter: FilterExpression, base?: FilterExpression): Promise<Counts[]> {
    const request = (dimensionFilter?: FilterExpression): RunReportRequest => ({
      dateRanges: [LAST_DAYS],
      metrics: metrics.map((name) => ({ name })),
      ...(dimensionFilter ? { dimensionFilter } : {}),
      limit: '1',
    });
    const [all, set] = await Promise.all([runReport(propertyId, request(base)), runReport(propertyId, request(base ? and(base, filter) : filter))]);
    const totalValues = totals(all, metrics.length);
    const setValues = totals(set, metrics.length);
    return metrics.map((_, i) => ({ withDimension: setValues[i]!, total: totalValues[i]! }));
  }

  return {
    async checkAccess(propertyId) {
      assertPropertyId(propertyId);
      // The report first: it is what the checks need, and its 403 carries the Data API's wording.
      const report = await runReport(propertyId, { dateRanges: [LAST_DAYS], metrics: [{ name: 'sessions' }], limit: '1' });
      let name = '';
      try {
        const property = await call(({ admin }) => admin.properties.get({ name: `properties/${propertyId}` }, callOptions()));
        name = property.displayName ?? '';
      } catch (error) {
        // The name is a nicety (the Admin API may be disabled, or slow): the report answered, so the access is granted.
        logger().warn('ga-property-name', { reason: (error as Error).message });
      }
      return { id: propertyId, name, sessions: totals(report, 1)[0]! };
    },

    async customDimensions(propertyId) {
      assertPropertyId(propertyId);
      const found: CustomDimension[] = [];
      let pageToken: string | undefined;
      // Pages of 200 (the API's maximum); GA4 allows at most 250 custom dimensions (360 properties), so
      // two pages; the cap keeps a misbehaving answer from looping past the route's 29 s.
      for (let page = 0; page < 5; page++) {
        const answer = await call(({ admin }) =>
          admin.properties.customDimensions.list({ parent: `properties/${propertyId}`, pageSize: 200, ...(pageToken ? { pageToken } : {}) }, callOptions()),
        );
        for (const d of answer.customDimensions ?? []) {
          const scope = d.scope === 'USER' || d.scope === 'ITEM' ? d.scope : 'EVENT';
          const parameterName = d.parameterName ?? '';
          found.push({ apiName: apiNameOf(scope, parameterName), parameterName, displayName: d.displayName ?? parameterName, scope });
        }
        pageToken = answer.nextPageToken || undefined;
        if (!pageToken) break;
      }
      return found;
    },

    async dimensionCounts(propertyId, dimension) {
      assertPropertyId(propertyId);
      const [sessions, transactions] = await withAndWithout(propertyId, ['sessions', 'transactions'], valueSet(dimension.apiName));
      return { sessions: sessions!, transactions: transactions! };
    },

    async eventCounts(propertyId, dimension, eventName, limit): Promise<EventCounts> {
      assertPropertyId(propertyId);
      const set = valueSet(dimension.apiName);
      const [[sessions], [events], labels] = await Promise.all([
        withAndWithout(propertyId, ['sessions'], set),
        withAndWithout(propertyId, ['eventCount'], set, eventNamed(eventName)),
        runReport(propertyId, {
          dateRanges: [LAST_DAYS],
          dimensions: [{ name: dimension.apiName }],
          metrics: [{ name: 'eventCount' }],
          dimensionFilter: and(eventNamed(eventName), set),
          orderBys: [{ metric: { metricName: 'eventCount' }, desc: true }],
          limit: String(limit),
        }),
      ]);
      return {
        sessions: sessions!,
        events: {
          ...events!,
          // rowCount: the number of rows the report has in all (distinct values), whatever the limit.
          unique: labels.rowCount ?? labels.rows?.length ?? 0,
          items: (labels.rows ?? []).map((r) => ({ label: r.dimensionValues?.[0]?.value ?? '', count: num(r.metricValues?.[0]?.value) })),
        },
      };
    },

    async nonStandardValues(propertyId, dimension, standard, limit): Promise<NonStandardValues> {
      assertPropertyId(propertyId);
      const report = await runReport(propertyId, {
        dateRanges: [LAST_DAYS],
        dimensions: [{ name: dimension.apiName }],
        metrics: [{ name: 'sessions' }],
        dimensionFilter: and(valueSet(dimension.apiName), {
          notExpression: { filter: { fieldName: dimension.apiName, stringFilter: { matchType: 'FULL_REGEXP', value: withoutAnchors(standard.source), caseSensitive: true } } },
        }),
        orderBys: [{ metric: { metricName: 'sessions' }, desc: true }],
        limit: String(limit),
      });
      return {
        items: (report.rows ?? []).map((r) => ({ value: r.dimensionValues?.[0]?.value ?? '', sessions: num(r.metricValues?.[0]?.value) })),
        total: report.rowCount ?? report.rows?.length ?? 0,
      };
    },

    async utmTraffic(propertyId) {
      assertPropertyId(propertyId);
      const report = await runReport(propertyId, {
        dateRanges: [LAST_DAYS],
        dimensions: [{ name: 'sessionSource' }, { name: 'sessionMedium' }, { name: 'sessionCampaignName' }],
        metrics: [{ name: 'sessions' }],
        orderBys: [{ metric: { metricName: 'sessions' }, desc: true }],
        limit: String(UTM_IMPORT_MAX_ROWS),
      });
      return (report.rows ?? []).map((r): UtmTrafficRow => {
        const [source, medium, campaign] = r.dimensionValues ?? [];
        return { utmSource: source?.value ?? '', utmMedium: medium?.value ?? '', utmCampaign: campaign?.value ?? '', sessions: num(r.metricValues?.[0]?.value) };
      });
    },

    async sessionsOn(propertyId, day) {
      assertPropertyId(propertyId);
      assertDay(day);
      return totals(await runReport(propertyId, { dateRanges: [{ startDate: day, endDate: day }], metrics: [{ name: 'sessions' }], limit: '1' }), 1)[0]!;
    },

    async analyticsOrders(propertyId, day): Promise<AnalyticsOrders> {
      assertPropertyId(propertyId);
      assertDay(day);
      const ids = new Set<string>();
      for (let page = 0; page < MAX_ORDER_PAGES; page++) {
        const report = await runReport(propertyId, {
          dateRanges: [{ startDate: day, endDate: day }],
          dimensions: [{ name: 'transactionId' }],
          metrics: [{ name: 'transactions' }],
          dimensionFilter: valueSet('transactionId'),
          orderBys: [{ dimension: { dimensionName: 'transactionId' } }],
          limit: String(PAGE_ROWS),
          offset: String(page * PAGE_ROWS),
        });
        for (const r of report.rows ?? []) {
          const id = r.dimensionValues?.[0]?.value;
          if (id && id !== NOT_SET) ids.add(id);
        }
        if ((report.rows?.length ?? 0) < PAGE_ROWS || (page + 1) * PAGE_ROWS >= (report.rowCount ?? 0)) break;
      }
      return { day, has: (orderId) => ids.has(orderId) };
    },
  };
}
