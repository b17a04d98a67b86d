import { securityMfaRemove } from '../../../shared/routes';
import { removeOwnMfa } from '../../core/security/mfa';
import { clientAddress } from '../../platform/client-address';
import { httpHandler } from '../../pipeline/http';

/** POST /api/security/mfa-remove `{ password, code }`: the owner turns their authenticator app off. */
export const handler = httpHandler(securityMfaRemove).handle(async (request) => ({
  body: await removeOwnMfa(request.auth.user, request.body, clientAddress(request)),
}));
