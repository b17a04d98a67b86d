import { defaultCollectorsList } from '../../../shared/routes';
import { getDefaultCollectors } from '../../core/default-collectors/default-collectors';
import { httpHandler } from '../../pipeline/http';

/** GET /api/default-collectors: every default collector, type descending then name (any signed-in user). */
export const handler = httpHandler(defaultCollectorsList).handle(async () => ({ body: await getDefaultCollectors() }));
