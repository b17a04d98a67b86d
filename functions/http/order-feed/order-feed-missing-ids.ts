import { orderFeedMissingIds } from '../../../shared/routes';
import { feedCsvLink } from '../../core/order-feed/csv-file-link';
import { httpHandler } from '../../pipeline/http';

/** GET /api/order-feed/checks/{id}/missing-ids: a signed link to the CSV of the order ids of the check's tested day that analytics does not know. */
export const handler = httpHandler(orderFeedMissingIds).handle(async ({ auth, params }) => ({ body: await feedCsvLink(auth.company.id, 'missing-ids', params.id) }));
