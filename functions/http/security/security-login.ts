import { securityLogin } from '../../../shared/routes';
import { login } from '../../core/security/session';
import { clientAddress } from '../../platform/client-address';
import { sessionCookies } from '../../platform/cookies';
import { publicHandler } from '../../pipeline/public-http';

/** POST /api/security/login: session cookies, or the next step (first-sign-in password, authenticator code). */
export const handler = publicHandler(securityLogin).handle(async (request) => {
  const result = await login(request.body, clientAddress(request));
  if (result.status === 'new-password-required' || result.status === 'mfa-required') {
    return { body: { status: result.status, session: result.session } };
  }
  return {
    body: { status: result.status, user: result.user },
    cookies: sessionCookies(request, result.tokens),
  };
});
