import { sourcesList } from '../../../shared/routes';
import { listCompanySources } from '../../core/sources/sources';
import { httpHandler } from '../../pipeline/http';

/** GET /api/sources: one page of the current company's sources, by name unless asked (400 on a bad query). */
export const handler = httpHandler(sourcesList).handle(async ({ auth, query }) => ({ body: await listCompanySources(auth.company.id, query) }));
