import { usersCreate } from '../../../shared/routes';
import { createAdminUser } from '../../core/users/create-user';
import { httpHandler } from '../../pipeline/http';

/** POST /api/users (admins): Cognito identity + record, welcome e-mail; 409 for a taken login. */
export const handler = httpHandler(usersCreate).handle(async ({ body }) => ({
  status: 201,
  body: await createAdminUser(body),
}));
