import { sourcesCpo } from '../../../shared/routes';
import { listCompanySources } from '../../core/sources/sources';
import { httpHandler } from '../../pipeline/http';

/** GET /api/sources/cpo: one page of the current company's CPO sources (the affiliate commission form's choices, as one types). */
export const handler = httpHandler(sourcesCpo).handle(async ({ auth, query }) => ({ body: await listCompanySources(auth.company.id, query, 'CPO') }));
