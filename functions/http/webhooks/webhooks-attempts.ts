import { webhooksAttempts } from '../../../shared/routes';
import { listWebhookAttempts } from '../../core/webhooks/webhooks';
import { httpHandler } from '../../pipeline/http';

/** GET /api/webhooks/{id}/attempts: the endpoint's last tries (the page's delivery log). */
export const handler = httpHandler(webhooksAttempts).handle(async ({ auth, params }) => ({ body: await listWebhookAttempts(auth.company.id, params.id) }));
