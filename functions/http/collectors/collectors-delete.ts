import { collectorsDelete } from '../../../shared/routes';
import { deleteCompanyCollector } from '../../core/collectors/collectors';
import { httpHandler } from '../../pipeline/http';

/** DELETE /api/collectors/{id}: body `{ version }`; stale: 409, gone or another company's: 404. */
export const handler = httpHandler(collectorsDelete).handle(async ({ auth, params, body }) => ({
  body: await deleteCompanyCollector(auth.company.id, params.id, body.version),
}));
