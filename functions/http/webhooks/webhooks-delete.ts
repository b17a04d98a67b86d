import { webhooksDelete } from '../../../shared/routes';
import { deleteWebhook } from '../../core/webhooks/webhooks';
import { httpHandler } from '../../pipeline/http';

/** DELETE /api/webhooks/{id}: body `{ version }`; stale: 409, gone or another company's: 404. */
export const handler = httpHandler(webhooksDelete).handle(async ({ auth, params, body }) => ({ body: await deleteWebhook(auth.company.id, params.id, body.version) }));
