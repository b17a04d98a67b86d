import { usersMailSuppression } from '../../../shared/routes';
import { getUserMailSuppression } from '../../core/users/mail-suppression';
import { httpHandler } from '../../pipeline/http';

/** GET /api/users/{id}/mail-suppression (admins): whether SES made the portal stop mailing the user's address, and why. */
export const handler = httpHandler(usersMailSuppression).handle(async ({ params }) => ({
  body: await getUserMailSuppression(params.id),
}));
