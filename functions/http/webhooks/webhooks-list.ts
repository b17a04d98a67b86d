import { webhooksList } from '../../../shared/routes';
import { listCompanyWebhooks } from '../../core/webhooks/webhooks';
import { httpHandler } from '../../pipeline/http';

/** GET /api/webhooks: the current company's endpoints, oldest first, without secrets. */
export const handler = httpHandler(webhooksList).handle(async ({ auth }) => ({ body: await listCompanyWebhooks(auth.company.id) }));
