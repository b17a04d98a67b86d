import { securityLogout } from '../../../shared/routes';
import { logout } from '../../core/security/session';
import { clearSessionCookies, readCookie } from '../../platform/cookies';
import { sessionFromCookie } from '../../pipeline/auth';
import { httpHandler } from '../../pipeline/http';

/**
 * GET /api/security/logout (a plain link in the spec): revokes the refresh token, ends every
 * token issued so far, clears the cookies and redirects to /login. Being a GET, it opts in to
 * the cross-site refusal so another site cannot sign users out.
 */
export const handler = httpHandler(securityLogout, { refuseCrossSite: true }).handle(async (request) => {
  // An expired access token still names the user whose sessions must end.
  const session = await sessionFromCookie(request, { allowExpired: true });
  await logout(readCookie(request, 'refresh'), session?.userId ?? null);
  return { status: 302, headers: { location: '/login' }, cookies: clearSessionCookies(request) };
});
