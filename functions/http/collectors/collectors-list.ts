import { collectorsList } from '../../../shared/routes';
import { listCompanyCollectors } from '../../core/collectors/collectors';
import { httpHandler } from '../../pipeline/http';

/** GET /api/collectors: one page of the current company's collectors with the counts of the step's card (400 on a bad query). */
export const handler = httpHandler(collectorsList).handle(async ({ auth, query }) => ({ body: await listCompanyCollectors(auth.company.id, query) }));
