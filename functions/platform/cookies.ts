import { userPool } from './config/resources';
import { env } from './env';

/**
 * Session cookies (docs/conventions.md): `access` and `refresh`, HttpOnly, SameSite=Lax, Path=/,
 * and over https `Secure` with the `__Host-` prefix (no Domain, so no subdomain can set or read
 * them). Tokens never reach JavaScript.
 */

export type CookieName = 'access' | 'refresh';

/** Header view the cookie helpers need; lower-case names as API Gateway v2 gives them. */
export interface CookieRequest {
  headers: Record<string, string | undefined>;
  cookies?: string[];
}

function isHttps(request: CookieRequest): boolean {
  const proto = request.headers['x-forwarded-proto']?.split(',')[0]?.trim().toLowerCase();
  return proto === 'https' || env.stageIsHttps;
}

const cookieName = (name: CookieName, secure: boolean): string => (secure ? `__Host-${name}` : name);

/** API Gateway v2 puts cookies in `event.cookies`; a plain Cookie header is accepted too. */
function parseCookies(request: CookieRequest): Map<string, string> {
  const parts = [...(request.cookies ?? []), ...(request.headers.cookie?.split(';') ?? [])];
  const jar = new Map<string, string>();
  for (const part of parts) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const key = part.slice(0, eq).trim();
    let value = part.slice(eq + 1).trim();
    try {
      value = decodeURIComponent(value);
    } catch {
      // keep the raw value: a token is base64url and never needs decoding anyway
    }
    if (!jar.has(key)) jar.set(key, value);
  }
  return jar;
}

/** Reads a session cookie under the name that matches the request's scheme only. */
export function readCookie(request: CookieRequest, name: CookieName): string | undefined {
  return parseCookies(request).get(cookieName(name, isHttps(request))) || undefined;
}

function serialize(name: string, value: string, secure: boolean, maxAgeSeconds: number): string {
  const attributes = [`${name}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${maxAgeSeconds}`];
  if (maxAgeSeconds === 0) attributes.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  if (secure) attributes.push('Secure');
  return attributes.join('; ');
}

function setCookie(request: CookieRequest, name: CookieName, value: string, maxAgeSeconds: number): string {
  const secure = isHttps(request);
  return serialize(cookieName(name, secure), value, secure, maxAgeSeconds);
}

function clearCookie(request: CookieRequest, name: CookieName): string {
  const secure = isHttps(request);
  return serialize(cookieName(name, secure), '', secure, 0);
}

/** The access cookie outlives its token so refresh and logout can still tell whose session it was. */
const SESSION_COOKIE_MAX_AGE_SECONDS = userPool.client.refreshTokenValidityDays * 24 * 3600;

/** Cookies of a new or refreshed session. A refresh answer has no refresh token: that cookie stays. */
export function sessionCookies(request: CookieRequest, tokens: { accessToken: string; refreshToken?: string }): string[] {
  const cookies = [setCookie(request, 'access', tokens.accessToken, SESSION_COOKIE_MAX_AGE_SECONDS)];
  if (tokens.refreshToken) cookies.push(setCookie(request, 'refresh', tokens.refreshToken, SESSION_COOKIE_MAX_AGE_SECONDS));
  return cookies;
}

export const clearSessionCookies = (request: CookieRequest): string[] => [clearCookie(request, 'access'), clearCookie(request, 'refresh')];
