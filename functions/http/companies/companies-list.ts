import { companiesList } from '../../../shared/routes';
import { listCompaniesAdmin } from '../../core/companies/manage-companies';
import { httpHandler } from '../../pipeline/http';

/** GET /api/companies (admin): one page of companies, sorted and searched as the query asks (400 on a bad one). */
export const handler = httpHandler(companiesList).handle(async ({ query }) => ({ body: await listCompaniesAdmin(query) }));
