import { COMPANY_HEADER, IDEMPOTENCY_HEADER, routePath, securityRefresh, type ParamsOf, type RequestOf, type ResponseOf, type RouteDef } from 'shared/routes';
import type { ApiError as ApiErrorBody } from 'shared/domain/types';

/** An HTTP answer other than 2xx, with the contract's error body when there is one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fieldErrors: Record<string, string> = {},
    readonly text = '',
    /** A 429's or 503's Retry-After (the server knows how long the wait is), in seconds. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ServerFailure {
  status: number;
  message: string;
  /** Raw response text, shown when the body is not the contract's JSON. */
  text: string;
  /** The answer's Content-Type: an HTML answer (a proxy's error page) is shown as a page, sandboxed. */
  contentType: string;
}

interface Handlers {
  /** Session is gone (refresh failed): send the user to sign-in. */
  onUnauthorized: (redirect: string) => void;
  /** 500: the page is replaced by the server's answer (spec, section 6). */
  onServerError: (failure: ServerFailure) => void;
  /** 403 mfa-setup-required: an administrator must set up an authenticator app first. */
  onMfaSetupRequired: (redirect: string) => void;
  /**
   * The id of the company the pages show (the cached current user's), sent as X-Portal-Company
   * with every company-scoped call; undefined sends none (signed out, not known yet).
   */
  shownCompany: () => string | undefined;
  /** 409 company-changed: the current company is no longer the one shown; nothing was done. */
  onCompanyChanged: () => void;
  /** Reads again every cached answer of these GET routes (any params): the stale list of a write. */
  refreshRoutes: (routeIds: readonly string[]) => Promise<unknown>;
  /** Puts a write's answer in the cache of the GET route it `answers` (shared/routes.ts). */
  setRouteAnswer: (routeId: string, answer: unknown) => Promise<unknown>;
  /** A read got 503 (a dependency is down) and is sent again after the server's Retry-After: say so. */
  onRetrying: () => void;
}

const currentFullPath = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;

let handlers: Handlers = {
  onUnauthorized: (redirect) => window.location.assign(`/login?redirect=${encodeURIComponent(redirect)}`),
  onServerError: () => undefined,
  onMfaSetupRequired: (redirect) => window.location.assign(`/mfa-setup?required=1&redirect=${encodeURIComponent(redirect)}`),
  shownCompany: () => undefined,
  onCompanyChanged: () => undefined,
  refreshRoutes: () => Promise.resolve(),
  setRouteAnswer: () => Promise.resolve(),
  onRetrying: () => undefined,
};

/** The app shell plugs in router navigation and the error page (see app/api-bridge.tsx). */
export function configureApi(next: Partial<Handlers>): () => void {
  const previous = handlers;
  handlers = { ...handlers, ...next };
  return () => {
    handlers = previous;
  };
}

/**
 * 'redirect' (default): a 401 tries one refresh, retries, then sends the user to /login.
 * 'probe': same refresh, but a final 401 is only thrown (used to learn whether someone is signed in).
 * 'none': no refresh at all (sign-in, reset and refresh calls themselves).
 */
export type AuthMode = 'redirect' | 'probe' | 'none';

/** `params` only for paths with `{placeholders}`, `body` only for routes with a schema: both typed by the route. */
export type CallOptions<R extends RouteDef> = {
  auth?: AuthMode;
  signal?: AbortSignal;
  /** Query parameters of a GET (a list's filters); empty values are left out. */
  query?: Record<string, string | undefined>;
} & (keyof ParamsOf<R> extends never
  ? { params?: undefined }
  : { params: ParamsOf<R> }) &
  (RequestOf<R> extends undefined ? { body?: undefined } : { body: RequestOf<R> });

interface RawCall {
  params?: object;
  query?: Record<string, string | undefined>;
  body?: unknown;
  signal?: AbortSignal;
  /** A signed-in write's key: one per user action, the same on every retry of it. */
  idempotencyKey?: string;
}

/** The options argument may be left out when nothing in it is required. */
export type OptionalIfEmpty<O> = Partial<O> extends O ? [options?: O] : [options: O];

// One refresh at a time: parallel 401s share it instead of racing the refresh token.
let refreshing: Promise<boolean> | null = null;

function refreshSession(): Promise<boolean> {
  refreshing ??= send(securityRefresh, {})
    .then((res) => res.ok)
    .catch(() => false)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

function send(route: RouteDef, options: RawCall): Promise<Response> {
  // Absolute URL: same origin in the browser, and resolvable by fetch under jsdom/msw.
  const url = new URL(routePath(route, (options.params ?? {}) as ParamsOf<RouteDef>), window.location.origin);
  for (const [name, value] of Object.entries(options.query ?? {})) if (value) url.searchParams.set(name, value);
  const hasBody = options.body !== undefined;
  // The server refuses a company-scoped call when its current company is no longer this one
  // (switched in another tab, deleted), instead of writing into a company the page does not show.
  const shown = route.companyScoped ? handlers.shownCompany() : undefined;
  return fetch(url, {
    method: route.method,
    credentials: 'same-origin',
    headers: {
      Accept: 'application/json',
      ...(hasBody ? { 'Content-Type': 'application/json' } : {}),
      ...(shown ? { [COMPANY_HEADER]: shown } : {}),
      ...(options.idempotencyKey ? { [IDEMPOTENCY_HEADER]: options.idempotencyKey } : {}),
    },
    body: hasBody ? JSON.stringify(options.body) : null,
    signal: options.signal ?? null,
  });
}

async function readBody(res: Response): Promise<{ json: unknown; text: string }> {
  const text = await res.text();
  if (!text) return { json: undefined, text };
  try {
    return { json: JSON.parse(text) as unknown, text };
  } catch {
    return { json: undefined, text };
  }
}

/** Retry-After as seconds (RFC 9110: delay-seconds or an HTTP date); undefined when absent or unreadable. */
export function retryAfterSeconds(header: string | null, nowMs = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - nowMs) / 1000));
}

function toError(status: number, json: unknown, text: string, headers?: Headers): ApiError {
  const body = (json && typeof json === 'object' ? json : {}) as Partial<ApiErrorBody>;
  return new ApiError(
    status,
    typeof body.code === 'string' ? body.code : `http-${status}`,
    typeof body.message === 'string' ? body.message : text || `HTTP ${status}`,
    body.errors ?? {},
    text,
    status === 429 || status === 503 ? retryAfterSeconds(headers?.get('retry-after') ?? null) : undefined,
  );
}

/** After a write: read again the GET routes it declares stale (shared/routes.ts `stale`). */
export const refreshRoutes = (routeIds: readonly string[]): Promise<unknown> => handlers.refreshRoutes(routeIds);
/** After a write that `answers` a GET route: its answer is that route's new answer. */
export const setRouteAnswer = (routeId: string, answer: unknown): Promise<unknown> => handlers.setRouteAnswer(routeId, answer);

/**
 * Calls one route of shared/routes.ts and returns its JSON answer, typed by the route. The answer
 * is trusted to match: the server's handler is compile-checked against the same response type.
 */
/**
 * A read answered 503 (a dependency is down: docs/reliability.md) is sent again after the server's
 * Retry-After, at most READ_RETRIES times and READ_RETRY_MAX_WAIT_S apart. So is a signed-in write,
 * with the same Idempotency-Key, when its answer was lost (the network failed, 503, or its first
 * try still runs: 409 idempotency-in-progress): the server runs it once and replays its answer.
 * A public write (no key) is never sent again by itself (the user sees why and decides).
 */
export const READ_RETRIES = 2;
const READ_RETRY_MAX_WAIT_S = 5;

const pause = (seconds: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, seconds * 1000);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

const answerLost = async (res: Response): Promise<boolean> =>
  res.status === 503 || (res.status === 409 && (await res.clone().json().catch(() => ({}))).code === 'idempotency-in-progress');

async function sendWithRetries(route: RouteDef, call: RawCall): Promise<Response> {
  const retries = route.method === 'GET' || call.idempotencyKey !== undefined;
  for (let retry = 0; ; retry++) {
    const last = !retries || retry >= READ_RETRIES || call.signal?.aborted;
    let res: Response;
    try {
      res = await send(route, call);
    } catch (error) {
      // A keyed write whose answer the network lost; anything else (an abort, a read) is the caller's.
      if (last || call.idempotencyKey === undefined || (error as Error).name === 'AbortError') throw error;
      handlers.onRetrying();
      await pause(1, call.signal);
      continue;
    }
    if (last || !(await answerLost(res))) return res;
    handlers.onRetrying();
    await pause(Math.min(retryAfterSeconds(res.headers.get('retry-after')) ?? 1, READ_RETRY_MAX_WAIT_S), call.signal);
  }
}

export async function callRoute<R extends RouteDef>(route: R, ...[options]: OptionalIfEmpty<CallOptions<R>>): Promise<ResponseOf<R>> {
  // One call is one user action: its key goes with each of its tries (the refresh's retry included).
  const call: RawCall & { auth?: AuthMode } = {
    ...options,
    ...(route.method !== 'GET' && route.access !== 'public' ? { idempotencyKey: crypto.randomUUID() } : {}),
  };
  const auth = call.auth ?? 'redirect';
  let res = await sendWithRetries(route, call);
  if (res.status === 401 && auth !== 'none') {
    if (await refreshSession()) res = await sendWithRetries(route, call);
    if (res.status === 401 && auth === 'redirect') handlers.onUnauthorized(currentFullPath());
  }
  const { json, text } = await readBody(res);
  if (res.ok) return json as ResponseOf<R>;
  const error = toError(res.status, json, text, res.headers);
  if (res.status === 403 && error.code === 'mfa-setup-required' && auth === 'redirect') handlers.onMfaSetupRequired(currentFullPath());
  if (res.status === 409 && error.code === 'company-changed') handlers.onCompanyChanged();
  if (res.status === 500) handlers.onServerError({ status: res.status, message: error.message, text, contentType: res.headers.get('content-type') ?? '' });
  throw error;
}
