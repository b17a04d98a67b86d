import { securityRefresh } from '../../../shared/routes';
import { refresh } from '../../core/security/session';
import { readCookie, sessionCookies } from '../../platform/cookies';
import { sessionFromCookie } from '../../pipeline/auth';
import { httpHandler } from '../../pipeline/http';

/**
 * POST /api/security/refresh: a new access cookie from the refresh cookie. The (expired) access
 * cookie must come along: it tells whether the session was ended since it was issued.
 */
export const handler = httpHandler(securityRefresh).handle(async (request) => {
  const previous = await sessionFromCookie(request, { allowExpired: true });
  const tokens = await refresh(readCookie(request, 'refresh'), previous);
  return { body: { status: 'refreshed' }, cookies: sessionCookies(request, { accessToken: tokens.accessToken }) };
});
