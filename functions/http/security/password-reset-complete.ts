import { passwordResetComplete } from '../../../shared/routes';
import { completePasswordReset } from '../../core/security/password-reset';
import { publicHandler } from '../../pipeline/public-http';

/** POST /api/security/password-reset/{token}: sets the new password; the link then stops working. */
export const handler = publicHandler(passwordResetComplete).handle(async ({ params, body }) => {
  return { body: await completePasswordReset(params.token ?? '', body.password, { removeMfa: body.removeMfa }) };
});
