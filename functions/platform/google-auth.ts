import { createSign } from 'node:crypto';
// gaxios through googleapis-common: the same (CommonJS) copy the API clients use, not a second one in the bundle.
import { Gaxios, type GaxiosOptions, type GaxiosResponse } from 'googleapis-common';
import type { ServiceAccountKey } from './google-credentials';

/**
 * A Google service account signing in with the OAuth 2.0 JWT bearer grant (RFC 7523): the one
 * sign-in the analytics provider needs, in place of google-auth-library. That library brings every
 * other Google sign-in with it (user, metadata server, external accounts, gtoken, json-bigint,
 * bignumber.js: 156 KB of a 771 KB bundle) and it is what kept the analytics handlers' cold start
 * above target (docs/analytics.md, "Cold start"). This client is what `auth` of the googleapis
 * per-API clients needs: `request(options)` with the bearer token added.
 *
 * - One signed assertion per hour (the longest Google allows), the token reused until 5 minutes
 *   before it expires; concurrent calls share the one token request in flight.
 * - The token request has the caller's time limit too, and no retry: each call's time stays ours
 *   to budget (google-auth-library retried the token endpoint outside the 12 s limit).
 * - A 401 from an API (a token revoked early) gets one new token and one retry; any other status
 *   is the caller's to read (403 is a denied property, not a token problem).
 * Errors are gaxios errors, as google-auth-library's were: the provider reads `response.status`
 * and Google's `error` / `error_description` from them.
 */

export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
const ASSERTION_SECONDS = 3600;
const REUSE_MARGIN_MS = 5 * 60_000;

const base64url = (text: string | Buffer): string => Buffer.from(text).toString('base64url');

/** The signed JWT the token endpoint exchanges for an access token. */
export function signedAssertion(key: ServiceAccountKey, scopes: readonly string[], nowSeconds: number): string {
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const claims = base64url(
    JSON.stringify({ iss: key.client_email, scope: scopes.join(' '), aud: GOOGLE_TOKEN_URL, iat: nowSeconds, exp: nowSeconds + ASSERTION_SECONDS }),
  );
  const signature = createSign('RSA-SHA256').update(`${header}.${claims}`).sign(key.private_key);
  return `${header}.${claims}.${base64url(signature)}`;
}

interface Token {
  accessToken: string;
  reuseUntil: number;
}

export interface ServiceAccountAuthOptions {
  scopes: readonly string[];
  /** Time limit of the token request (ms). */
  timeoutMs: number;
  /** Tests: the clock. */
  now?: () => number;
}

export class ServiceAccountAuth {
  private readonly transport = new Gaxios();
  private token: Promise<Token> | undefined;

  constructor(
    private readonly key: ServiceAccountKey,
    private readonly options: ServiceAccountAuthOptions,
  ) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /** A valid access token: the cached one, the one being fetched, or a new one. */
  async accessToken(): Promise<string> {
    const current = this.token;
    if (current) {
      const token = await current.catch(() => undefined);
      if (token && token.reuseUntil > this.now()) return token.accessToken;
      if (this.token !== current) return this.accessToken(); // another call already started a new one
    }
    const next = this.fetchToken();
    this.token = next;
    // A failed token request is not kept: the next call asks again.
    next.catch(() => {
      if (this.token === next) this.token = undefined;
    });
    return (await next).accessToken;
  }

  private async fetchToken(): Promise<Token> {
    const issuedAt = this.now();
    const body = new URLSearchParams({
      grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      assertion: signedAssertion(this.key, this.options.scopes, Math.floor(issuedAt / 1000)),
    });
    const answer = await this.transport.request<{ access_token?: unknown; expires_in?: unknown }>({
      url: GOOGLE_TOKEN_URL,
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      data: body.toString(),
      responseType: 'json',
      timeout: this.options.timeoutMs,
      retry: false,
    });
    const { access_token: accessToken, expires_in: expiresIn } = answer.data;
    if (typeof accessToken !== 'string' || !accessToken) throw new Error('The Google token endpoint answered without an access token');
    const lifetimeMs = (typeof expiresIn === 'number' && expiresIn > 0 ? expiresIn : ASSERTION_SECONDS) * 1000;
    return { accessToken, reuseUntil: issuedAt + Math.max(0, lifetimeMs - REUSE_MARGIN_MS) };
  }

  /** What googleapis-common calls for every API request (`auth.request(options)`). */
  async request<T>(options: GaxiosOptions): Promise<GaxiosResponse<T>> {
    const send = async () =>
      this.transport.request<T>({ ...options, headers: Gaxios.mergeHeaders(options.headers, { authorization: `Bearer ${await this.accessToken()}` }) });
    try {
      return await send();
    } catch (error) {
      if ((error as { response?: { status?: number } }).response?.status !== 401) throw error;
      this.token = undefined;
      return send();
    }
  }
}
