import { webhooksTest } from '../../../shared/routes';
import { sendTestEvent } from '../../core/webhooks/events';
import { httpHandler } from '../../pipeline/http';

/** POST /api/webhooks/{id}/test: a test event to this endpoint, through the outbox. */
export const handler = httpHandler(webhooksTest).handle(async ({ auth, params }) => ({ status: 202, body: await sendTestEvent(auth.company.id, params.id) }));
