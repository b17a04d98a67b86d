import { sourcesUpdate } from '../../../shared/routes';
import { updateSource } from '../../core/sources/sources';
import { httpHandler } from '../../pipeline/http';

/** PUT /api/sources/{id}: the edited source on the version read (stale: 409; not the company's: 404). */
export const handler = httpHandler(sourcesUpdate).handle(async ({ auth, params, body }) => ({
  body: await updateSource(auth.company, params.id, body),
}));
