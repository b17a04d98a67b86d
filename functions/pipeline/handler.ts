import { primaryRole } from '../../shared/domain/roles';
import { withTableAccess } from '../platform/table-access';
import middy, { type MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { AnyObjectSchema, ValidationError as YupValidationError } from 'yup';
import type { Access, ParamsOf, RequestOf, ResponseOf, RouteDef } from '../../shared/routes';
import type { AnyAuthContext, AuthContext } from './auth';
import { timingSafeEqual } from 'node:crypto';
import { appAliasOriginsEnv, envNames, ORIGIN_VERIFY_HEADER } from '../platform/config/resources';
import { sanitizeBody } from '../platform/body';
import { compressAnswers } from '../platform/compress';
import { logDependencyDown, logUnhandled, withRequestLog } from '../platform/log';
import { handlerTracing } from '../platform/tracing';
import { runAs } from '../platform/actor';
import { env } from '../platform/env';
import { setPasswordMinLength } from '../../shared/schemas/password-policy';
import { withIdempotencyKey } from './idempotency';
import { AppError, dependencyDown, ForbiddenError, IdempotencyInProgressError, ServiceUnavailableError, TooManyRequestsError, UnsupportedMediaTypeError, ValidationError, WrongMethodError } from '../platform/errors';

/**
 * The handler pipeline every /api Lambda runs. In order: refuse cross-site state-changing
 * requests, authenticate per the route's access level (401/403), parse the JSON body (400),
 * validate it with the shared yup schema (400 validation), run the handler, gzip its answer for a
 * caller that takes it (platform/compress.ts), and map typed errors to the answers of
 * docs/conventions.md (anything else: 500 without detail).
 *
 * Handlers do not call this directly: they use `httpHandler(route, ...)` (pipeline/http.ts, any
 * route) or `publicHandler(route, ...)` (pipeline/public-http.ts, public routes), which differ only
 * in whether the auth code (jose, user and company lookups) is part of the bundle. The route object
 * (shared/routes.ts) brings the body schema and the response type that `handle` must return.
 */

/** What a route's handler knows of its caller: a session, or also a company API token on the routes that opt in. */
type AuthOf<R extends RouteDef> = R extends { readonly apiToken: true } ? AnyAuthContext : AuthContext;

interface HttpRequest<R extends RouteDef> {
  event: APIGatewayProxyEventV2;
  route: R;
  /**
   * The verified caller and the company the request works on. Reading it on a public route
   * throws (a programming error): public routes have no caller.
   */
  readonly auth: AuthOf<R>;
  /** The body validated by the route's schema (unknown fields dropped); undefined without one. */
  body: RequestOf<R>;
  /** The path's `{placeholders}`, decoded. */
  params: ParamsOf<R>;
  query: Record<string, string>;
  /** Lower-case header names; `cookies` as API Gateway v2 gives them (for platform/cookies.ts). */
  headers: Record<string, string | undefined>;
  cookies: string[];
}

/** What `handle` returns: the route's response type as `body` (none for a `reply<void>()` route). */
type Reply<Body = unknown> = {
  status?: number;
  cookies?: string[];
  headers?: Record<string, string>;
} & ([Body] extends [void] ? { body?: undefined } : { body: Body });

export interface HandlerOptions {
  /** State-changing methods always refuse cross-site requests; GET routes may opt in (logout). */
  refuseCrossSite?: boolean;
  /**
   * A route that changes nothing and must hear from any page (CSP reports): no cross-site
   * refusal, and these raw body content types instead of JSON (no schema; read `event.body`).
   */
  rawBody?: { readonly contentTypes: readonly string[]; readonly maxBytes: number };
}

export type Handle<R extends RouteDef> = (request: HttpRequest<R>) => Promise<Reply<ResponseOf<R>>> | Reply<ResponseOf<R>>;

/**
 * `httpHandler(route).handle(fn)`: two calls, so the route's type is fixed before `fn` is
 * checked. In one generic call TypeScript widens literals in `fn`'s answer (`status: 'sent'`
 * becomes `string`) and the response check would refuse correct code.
 */
export interface HandlerBuilder<R extends RouteDef> {
  handle(handle: Handle<R>): ApiHandler;
}

export type ApiHandler = (event: APIGatewayProxyEventV2, context?: Context) => Promise<APIGatewayProxyStructuredResultV2>;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The portal's own origins: APP_URL's and the configured aliases (APP_ALIAS_ORIGINS, local stack
 * only). Never the Host asked for: a DNS-rebinding page sends `Origin == Host` with a name of its
 * own, and on AWS the Host is API Gateway's, not the portal's (CloudFront does not forward it).
 */
function isOwnOrigin(origin: string): boolean {
  let asked: string;
  try {
    asked = new URL(origin).origin;
  } catch {
    return false; // 'null' (sandboxed frames, file:, some redirects) and garbage
  }
  const own = [process.env[envNames.appUrl], ...(process.env[appAliasOriginsEnv] ?? '').split(',')];
  return own.some((configured) => {
    try {
      return !!configured?.trim() && new URL(configured.trim()).origin === asked;
    } catch {
      return false;
    }
  });
}

/**
 * Cross-site request forgery defence of state-changing calls (and logout): a browser tells where
 * a request comes from with Sec-Fetch-Site and, on every cross-origin POST, Origin. Only the
 * portal's own pages (same-origin) and direct navigation (none) pass; a sibling subdomain
 * (same-site) does not. Bodies must be JSON: an HTML form can only send urlencoded, multipart or
 * text/plain bodies, and JSON needs a CORS preflight that nothing here grants.
 */
/**
 * On AWS the API is only meant to be reached through CloudFront (WAF, security headers, the
 * viewer address used by throttling): CloudFront adds the origin secret, a direct call to the
 * execute-api URL lacks it and is refused as if the route did not exist.
 */
function refuseDirectCalls(headers: Record<string, string | undefined>): void {
  const secret = process.env[envNames.originVerify];
  if (!secret) return; // local runs: the gateway is the only way in
  const given = Buffer.from(headers[ORIGIN_VERIFY_HEADER] ?? '', 'utf8');
  const expected = Buffer.from(secret, 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new ForbiddenError('Use the portal address');
}

function checkRawBody(
  event: APIGatewayProxyEventV2,
  headers: Record<string, string | undefined>,
  accepted: NonNullable<HandlerOptions['rawBody']>,
): void {
  const type = (headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (!accepted.contentTypes.includes(type)) throw new UnsupportedMediaTypeError();
  if ((event.body?.length ?? 0) > accepted.maxBytes) throw new ValidationError({}, 'The request body is too large');
}

function refuseForeignRequest(event: APIGatewayProxyEventV2, headers: Record<string, string | undefined>): void {
  const site = headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') throw new ForbiddenError('Cross-site requests are refused');
  const origin = headers.origin;
  if (origin !== undefined && !isOwnOrigin(origin)) throw new ForbiddenError('Cross-origin requests are refused');
  if (event.body) {
    const type = (headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/json') throw new UnsupportedMediaTypeError();
  }
}

interface State {
  auth: AnyAuthContext | null;
  body: unknown;
  headers: Record<string, string | undefined>;
}

function lowerCaseHeaders(headers: APIGatewayProxyEventV2['headers'] | undefined): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(headers ?? {})) out[name.toLowerCase()] = value;
  return out;
}

function json(status: number, body: unknown, extra: { cookies?: string[]; headers?: Record<string, string> } = {}): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode: status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      // Answers are per user (cookies): never cached by CloudFront or the browser.
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      ...extra.headers,
    },
    ...(extra.cookies?.length ? { cookies: extra.cookies } : {}),
    body: JSON.stringify(body),
  };
}

function toResult(reply: Reply<unknown> | { status?: number; body?: unknown; cookies?: string[]; headers?: Record<string, string> }): APIGatewayProxyStructuredResultV2 {
  const status = reply.status ?? 200;
  if (reply.body === undefined) {
    return {
      statusCode: status,
      headers: { 'cache-control': 'no-store', ...reply.headers },
      ...(reply.cookies?.length ? { cookies: reply.cookies } : {}),
      body: '',
    };
  }
  return json(status, reply.body, reply);
}

function parseJson(event: APIGatewayProxyEventV2): unknown {
  if (!event.body) return {};
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    // Still a 400 `validation` (the one 400 of the contract), with no field to blame.
    throw new ValidationError({}, 'The request body is not valid JSON');
  }
}

async function validate(schema: AnyObjectSchema, body: unknown): Promise<unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new ValidationError({}, 'The request body must be a JSON object');
  }
  // Types and keys first (platform/body.ts): yup only ever sees the schema's fields, well typed.
  const sanitized = sanitizeBody(schema, body);
  if (Object.keys(sanitized.errors).length) throw new ValidationError(sanitized.errors);
  try {
    return await schema.validate(sanitized.value, { abortEarly: false, stripUnknown: true });
  } catch (error) {
    const invalid = error as YupValidationError;
    if (invalid?.name !== 'ValidationError') throw error;
    const errors: Record<string, string> = {};
    for (const item of invalid.inner.length ? invalid.inner : [invalid]) {
      const field = item.path ?? 'body';
      errors[field] ??= String(item.message);
    }
    throw new ValidationError(errors);
  }
}

function errorResult(error: unknown, route: RouteDef, requestId: string | undefined): APIGatewayProxyStructuredResultV2 {
  if (error instanceof TooManyRequestsError || error instanceof ServiceUnavailableError || error instanceof IdempotencyInProgressError) {
    return json(error.status, error.toBody(), { headers: { 'retry-after': String(error.retryAfterSeconds) } });
  }
  if (error instanceof AppError) return json(error.status, error.toBody());
  if (dependencyDown(error)) {
    // Not a bug: a dependency is down or past its time budget (platform/clients/budget.ts). Logged as a
    // warning with its name; the caller may try again (the web app does for reads).
    logDependencyDown(route.id, requestId, error);
    const unavailable = new ServiceUnavailableError();
    return json(unavailable.status, unavailable.toBody(), { headers: { 'retry-after': String(unavailable.retryAfterSeconds) } });
  }
  // Logged for the operators (one JSON line with the route and the request id of the access log);
  // the caller gets no stack and no internals.
  logUnhandled(route.id, requestId, error);
  return json(500, { code: 'internal', message: 'Something went wrong on our side' });
}

export type Authenticate = (
  request: { headers: Record<string, string | undefined>; cookies: string[] },
  access: Exclude<Access, 'public'>,
  options?: { duringMfaSetup?: boolean; companyScoped?: boolean; apiToken?: boolean },
) => Promise<AnyAuthContext>;

/** Who the audit history names for the request's changes: the user, or the API token (which reads only). */
const actorOf = (auth: AnyAuthContext) => (auth.user ? { userId: auth.user.id, login: auth.user.login, role: primaryRole(auth.user) } : { userId: null, login: `api-token:${auth.apiToken.name}` });

export function createHandler<R extends RouteDef>(
  route: R,
  options: HandlerOptions & { handle: Handle<R> },
  authenticate: Authenticate | null,
): ApiHandler {
  const schema = route.schema;
  // The schemas and the password generator read the stage's minimum from here on (one setting:
  // shared/schemas/password-policy.ts); a bad PASSWORD_MIN_LENGTH fails the function at load.
  setPasswordMinLength(env.passwordMinLength);
  // Fails at load (and so in test/unit/routes.test.ts), never at request time.
  if (route.access !== 'public' && !authenticate) throw new Error(`${route.id} is ${route.access}: build it with httpHandler`);
  const refuseCrossSite = !options.rawBody && (options.refuseCrossSite || !SAFE_METHODS.has(route.method));
  if (options.rawBody && schema) throw new Error(`${route.id}: a raw body route has no schema`);
  const states = new WeakMap<object, State>();
  const stateOf = (event: object): State => {
    let state = states.get(event);
    if (!state) states.set(event, (state = { auth: null, body: undefined, headers: {} }));
    return state;
  };

  const guard: MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2> = {
    name: 'portal-guard',
    before: async ({ event }) => {
      const state = stateOf(event);
      state.headers = lowerCaseHeaders(event.headers);
      refuseDirectCalls(state.headers);
      // A HEAD (or any other method) must never run a handler written for GET and its effects.
      const method = event.requestContext?.http?.method?.toUpperCase();
      if (method && method !== route.method) throw new WrongMethodError(method, route.method);
      if (refuseCrossSite) refuseForeignRequest(event, state.headers);
      if (options.rawBody) checkRawBody(event, state.headers, options.rawBody);
      if (route.access !== 'public' && authenticate) {
        state.auth = await authenticate({ headers: state.headers, cookies: event.cookies ?? [] }, route.access, {
          duringMfaSetup: route.duringMfaSetup,
          companyScoped: route.companyScoped,
          apiToken: route.apiToken,
        });
      }
      if (schema) state.body = await validate(schema, parseJson(event));
    },
    onError: async (request) => {
      request.response = errorResult(request.error, route, request.event.requestContext?.requestId);
    },
  };

  const core = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>()
    // First, so its subsegment spans the guard too (X-Ray, deployed functions only: platform/tracing.ts).
    .use(handlerTracing(route.id))
    .use(guard)
    // Its `after` runs first: the handler's answer, gzipped for a caller that takes it.
    .use(compressAnswers())
    .handler(async (event) => {
      const state = stateOf(event);
      const work = () => options.handle({
        event,
        route,
        get auth(): AuthOf<R> {
          if (!state.auth) throw new Error(`${route.id} is public: it has no auth context`);
          return state.auth as AuthOf<R>;
        },
        body: state.body as RequestOf<R>,
        // The gateway matched the route's path, so every placeholder is present.
        params: Object.fromEntries(Object.entries(event.pathParameters ?? {}).filter((e): e is [string, string] => e[1] !== undefined)) as ParamsOf<R>,
        query: Object.fromEntries(Object.entries(event.queryStringParameters ?? {}).filter((e): e is [string, string] => e[1] !== undefined)),
        headers: state.headers,
        cookies: event.cookies ?? [],
      });
      // Every change the handler makes is recorded under the signed-in caller (functions/data/audit.ts).
      const auth = state.auth;
      const answer = async () => toResult(await (auth ? runAs(actorOf(auth), work) : work()));
      // A signed-in write runs at most once per Idempotency-Key (pipeline/idempotency.ts); public routes have no caller to keep keys for (tokens never write).
      if (!auth?.user || SAFE_METHODS.has(route.method)) return answer();
      return withIdempotencyKey(
        { route, auth, headers: state.headers, path: event.rawPath ?? route.path, body: state.body, timeoutSeconds: route.lambda?.timeoutSeconds },
        answer,
      );
    });

  // The local gateway and tests may call without a Lambda context; middy needs an object. The whole
  // invocation (authentication's writes too) runs within the route's table grant, as its IAM role does,
  // and logs with its own keys.
  return (event, context) =>
    withRequestLog(route.id, event.requestContext?.requestId, () => withTableAccess(route, () => core(event, context ?? ({} as Context))));
}
