import { collectorsList } from '../../../shared/routes';
import { listCompanyCollectors } from '../../core/collectors/collectors';
import { httpHandler } from '../../pipeline/http';

/** GET /api/collectors: the current company's collectors, sorted by source. */
export const handler = httpHandler(collectorsList).handle(async ({ auth }) => ({ body: await listCompanyCollectors(auth.company.id) }));
