import { passwordResetRequest } from '../../../shared/routes';
import { requestPasswordReset } from '../../core/security/password-reset-request';
import { publicHandler } from '../../platform/public-http';

/** POST /api/security/password-reset: the same answer whether or not the account exists. */
export const handler = publicHandler(passwordResetRequest).handle(async ({ body }) => {
  return { body: await requestPasswordReset(body.login) };
});
