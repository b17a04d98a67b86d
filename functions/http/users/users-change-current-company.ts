import { usersChangeCurrentCompany } from '../../../shared/routes';
import { changeCurrentCompany } from '../../core/users/companies';
import { httpHandler } from '../../pipeline/http';

/** POST /api/users/change-current-company `{ company: id }`: 403 unless the access rules allow it. */
export const handler = httpHandler(usersChangeCurrentCompany).handle(async ({ auth, body }) => {
  return { body: await changeCurrentCompany(auth.user, body.company) };
});
