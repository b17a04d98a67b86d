import { companiesManaged } from '../../../shared/routes';
import { managedCompanies } from '../../core/users/companies';
import { httpHandler } from '../../pipeline/http';

/** GET /api/companies/managed: customer: main company; manager: their list; admin: all. */
export const handler = httpHandler(companiesManaged).handle(async ({ auth }) => {
  return { body: await managedCompanies(auth.user) };
});
