import { companiesDelete } from '../../../shared/routes';
import { deleteCompany } from '../../core/companies/delete-company';
import { httpHandler } from '../../pipeline/http';

/** DELETE /api/companies/{id} `{ version }` (admin): the company, its whole partition and its uploads. */
export const handler = httpHandler(companiesDelete).handle(async ({ auth, params, body }) => ({
  body: await deleteCompany(auth.user, params.id, body.version),
}));
