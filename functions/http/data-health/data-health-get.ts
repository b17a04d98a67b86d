import { dataHealthGet } from '../../../shared/routes';
import { getDataHealth } from '../../core/data-health/data-health';
import { httpHandler } from '../../pipeline/http';

/** GET /api/data-health: the current company's data health (docs/product.md, "Data health"). */
export const handler = httpHandler(dataHealthGet).handle(async ({ auth }) => ({ body: await getDataHealth(auth.company.id) }));
