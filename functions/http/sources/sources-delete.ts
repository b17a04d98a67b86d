import { sourcesDelete } from '../../../shared/routes';
import { deleteSource } from '../../core/sources/sources';
import { httpHandler } from '../../pipeline/http';

/** DELETE /api/sources/{id}: body `{ version }`; the source and its UTM rules go together (stale: 409). */
export const handler = httpHandler(sourcesDelete).handle(async ({ auth, params, body }) => ({
  body: await deleteSource(auth.company.id, params.id, body.version),
}));
