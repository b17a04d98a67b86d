import { emailSend } from '../../../shared/routes';
import { sendAllowedEmail } from '../../core/integration/steps';
import { httpHandler } from '../../pipeline/http';

/** POST /api/email/send: the validation notice to the integration team (allow-listed template and recipient). */
export const handler = httpHandler(emailSend).handle(async ({ auth, body }) => ({
  body: await sendAllowedEmail(auth.company, auth, body),
}));
