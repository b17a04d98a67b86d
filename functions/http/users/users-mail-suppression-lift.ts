import { usersMailSuppressionLift } from '../../../shared/routes';
import { liftUserMailSuppression } from '../../core/users/mail-suppression';
import { httpHandler } from '../../pipeline/http';

/** DELETE /api/users/{id}/mail-suppression (admins): the portal mails the user's address again. */
export const handler = httpHandler(usersMailSuppressionLift).handle(async ({ auth, params }) => ({
  body: await liftUserMailSuppression(params.id, auth.user),
}));
