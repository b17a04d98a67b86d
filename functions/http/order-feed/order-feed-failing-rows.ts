import { orderFeedFailingRows } from '../../../shared/routes';
import { feedCsvLink } from '../../core/order-feed/csv-file-link';
import { httpHandler } from '../../pipeline/http';

/** GET /api/order-feed/checks/{id}/failing-rows: a signed link to the CSV of every failing row of the company's check. */
export const handler = httpHandler(orderFeedFailingRows).handle(async ({ auth, params }) => ({ body: await feedCsvLink(auth.company.id, 'failing-rows', params.id) }));
