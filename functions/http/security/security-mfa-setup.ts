import { securityMfaSetup } from '../../../shared/routes';
import { startMfaEnrolment } from '../../core/security/mfa';
import { clientAddress } from '../../platform/client-address';
import { readCookie } from '../../platform/cookies';
import { httpHandler } from '../../pipeline/http';

/** POST /api/security/mfa-setup `{ password }`: a new authenticator secret for the signed-in user (on after its first code). */
export const handler = httpHandler(securityMfaSetup).handle(async (request) => ({
  body: await startMfaEnrolment(request.auth.user, readCookie(request, 'access'), request.body.password, clientAddress(request)),
}));
