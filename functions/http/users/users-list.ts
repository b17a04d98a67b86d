import { usersList } from '../../../shared/routes';
import { listAdminUsers } from '../../core/users/list-users';
import { httpHandler } from '../../platform/http';

/** GET /api/users (admins): every user with company names, the companies to choose from and the team company. */
export const handler = httpHandler(usersList).handle(async () => ({ body: await listAdminUsers() }));
