import { defaultCollectorsDelete } from '../../../shared/routes';
import { removeDefaultCollector } from '../../core/default-collectors/default-collectors';
import { httpHandler } from '../../pipeline/http';

/** DELETE /api/default-collectors/{id} (admin): body `{ version }`; stale: 409, gone: 404. */
export const handler = httpHandler(defaultCollectorsDelete).handle(async ({ params, body }) => ({
  body: await removeDefaultCollector(params.id, body),
}));
