import { usersCurrent } from '../../../shared/routes';
import { currentUser } from '../../core/users/companies';
import { httpHandler } from '../../pipeline/http';

/** GET /api/users/current: the signed-in user, their companies and the current one. */
export const handler = httpHandler(usersCurrent).handle(async ({ auth }) => {
  return { body: await currentUser(auth.user, auth.company) };
});
