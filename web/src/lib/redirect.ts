/**
 * Where to go after sign-in. Only same-origin relative paths are accepted: an attacker-supplied
 * `?redirect=//evil.example` or `https://evil.example` must never take the user off the portal.
 */
const DEFAULT_AFTER_LOGIN = '/dashboard';

const BASE = 'https://portal.invalid';

export function safeRedirect(value: string | null | undefined, fallback = DEFAULT_AFTER_LOGIN): string {
  if (!value || value.length > 2048) return fallback;
  // Must be a path; '//' and '/\' are protocol-relative URLs to browsers; control characters are stripped by URL parsers.
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  // Dot segments are resolved by the parse: '/.//evil', '/..//evil', '/%2E//evil' all become
  // '//evil', which a browser (and React Router) reads as another host. Check the result again.
  if (url.pathname.startsWith('//') || url.pathname.startsWith('/\\')) return fallback;
  // Going back to the sign-in page after signing in would loop.
  if (url.pathname === '/login') return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The value of ?redirect= for the current location. */
export const loginRedirectFor = (path: string) => `/login?redirect=${encodeURIComponent(path)}`;

const MFA_SETUP = '/mfa-setup';

/**
 * The authenticator set-up page an administrator is sent to first (ADMIN_MFA=required), then back
 * to `path`. From the set-up page itself (a refused call while on it) it stays where it is.
 */
export function mfaSetupPathFor(path: string): string {
  const target = safeRedirect(path);
  if (new URL(target, BASE).pathname === MFA_SETUP) return target;
  return `${MFA_SETUP}?required=1&redirect=${encodeURIComponent(target)}`;
}
