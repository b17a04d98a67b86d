/**
 * The OpenAPI 3.1 description of the portal's API (docs/openapi.json), built from the route
 * table and nothing hand-written per route: paths and methods, access (cookie auth, `public`,
 * admin-only), company scope (`X-Portal-Company`), request bodies from the yup schemas, 2xx
 * bodies from the `reply<T>()` types, and the error answers each route can give by the rules of
 * docs/conventions.md ("HTTP contract"). `npm run openapi` writes it; test/unit/openapi.test.ts
 * fails when the file is stale or not valid OpenAPI 3.1.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_CODES } from '../../shared/domain/errors';
import { API_TOKEN_REQUESTS_PER_MINUTE } from '../../shared/domain/api-tokens';
import { COMPANY_HEADER, IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN, handlerModule, routes, type RouteDef } from '../../shared/routes';
import { replySchemas } from './reply-schemas';
import { yupToJsonSchema, type JsonSchema } from './yup-json-schema';

type Json = JsonSchema;

/** Error answers by status: the name of their shared response, and what they mean. */
const ERRORS = {
  400: ['Validation', 'Invalid body: `code` "validation", `errors` holds an i18n message key (shared/schemas) per field. Nothing was changed.'],
  401: ['Unauthenticated', 'No valid session (`access` cookie) or API token (`Authorization: Bearer`): `unauthenticated`; the web app tries POST /api/security/refresh once. On the public sign-in routes: a wrong login or password (`invalid-credentials`), or an expired sign-in challenge or refresh token (`unauthenticated`).'],
  403: ['Forbidden', '`forbidden`: not allowed for this role or for an API token, a cross-site request (Sec-Fetch-Site / Origin) on a state-changing call, or `mfa-setup-required` (an administrator who must set up an authenticator app first).'],
  404: ['NotFound', '`not-found` (or `invalid-token`): nothing with this id here, for this caller.'],
  409: ['Conflict', '`conflict`: stale `version` or a duplicate; `company-changed`: the `X-Portal-Company` sent is not the caller\'s current company; `idempotency-in-progress`: the first try with this `Idempotency-Key` still runs (Retry-After). Nothing was changed.'],
  422: ['IdempotencyKeyReused', '`idempotency-key-reused`: the `Idempotency-Key` was sent before with another request (route, item or body). Nothing was changed.'],
  415: ['UnsupportedMediaType', '`unsupported-media-type`: request bodies must be `application/json`.'],
  429: ['TooManyRequests', '`too-many-requests`: a throttle applies (wrong passwords or codes back off, mails are capped: docs/auth.md, "Throttling"); `Retry-After` says in how many seconds to try again. Nothing was changed.'],
  500: ['Internal', '`internal`: message only, no stack.'],
  503: ['Unavailable', '`unavailable`: a dependency (DynamoDB, Cognito, SES, S3) is down or too slow (docs/reliability.md); `Retry-After` says in how many seconds to try again.'],
} as const satisfies Record<number, readonly [string, string]>;
/** The error answers that say when to try again. */
const RETRY_AFTER: ReadonlySet<number> = new Set([429, 503]);
type ErrorStatus = keyof typeof ERRORS;

const ACCESS_TEXT: Record<RouteDef['access'], string> = {
  public: 'Access: public (no session needed).',
  'signed-in': 'Access: any signed-in user (the `access` cookie).',
  admin: 'Access: administrators only (ROLE_ADMIN); others get 403.',
};

/** The statuses a handler answers with besides errors, read from its module (`status: 201`, ...). */
function successStatuses(root: string, route: RouteDef, hasBody: boolean): number[] {
  const file = join(root, `${handlerModule(route)}.ts`);
  const source = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const found = [...source.matchAll(/\bstatus:\s*([23]\d\d)\b/g)].map((m) => Number(m[1]));
  const statuses = new Set(found);
  // A handler that answers a body says no status for the default 200.
  if (hasBody && !found.some((s) => s >= 200 && s < 300)) statuses.add(200);
  if (!statuses.size) statuses.add(200);
  return [...statuses].sort();
}

const refusesCrossSite = (root: string, route: RouteDef): boolean => {
  const file = join(root, `${handlerModule(route)}.ts`);
  return existsSync(file) && /refuseCrossSite:\s*true/.test(readFileSync(file, 'utf8'));
};

/** A signed-in write: it takes an Idempotency-Key (functions/pipeline/idempotency.ts). */
const idempotent = (route: RouteDef): boolean => route.access !== 'public' && route.method !== 'GET';

/**
 * The body of a route that reads it raw (`rawBody: { contentTypes: [...] }` in its handler module,
 * functions/pipeline/public-http.ts): one entry per accepted content type, with the schema of the
 * browsers' format when it is one (REPORT_BODIES), any JSON otherwise.
 */
function rawBody(root: string, route: RouteDef): Json | undefined {
  const file = join(root, `${handlerModule(route)}.ts`);
  const declared = existsSync(file) ? /rawBody:\s*\{\s*contentTypes:\s*\[([^\]]*)\]/.exec(readFileSync(file, 'utf8')) : null;
  if (!declared) return undefined;
  const types = [...declared[1]!.matchAll(/'([^']+)'/g)].map((m) => m[1]!);
  return {
    required: true,
    content: Object.fromEntries(types.map((type) => [type, { schema: REPORT_BODIES[type] ?? { anyOf: Object.values(REPORT_BODIES) } }])),
  };
}

/**
 * Content-Security-Policy violation reports as browsers post them (the CSP and Reporting API
 * specifications; functions/core/security/csp-report.ts reads them): a browser's format, not
 * ours, so no shared schema validates it; unknown fields are allowed, as browsers add some.
 */
const REPORT_BODIES: Record<string, Json> = {
  'application/csp-report': {
    type: 'object',
    description: 'report-uri: one violation (a body without `csp-report` is ignored).',
    properties: {
      'csp-report': {
        type: 'object',
        properties: {
          'document-uri': { type: 'string' },
          'violated-directive': { type: 'string' },
          'effective-directive': { type: 'string' },
          'blocked-uri': { type: 'string' },
          'source-file': { type: 'string' },
          'line-number': { type: 'integer' },
        },
      },
    },
  },
  'application/reports+json': {
    type: 'array',
    description: 'report-to: a batch of reports; those of type `csp-violation` with a `body` are read (20 at most), the others ignored.',
    items: {
      type: 'object',
      properties: {
        type: { type: 'string' },
        url: { type: 'string' },
        body: {
          type: 'object',
          properties: {
            documentURL: { type: 'string' },
            effectiveDirective: { type: 'string' },
            blockedURL: { type: 'string' },
            sourceFile: { type: 'string' },
            lineNumber: { type: 'integer' },
          },
        },
      },
    },
  },
};

/** The error statuses a route may answer, by the rules of docs/conventions.md. */
function errorStatuses(route: RouteDef, body: JsonSchema | undefined, created: boolean, crossSiteGuard: boolean, rawBody: boolean): ErrorStatus[] {
  const out = new Set<ErrorStatus>([500]);
  const writes = route.method !== 'GET';
  if (route.schema || route.query || rawBody) out.add(400);
  if (writes) out.add(415);
  if (idempotent(route)) out.add(409).add(422);
  if (route.access !== 'public') out.add(401);

  if (route.access !== 'public' || route.checksCredentials) out.add(401);
  // A company API token's requests count against its rate (docs/auth.md, "API tokens").
  if (route.throttled || route.apiToken) out.add(429);
  // Any route that reads the table (every session check does) or calls another service.
  if (route.access !== 'public' || route.grants?.table !== 'none') out.add(503);
  // Every non-public route refuses a company API token that it does not opt in for (docs/auth.md, "API tokens").
  if (writes || crossSiteGuard || route.access !== 'public') out.add(403);
  if (/\{\w+\}/.test(route.path) || route.namesRecordInBody) out.add(404);
  const carriesVersion = !!(body?.properties as Record<string, unknown> | undefined)?.version;
  if (route.companyScoped || carriesVersion || created) out.add(409);
  return [...out].sort();
}

function operation(root: string, route: RouteDef, reply: JsonSchema | null | undefined): Json {
  const body = route.schema ? yupToJsonSchema(route.schema) : undefined;
  const parameters: Json[] = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
  const query = route.query ? yupToJsonSchema(route.query) : undefined;
  for (const [name, schema] of Object.entries((query?.properties ?? {}) as Record<string, Json>)) {
    parameters.push({ name, in: 'query', required: ((query?.required ?? []) as string[]).includes(name), schema });
  }
  if (route.companyScoped) parameters.push({ $ref: '#/components/parameters/PortalCompany' });
  if (idempotent(route)) parameters.push({ $ref: '#/components/parameters/IdempotencyKey' });

  const responses: Json = {};
  const statuses = successStatuses(root, route, !!reply);
  for (const status of statuses) {
    const content = reply && status >= 200 && status < 300 && status !== 204 ? { content: { 'application/json': { schema: reply } } } : {};
    responses[String(status)] = { description: SUCCESS_TEXT[status] ?? 'Success.', ...content };
  }
  const created = statuses.includes(201);
  const raw = body ? undefined : rawBody(root, route);
  for (const status of errorStatuses(route, body, created, refusesCrossSite(root, route), !!raw)) {
    responses[String(status)] = { $ref: `#/components/responses/${ERRORS[status][0]}` };
  }

  const description = [
    ACCESS_TEXT[route.access],
    route.companyScoped ? `Company-scoped: works on the caller's current company (from the session, never the request); the web app sends \`${COMPANY_HEADER}\`.` : '',
    route.duringMfaSetup ? 'Open to an administrator who must still set up an authenticator app.' : '',
    route.apiToken ? 'Also open to a company API token (`Authorization: Bearer`): it reads the token\'s company.' : '',
  ].filter(Boolean);

  return {
    operationId: route.id,
    summary: route.summary,
    tags: [route.area],
    description: description.join(' '),
    ...(route.access === 'public' ? { security: [] } : {}),
    ...(route.apiToken ? { security: [{ cookieAuth: [] }, { bearerAuth: [] }] } : {}),
    ...(route.access === 'admin' ? { 'x-access': 'admin' } : {}),
    ...(route.companyScoped ? { 'x-company-scoped': true } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(body ? { requestBody: { required: true, content: { 'application/json': { schema: body } } } } : {}),
    ...(raw ? { requestBody: raw } : {}),
    responses,
  };
}

const SUCCESS_TEXT: Record<number, string> = {
  200: 'OK.',
  201: 'Created.',
  204: 'No content.',
  302: 'Redirect (`Location`).',
  304: 'Not modified (`If-None-Match` matched the `ETag`).',
};

/** `#/definitions/X` (ts-json-schema-generator) to `#/components/schemas/X`, names made safe for components. */
function relocate(value: unknown, names: ReadonlyMap<string, string>): unknown {
  if (Array.isArray(value)) return value.map((v) => relocate(v, names));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, v]) => {
        if (key === '$ref' && typeof v === 'string' && v.startsWith('#/definitions/')) {
          const name = v.slice('#/definitions/'.length);
          return [key, `#/components/schemas/${names.get(name) ?? name}`];
        }
        return [key, relocate(v, names)];
      }),
    );
  }
  return value;
}

const safeName = (name: string): string => name.replace(/[^A-Za-z0-9._-]/g, '_');

/** Object keys sorted at every level (arrays keep their order): the file only changes when the API does. */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

function buildOpenApi(root: string): Json {
  const { replies, definitions } = replySchemas(join(root, 'shared/routes.ts'));
  const names = new Map(Object.keys(definitions).map((name) => [name, safeName(name)]));
  const schemas: Json = Object.fromEntries(Object.entries(definitions).map(([name, schema]) => [names.get(name)!, relocate(schema, names)]));
  if (schemas.ErrorAnswer) throw new Error('A response type named ErrorAnswer clashes with the error component');
  schemas.ErrorAnswer = {
    type: 'object',
    description: 'Every error answer (docs/conventions.md, "HTTP contract").',
    properties: {
      message: { type: 'string', description: 'For people; an i18n key for some codes (e.g. `error.company-changed`).' },
      code: { type: 'string', enum: [...ERROR_CODES] },
      errors: { type: 'object', additionalProperties: { type: 'string' }, description: 'With `validation`: an i18n message key per field (dotted paths for nested fields).' },
    },
    required: ['message', 'code'],
  };

  const paths: Record<string, Json> = {};
  for (const route of routes as readonly RouteDef[]) {
    if (route.response && !replies.has(route.id)) throw new Error(`No reply<T>() type found in shared/routes.ts for ${route.id}`);
    const reply = replies.get(route.id);
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation(root, route, reply && (relocate(reply, names) as JsonSchema));
  }

  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  // The top level in reading order; everything below it sorted.
  return {
    openapi: '3.1.0',
    info: {
      title: 'Onboarding portal API',
      version: pkg.version,
      description:
        'Generated by `npm run openapi` from the route table (shared/routes.ts), its yup schemas and response types: do not edit by hand. ' +
        'Contracts in prose: docs/conventions.md and docs/auth.md.',
    },
    // Relative: the API is served on the portal's own origin (CloudFront in front of API Gateway, or `npm start`).
    servers: [{ url: '/', description: 'The portal\'s own origin' }],
    tags: [...new Set(routes.map((r) => r.area))].sort().map((name) => ({ name })),
    security: [{ cookieAuth: [] }],
    paths: sortKeys(paths),
    components: sortKeys({
      securitySchemes: {
        cookieAuth: {
          type: 'apiKey',
          in: 'cookie',
          name: 'access',
          description: 'The session: an HttpOnly cookie set by POST /api/security/login (`__Host-access` over https), renewed with the `refresh` cookie by POST /api/security/refresh.',
        },
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'pt1.<company id>.<token id>.<secret>',
          description:
            'A company API token (docs/auth.md, "API tokens"): made on the API tokens page (POST /api/api-tokens, its secret shown once), read-only, one company, an expiry, revocable. ' +
            `Only the operations that list it in \`security\` take it; every other route answers a token 403. An expired, revoked or wrong token answers 401; more than ${API_TOKEN_REQUESTS_PER_MINUTE} requests a minute answer 429.`,
        },
      },
      parameters: {
        PortalCompany: {
          name: COMPANY_HEADER,
          in: 'header',
          required: false,
          description: 'The company the page shows (its id). When it is not the caller\'s current company the call answers 409 `company-changed` and does nothing; without it the call works on the current company (docs/auth.md).',
          schema: { type: 'string' },
        },
        IdempotencyKey: {
          name: IDEMPOTENCY_HEADER,
          in: 'header',
          required: false,
          description: 'One key per user action (the web app sends a UUID), the same on its retry: the request runs once and its 2xx answer is replayed for 24 hours to the same user and company (header `Idempotent-Replayed: true`); the key with another request answers 422 (docs/reliability.md, "Retries that are safe").',
          schema: { type: 'string', pattern: IDEMPOTENCY_KEY_PATTERN.source },
        },
      },
      headers: {
        RetryAfter: {
          description: 'In how many seconds to try again.',
          required: true,
          schema: { type: 'string', pattern: '^[0-9]+$' },
        },
      },
      responses: Object.fromEntries(
        Object.entries(ERRORS).map(([status, [name, description]]) => [
          name,
          {
            description,
            ...(RETRY_AFTER.has(Number(status)) ? { headers: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } } } : {}),
            content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorAnswer' } } },
          },
        ]),
      ),
      schemas,
    }),
  };
}

/** The file's text: two-space JSON and a final newline. */
export const renderOpenApi = (root: string): string => `${JSON.stringify(buildOpenApi(root), null, 2)}\n`;
