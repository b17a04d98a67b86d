import { securityMfaSetupVerify } from '../../../shared/routes';
import { verifyMfaEnrolment } from '../../core/security/mfa';
import { clientAddress } from '../../platform/client-address';
import { readCookie } from '../../platform/cookies';
import { httpHandler } from '../../pipeline/http';

/** POST /api/security/mfa-setup/verify `{ password, code }`: the first code of the new authenticator turns it on. */
export const handler = httpHandler(securityMfaSetupVerify).handle(async (request) => ({
  body: await verifyMfaEnrolment(request.auth.user, readCookie(request, 'access'), request.body, clientAddress(request)),
}));
