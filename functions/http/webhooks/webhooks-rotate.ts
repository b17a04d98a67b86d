import { webhooksRotate } from '../../../shared/routes';
import { rotateWebhookSecret } from '../../core/webhooks/webhooks';
import { httpHandler } from '../../pipeline/http';

/** POST /api/webhooks/{id}/rotate: body `{ version }`; the new secret is answered once. */
export const handler = httpHandler(webhooksRotate).handle(async ({ auth, params, body }) => ({ body: await rotateWebhookSecret(auth.company.id, params.id, body.version) }));
