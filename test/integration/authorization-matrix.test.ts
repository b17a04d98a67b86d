import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../functions/data/keys';
import { db, tableName } from '../../functions/data/table';
import type { CompanyRecord } from '../../functions/data/companies';
import { routes, type RouteDef } from '../../shared/routes';
import { makeCompany, makeUser, signedIn, uniqueSuffix } from './helpers/accounts';
import type { HttpResponse } from '../support/http-client';
import { Browser, TokenClient } from './helpers/browser';
import { localStack, useLocalEnv } from '../support/local-stack';
import { clearLocalClientThrottles } from './helpers/throttles';
import { recordsWith } from './helpers/view-ids';
import { VALID_BODIES } from '../support/matrix-bodies';

/**
 * Every route of shared/routes.ts (so routes added later are covered automatically) against
 * every kind of caller:
 * - anonymous: 401 on every non-public route;
 * - non-admins: 403 on admin routes; everyone signed in passes the access check elsewhere
 *   and no route answers 500 or 501 (every route has its handler);
 * - company API tokens (docs/auth.md, "API tokens"): 403 on every route but the reads that opt in
 *   (`apiToken: true`), so on every write and every admin route;
 * - company-scoped routes: a caller who sends another company's ids (path, query, body) still
 *   works on their own company and never gets the other company's data back.
 */

type Caller = 'anonymous' | 'customerA' | 'customerB' | 'managerA' | 'managerB' | 'admin' | 'tokenA';
const callers: Caller[] = ['anonymous', 'customerA', 'customerB', 'managerA', 'managerB', 'admin', 'tokenA'];

let stack: ReturnType<typeof localStack>;
let companies: { A: CompanyRecord; B: CompanyRecord; C: CompanyRecord };
const clients = {} as Record<Caller, Browser>;
/** The companies each caller may see (null: all). */
let visible: Record<Caller, string[] | null>;

beforeAll(async () => {
  useLocalEnv();
  stack = localStack();
  companies = {
    A: await makeCompany('Matrix A'),
    B: await makeCompany('Matrix B', { product: 'affiliate', country: 'RU' }),
    C: await makeCompany('Matrix C'),
  };
  const { A, B, C } = companies;
  clients.anonymous = new Browser(stack.url);
  clients.customerA = await signedIn(stack.url, await makeUser('ROLE_USER', A));
  clients.customerB = await signedIn(stack.url, await makeUser('ROLE_USER', B));
  clients.managerA = await signedIn(stack.url, await makeUser('ROLE_MANAGER', A, { managed: [A, C] }));
  clients.managerB = await signedIn(stack.url, await makeUser('ROLE_MANAGER', B, { managed: [B] }));
  clients.admin = await signedIn(stack.url, await makeUser('ROLE_ADMIN', A));
  const made = await clients.customerA.post('/api/api-tokens', { name: 'Matrix BI', days: 30 });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  clients.tokenA = new TokenClient(stack.url, made.body.secret);
  visible = { anonymous: [], customerA: [A.id], customerB: [B.id], managerA: [A.id, C.id], managerB: [B.id], admin: null, tokenA: [A.id] };
});

// Reset requests and failed sign-ins of the whole matrix come from 127.0.0.1.
afterAll(() => clearLocalClientThrottles());

const all = routes as readonly RouteDef[];


/** Every item of a company's partition (its record, steps, sources, rules...), in a stable form. */
async function partitionOf(company: CompanyRecord): Promise<string> {
  const items: Array<Record<string, unknown>> = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.companyPartition(company.id) },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return JSON.stringify(items.map((item) => Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b)))));
}
/** Path parameters get an id that exists nowhere, so no real handler can destroy a fixture. */
const MISSING_ID = 'matrix-missing-id';
const concrete = (route: RouteDef, id = MISSING_ID) => route.path.replace(/\{\w+\}/g, encodeURIComponent(id));

/** Logout would end the caller's session for the rest of the matrix: it is probed without cookies (security.test.ts covers it). */
const SESSION_ENDING = new Set(['security-logout']);

/**
 * Creates whose body `id` is the new item's own id (a client-made UUID), not a reference to anything:
 * the probe keeps the valid body's id, else the answer would echo the foreign id the caller chose.
 */
const CLIENT_MADE_IDS = new Set(['sources-create']);

function send(caller: Caller, route: RouteDef, foreign?: CompanyRecord): Promise<HttpResponse<any>> {
  const ids: Record<string, string> = foreign ? { company: foreign.id, companyId: foreign.id, id: foreign.id } : {};
  if (CLIENT_MADE_IDS.has(route.id)) delete ids.id;
  const client = SESSION_ENDING.has(route.id) ? new Browser(stack.url) : clients[caller];
  return client.request(route.method, concrete(route, foreign?.id), {
    query: ids,
    // DELETE carries a body too (the version read): without it the probe would stop at a 400.
    ...(route.method === 'GET' ? {} : { json: { ...VALID_BODIES[route.id], ...ids } }),
  });
}

/** Public routes that need a session of their own: without one they answer 401 to anyone. */
const NEEDS_SESSION_COOKIES = new Set(['security-refresh']);

const allowed = (caller: Caller, route: RouteDef): boolean =>
  route.access === 'public' ||
  (caller === 'tokenA' ? route.apiToken === true : caller !== 'anonymous' && (route.access === 'signed-in' || caller === 'admin'));

describe.each(callers)('as %s', (caller) => {
  it.each(all.map((route) => [route.id, route] as const))('%s: the access level holds', async (_id, route) => {
    const answer = await send(caller, route);
    if (!allowed(caller, route)) {
      const expected = caller === 'anonymous' ? 401 : 403;
      expect(answer.status, JSON.stringify(answer.body)).toBe(expected);
      expect(answer.body.code).toBe(expected === 401 ? 'unauthenticated' : 'forbidden');
      return;
    }
    if ((caller === 'anonymous' || caller === 'tokenA') && NEEDS_SESSION_COOKIES.has(route.id)) {
      expect(answer.status).toBe(401);
      return;
    }
    expect([401, 403], `${route.id}: ${answer.status} ${JSON.stringify(answer.body)}`).not.toContain(answer.status);
    expect(answer.status, `${route.id}: ${answer.status} ${JSON.stringify(answer.body)}`).toBeLessThan(500);
  });
});

describe('company-scoped routes never leak another company', () => {
  const scoped = all.filter((route) => route.companyScoped);
  const probes: Array<[Caller, 'A' | 'B' | 'C']> = [
    ['customerA', 'B'],
    ['customerA', 'C'],
    ['customerB', 'A'],
    ['managerA', 'B'],
    ['managerB', 'A'],
    ['managerB', 'C'],
    ['tokenA', 'B'],
    ['tokenA', 'C'],
  ];

  it.each(probes)('%s sending the ids of company %s', async (caller, foreignKey) => {
    const foreign = companies[foreignKey];
    expect(scoped.length).toBeGreaterThan(0);
    // Every route, scoped or not: none may answer the foreign company's data or change its items.
    for (const route of all) {
      const before = await partitionOf(foreign);
      const answer = await send(caller, route, foreign);
      const after = await partitionOf(foreign);
      expect(after, `${route.id} as ${caller} changed company ${foreignKey}'s items`).toBe(before);
      const expected = [200, 201, 204, 302, 400, 401, 403, 404, 409, 415];
      expect(expected, `${route.id}: ${answer.status} ${JSON.stringify(answer.body)}`).toContain(answer.status);
      if (answer.status === 401) expect(route.access === 'public' || SESSION_ENDING.has(route.id), `${route.id} lost the session`).toBe(true);
      if (answer.status < 300) {
        const text = JSON.stringify(answer.body) ?? '';
        expect(text, `${route.id} leaked company ${foreignKey}`).not.toContain(foreign.id);
        expect(text, `${route.id} leaked company ${foreignKey}`).not.toContain(foreign.name);
      }
    }
    // And the caller still works on an allowed company afterwards (a token: still reads its own).
    if (caller === 'tokenA') {
      expect((await clients.tokenA.get('/api/integration-status')).status).toBe(200);
      return;
    }
    const current = await clients[caller].get('/api/users/find-current-company');
    expect(current.status).toBe(200);
    expect(visible[caller]).toContain(current.body.id);
  });

  it.each(probes)('%s cannot switch to company %s', async (caller, foreignKey) => {
    const answer = await clients[caller].post('/api/users/change-current-company', { company: companies[foreignKey].id });
    expect(answer.status).toBe(403);
  });

  it('managers and admins can switch within their scope', async () => {
    expect((await clients.managerA.post('/api/users/change-current-company', { company: companies.C.id })).status).toBe(200);
    expect((await clients.managerA.get('/api/users/find-current-company')).body.id).toBe(companies.C.id);
    expect((await clients.managerA.post('/api/users/change-current-company', { company: companies.A.id })).status).toBe(200);
    expect((await clients.admin.post('/api/users/change-current-company', { company: companies.B.id })).status).toBe(200);
    expect((await clients.admin.get('/api/users/find-current-company')).body.id).toBe(companies.B.id);
  });

  it('the managed list matches each caller scope', async () => {
    for (const caller of callers.filter((c) => c !== 'anonymous' && c !== 'admin' && c !== 'tokenA')) {
      const answer = await clients[caller].get('/api/companies/managed');
      expect(answer.body.map((company: { id: string }) => company.id).sort(), caller).toEqual([...visible[caller]!].sort());
    }
  });
});

/**
 * Issue 20, finding 1: a View ID belongs to the one company holding it. Every route whose body takes
 * a View ID (found from its schema, so a route added later must get a probe here) refuses, for every
 * caller allowed on it, a View ID another company holds: 400 on its field, nothing stored or read.
 */
describe('the View ID rule holds on every route that takes or stores one', () => {
  /** The sandbox reads 1000019nnnnn as its granted property 100001 (sandbox-provider.ts): without the rule, the probes would read it. */
  const HELD = `1000019${String(Date.now() % 100_000).padStart(5, '0')}`;
  let holder: CompanyRecord;
  let target: CompanyRecord;
  const viewField = (route: RouteDef): string | undefined => ['view_id', 'viewId'].find((field) => field in (route.schema?.fields ?? {}));
  const takingViewId = all.filter((route) => viewField(route));

  /** The request of each such route, carrying `viewId`: path and body. */
  const PROBES: Record<string, (viewId: string) => { path: string; body: Record<string, unknown> }> = {
    'companies-update-current': (viewId) => ({ path: '/api/companies/update', body: { viewId } }),
    'companies-create': (viewId) => ({ path: '/api/companies', body: { ...VALID_BODIES['companies-create'], name: `Matrix view ${uniqueSuffix()}`, viewId } }),
    'companies-update': (viewId) => ({ path: `/api/companies/${target.id}`, body: { version: target.version, viewId } }),
    'analytics-access': (view_id) => ({ path: '/api/analytics/access', body: { view_id } }),
    'analytics-utms': (view_id) => ({ path: '/api/analytics/utms', body: { view_id } }),
    'analytics-dimension': (view_id) => ({ path: '/api/analytics/dimension', body: { view_id, dimension: '1' } }),
    'analytics-events': (view_id) => ({ path: '/api/analytics/events', body: { view_id, dimension: '1', event_action: 'purchase' } }),
    'order-feed-check': (view_id) => ({ path: '/api/order-feed/check', body: { view_id, type: 'xml', feed_url: 'https://feeds.example/orders.xml', upload_key: null } }),
  };


  beforeAll(async () => {
    holder = await makeCompany('Matrix View holder', { viewId: HELD });
    target = await makeCompany('Matrix View target');
  });

  it('every route that takes a View ID has its probe', () => {
    expect(takingViewId.map((route) => route.id).sort()).toEqual(Object.keys(PROBES).sort());
  });

  const rows = takingViewId.flatMap((route) => callers.filter((caller) => caller !== 'anonymous' && allowed(caller, route)).map((caller) => [route.id, caller, route] as const));
  it.each(rows)('%s as %s: another company’s View ID is refused, nothing changes', async (_id, caller, route) => {
    const current = (await clients[caller].get('/api/users/find-current-company')).body as CompanyRecord;
    const before = [await partitionOf(current), await partitionOf(holder), await partitionOf(target)];
    const { path, body } = PROBES[route.id]!(HELD);
    const answer = await clients[caller].request(route.method, path, { json: body });
    expect(answer.status, `${route.id}: ${JSON.stringify(answer.body)}`).toBe(400);
    expect(answer.body.errors).toEqual({ [viewField(route)!]: 'validation.analytics.viewIdTaken' });
    expect(JSON.stringify(answer.body)).not.toContain('Sandbox shop');
    expect([await partitionOf(current), await partitionOf(holder), await partitionOf(target)]).toEqual(before);
    expect(await recordsWith(HELD)).toEqual([holder.id]);
  });
});
