import { orderFeedCheckGet } from '../../../shared/routes';
import { getFeedCheckView } from '../../core/order-feed/views';
import { httpHandler } from '../../pipeline/http';

/** GET /api/order-feed/checks/{id}: one check of the current company (progress while it runs, then the report). */
export const handler = httpHandler(orderFeedCheckGet).handle(async ({ auth, params }) => ({ body: await getFeedCheckView(auth.company.id, params.id) }));
