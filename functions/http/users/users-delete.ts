import { usersDelete } from '../../../shared/routes';
import { deleteAdminUser } from '../../core/users/delete-user';
import { httpHandler } from '../../pipeline/http';

/** DELETE /api/users/{id} `{ version }` (admins): never the protected administrator nor oneself; 409 when stale. */
export const handler = httpHandler(usersDelete).handle(async ({ auth, params, body }) => ({
  body: await deleteAdminUser(params.id, body.version, auth.user),
}));
