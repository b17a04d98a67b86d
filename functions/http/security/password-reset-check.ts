import { passwordResetCheck } from '../../../shared/routes';
import { checkPasswordResetToken } from '../../core/security/password-reset-check';
import { publicHandler } from '../../pipeline/public-http';

/** GET /api/security/password-reset/{token}: 200 `{ token }` while the link is usable, else 404. */
export const handler = publicHandler(passwordResetCheck).handle(async ({ params }) => {
  return { body: await checkPasswordResetToken(params.token ?? '') };
});
