import { usersList } from '../../../shared/routes';
import { listAdminUsers } from '../../core/users/list-users';
import { httpHandler } from '../../pipeline/http';

/** GET /api/users (admins): one page of users with company names, sorted and searched as the query asks (400 on a bad one). */
export const handler = httpHandler(usersList).handle(async ({ query }) => ({ body: await listAdminUsers(query) }));
