import { usersUpdate } from '../../../shared/routes';
import { updateAdminUser } from '../../core/users/update-user';
import { httpHandler } from '../../pipeline/http';

/** PUT /api/users/{id} `{ data: [{ field, value }], version }` (admins): 409 when the user changed since it was read. */
export const handler = httpHandler(usersUpdate).handle(async ({ auth, params, body }) => ({
  body: await updateAdminUser(params.id, body, auth.user),
}));
