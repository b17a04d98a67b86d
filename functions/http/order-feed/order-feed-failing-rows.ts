import { orderFeedFailingRows } from '../../../shared/routes';
import { failingRowsLink } from '../../core/order-feed/failing-rows-link';
import { httpHandler } from '../../pipeline/http';

/** GET /api/order-feed/checks/{id}/failing-rows: a signed link to the CSV of every failing row of the company's check. */
export const handler = httpHandler(orderFeedFailingRows).handle(async ({ auth, params }) => ({ body: await failingRowsLink(auth.company.id, params.id) }));
