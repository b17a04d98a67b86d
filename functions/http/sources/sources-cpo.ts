import { sourcesCpo } from '../../../shared/routes';
import { listCpoSources } from '../../core/sources/sources';
import { httpHandler } from '../../pipeline/http';

/** GET /api/sources/cpo: the current company's CPO sources (the affiliate commission form's choices). */
export const handler = httpHandler(sourcesCpo).handle(async ({ auth }) => ({ body: await listCpoSources(auth.company.id) }));
