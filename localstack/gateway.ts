/**
 * The local API gateway: one node:http server on 127.0.0.1 that plays API Gateway (HTTP API,
 * payload format 2.0) for every route of shared/routes.ts by calling the same handler modules
 * the Lambdas run, and serves the web app for everything outside /api.
 *
 * Pure parts (buildEvent, mapResult, dispatch) are exported for unit tests.
 */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { findRoute, handlerModule, routes, type RouteDef } from '../shared/routes';
import { ACCEPT_ENCODING_HEADER, awsLimits, functionDefaults } from '../functions/platform/config/resources';
import { contentSecurityPolicy, extraSecurityHeaders, type SecurityHeaderOptions } from '../lib/definitions/security-headers';
import { lambdaContext } from './lambda-context';
import { INVOKE_PATH, invokeJob, type JobRunner } from './lambda-invoke';
import { LambdaThrottledError } from './lambda-pool';

export const BODY_LIMIT_BYTES = awsLimits.httpApiBodyBytes;

/** The route's function timeout as the CDK deploys it (lib/api.ts: the route's own, or PortalFunction's default). */
const functionTimeoutMs = (route: Pick<RouteDef, 'lambda'>): number => (route.lambda?.timeoutSeconds ?? functionDefaults.timeoutSeconds) * 1000;

const repoRoot = resolve(fileURLToPath(new URL('..', import.meta.url)));

export type LambdaHandler = (event: APIGatewayProxyEventV2, context: Context) => unknown;
/**
 * A function invoked as Lambda's Invoke API does, JSON text in and out (the bundled pool's
 * instances): the gateway hands it the event's JSON it already made for the size check, and
 * checks and maps the answer's JSON as it came, so each is serialised once on its way.
 */
export interface PayloadHandler {
  payload(eventJson: string, requestId: string): Promise<string>;
}
/** Finds the handler of a route; null = the module does not exist (yet). */
export type HandlerResolver = (route: RouteDef) => Promise<LambdaHandler | PayloadHandler | null>;

/** The handler's answer: its size as Lambda counts it, and its value, read only when within the limit. */
interface Answer {
  bytes: number;
  value: () => unknown;
}

function answerOf(handler: LambdaHandler | PayloadHandler, event: APIGatewayProxyEventV2, eventJson: string, context: Context): Promise<Answer> {
  if (typeof handler !== 'function') {
    return handler.payload(eventJson, context.awsRequestId).then((json) => ({ bytes: Buffer.byteLength(json), value: () => JSON.parse(json) as unknown }));
  }
  return Promise.resolve(handler(event, context)).then((result) => ({
    bytes: Buffer.byteLength(typeof result === 'string' ? result : (JSON.stringify(result) ?? '')),
    value: () => result,
  }));
}

/** The HTTP request as the gateway sees it, independent of node:http (unit tests build it by hand). */
export interface GatewayRequest {
  method: string;
  /** Path plus query string, as received (`/api/x?y=1`). */
  url: string;
  /** Node's raw header list [name, value, name, value, ...] keeps duplicates apart. */
  rawHeaders: string[];
  body: Buffer;
  sourceIp: string;
  protocol?: string;
}

export interface GatewayResponse {
  statusCode: number;
  /** Multi-valued headers are arrays (Set-Cookie). */
  headers: Record<string, string | string[]>;
  body: Buffer;
}

/**
 * The headers CloudFront adds (lib/web.ts), from the same definitions. The built app gets the
 * full Content-Security-Policy; the Vite dev server only frame-ancestors (a full CSP would fight
 * its client: inline scripts, websocket).
 */
export function localSecurityHeaders(web: WebMode, options: SecurityHeaderOptions): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'content-security-policy': web === 'dist' ? contentSecurityPolicy(options) : "frame-ancestors 'none'",
    'x-frame-options': 'DENY',
    ...extraSecurityHeaders,
  };
}

const TEXT_TYPES = [/^text\//, /^application\/(.+\+)?json\b/, /^application\/(.+\+)?xml\b/, /^application\/x-www-form-urlencoded\b/, /^application\/javascript\b/, /^application\/graphql\b/];

/** API Gateway sends non-text bodies (multipart, octet-stream, images...) base64-encoded. */
export function isTextContentType(contentType: string | undefined): boolean {
  if (!contentType) return true;
  const type = contentType.toLowerCase().trim();
  return TEXT_TYPES.some((pattern) => pattern.test(type));
}

function apiGatewayTime(date: Date): string {
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getUTCDate())}/${months[date.getUTCMonth()]}/${date.getUTCFullYear()}:${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} +0000`;
}

/** Builds the HTTP API payload v2.0 event API Gateway would send for this request and route. */
export function buildEvent(
  request: GatewayRequest,
  route: RouteDef,
  pathParameters: Record<string, string>,
  now = new Date(),
): APIGatewayProxyEventV2 {
  const questionMark = request.url.indexOf('?');
  const rawPath = questionMark === -1 ? request.url : request.url.slice(0, questionMark);
  const rawQueryString = questionMark === -1 ? '' : request.url.slice(questionMark + 1);

  // Lower-cased names, duplicates comma-joined; the Cookie header becomes `cookies` (as in AWS).
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  for (let i = 0; i + 1 < request.rawHeaders.length; i += 2) {
    const name = request.rawHeaders[i]!.toLowerCase();
    const value = request.rawHeaders[i + 1]!;
    if (name === 'cookie') {
      cookies.push(...value.split(';').map((c) => c.trim()).filter(Boolean));
      continue;
    }
    headers[name] = name in headers ? `${headers[name]},${value}` : value;
  }
  const host = headers.host ?? '127.0.0.1';
  headers['x-forwarded-for'] = headers['x-forwarded-for'] ? `${headers['x-forwarded-for']}, ${request.sourceIp}` : request.sourceIp;
  headers['x-forwarded-proto'] ??= 'http';
  headers['x-forwarded-port'] ??= host.includes(':') ? host.slice(host.lastIndexOf(':') + 1) : '80';

  // Repeated query parameters are comma-joined, as API Gateway does.
  let queryStringParameters: Record<string, string> | undefined;
  if (rawQueryString) {
    queryStringParameters = {};
    for (const [key, value] of new URLSearchParams(rawQueryString)) {
      queryStringParameters[key] = key in queryStringParameters ? `${queryStringParameters[key]},${value}` : value;
    }
  }

  let body: string | undefined;
  let isBase64Encoded = false;
  if (request.body.length > 0) {
    if (isTextContentType(headers['content-type'])) body = request.body.toString('utf8');
    else {
      body = request.body.toString('base64');
      isBase64Encoded = true;
    }
  }

  const routeKey = `${route.method} ${route.path}`;
  const domainName = host.replace(/:\d+$/, '');
  const event: APIGatewayProxyEventV2 = {
    version: '2.0',
    routeKey,
    rawPath,
    rawQueryString,
    headers,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName,
      domainPrefix: domainName.split('.')[0] ?? domainName,
      http: {
        method: request.method,
        path: rawPath,
        protocol: request.protocol ?? 'HTTP/1.1',
        sourceIp: request.sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: apiGatewayTime(now),
      timeEpoch: now.getTime(),
    },
    isBase64Encoded,
  };
  if (cookies.length > 0) event.cookies = cookies;
  if (queryStringParameters) event.queryStringParameters = queryStringParameters;
  if (Object.keys(pathParameters).length > 0) event.pathParameters = pathParameters;
  if (body !== undefined) event.body = body;
  return event;
}

/** The Lambda context of a route's handler. */
export function buildContext(route: Pick<RouteDef, 'id' | 'lambda'>, requestId: string, startedAt = Date.now()): Context {
  return lambdaContext({
    functionName: `portal-local-${route.id}`,
    requestId,
    timeoutMs: functionTimeoutMs(route),
    memoryMb: route.lambda?.memoryMb ?? functionDefaults.memoryMb,
    startedAt,
  });
}

/** The portal's own Host names at `port`: both spellings of the loopback address. */
export const loopbackHosts = (port: number): string[] => [`127.0.0.1:${port}`, `localhost:${port}`];

const json = (statusCode: number, payload: unknown, extra: Record<string, string> = {}): GatewayResponse => ({
  statusCode,
  headers: { 'content-type': 'application/json; charset=utf-8', ...extra },
  body: Buffer.from(JSON.stringify(payload)),
});

/**
 * Maps a handler's return value the way API Gateway does for payload 2.0: an object with a
 * numeric statusCode is a response; anything else (object, string, number) is a 200 JSON body.
 */
export function mapResult(result: unknown): GatewayResponse {
  if (result !== null && typeof result === 'object' && typeof (result as { statusCode?: unknown }).statusCode === 'number') {
    const r = result as {
      statusCode: number;
      headers?: Record<string, string | number | boolean>;
      multiValueHeaders?: Record<string, Array<string | number | boolean>>;
      cookies?: string[];
      body?: string;
      isBase64Encoded?: boolean;
    };
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(r.headers ?? {})) headers[name.toLowerCase()] = String(value);
    // Not part of v2, but harmless to honour (some middlewares still emit it).
    for (const [name, values] of Object.entries(r.multiValueHeaders ?? {})) {
      headers[name.toLowerCase()] = values.map(String).join(',');
    }
    const setCookies = [...(r.cookies ?? [])];
    const headerCookie = headers['set-cookie'];
    if (typeof headerCookie === 'string') setCookies.unshift(headerCookie);
    delete headers['set-cookie'];
    if (setCookies.length > 0) headers['set-cookie'] = setCookies;
    const raw = typeof r.body === 'string' ? r.body : r.body === undefined || r.body === null ? '' : JSON.stringify(r.body);
    const body = r.isBase64Encoded ? Buffer.from(raw, 'base64') : Buffer.from(raw, 'utf8');
    return { statusCode: r.statusCode, headers, body };
  }
  return json(200, result === undefined ? null : result);
}

export interface DispatchOptions {
  resolveHandler: HandlerResolver;
  log?: (message: string, error?: unknown) => void;
}

/** Routes an /api request: 404 unknown path, 405 wrong method, 413 too big, 500 on a throw. */
export async function dispatch(request: GatewayRequest, options: DispatchOptions): Promise<GatewayResponse> {
  const rawPath = request.url.split('?')[0] ?? '/';
  const match = findRoute(request.method, rawPath);
  if (!match) {
    const allowed = [...new Set((routes as readonly RouteDef[]).filter((r) => findRoute(r.method, rawPath)?.route === r).map((r) => r.method))];
    if (allowed.length > 0) {
      return json(405, { code: 'method-not-allowed', message: `${request.method} is not allowed on ${rawPath}` }, { allow: allowed.join(', ') });
    }
    return json(404, { code: 'not-found', message: `No API route for ${request.method} ${rawPath}` });
  }
  if (request.body.length > BODY_LIMIT_BYTES) {
    return json(413, { code: 'payload-too-large', message: `Request body exceeds ${BODY_LIMIT_BYTES} bytes` });
  }
  const { route, params } = match;
  const log = options.log ?? ((message: string, error?: unknown) => console.error(message, error ?? ''));
  let handler: LambdaHandler | PayloadHandler | null;
  try {
    handler = await options.resolveHandler(route);
  } catch (error) {
    log(`[gateway] cannot load the handler of ${route.id} (${handlerModule(route)}.ts)`, error);
    return json(500, { code: 'internal', message: 'Internal server error' });
  }
  if (!handler) {
    return json(501, { code: 'not-implemented', message: `Route ${route.id} has no handler module yet (${handlerModule(route)}.ts)` });
  }
  const startedAt = Date.now();
  const event = buildEvent(request, route, params, new Date(startedAt));
  const requestId = event.requestContext.requestId;
  // Lambda refuses an event over its payload limit before the function runs; API Gateway answers 413.
  const eventJson = JSON.stringify(event);
  const eventBytes = Buffer.byteLength(eventJson);
  if (eventBytes > awsLimits.lambdaPayloadBytes) {
    log(`[gateway] ${route.id}: the request's event is ${eventBytes} bytes, over Lambda's ${awsLimits.lambdaPayloadBytes}: AWS refuses it (413)`);
    return json(413, { message: 'Request Entity Too Large' });
  }
  const timeoutMs = Math.min(functionTimeoutMs(route), awsLimits.httpApiTimeoutSeconds * 1000);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolveTimeout) => {
    timer = setTimeout(() => resolveTimeout('timeout'), timeoutMs);
  });
  try {
    const result = await Promise.race([answerOf(handler, event, eventJson, buildContext(route, requestId, startedAt)), timedOut]);
    if (result === 'timeout') {
      // The function's (or HTTP API's) timeout: Lambda stops the function and API Gateway answers 500
      // (503 when the integration's 30 s run out first). Source mode cannot stop it: its work goes on unseen.
      log(`[gateway] ${route.id} timed out after ${timeoutMs} ms (request ${requestId}): AWS stops the function here`);
      return timeoutMs < awsLimits.httpApiTimeoutSeconds * 1000 ? json(500, { message: 'Internal Server Error' }) : json(503, { message: 'Service Unavailable' });
    }
    // Lambda refuses an answer over its payload limit: the function's work is done, the client gets 500.
    if (result.bytes > awsLimits.lambdaPayloadBytes) {
      log(`[gateway] ${route.id} ANSWERED ${result.bytes} BYTES, over Lambda's ${awsLimits.lambdaPayloadBytes}-byte response limit (request ${requestId}): AWS refuses this answer and API Gateway sends 500`);
      return json(500, { message: 'Internal Server Error' });
    }
    return mapResult(result.value());
  } catch (error) {
    if (error instanceof LambdaThrottledError) {
      // Lambda refused the invocation (reserved concurrency in use): API Gateway's proxy answers 500.
      log(`[gateway] ${route.id} THROTTLED by Lambda (request ${requestId}): ${error.message}`);
      return json(500, { message: 'Internal Server Error' });
    }
    log(`[gateway] ${route.id} threw (request ${requestId})`, error);
    return json(500, { code: 'internal', message: 'Internal server error' });
  } finally {
    clearTimeout(timer);
  }
}

/** Imports functions/http/<area>/<id>.ts under `root`, once per route (the import is cached). */
export function moduleResolver(root = repoRoot): HandlerResolver {
  const cache = new Map<string, Promise<LambdaHandler | null>>();
  return (route) => {
    let pending = cache.get(route.id);
    if (!pending) {
      const file = join(root, `${handlerModule(route)}.ts`);
      pending = (async () => {
        if (!existsSync(file)) return null;
        const mod = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as { handler?: unknown };
        if (typeof mod.handler !== 'function') throw new Error(`${file} does not export a function named handler`);
        return mod.handler as LambdaHandler;
      })();
      // A missing or broken module is retried on the next request (the file may appear meanwhile).
      pending.then(
        (handler) => handler ?? cache.delete(route.id),
        () => cache.delete(route.id),
      );
      cache.set(route.id, pending);
    }
    return pending;
  };
}

// ---------------------------------------------------------------- web app

export type WebMode = 'dev' | 'dist' | 'none';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json)|image\/svg\+xml)/;
const gzipCache = new Map<string, Buffer>();
/** A built file's gzip, made once per file and content (a rebuild may change index.html under the same name). */
function gzipped(file: string, content: Buffer): Buffer {
  const key = `${file}:${createHash('sha1').update(content).digest('hex')}`;
  let zipped = gzipCache.get(key);
  if (!zipped) gzipCache.set(key, (zipped = gzipSync(content, { level: 6 })));
  return zipped;
}

/** Static files of web/dist; unknown paths without an extension get index.html (SPA routing). */
function distMiddleware(distDir: string): Middleware {
  const root = resolve(distDir);
  return (req, res) => {
    void (async () => {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain' }).end('Method not allowed');
        return;
      }
      let pathname = '/';
      try {
        pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      } catch {
        res.writeHead(400, { 'content-type': 'text/plain' }).end('Bad request');
        return;
      }
      const candidate = normalize(join(root, pathname));
      let file: string | null = null;
      if (candidate === root || candidate.startsWith(root + sep)) {
        const info = await stat(candidate).catch(() => null);
        if (info?.isFile()) file = candidate;
      }
      if (!file) {
        // A missing asset (has an extension) is a real 404; a client-side route gets the app.
        if (extname(pathname) && extname(pathname) !== '.html') {
          res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
          return;
        }
        file = join(root, 'index.html');
      }
      const content = await readFile(file).catch(() => null);
      if (!content) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end(`Not found (is the web app built? run npm run build:web)`);
        return;
      }
      const isIndex = file.endsWith('.html');
      // Vite puts content-hashed files under assets/: they never change, cache them for a year.
      const cacheControl = isIndex
        ? 'no-cache'
        : file.startsWith(join(root, 'assets') + sep)
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=3600';
      const type = MIME[extname(file)] ?? 'application/octet-stream';
      // CloudFront compresses text for browsers that accept it: serve the built app the same way,
      // so what the browser tests and `npm run bench:pages` measure is what users download.
      const gzip = COMPRESSIBLE.test(type) && content.length > 1024 && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
      const body = gzip ? gzipped(file, content) : content;
      res.writeHead(200, {
        'content-type': type,
        'content-length': body.length,
        'cache-control': cacheControl,
        vary: 'accept-encoding',
        ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    })().catch((error) => {
      console.error('[gateway] static file error', error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('Internal server error');
    });
  };
}

// ---------------------------------------------------------------- server

export interface GatewayOptions {
  web: WebMode;
  /**
   * The Host names (with port) the gateway answers; any other gets 421. Default: 127.0.0.1 and
   * localhost with the port it listens on (startLocalStack passes the hosts of APP_URL and its aliases).
   */
  hosts?: (port: number) => string[];
  /** Overrides the handler lookup (tests); default imports functions/http/... of the repo. */
  resolveHandler?: HandlerResolver;
  /** Runs the background jobs the Invoke API starts; default imports their source modules. */
  runJob?: JobRunner;
  /** Repo root (web/ and functions/ live under it). */
  root?: string;
  quiet?: boolean;
  /** Upload origins (the S3 emulator) and widget for the Content-Security-Policy. */
  headers?: SecurityHeaderOptions;
}

export interface Gateway {
  server: Server;
  /** Listens on 127.0.0.1:port (0 = any free port) and returns the base URL. */
  listen(port: number): Promise<string>;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<{ body: Buffer; tooLarge: boolean }> {
  return new Promise((resolveBody, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = declared > BODY_LIMIT_BYTES;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > BODY_LIMIT_BYTES) tooLarge = true;
      // Past the cap: keep reading (so the client gets the 413) but drop the bytes.
      if (!tooLarge) chunks.push(chunk);
    });
    req.on('end', () => resolveBody({ body: tooLarge ? Buffer.alloc(0) : Buffer.concat(chunks), tooLarge }));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, response: GatewayResponse, head: boolean): void {
  res.writeHead(response.statusCode, { ...response.headers, 'content-length': response.body.length });
  res.end(head ? undefined : response.body);
}

export async function createGateway(options: GatewayOptions): Promise<Gateway> {
  const root = options.root ?? repoRoot;
  const resolveHandler = options.resolveHandler ?? moduleResolver(root);
  const server = createServer();
  let web: Middleware | null = null;
  let closeWeb: (() => Promise<void>) | null = null;

  if (options.web === 'dev') {
    const configFile = join(root, 'web', 'vite.config.ts');
    if (!existsSync(join(root, 'web', 'index.html'))) {
      console.warn('[gateway] web/index.html is missing: the web app is not served');
    } else {
      const { createServer: createVite } = await import('vite');
      const vite = await createVite({
        configFile: existsSync(configFile) ? configFile : false,
        root: join(root, 'web'),
        appType: 'spa',
        logLevel: options.quiet ? 'error' : 'info',
        // HMR websocket upgrades arrive on our server.
        server: { middlewareMode: true, hmr: { server } },
      });
      web = vite.middlewares as unknown as Middleware;
      closeWeb = () => vite.close();
    }
  } else if (options.web === 'dist') {
    const distDir = join(root, 'web', 'dist');
    if (!existsSync(join(distDir, 'index.html'))) console.warn('[gateway] web/dist/index.html is missing: run `npm run build:web`');
    web = distMiddleware(distDir);
  }

  const securityHeaders = localSecurityHeaders(options.web, options.headers ?? { uploadOrigins: [] });
  let hosts = new Set<string>();
  server.on('listening', () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    hosts = new Set((options.hosts ?? loopbackHosts)(port).map((host) => host.toLowerCase()));
  });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
    // DNS rebinding: a page of evil.example whose name now resolves to 127.0.0.1 reaches this
    // server as "same-origin" with `Host: evil.example:<port>`. Only the portal's own names are
    // answered (on AWS, CloudFront and API Gateway answer only theirs).
    if (!hosts.has((req.headers.host ?? '').toLowerCase())) {
      send(res, json(421, { code: 'misdirected-request', message: 'This server answers only its own host names' }), req.method === 'HEAD');
      return;
    }
    const url = req.url ?? '/';
    if (INVOKE_PATH.test(url.split('?')[0] ?? '')) {
      void readBody(req)
        .then(({ body }) => invokeJob({ method: req.method ?? 'GET', path: url.split('?')[0]!, headers: req.headers, body }, root, new Date(), undefined, options.runJob))
        .then((result) => send(res, result, false))
        .catch((error: unknown) => {
          console.error('[gateway] job invoke failed', error);
          if (!res.headersSent) send(res, json(500, { message: 'Internal error' }), false);
        });
      return;
    }
    const isApi = url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
    if (!isApi) {
      if (web) web(req, res, () => res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found'));
      else res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found (web app not served: web mode "none")');
      return;
    }
    void (async () => {
      const { body, tooLarge } = await readBody(req);
      // As CloudFront's /api/* viewer function does (lib/web.ts): what the browser accepts, for the API's gzip.
      const accepted = req.headers['accept-encoding'];
      const gatewayRequest: GatewayRequest = {
        method: (req.method ?? 'GET').toUpperCase(),
        url,
        rawHeaders: accepted ? [...req.rawHeaders, ACCEPT_ENCODING_HEADER, accepted] : req.rawHeaders,
        body,
        sourceIp: (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, ''),
        protocol: `HTTP/${req.httpVersion}`,
      };
      // HEAD matches no route, as on API Gateway (no HEAD routes): a GET handler with effects
      // (logout) must never run for it. The 405 answer goes out without its body.
      const head = gatewayRequest.method === 'HEAD';
      const response = tooLarge
        ? json(413, { code: 'payload-too-large', message: `Request body exceeds ${BODY_LIMIT_BYTES} bytes` })
        : await dispatch(gatewayRequest, { resolveHandler });
      if (!options.quiet) console.log(`[api] ${req.method} ${url.split('?')[0]} -> ${response.statusCode}`);
      send(res, response, head);
    })().catch((error) => {
      console.error('[gateway] request failed', error);
      if (!res.headersSent) send(res, json(500, { code: 'internal', message: 'Internal server error' }), false);
      else res.end();
    });
  });

  return {
    server,
    listen: (port) =>
      new Promise((resolveListen, reject) => {
        server.once('error', reject);
        server.listen({ port, host: '127.0.0.1', exclusive: true }, () => {
          server.off('error', reject);
          const address = server.address();
          resolveListen(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`);
        });
      }),
    close: async () => {
      await closeWeb?.();
      if (!server.listening) return;
      await new Promise<void>((resolveClose) => {
        server.close(() => resolveClose());
        // Keep-alive and HMR sockets would hold close() open.
        server.closeAllConnections();
      });
    },
  };
}
