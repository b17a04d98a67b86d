import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { object, string } from 'yup';
import { passwordResetComplete, reply, route, securityLogin, securityLogout, translationsGet, usersCurrent } from '../../shared/routes';
import { setPasswordMinLength } from '../../shared/schemas/password-policy';
import { ConflictError } from '../platform/errors';
import { httpHandler } from './http';
import { logger } from '../platform/log';

/** Test routes: the real pipeline, with schemas and answers of the tests' own. */
const publicGet = route({ ...translationsGet, response: reply<string>() });

function event(method: string, over: Partial<APIGatewayProxyEventV2> = {}): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: `${method} /api/x`,
    rawPath: '/api/x',
    rawQueryString: '',
    headers: { 'content-type': 'application/json' },
    requestContext: { http: { method } } as APIGatewayProxyEventV2['requestContext'],
    isBase64Encoded: false,
    ...over,
  };
}

const body = (result: { body?: string }) => JSON.parse(result.body ?? 'null') as Record<string, unknown>;

afterEach(() => vi.restoreAllMocks());

describe('httpHandler', () => {
  const schema = object({ login: string().required('validation.required').email('validation.email') });
  const echo = route({
    id: 'test-echo', area: 'test', summary: 'An echo', method: 'POST', path: '/api/test/echo', access: 'public',
    schema, response: reply<{ got: unknown }>(),
  });
  const handle = vi.fn(async ({ body: b }: { body: unknown }) => ({ body: { got: b } }));
  const handler = httpHandler(echo).handle(handle);

  it('parses and validates the body, dropping unknown fields', async () => {
    const result = await handler(event('POST', { body: JSON.stringify({ login: 'a@b.co', admin: true }) }));
    expect(result.statusCode).toBe(200);
    expect(body(result)).toEqual({ got: { login: 'a@b.co' } });
  });

  it('answers 400 validation with per-field i18n keys', async () => {
    const result = await handler(event('POST', { body: JSON.stringify({ login: 'not-an-email' }) }));
    expect(result.statusCode).toBe(400);
    expect(body(result)).toMatchObject({ code: 'validation', errors: { login: 'validation.email' } });
  });

  it('answers 400 validation for a body that is not JSON or not an object', async () => {
    for (const raw of ['{nope', '[1,2]', '"text"']) {
      const result = await handler(event('POST', { body: raw }));
      expect(result.statusCode).toBe(400);
      expect(body(result).code).toBe('validation');
    }
  });

  it('decodes base64 bodies', async () => {
    const raw = Buffer.from(JSON.stringify({ login: 'a@b.co' })).toString('base64');
    expect((await handler(event('POST', { body: raw, isBase64Encoded: true }))).statusCode).toBe(200);
  });

  it('refuses cross-site state-changing requests before anything else', async () => {
    handle.mockClear();
    const result = await handler(event('POST', { headers: { 'Sec-Fetch-Site': 'cross-site' }, body: '{}' }));
    expect(result.statusCode).toBe(403);
    expect(body(result).code).toBe('forbidden');
    expect(handle).not.toHaveBeenCalled();
  });

  it('refuses same-site requests, foreign origins and non-JSON bodies, and accepts the portal itself', async () => {
    const post = (headers: Record<string, string>, raw = JSON.stringify({ login: 'a@b.co' })) =>
      handler(event('POST', { headers: { 'content-type': 'application/json', host: 'portal.test', ...headers }, body: raw }));
    handle.mockClear();
    expect((await post({ 'sec-fetch-site': 'same-site' })).statusCode).toBe(403);
    expect((await post({ origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await post({ origin: 'null' })).statusCode).toBe(403);
    expect((await post({ origin: 'https://portal.test.evil.example' })).statusCode).toBe(403);
    const plain = await post({ 'content-type': 'text/plain' });
    expect(plain.statusCode).toBe(415);
    expect(body(plain).code).toBe('unsupported-media-type');
    expect((await post({ 'content-type': 'application/x-www-form-urlencoded' }, 'login=a@b.co')).statusCode).toBe(415);
    expect(handle).not.toHaveBeenCalled();
    expect((await post({ 'content-type': 'application/json; charset=utf-8' })).statusCode).toBe(200);
    vi.stubEnv('APP_URL', 'https://portal.example.com');
    expect((await post({ origin: 'https://portal.example.com' })).statusCode).toBe(200);
    // The Host asked for is no credential: a DNS-rebinding page sends Origin == Host with its own name.
    expect((await post({ 'sec-fetch-site': 'same-origin', origin: 'https://portal.test' })).statusCode).toBe(403);
    expect((await post({ origin: 'http://portal.example.com' })).statusCode).toBe(403);
    vi.stubEnv('APP_ALIAS_ORIGINS', 'http://localhost:3000');
    expect((await post({ 'sec-fetch-site': 'same-origin', origin: 'http://localhost:3000' })).statusCode).toBe(200);
    expect((await post({ origin: 'http://localhost:3001' })).statusCode).toBe(403);
    vi.unstubAllEnvs();
  });

  it('answers 400 with field messages, never 500, for wrong JSON types and prototype keys', async () => {
    for (const raw of ['{"login":["a@b.co"]}', '{"login":{"x":1}}', '{"login":5}']) {
      const result = await handler(event('POST', { body: raw }));
      expect(result.statusCode, raw).toBe(400);
      expect(body(result), raw).toMatchObject({ code: 'validation', errors: { login: 'validation.invalid' } });
    }
    for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const result = await handler(event('POST', { body: `{"${key}":{"x":1},"login":"a@b.co"}` }));
      expect(result.statusCode, key).toBe(200);
      expect(body(result), key).toEqual({ got: { login: 'a@b.co' } });
    }
  });

  it('refuses calls without the origin secret when one is configured (direct execute-api calls)', async () => {
    vi.stubEnv('ORIGIN_VERIFY_SECRET', 'origin-secret-value');
    const guarded = httpHandler(publicGet).handle(() => ({ body: 'ok' }));
    expect((await guarded(event('GET'))).statusCode).toBe(403);
    expect((await guarded(event('GET', { headers: { 'x-origin-verify': 'origin-secret-valuX' } }))).statusCode).toBe(403);
    expect((await guarded(event('GET', { headers: { 'X-Origin-Verify': 'origin-secret-value' } }))).statusCode).toBe(200);
    vi.unstubAllEnvs();
    expect((await guarded(event('GET'))).statusCode).toBe(200);
  });

  it('never runs a handler for another method than its route (HEAD on a GET route)', async () => {
    const guarded = httpHandler(securityLogout, { refuseCrossSite: true }).handle(() => ({ status: 302 }));
    const result = await guarded(event('HEAD'));
    expect(result.statusCode).toBe(405);
  });

  it('maps typed errors to their answer', async () => {
    const conflict = httpHandler(publicGet).handle(() => {
      throw new ConflictError();
    });
    const result = await conflict(event('GET'));
    expect(result.statusCode).toBe(409);
    expect(body(result).code).toBe('conflict');
  });

  it('answers 500 with no stack or internals for anything else', async () => {
    vi.spyOn(logger(), 'error').mockImplementation(() => {});
    const broken = httpHandler(publicGet).handle(() => {
      throw new Error('secret table name portal-prod');
    });
    const result = await broken(event('GET'));
    expect(result.statusCode).toBe(500);
    expect(result.body).not.toMatch(/secret|portal-prod|at /);
    expect(body(result).code).toBe('internal');
  });

  it('answers 503 with Retry-After and a warning, not a 500, when a dependency is down or past its time budget', async () => {
    const warn = vi.spyOn(logger(), 'warn').mockImplementation(() => {});
    const error = vi.spyOn(logger(), 'error').mockImplementation(() => {});
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8000'), { code: 'ECONNREFUSED' });
    const hung = Object.assign(new Error('a request has exceeded the configured 3000 ms requestTimeout'), { name: 'TimeoutError' });
    for (const failure of [refused, hung]) {
      const down = httpHandler(publicGet).handle(() => {
        throw failure;
      });
      const result = await down(event('GET'));
      expect(result.statusCode).toBe(503);
      expect(result.headers?.['retry-after']).toBe('5');
      expect(body(result).code).toBe('unavailable');
      expect(result.body).not.toMatch(/ECONNREFUSED|8000|requestTimeout/);
    }
    expect(warn).toHaveBeenCalledWith('dependency unavailable', expect.objectContaining({ errorName: 'TimeoutError' }));
    expect(error).not.toHaveBeenCalled();
  });

  it('throws when a public handler reads the auth context (a programming error)', async () => {
    vi.spyOn(logger(), 'error').mockImplementation(() => {});
    const misuse = httpHandler(publicGet).handle(({ auth }) => ({ body: auth.user.id }));
    expect((await misuse(event('GET'))).statusCode).toBe(500);
  });

  it('lets GET routes opt in to the cross-site refusal (logout)', async () => {
    const guarded = httpHandler(securityLogout, { refuseCrossSite: true }).handle(() => ({ status: 302 }));
    expect((await guarded(event('GET', { headers: { 'sec-fetch-site': 'cross-site' } }))).statusCode).toBe(403);
    expect((await guarded(event('GET', { headers: { 'sec-fetch-site': 'same-origin' } }))).statusCode).toBe(302);
  });
});

describe('publicHandler', () => {
  it('refuses, at load, to build a non-public route without the auth step', async () => {
    const { publicHandler } = await import('./public-http');
    // The type refuses it too; the load-time check is for plain JavaScript and casts.
    expect(() => publicHandler(usersCurrent as never).handle(() => ({}) as never)).toThrow(/signed-in/);
    expect(typeof publicHandler(securityLogin).handle(() => ({ body: { status: 'new-password-required', session: 's' } }))).toBe('function');
  });
});

describe('the stage’s password minimum (PASSWORD_MIN_LENGTH, lib/environment.ts)', () => {
  afterEach(() => {
    delete process.env.PASSWORD_MIN_LENGTH;
    setPasswordMinLength(8);
  });
  const reset = (password: string, handler: ReturnType<ReturnType<typeof httpHandler>['handle']>) =>
    handler(event('POST', { body: JSON.stringify({ password }), headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' } }));
  const build = () => httpHandler(passwordResetComplete).handle(async () => ({ body: { status: 'changed' as const } }));

  it('is what the route schemas check: 12 refuses 11 characters', async () => {
    process.env.PASSWORD_MIN_LENGTH = '12';
    const handler = build();
    const short = await reset('x'.repeat(11), handler);
    expect(short.statusCode).toBe(400);
    expect(body(short)).toMatchObject({ errors: { password: 'validation.passwordMin' } });
    expect((await reset('x'.repeat(12), handler)).statusCode).toBe(200);
  });

  it('is 8 when unset, and a value below 8 fails the function at load', async () => {
    expect((await reset('x'.repeat(8), build())).statusCode).toBe(200);
    process.env.PASSWORD_MIN_LENGTH = '7';
    expect(build).toThrow(/PASSWORD_MIN_LENGTH must be at least 8/);
  });
});
