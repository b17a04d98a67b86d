import { webhooksCreate } from '../../../shared/routes';
import { createWebhook } from '../../core/webhooks/webhooks';
import { httpHandler } from '../../pipeline/http';

/** POST /api/webhooks: an endpoint of the current company; the answer holds its secret, once. */
export const handler = httpHandler(webhooksCreate).handle(async ({ auth, body }) => ({ status: 201, body: await createWebhook(auth.company.id, body) }));
