import { usersGet } from '../../../shared/routes';
import { getAdminUser } from '../../core/users/list-users';
import { httpHandler } from '../../pipeline/http';

/** GET /api/users/{id} (admins): one user, for its edit page. */
export const handler = httpHandler(usersGet).handle(async ({ params }) => ({ body: await getAdminUser(params.id) }));
