import { passwordResetRequest } from '../../../shared/routes';
import { requestPasswordReset } from '../../core/security/password-reset-request';
import { clientAddress } from '../../platform/client-address';
import { publicHandler } from '../../pipeline/public-http';

/**
 * POST /api/security/password-reset: queues the e-mail job and answers at once, the same answer
 * in the same time whether or not the account exists.
 */
export const handler = publicHandler(passwordResetRequest).handle(async (request) => {
  return { body: await requestPasswordReset(request.body, clientAddress(request)) };
});
