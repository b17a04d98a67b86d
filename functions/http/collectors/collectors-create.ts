import { collectorsCreate } from '../../../shared/routes';
import { createCollector } from '../../core/collectors/collectors';
import { httpHandler } from '../../pipeline/http';

/** POST /api/collectors: a new collector of the current company (server-made id, statuses No by default). */
export const handler = httpHandler(collectorsCreate).handle(async ({ auth, body }) => ({
  status: 201,
  body: await createCollector(auth.company.id, body),
}));
