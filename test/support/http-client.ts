/**
 * A tiny fetch-based client for integration tests: one instance = one browser session.
 * Keeps the cookies the server sets (Set-Cookie, honouring Max-Age=0/past Expires as deletion),
 * sends them back, follows no redirects (tests assert 302s), and can play Sec-Fetch-Site.
 *
 *   const browser = new HttpClient(localStack().url);
 *   const res = await browser.post('/api/security/login', { username, password });
 *   expect(res.status).toBe(200); expect(browser.cookie('access')).toBeDefined();
 *
 * With CONTRACT_RECORD set (a folder), every /api call and its answer is appended there
 * (test/support/contract-record.ts) for the contract check against docs/openapi.json.
 */
import { recordExchange } from './contract-record';


export type SecFetchSite = 'same-origin' | 'same-site' | 'cross-site' | 'none';

export interface RequestOptions {
  /** Sent as JSON (content-type application/json). */
  json?: unknown;
  /** Raw body (string, Buffer, FormData, ...); the caller sets content-type if needed. */
  body?: NonNullable<RequestInit['body']>;
  headers?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined>;
  /** Overrides the client's default Sec-Fetch-Site for this request; null = do not send it. */
  secFetchSite?: SecFetchSite | null;
}

export interface HttpResponse<T = unknown> {
  status: number;
  headers: Headers;
  /** Set-Cookie lines of this response. */
  setCookies: string[];
  text: string;
  /** Parsed JSON body (undefined when the body is not JSON). */
  body: T;
}

export class HttpClient {
  private readonly jar = new Map<string, string>();
  /** Browsers send same-origin on the portal's own fetches; tests can change it. */
  secFetchSite: SecFetchSite | null = 'same-origin';

  constructor(readonly baseUrl: string) {}

  cookie(name: string): string | undefined {
    return this.jar.get(name);
  }

  cookies(): Record<string, string> {
    return Object.fromEntries(this.jar);
  }

  setCookie(name: string, value: string): void {
    this.jar.set(name, value);
  }

  clearCookies(): void {
    this.jar.clear();
  }

  get<T = unknown>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, options);
  }

  post<T = unknown>(path: string, json?: unknown, options?: RequestOptions) {
    return this.request<T>('POST', path, { ...options, ...(json === undefined ? {} : { json }) });
  }

  put<T = unknown>(path: string, json?: unknown, options?: RequestOptions) {
    return this.request<T>('PUT', path, { ...options, ...(json === undefined ? {} : { json }) });
  }

  delete<T = unknown>(path: string, options?: RequestOptions) {
    return this.request<T>('DELETE', path, options);
  }

  async request<T = unknown>(method: string, path: string, options: RequestOptions = {}): Promise<HttpResponse<T>> {
    const url = new URL(path, this.baseUrl);
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const headers = new Headers(options.headers);
    const site = options.secFetchSite === undefined ? this.secFetchSite : options.secFetchSite;
    if (site && !headers.has('sec-fetch-site')) headers.set('sec-fetch-site', site);
    if (this.jar.size > 0 && !headers.has('cookie')) {
      headers.set('cookie', [...this.jar].map(([name, value]) => `${name}=${value}`).join('; '));
    }
    let body = options.body;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    }
    const response = await fetch(url, { method, headers, body: body ?? null, redirect: 'manual' });
    const setCookies = response.headers.getSetCookie();
    for (const line of setCookies) this.store(line);
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    recordExchange({ method, url, headers, body: options.json ?? options.body }, { status: response.status, headers: response.headers, text });
    return { status: response.status, headers: response.headers, setCookies, text, body: parsed as T };
  }

  private store(line: string): void {
    const [pair, ...attributes] = line.split(';');
    const eq = pair?.indexOf('=') ?? -1;
    if (!pair || eq <= 0) return;
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    let expired = value === '';
    for (const attribute of attributes) {
      const [key = '', val = ''] = attribute.split('=').map((s) => s.trim());
      if (key.toLowerCase() === 'max-age' && Number(val) <= 0) expired = true;
      if (key.toLowerCase() === 'expires' && Date.parse(val) <= Date.now()) expired = true;
    }
    if (expired) this.jar.delete(name);
    else this.jar.set(name, value);
  }
}
