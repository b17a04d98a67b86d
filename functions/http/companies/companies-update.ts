import { companiesUpdate } from '../../../shared/routes';
import { updateCompanyAsAdmin } from '../../core/companies/manage-companies';
import { httpHandler } from '../../pipeline/http';

/** PUT /api/companies/{id} (admin): the changed fields and the version read; 409 when stale. */
export const handler = httpHandler(companiesUpdate).handle(async ({ params, body }) => ({
  body: await updateCompanyAsAdmin(params.id, body),
}));
