import { securityMfa } from '../../../shared/routes';
import { completeMfa } from '../../core/security/session';
import { clientAddress } from '../../platform/client-address';
import { sessionCookies } from '../../platform/cookies';
import { publicHandler } from '../../pipeline/public-http';

/** POST /api/security/mfa `{ username, session, code }`: the authenticator code of a sign-in. */
export const handler = publicHandler(securityMfa).handle(async (request) => {
  const result = await completeMfa(request.body, clientAddress(request));
  if (result.status === 'new-password-required' || result.status === 'mfa-required') return { body: { status: result.status, session: result.session } };
  return {
    body: { status: result.status, user: result.user },
    cookies: sessionCookies(request, result.tokens),
  };
});
