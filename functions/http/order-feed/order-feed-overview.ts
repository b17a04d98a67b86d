import { orderFeedOverview } from '../../../shared/routes';
import { getFeedOverview } from '../../core/order-feed/views';
import { httpHandler } from '../../pipeline/http';

/** GET /api/order-feed: the company's latest check, its feed history (newest first) and stored feed URL. */
export const handler = httpHandler(orderFeedOverview).handle(async ({ auth }) => ({ body: await getFeedOverview(auth.company) }));
