import { usersWelcomeResend } from '../../../shared/routes';
import { resendWelcome } from '../../core/users/resend-welcome';
import { httpHandler } from '../../pipeline/http';

/** POST /api/users/{id}/welcome-resend (admins): a new temporary password and the welcome e-mail again. */
export const handler = httpHandler(usersWelcomeResend).handle(async ({ auth, params }) => ({
  body: await resendWelcome(params.id, auth.user),
}));
