import { companiesCreate } from '../../../shared/routes';
import { createCompanyAsAdmin } from '../../core/companies/manage-companies';
import { httpHandler } from '../../pipeline/http';

/** POST /api/companies (admin): the company and its steps in one transaction; 409 on a taken name. */
export const handler = httpHandler(companiesCreate).handle(async ({ body }) => ({
  status: 201,
  body: await createCompanyAsAdmin(body),
}));
