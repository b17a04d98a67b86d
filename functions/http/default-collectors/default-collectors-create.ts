import { defaultCollectorsCreate } from '../../../shared/routes';
import { addDefaultCollector } from '../../core/default-collectors/default-collectors';
import { httpHandler } from '../../pipeline/http';

/** POST /api/default-collectors (admin): a new collector under the client's UUID; a taken id is a 409. */
export const handler = httpHandler(defaultCollectorsCreate).handle(async ({ body }) => ({
  status: 201,
  body: await addDefaultCollector(body),
}));
