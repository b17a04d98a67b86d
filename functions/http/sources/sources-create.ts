import { sourcesCreate } from '../../../shared/routes';
import { createSource } from '../../core/sources/sources';
import { httpHandler } from '../../pipeline/http';

/** POST /api/sources: a new source under the browser's UUID; an id taken in any company is a 409. */
export const handler = httpHandler(sourcesCreate).handle(async ({ auth, body }) => ({
  status: 201,
  body: await createSource(auth.company, body),
}));
