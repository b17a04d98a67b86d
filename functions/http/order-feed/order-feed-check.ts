import { orderFeedCheck } from '../../../shared/routes';
import { startFeedCheck } from '../../core/order-feed/checks';
import { httpHandler } from '../../pipeline/http';

/** POST /api/order-feed/check: answers at once with the queued check (or the company's running one); a job does the work. */
export const handler = httpHandler(orderFeedCheck).handle(async ({ auth, body }) => ({ body: await startFeedCheck(auth.company, auth.user.id, body) }));
