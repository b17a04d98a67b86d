import { companiesList } from '../../../shared/routes';
import { listAllCompanies } from '../../core/companies/manage-companies';
import { httpHandler } from '../../platform/http';

/** GET /api/companies (admin): every company by name, one GSI Query. */
export const handler = httpHandler(companiesList).handle(async () => ({ body: await listAllCompanies() }));
