import { orderFeedUpload } from '../../../shared/routes';
import { createUploadTicket } from '../../core/order-feed/upload-ticket';
import { httpHandler } from '../../pipeline/http';

/** POST /api/order-feed/upload: a presigned POST for one file under the company's prefix (the browser sends it to S3). */
export const handler = httpHandler(orderFeedUpload).handle(async ({ auth, body }) => ({ body: await createUploadTicket(auth.company.id, body) }));
