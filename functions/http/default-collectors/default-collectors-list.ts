import { defaultCollectorsList } from '../../../shared/routes';
import { getDefaultCollectors } from '../../core/default-collectors/default-collectors';
import { httpHandler } from '../../pipeline/http';

/** GET /api/default-collectors: one page of the default collectors, type descending then name unless asked (any signed-in user; 400 on a bad query). */
export const handler = httpHandler(defaultCollectorsList).handle(async ({ query }) => ({ body: await getDefaultCollectors(query) }));
