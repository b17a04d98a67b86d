import { defaultCollectorsUpdate } from '../../../shared/routes';
import { changeDefaultCollector } from '../../core/default-collectors/default-collectors';
import { httpHandler } from '../../pipeline/http';

/** PUT /api/default-collectors/{id} (admin): the edited row on the version read (stale: 409, gone: 404). */
export const handler = httpHandler(defaultCollectorsUpdate).handle(async ({ params, body }) => ({
  body: await changeDefaultCollector(params.id, body),
}));
