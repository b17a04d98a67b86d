import { usersFindCurrentCompany } from '../../../shared/routes';
import { findCurrentCompany } from '../../core/users/companies';
import { httpHandler } from '../../pipeline/http';

/** GET /api/users/find-current-company: the company resolved by the auth middleware. */
export const handler = httpHandler(usersFindCurrentCompany).handle(({ auth }) => {
  return { body: findCurrentCompany(auth.company) };
});
