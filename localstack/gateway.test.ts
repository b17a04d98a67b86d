import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { routeById, routes, type RouteDef } from '../shared/routes';
import { ACCEPT_ENCODING_HEADER } from '../functions/platform/config/resources';
import {
  BODY_LIMIT_BYTES,
  buildContext,
  buildEvent,
  createGateway,
  dispatch,
  mapResult,
  moduleResolver,
  type Gateway,
  type GatewayRequest,
  type HandlerResolver,
  type LambdaHandler,
} from './gateway';

const request = (overrides: Partial<GatewayRequest> = {}): GatewayRequest => ({
  method: 'GET',
  url: '/api/users/current',
  rawHeaders: ['Host', '127.0.0.1:3000', 'User-Agent', 'vitest'],
  body: Buffer.alloc(0),
  sourceIp: '127.0.0.1',
  ...overrides,
});

/** A resolver that answers every route with the given handler (no module import). */
const resolveTo = (handler: LambdaHandler) => async () => handler;
const echo: LambdaHandler = (event) => ({ statusCode: 200, body: JSON.stringify(event) });
const bodyOf = (response: { body: Buffer }) => JSON.parse(response.body.toString('utf8')) as Record<string, unknown>;

describe('buildEvent (API Gateway HTTP API payload 2.0)', () => {
  const route = routeById('users-update') as RouteDef;

  it('fills version, route key, raw path and query, request context', () => {
    const now = new Date(Date.UTC(2026, 2, 5, 9, 4, 7));
    const event = buildEvent(request({ method: 'PUT', url: '/api/users/u%201?a=1&b=2&a=3' }), route, { id: 'u 1' }, now);
    expect(event.version).toBe('2.0');
    expect(event.routeKey).toBe('PUT /api/users/{id}');
    expect(event.rawPath).toBe('/api/users/u%201');
    expect(event.rawQueryString).toBe('a=1&b=2&a=3');
    expect(event.queryStringParameters).toEqual({ a: '1,3', b: '2' });
    expect(event.pathParameters).toEqual({ id: 'u 1' });
    expect(event.requestContext).toMatchObject({
      accountId: expect.any(String),
      apiId: 'local',
      domainName: '127.0.0.1',
      http: { method: 'PUT', path: '/api/users/u%201', protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'vitest' },
      routeKey: 'PUT /api/users/{id}',
      stage: '$default',
      time: '05/Mar/2026:09:04:07 +0000',
      timeEpoch: now.getTime(),
    });
    expect(event.requestContext.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(event.isBase64Encoded).toBe(false);
    expect(event.body).toBeUndefined();
    expect(event.cookies).toBeUndefined();
  });

  it('lower-cases headers, joins duplicates with commas and moves Cookie into cookies', () => {
    const event = buildEvent(
      request({
        rawHeaders: ['Host', 'localhost:3000', 'X-Dup', 'a', 'x-dup', 'b', 'Cookie', 'access=abc; refresh=def', 'Sec-Fetch-Site', 'same-origin'],
      }),
      route,
      { id: '1' },
    );
    expect(event.headers['x-dup']).toBe('a,b');
    expect(event.headers['sec-fetch-site']).toBe('same-origin');
    expect(event.headers.cookie).toBeUndefined();
    expect(event.cookies).toEqual(['access=abc', 'refresh=def']);
    expect(event.headers['x-forwarded-proto']).toBe('http');
    expect(event.headers['x-forwarded-for']).toBe('127.0.0.1');
  });

  it('passes text bodies as is and binary ones base64-encoded', () => {
    const json = buildEvent(request({ rawHeaders: ['Content-Type', 'application/json'], body: Buffer.from('{"a":"é"}') }), route, {});
    expect(json.body).toBe('{"a":"é"}');
    expect(json.isBase64Encoded).toBe(false);

    for (const type of ['multipart/form-data; boundary=x', 'application/octet-stream', 'image/png']) {
      const bytes = Buffer.from([0, 1, 2, 255]);
      const event = buildEvent(request({ rawHeaders: ['Content-Type', type], body: bytes }), route, {});
      expect(event.isBase64Encoded).toBe(true);
      expect(Buffer.from(event.body!, 'base64')).toEqual(bytes);
    }
  });

  it('gives a minimal Lambda context, with the function\'s timeout and memory as deployed', () => {
    const context = buildContext(route, 'req-1', Date.now());
    expect(context.functionName).toBe('portal-local-users-update');
    expect(context.awsRequestId).toBe('req-1');
    // users-update has PortalFunction's defaults: 10 s, 512 MB.
    expect(context.getRemainingTimeInMillis()).toBeLessThanOrEqual(10_000);
    expect(context.getRemainingTimeInMillis()).toBeGreaterThan(5_000);
    expect(context.memoryLimitInMB).toBe('512');
  });
});

describe('mapResult (payload 2.0 response rules)', () => {
  it('maps a response object, cookies to several Set-Cookie headers', () => {
    const response = mapResult({
      statusCode: 201,
      headers: { 'Content-Type': 'application/json', 'X-Count': 3 },
      cookies: ['access=a; HttpOnly', 'refresh=b; HttpOnly'],
      body: '{"ok":true}',
    });
    expect(response.statusCode).toBe(201);
    expect(response.headers['content-type']).toBe('application/json');
    expect(response.headers['x-count']).toBe('3');
    expect(response.headers['set-cookie']).toEqual(['access=a; HttpOnly', 'refresh=b; HttpOnly']);
    expect(response.body.toString()).toBe('{"ok":true}');
  });

  it('decodes base64 bodies', () => {
    const response = mapResult({ statusCode: 200, body: Buffer.from([1, 2, 3]).toString('base64'), isBase64Encoded: true });
    expect([...response.body]).toEqual([1, 2, 3]);
  });

  it('treats a value without statusCode as a 200 JSON body', () => {
    const object = mapResult({ hello: 'world' });
    expect(object.statusCode).toBe(200);
    expect(object.headers['content-type']).toMatch(/^application\/json/);
    expect(bodyOf(object)).toEqual({ hello: 'world' });
    expect(mapResult('text').body.toString()).toBe('"text"');
  });
});

describe('dispatch', () => {
  it('routes with path parameters, tolerating a trailing slash', async () => {
    const handler = vi.fn(echo);
    const response = await dispatch(request({ method: 'DELETE', url: '/api/sources/s-1/' }), { resolveHandler: resolveTo(handler) });
    expect(response.statusCode).toBe(200);
    const event = handler.mock.calls[0]![0] as APIGatewayProxyEventV2;
    expect(event.routeKey).toBe('DELETE /api/sources/{id}');
    expect(event.pathParameters).toEqual({ id: 's-1' });
  });

  it('prefers static segments over parameters', async () => {
    const seen: string[] = [];
    const resolveHandler = async (route: RouteDef) => () => {
      seen.push(route.id);
      return {};
    };
    await dispatch(request({ url: '/api/sources/cpo' }), { resolveHandler });
    await dispatch(request({ url: '/api/traffic-rules/apply', method: 'POST' }), { resolveHandler });
    expect(seen).toEqual(['sources-cpo', 'traffic-rules-apply']);
  });

  it('answers 404 JSON for an unknown /api path', async () => {
    const response = await dispatch(request({ url: '/api/nothing/here' }), { resolveHandler: resolveTo(echo) });
    expect(response.statusCode).toBe(404);
    expect(bodyOf(response)).toMatchObject({ code: 'not-found', message: expect.any(String) });
  });

  it('answers 405 JSON with Allow for a known path and another method', async () => {
    const response = await dispatch(request({ method: 'PATCH', url: '/api/users/42' }), { resolveHandler: resolveTo(echo) });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, PUT, DELETE');
    expect(bodyOf(response)).toMatchObject({ code: 'method-not-allowed' });
  });

  it('answers 413 above 10 MB', async () => {
    const response = await dispatch(request({ method: 'POST', url: '/api/order-feed/check', body: Buffer.alloc(BODY_LIMIT_BYTES + 1) }), {
      resolveHandler: resolveTo(echo),
    });
    expect(response.statusCode).toBe(413);
  });

  it('answers 500 without details when the handler throws, and logs the error', async () => {
    const log = vi.fn();
    const response = await dispatch(request(), {
      resolveHandler: resolveTo(() => {
        throw new Error('secret detail');
      }),
      log,
    });
    expect(response.statusCode).toBe(500);
    expect(bodyOf(response)).toEqual({ code: 'internal', message: 'Internal server error' });
    expect(response.body.toString()).not.toContain('secret');
    expect(log).toHaveBeenCalledWith(expect.stringContaining('users-current'), expect.any(Error));
  });

  describe('AWS\'s limits (functions/platform/config/resources.ts awsLimits)', () => {
    const MB6 = 6 * 1024 * 1024;

    it('refuses an answer over Lambda\'s 6 MB as AWS does (500) and says so loudly; 6 MB exactly passes', async () => {
      const log = vi.fn();
      // The whole result object counts: statusCode and headers besides the body.
      const sized = (bytes: number): LambdaHandler => () => {
        const frame = JSON.stringify({ statusCode: 200, body: '' }).length;
        return { statusCode: 200, body: 'x'.repeat(bytes - frame) };
      };
      const over = await dispatch(request(), { resolveHandler: resolveTo(sized(MB6 + 1)), log });
      expect(over.statusCode).toBe(500);
      expect(bodyOf(over)).toEqual({ message: 'Internal Server Error' });
      expect(log).toHaveBeenCalledWith(expect.stringMatching(/users-current ANSWERED 6291457 BYTES/));
      const exact = await dispatch(request(), { resolveHandler: resolveTo(sized(MB6)), log: vi.fn() });
      expect(exact.statusCode).toBe(200);
      expect(exact.body.length).toBe(MB6 - JSON.stringify({ statusCode: 200, body: '' }).length);
    });

    it("hands a function invoked by its JSON (the bundled pool) the event's JSON, and checks and maps its answer's JSON as it came", async () => {
      const events: string[] = [];
      const answering =
        (answer: unknown): HandlerResolver =>
        async () => ({
          payload: async (eventJson) => {
            events.push(eventJson);
            return JSON.stringify(answer);
          },
        });
      const frame = JSON.stringify({ statusCode: 200, body: '' }).length;
      const log = vi.fn();
      const over = await dispatch(request(), { resolveHandler: answering({ statusCode: 200, body: 'x'.repeat(MB6 + 1 - frame) }), log });
      expect(over.statusCode).toBe(500);
      expect(log).toHaveBeenCalledWith(expect.stringMatching(/users-current ANSWERED 6291457 BYTES/));
      const ok = await dispatch(request(), { resolveHandler: answering({ statusCode: 201, headers: { 'X-Kind': 'bundled' }, cookies: ['c=1'], body: '{"ok":true}' }), log: vi.fn() });
      expect(ok.statusCode).toBe(201);
      expect(ok.headers).toMatchObject({ 'x-kind': 'bundled', 'set-cookie': ['c=1'] });
      expect(bodyOf(ok)).toEqual({ ok: true });
      expect(JSON.parse(events[1]!)).toMatchObject({ routeKey: 'GET /api/users/current', rawPath: '/api/users/current', requestContext: { requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) } });
    });

    it('counts a plain object answer too (a 200 JSON body)', async () => {
      const response = await dispatch(request(), { resolveHandler: resolveTo(() => ({ rows: 'é'.repeat(MB6 / 2) })), log: vi.fn() });
      expect(response.statusCode).toBe(500);
    });

    it('refuses a request whose event is over Lambda\'s 6 MB (413) before the handler runs', async () => {
      const handler = vi.fn(echo);
      const response = await dispatch(request({ method: 'POST', url: '/api/order-feed/check', body: Buffer.alloc(MB6, 'a') }), { resolveHandler: resolveTo(handler), log: vi.fn() });
      expect(response.statusCode).toBe(413);
      expect(handler).not.toHaveBeenCalled();
      const small = await dispatch(request({ method: 'POST', url: '/api/order-feed/check', body: Buffer.alloc(MB6 - 4096, 'a') }), { resolveHandler: resolveTo(echo), log: vi.fn() });
      expect(small.statusCode).not.toBe(413);
    });

    it('stops waiting at the route\'s function timeout as deployed: 10 s by default, 29 s where the route says so', async () => {
      vi.useFakeTimers();
      try {
        const never: LambdaHandler = () => new Promise(() => undefined);
        const log = vi.fn();
        const pending = dispatch(request(), { resolveHandler: resolveTo(never), log });
        let settled = false;
        void pending.then(() => (settled = true));
        await vi.advanceTimersByTimeAsync(9_900);
        expect(settled).toBe(false);
        await vi.advanceTimersByTimeAsync(200);
        expect((await pending).statusCode).toBe(500);
        expect(log).toHaveBeenCalledWith(expect.stringContaining('users-current timed out after 10000 ms'));

        const slowRoute = (routes as readonly RouteDef[]).find((r) => r.lambda?.timeoutSeconds === 29)!;
        const path = slowRoute.path.replace(/\{[^}]+\}/g, 'x');
        const slow = dispatch(request({ method: slowRoute.method, url: path, body: Buffer.from('{}') }), { resolveHandler: resolveTo(never), log });
        let slowSettled = false;
        void slow.then(() => (slowSettled = true));
        await vi.advanceTimersByTimeAsync(28_900);
        expect(slowSettled).toBe(false);
        await vi.advanceTimersByTimeAsync(200);
        expect((await slow).statusCode).toBe(500);
      } finally {
        vi.useRealTimers();
      }
    });
  });

  it('answers 501 when the route has no handler module yet', async () => {
    const response = await dispatch(request(), { resolveHandler: async () => null });
    expect(response.statusCode).toBe(501);
    expect(bodyOf(response)).toMatchObject({ code: 'not-implemented' });
  });
});

describe('createGateway over HTTP', () => {
  let root: string;
  let gateway: Gateway;
  let url: string;

  beforeAll(async () => {
    // A throw-away repo root with one handler module and a built web app.
    root = await mkdtemp(join(tmpdir(), 'gateway-test-'));
    await mkdir(join(root, 'functions/http/security'), { recursive: true });
    await writeFile(
      join(root, 'functions/http/security/security-login.ts'),
      `export const handler = async (event: { body?: string; isBase64Encoded: boolean; cookies?: string[] }) => ({
        statusCode: 200,
        headers: { 'content-type': 'application/json' },
        cookies: ['access=a1; Path=/; HttpOnly', 'refresh=r1; Path=/; HttpOnly'],
        body: JSON.stringify({ received: event.body, base64: event.isBase64Encoded, cookies: event.cookies ?? [] }),
      });\n`,
    );
    await writeFile(
      join(root, 'functions/http/security/security-refresh.ts'),
      `export const handler = async (event: { headers: Record<string, string> }) => ({ statusCode: 200, body: JSON.stringify(event.headers) });\n`,
    );
    await mkdir(join(root, 'web/dist/assets'), { recursive: true });
    await writeFile(join(root, 'web/dist/index.html'), '<!doctype html><title>portal</title>');
    await writeFile(join(root, 'web/dist/assets/app-1a2b3c.js'), 'console.log(1)');
    await writeFile(join(root, 'web/dist/assets/big-4d5e6f.js'), 'console.log("a long line of the app");\n'.repeat(200));
    gateway = await createGateway({ web: 'dist', root, resolveHandler: moduleResolver(root), quiet: true });
    url = await gateway.listen(0);
  });

  afterAll(async () => {
    await gateway?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('imports the handler module and returns several Set-Cookie headers', async () => {
    const response = await fetch(`${url}/api/security/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'x=1; y=2' },
      body: JSON.stringify({ username: 'a@b.c' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual(['access=a1; Path=/; HttpOnly', 'refresh=r1; Path=/; HttpOnly']);
    expect(await response.json()).toEqual({ received: '{"username":"a@b.c"}', base64: false, cookies: ['x=1', 'y=2'] });
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it("passes on what the browser accepts as CloudFront's /api/* function does (the API gzips by it)", async () => {
    const heard = async (headers: Record<string, string>) =>
      (await (await fetch(`${url}/api/security/refresh`, { method: 'POST', headers })).json()) as Record<string, string>;
    expect((await heard({ 'accept-encoding': 'gzip, br' }))[ACCEPT_ENCODING_HEADER]).toBe('gzip, br');
    // fetch() always asks for gzip; a caller that asks for nothing is told nothing.
    expect((await heard({ 'accept-encoding': '' }))[ACCEPT_ENCODING_HEADER]).toBeUndefined();
  });

  it('sends multipart bodies base64-encoded', async () => {
    const form = new FormData();
    form.append('file', new Blob(['a,b']), 'feed.csv');
    const response = await fetch(`${url}/api/security/login`, { method: 'POST', body: form });
    const body = (await response.json()) as { received: string; base64: boolean };
    expect(body.base64).toBe(true);
    expect(Buffer.from(body.received, 'base64').toString()).toContain('a,b');
  });

  it('answers 501 for a route whose module is missing, 404 and 405 as JSON', async () => {
    expect((await fetch(`${url}/api/users/current`)).status).toBe(501);
    const notFound = await fetch(`${url}/api/unknown`);
    expect(notFound.status).toBe(404);
    expect(await notFound.json()).toMatchObject({ code: 'not-found' });
    expect((await fetch(`${url}/api/security/login`)).status).toBe(405);
  });

  it('answers 413 to a body over 10 MB', async () => {
    const response = await fetch(`${url}/api/security/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: Buffer.alloc(BODY_LIMIT_BYTES + 1024),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'payload-too-large' });
  });

  it('serves web/dist: long-cached assets, no-cache index, SPA fallback, real 404 for missing assets', async () => {
    const asset = await fetch(`${url}/assets/app-1a2b3c.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(asset.headers.get('content-type')).toContain('javascript');

    const deepLink = await fetch(`${url}/integration/sources`);
    expect(deepLink.status).toBe(200);
    expect(deepLink.headers.get('cache-control')).toBe('no-cache');
    expect(await deepLink.text()).toContain('<title>portal</title>');

    expect((await fetch(`${url}/assets/missing-123.js`)).status).toBe(404);
    const traversal = await fetch(`${url}/..%2f..%2fetc%2fpasswd`);
    expect(await traversal.text()).not.toContain('root:');
  });

  it('gzips the built text files for a browser that accepts it, as CloudFront does', async () => {
    const { request: get } = await import('node:http');
    const { gunzipSync } = await import('node:zlib');
    // fetch() decompresses on its own and hides the header: ask with node:http.
    const raw = (encoding: string) =>
      new Promise<{ headers: Record<string, unknown>; body: Buffer }>((done, fail) => {
        get(`${url}/assets/big-4d5e6f.js`, { headers: { 'accept-encoding': encoding } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => done({ headers: response.headers, body: Buffer.concat(chunks) }));
        }).on('error', fail).end();
      });
    const zipped = await raw('gzip, deflate, br');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('accept-encoding');
    expect(gunzipSync(zipped.body).toString()).toContain('a long line of the app');
    expect(zipped.body.length).toBeLessThan(1000);
    const plain = await raw('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toContain('a long line of the app');
  });
});
