import { passwordResetRequestSchema } from '../../../shared/schemas/security';
import { requestPasswordReset } from '../../core/security/password-reset-request';
import { publicHandler } from '../../platform/public-http';

/** POST /api/security/password-reset: the same answer whether or not the account exists. */
export const handler = publicHandler('password-reset-request', {
  schema: passwordResetRequestSchema,
  async handle({ body }) {
    return { body: await requestPasswordReset(body.login) };
  },
});
