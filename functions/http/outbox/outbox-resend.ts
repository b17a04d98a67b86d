import { outboxResend } from '../../../shared/routes';
import { resendDelivery } from '../../core/outbox/outbox-admin';
import { httpHandler } from '../../pipeline/http';

/** POST /api/outbox/{id}/resend (admins): the mail is due again at once, and the dispatcher kicked. */
export const handler = httpHandler(outboxResend).handle(async ({ params }) => ({ body: await resendDelivery(params.id) }));
