import { sourcesList } from '../../../shared/routes';
import { listCompanySources } from '../../core/sources/sources';
import { httpHandler } from '../../pipeline/http';

/** GET /api/sources: the current company's sources, sorted by name. */
export const handler = httpHandler(sourcesList).handle(async ({ auth }) => ({ body: await listCompanySources(auth.company.id) }));
