import { companiesGet } from '../../../shared/routes';
import { getCompanyAdmin } from '../../core/companies/manage-companies';
import { httpHandler } from '../../pipeline/http';

/** GET /api/companies/{id} (admin): one company, for its edit page. */
export const handler = httpHandler(companiesGet).handle(async ({ params }) => ({ body: await getCompanyAdmin(params.id) }));
