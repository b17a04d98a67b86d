import { generateKeyPairSync } from 'node:crypto';
import { importSPKI, jwtVerify } from 'jose';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ANALYTICS_SCOPE, googleProvider } from './google-provider';
import { AnalyticsProviderError, type CustomDimension } from './types';

/**
 * The Google provider against msw: the real requests of @googleapis/analyticsdata,
 * @googleapis/analyticsadmin and google-auth-library (token endpoint included, with a JWT signed
 * by a key made here and verified by the fake token endpoint) are intercepted, their bodies
 * asserted, and Google-shaped answers parsed.
 */

const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const KEY = {
  client_email: 'portal-reader@portal-test.iam.gserviceaccount.com',
  private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
};
const TOKEN = 'ya29.test-access-token';
const PROPERTY = '123456789';
const LAST_30 = [{ startDate: '30daysAgo', endDate: 'yesterday' }];
const CLIENT_ID: CustomDimension = { apiName: 'customEvent:client_id', parameterName: 'client_id', displayName: 'Client id', scope: 'EVENT' };
const DENIED = {
  error: {
    code: 403,
    message: 'User does not have sufficient permissions for this property. To learn more about Property ID, see https://developers.google.com/analytics/devguides/reporting/data/v1/property-id.',
    status: 'PERMISSION_DENIED',
  },
};

interface Seen {
  method: string;
  url: URL;
  body: unknown;
  authorization: string | null;
}
let seen: Seen[] = [];
let tokenRequests = 0;
/** The fake Data API: answers one runReport body (tests set it). */
let report: (body: Record<string, unknown>, property: string) => Response | Record<string, unknown>;
let admin: (url: URL) => Response | Record<string, unknown>;

const server = setupServer(
  http.post('https://oauth2.googleapis.com/token', async ({ request }) => {
    tokenRequests++;
    const form = new URLSearchParams(await request.text());
    expect(form.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    // The assertion must be signed by the service account's key, for the read-only scope.
    const { payload } = await jwtVerify(form.get('assertion')!, await importSPKI(publicKey.export({ type: 'spki', format: 'pem' }).toString(), 'RS256'));
    expect(payload).toMatchObject({ iss: KEY.client_email, scope: ANALYTICS_SCOPE, aud: 'https://oauth2.googleapis.com/token' });
    return HttpResponse.json({ access_token: TOKEN, expires_in: 3600, token_type: 'Bearer' });
  }),
  http.post('https://analyticsdata.googleapis.com/*', async ({ request }) => {
    const url = new URL(request.url);
    const body = (await request.json()) as Record<string, unknown>;
    seen.push({ method: 'POST', url, body, authorization: request.headers.get('authorization') });
    const match = /^\/v1beta\/properties\/(\d+):runReport$/.exec(url.pathname);
    if (!match) return HttpResponse.json({ error: { code: 404, message: `unexpected ${url.pathname}` } }, { status: 404 });
    const answer = report(body, match[1]!);
    return answer instanceof Response ? answer : HttpResponse.json(answer);
  }),
  http.get('https://analyticsadmin.googleapis.com/*', ({ request }) => {
    const url = new URL(request.url);
    seen.push({ method: 'GET', url, body: null, authorization: request.headers.get('authorization') });
    const answer = admin(url);
    return answer instanceof Response ? answer : HttpResponse.json(answer);
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  seen = [];
  tokenRequests = 0;
  report = () => ({ kind: 'analyticsData#runReport' });
  admin = () => ({ name: `properties/${PROPERTY}`, displayName: 'Acme shop' });
});
afterEach(() => server.resetHandlers());

const provider = () => googleProvider({ credentials: async () => KEY });
const reports = () => seen.filter((s) => s.url.hostname === 'analyticsdata.googleapis.com').map((s) => s.body);
const metricsRow = (...values: number[]) => ({ rows: [{ metricValues: values.map((v) => ({ value: String(v) })) }], rowCount: 1 });
const hasFilter = (body: Record<string, unknown>) => body.dimensionFilter !== undefined;
const notSetOf = (fieldName: string) => ({
  notExpression: {
    orGroup: {
      expressions: [{ filter: { fieldName, stringFilter: { matchType: 'EXACT', value: '(not set)' } } }, { filter: { fieldName, emptyFilter: {} } }],
    },
  },
});
const purchase = { filter: { fieldName: 'eventName', stringFilter: { matchType: 'EXACT', value: 'purchase', caseSensitive: true } } };

async function failure(promise: Promise<unknown>): Promise<AnalyticsProviderError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AnalyticsProviderError);
  return error as AnalyticsProviderError;
}

describe('checkAccess', () => {
  it('granted: sessions of the last 30 days and the property name, signed in with the service account', async () => {
    report = () => metricsRow(1234);
    const access = await provider().checkAccess(PROPERTY);
    expect(access).toEqual({ id: PROPERTY, name: 'Acme shop', sessions: 1234 });
    expect(reports()).toEqual([{ dateRanges: LAST_30, metrics: [{ name: 'sessions' }], limit: '1' }]);
    expect(seen.map((s) => `${s.method} ${s.url.hostname}${s.url.pathname}`)).toEqual([
      `POST analyticsdata.googleapis.com/v1beta/properties/${PROPERTY}:runReport`,
      `GET analyticsadmin.googleapis.com/v1beta/properties/${PROPERTY}`,
    ]);
    expect(seen.every((s) => s.authorization === `Bearer ${TOKEN}`)).toBe(true);
    expect(tokenRequests).toBe(1);
  });

  it('granted even when the Admin API refuses the property’s name (e.g. the API is not enabled): the name is empty', async () => {
    report = () => metricsRow(5);
    admin = () => HttpResponse.json({ error: { code: 403, message: 'Google Analytics Admin API has not been used in project 1 before or it is disabled.', status: 'PERMISSION_DENIED' } }, { status: 403 });
    expect(await provider().checkAccess(PROPERTY)).toEqual({ id: PROPERTY, name: '', sessions: 5 });
  });

  it('403 PERMISSION_DENIED: denied with Google’s message', async () => {
    report = () => HttpResponse.json(DENIED, { status: 403 });
    const error = await failure(provider().checkAccess(PROPERTY));
    expect(error.failure).toBe('denied');
    expect(error.message).toBe(DENIED.error.message);
  });

  it('a missing property (404 NOT_FOUND): denied as well, with Google’s message', async () => {
    report = () => HttpResponse.json({ error: { code: 404, message: 'Requested entity was not found.', status: 'NOT_FOUND' } }, { status: 404 });
    const error = await failure(provider().checkAccess('99999'));
    expect(error).toMatchObject({ failure: 'denied', message: 'Requested entity was not found.' });
  });

  it('zero traffic: granted with 0 sessions (GA4 sends no rows at all)', async () => {
    report = () => ({ rowCount: 0, kind: 'analyticsData#runReport' });
    expect(await provider().checkAccess(PROPERTY)).toEqual({ id: PROPERTY, name: 'Acme shop', sessions: 0 });
  });

  it('Google failing otherwise (500, quota) is a failure, not a denial', async () => {
    report = () => HttpResponse.json({ error: { code: 429, message: 'Exhausted property tokens per day', status: 'RESOURCE_EXHAUSTED' } }, { status: 429 });
    expect(await failure(provider().checkAccess(PROPERTY))).toMatchObject({ failure: 'failed', message: 'Exhausted property tokens per day' });
    report = () => new HttpResponse('upstream down', { status: 500 });
    expect((await failure(provider().checkAccess(PROPERTY))).failure).toBe('failed');
  });

  it('a Google call that does not answer in time is a failure, bounded by the call timeout', async () => {
    server.use(
      http.post('https://analyticsdata.googleapis.com/*', async () => {
        await delay(5000);
        return HttpResponse.json(metricsRow(1));
      }),
    );
    const error = await failure(googleProvider({ credentials: async () => KEY, timeoutMs: 300 }).checkAccess(PROPERTY));
    expect(error).toMatchObject({ failure: 'failed', message: 'Google Analytics did not answer in time: please try again later' });
  });

  it('a key the token endpoint refuses is a failure of ours (not the customer’s denial)', async () => {
    server.use(http.post('https://oauth2.googleapis.com/token', () => HttpResponse.json({ error: 'invalid_grant', error_description: 'Invalid JWT Signature.' }, { status: 400 })));
    const error = await failure(provider().checkAccess(PROPERTY));
    expect(error.failure).toBe('failed');
    expect(error.message).toContain('Invalid JWT Signature.');
  });

  it('refuses a property id that is not digits before any request', async () => {
    expect((await failure(provider().checkAccess('12/../34'))).failure).toBe('denied');
    expect(seen).toEqual([]);
  });
});

describe('customDimensions', () => {
  it('reads every page in order and names each dimension as the Data API does', async () => {
    admin = (url) =>
      url.searchParams.get('pageToken') === 'page-2'
        ? { customDimensions: [{ name: 'x/3', parameterName: 'sku', displayName: 'SKU', scope: 'ITEM' }] }
        : {
            customDimensions: [
              { name: 'x/1', parameterName: 'client_id', displayName: 'Client id', scope: 'EVENT' },
              { name: 'x/2', parameterName: 'user_type', displayName: 'User type', scope: 'USER' },
            ],
            nextPageToken: 'page-2',
          };
    const list = await provider().customDimensions(PROPERTY);
    expect(list).toEqual([
      { apiName: 'customEvent:client_id', parameterName: 'client_id', displayName: 'Client id', scope: 'EVENT' },
      { apiName: 'customUser:user_type', parameterName: 'user_type', displayName: 'User type', scope: 'USER' },
      { apiName: 'customItem:sku', parameterName: 'sku', displayName: 'SKU', scope: 'ITEM' },
    ]);
    expect(seen.map((s) => `${s.url.pathname}?${s.url.searchParams}`)).toEqual([
      `/v1beta/properties/${PROPERTY}/customDimensions?pageSize=200`,
      `/v1beta/properties/${PROPERTY}/customDimensions?pageSize=200&pageToken=page-2`,
    ]);
  });

  it('a property without custom dimensions: an empty list', async () => {
    admin = () => ({});
    expect(await provider().customDimensions(PROPERTY)).toEqual([]);
  });

  it('denied on the Admin API: denied', async () => {
    admin = () => HttpResponse.json(DENIED, { status: 403 });
    expect((await failure(provider().customDimensions(PROPERTY))).failure).toBe('denied');
  });
});

describe('dimensionCounts (method dimension)', () => {
  it('low coverage: sessions and transactions with the value set (filter) and in all (no filter)', async () => {
    report = (body) => (hasFilter(body) ? metricsRow(7000, 100) : metricsRow(10_000, 200));
    const counts = await provider().dimensionCounts(PROPERTY, CLIENT_ID);
    expect(counts).toEqual({ sessions: { withDimension: 7000, total: 10_000 }, transactions: { withDimension: 100, total: 200 } });
    const metrics = [{ name: 'sessions' }, { name: 'transactions' }];
    expect(reports()).toEqual(
      expect.arrayContaining([
        { dateRanges: LAST_30, metrics, limit: '1' },
        { dateRanges: LAST_30, metrics, dimensionFilter: notSetOf('customEvent:client_id'), limit: '1' },
      ]),
    );
    expect(reports()).toHaveLength(2);
  });

  it('zero traffic: zeros (no rows), which the use case reports as missing figures', async () => {
    report = () => ({ rowCount: 0 });
    expect(await provider().dimensionCounts(PROPERTY, CLIENT_ID)).toEqual({ sessions: { withDimension: 0, total: 0 }, transactions: { withDimension: 0, total: 0 } });
  });
});

describe('eventCounts (method events)', () => {
  it('events named by the event action: with the value set, in all, unique values and example labels', async () => {
    report = (body) => {
      const metric = (body.metrics as { name: string }[])[0]!.name;
      if (body.dimensions) return { rows: [{ dimensionValues: [{ value: '111.222' }], metricValues: [{ value: '3' }] }, { dimensionValues: [{ value: '333.444' }], metricValues: [{ value: '1' }] }], rowCount: 395 };
      if (metric === 'sessions') return hasFilter(body) ? metricsRow(19_700) : metricsRow(20_000);
      const filter = JSON.stringify(body.dimensionFilter);
      return filter.includes('andGroup') ? metricsRow(396) : metricsRow(400);
    };
    const counts = await provider().eventCounts(PROPERTY, CLIENT_ID, 'purchase', 10);
    expect(counts).toEqual({
      sessions: { withDimension: 19_700, total: 20_000 },
      events: { withDimension: 396, total: 400, unique: 395, items: [{ label: '111.222', count: 3 }, { label: '333.444', count: 1 }] },
    });
    const set = notSetOf('customEvent:client_id');
    expect(reports()).toEqual(
      expect.arrayContaining([
        { dateRanges: LAST_30, metrics: [{ name: 'sessions' }], limit: '1' },
        { dateRanges: LAST_30, metrics: [{ name: 'sessions' }], dimensionFilter: set, limit: '1' },
        { dateRanges: LAST_30, metrics: [{ name: 'eventCount' }], dimensionFilter: purchase, limit: '1' },
        { dateRanges: LAST_30, metrics: [{ name: 'eventCount' }], dimensionFilter: { andGroup: { expressions: [purchase, set] } }, limit: '1' },
        {
          dateRanges: LAST_30,
          dimensions: [{ name: 'customEvent:client_id' }],
          metrics: [{ name: 'eventCount' }],
          dimensionFilter: { andGroup: { expressions: [purchase, set] } },
          orderBys: [{ metric: { metricName: 'eventCount' }, desc: true }],
          limit: '10',
        },
      ]),
    );
    expect(reports()).toHaveLength(5);
  });
});

describe('nonStandardValues, utmTraffic, analyticsOrders', () => {
  it('non-standard values: set values not fully matching the standard pattern (RE2), most sessions first', async () => {
    report = () => ({
      rows: [
        { dimensionValues: [{ value: 'GA1.2.3.4' }], metricValues: [{ value: '40' }] },
        { dimensionValues: [{ value: 'undefined' }], metricValues: [{ value: '12' }] },
      ],
      rowCount: 12,
    });
    expect(await provider().nonStandardValues(PROPERTY, CLIENT_ID, /^\d+\.\d+$/, 10)).toEqual({
      items: [
        { value: 'GA1.2.3.4', sessions: 40 },
        { value: 'undefined', sessions: 12 },
      ],
      total: 12,
    });
    expect(reports()).toEqual([
      {
        dateRanges: LAST_30,
        dimensions: [{ name: 'customEvent:client_id' }],
        metrics: [{ name: 'sessions' }],
        dimensionFilter: {
          andGroup: {
            expressions: [
              notSetOf('customEvent:client_id'),
              { notExpression: { filter: { fieldName: 'customEvent:client_id', stringFilter: { matchType: 'FULL_REGEXP', value: '\\d+\\.\\d+', caseSensitive: true } } } },
            ],
          },
        },
        orderBys: [{ metric: { metricName: 'sessions' }, desc: true }],
        limit: '10',
      },
    ]);
  });

  it('UTM traffic: session source / medium / campaign with sessions', async () => {
    report = () => ({
      rows: [
        { dimensionValues: [{ value: 'google' }, { value: 'cpc' }, { value: 'brand' }], metricValues: [{ value: '620' }] },
        { dimensionValues: [{ value: '(direct)' }, { value: '(none)' }, { value: '(direct)' }], metricValues: [{ value: '410' }] },
      ],
      rowCount: 2,
    });
    expect(await provider().utmTraffic(PROPERTY)).toEqual([
      { utmSource: 'google', utmMedium: 'cpc', utmCampaign: 'brand', sessions: 620 },
      { utmSource: '(direct)', utmMedium: '(none)', utmCampaign: '(direct)', sessions: 410 },
    ]);
    expect(reports()).toEqual([
      {
        dateRanges: LAST_30,
        dimensions: [{ name: 'sessionSource' }, { name: 'sessionMedium' }, { name: 'sessionCampaignName' }],
        metrics: [{ name: 'sessions' }],
        orderBys: [{ metric: { metricName: 'sessions' }, desc: true }],
        limit: '10000',
      },
    ]);
  });

  it('sessions of a day: one report of that day only', async () => {
    report = () => ({ rows: [{ metricValues: [{ value: '912' }] }], rowCount: 1 });
    expect(await provider().sessionsOn(PROPERTY, '2026-11-24')).toBe(912);
    expect(reports()).toEqual([{ dateRanges: [{ startDate: '2026-11-24', endDate: '2026-11-24' }], metrics: [{ name: 'sessions' }], limit: '1' }]);
    await expect(provider().sessionsOn(PROPERTY, 'yesterday')).rejects.toMatchObject({ failure: 'failed' });
  });

  it('orders of a day: transaction ids of that day, page by page', async () => {
    report = (body) => {
      const offset = Number(body.offset);
      const ids = offset === 0 ? Array.from({ length: 10_000 }, (_, i) => `A${i}`) : ['B1', 'B2'];
      return { rows: ids.map((id) => ({ dimensionValues: [{ value: id }], metricValues: [{ value: '1' }] })), rowCount: 10_002 };
    };
    const orders = await provider().analyticsOrders(PROPERTY, '2026-11-20');
    expect(orders.day).toBe('2026-11-20');
    expect([orders.has('A0'), orders.has('A9999'), orders.has('B2'), orders.has('C1'), orders.has('(not set)')]).toEqual([true, true, true, false, false]);
    expect(reports()).toEqual(
      ['0', '10000'].map((offset) => ({
        dateRanges: [{ startDate: '2026-11-20', endDate: '2026-11-20' }],
        dimensions: [{ name: 'transactionId' }],
        metrics: [{ name: 'transactions' }],
        dimensionFilter: notSetOf('transactionId'),
        orderBys: [{ dimension: { dimensionName: 'transactionId' } }],
        limit: '10000',
        offset,
      })),
    );
  });
});
