import { collectorsUpdate } from '../../../shared/routes';
import { updateCollector } from '../../core/collectors/collectors';
import { httpHandler } from '../../pipeline/http';

/** PUT /api/collectors/{id}: the edited row on the version read (stale: 409; another company's id: 404). */
export const handler = httpHandler(collectorsUpdate).handle(async ({ auth, params, body }) => ({
  body: await updateCollector(auth.company.id, params.id, body),
}));
