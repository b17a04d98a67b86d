import { createRemoteJWKSet, jwtVerify } from 'jose';
import { userPool } from '../platform/config/resources';
import { COMPANY_HEADER, type Access } from '../../shared/routes';
import type { Role } from '../../shared/domain/types';
import type { CompanyRecord } from '../data/companies';
import { getUser, type UserRecord } from '../data/users';
import { mustSetUpMfa } from '../core/security/mfa-rules';
import { endedBySignOut, issuedInFuture } from '../core/security/session-rules';
import { isAdmin, primaryRole } from '../core/users/company-access';
import { resolveCompany } from '../core/users/companies';
import { authenticateApiToken } from '../core/security/api-token-auth';
import { readCookie, type CookieRequest } from '../platform/cookies';
import { env } from '../platform/env';
import { CompanyChangedError, ForbiddenError, MfaSetupRequiredError, UnauthenticatedError } from '../platform/errors';

/**
 * THE place that decides access for a request: every non-public route runs `authenticate`
 * (through pipeline/http.ts). The company rules themselves are core/users/company-access.ts.
 */

export interface AuthContext {
  user: UserRecord;
  /** The company the request works on; company-scoped handlers use it and nothing else. */
  company: CompanyRecord;
  role: Role;
}

/**
 * A company API token's request (docs/auth.md, "API tokens"): a company and the token, no user and
 * no role. Only routes that opt in (`apiToken: true` in shared/routes.ts) ever get one, and their
 * handlers' types say so (platform/handler.ts `AuthOf`): they can only use `company`.
 */
interface TokenAuthContext {
  user?: undefined;
  role?: undefined;
  company: CompanyRecord;
  apiToken: { id: string; name: string };
}

export type AnyAuthContext = AuthContext | TokenAuthContext;

/** The `Authorization: Bearer <value>` of a request, or null without one. */
function bearerOf(headers: Record<string, string | undefined>): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? '');
  if (headers.authorization !== undefined && !match) throw new UnauthenticatedError('Authorization: Bearer <token> expected');
  return match ? match[1]! : null;
}

export interface VerifiedAccessToken {
  userId: string;
  issuedAt: number;
}

// Module scope: a warm Lambda fetches the pool's keys once (jose caches and refetches on rotation).
let keySet: { issuer: string; jwks: ReturnType<typeof createRemoteJWKSet> } | undefined;

function jwksFor(issuer: string) {
  if (keySet?.issuer !== issuer) keySet = { issuer, jwks: createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`)) };
  return keySet.jwks;
}

/** A token that is merely expired still proves who it was issued to, for as long as a refresh token lives. */
const REFRESH_WINDOW_SECONDS = userPool.client.refreshTokenValidityDays * 24 * 3600;

/**
 * Verifies a Cognito access token (signature against the issuer's JWKS, issuer, token_use,
 * client_id, `iat` not in the future beyond the clock skew). Returns null for any invalid token; throws only when the keys cannot be fetched.
 * `allowExpired` serves refresh and logout, which must identify a session whose token expired.
 */
export async function verifyAccessToken(token: string, options: { allowExpired?: boolean } = {}): Promise<VerifiedAccessToken | null> {
  const issuer = env.tokenIssuer;
  try {
    const { payload } = await jwtVerify(token, jwksFor(issuer), {
      issuer,
      algorithms: ['RS256'],
      clockTolerance: options.allowExpired ? REFRESH_WINDOW_SECONDS : 0,
    });
    if (payload.token_use !== 'access' || payload.client_id !== env.userPoolClientId) return null;
    if (typeof payload.sub !== 'string' || typeof payload.iat !== 'number') return null;
    // jose does not check `iat`; a token "issued" later than now would outlive a sign-out.
    if (issuedInFuture(payload.iat, Math.floor(Date.now() / 1000))) return null;
    return { userId: payload.sub, issuedAt: payload.iat };
  } catch (error) {
    const code = (error as { code?: string } | null)?.code ?? '';
    // Bad tokens (JWS/JWT/JWK errors) are simply not sessions; a JWKS outage is a server error.
    if (code.startsWith('ERR_J') && code !== 'ERR_JWKS_TIMEOUT') return null;
    throw error;
  }
}

/** The session behind the access cookie, or null. Used as is by refresh and logout (public routes). */
export async function sessionFromCookie(request: CookieRequest, options: { allowExpired?: boolean } = {}): Promise<VerifiedAccessToken | null> {
  const token = readCookie(request, 'access');
  return token ? verifyAccessToken(token, options) : null;
}

/**
 * `duringMfaSetup`: the route stays open to an administrator who must still set up an
 * authenticator app (ADMIN_MFA=required); every other route answers them 403 mfa-setup-required.
 * `companyScoped`: the route works on the current company, so a page that shows another one
 * (X-Portal-Company) is answered 409 company-changed before anything is read or written.
 */
export async function authenticate(
  request: CookieRequest,
  access: Exclude<Access, 'public'>,
  options: { duringMfaSetup?: boolean; companyScoped?: boolean; apiToken?: boolean } = {},
): Promise<AnyAuthContext> {
  // A bearer token is the request's identity even beside a session cookie: one caller per request.
  const bearer = bearerOf(request.headers);
  if (bearer !== null) {
    // Default deny, before the token is even looked at: a route that takes no token refuses any,
    // and touches nothing (proving a token counts its calls and records its use: writes a
    // read-only route may not make, functions/platform/config/table-access.ts).
    if (!options.apiToken || access !== 'signed-in') throw new ForbiddenError('An API token only reads its company\'s data health, feed checks, steps and sources');
    const caller = await authenticateApiToken(bearer, Date.now());
    if (options.companyScoped) refuseOtherCompany(request.headers, caller.company);
    return { company: caller.company, apiToken: caller.token };
  }
  return authenticateSession(request, access, options);
}

async function authenticateSession(
  request: CookieRequest,
  access: Exclude<Access, 'public'>,
  options: { duringMfaSetup?: boolean; companyScoped?: boolean },
): Promise<AuthContext> {
  const session = await sessionFromCookie(request);
  if (!session) throw new UnauthenticatedError();
  const user = await getUser(session.userId);
  // Deleted and signed-out users lose access at once, whatever their token's expiry says.
  if (!user || user.deletedAt || endedBySignOut(user, session.issuedAt)) throw new UnauthenticatedError();
  const company = await resolveCompany(user);
  if (!company) throw new ForbiddenError('Your company no longer exists');
  if (!options.duringMfaSetup && mustSetUpMfa(user, env.adminMfaRequired)) throw new MfaSetupRequiredError();
  if (access === 'admin' && !isAdmin(user)) throw new ForbiddenError();
  if (options.companyScoped) refuseOtherCompany(request.headers, company);
  return { user, company, role: primaryRole(user) };
}

/**
 * A page keeps showing company A while the current company becomes B (switched in another tab, A
 * deleted and the current company fallen back): its writes would land in B. The web app names
 * the company it shows; any other value than the current company's id (including one the caller
 * may not open) is refused, so nothing is written where the user did not look.
 */
function refuseOtherCompany(headers: Record<string, string | undefined>, company: CompanyRecord): void {
  const shown = headers[COMPANY_HEADER.toLowerCase()];
  if (shown !== undefined && shown.trim() !== company.id) throw new CompanyChangedError();
}
