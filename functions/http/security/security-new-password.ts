import { securityNewPassword } from '../../../shared/routes';
import { completeNewPassword } from '../../core/security/session';
import { clientAddress } from '../../platform/client-address';
import { sessionCookies } from '../../platform/cookies';
import { publicHandler } from '../../pipeline/public-http';

/** POST /api/security/new-password: answers the first-sign-in challenge and signs in. */
export const handler = publicHandler(securityNewPassword).handle(async (request) => {
  const result = await completeNewPassword(request.body, clientAddress(request));
  if (result.status === 'new-password-required' || result.status === 'mfa-required') return { body: { status: result.status, session: result.session } };
  return {
    body: { status: result.status, user: result.user },
    cookies: sessionCookies(request, result.tokens),
  };
});
