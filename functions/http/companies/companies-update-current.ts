import { companiesUpdateCurrent } from '../../../shared/routes';
import { updateCurrentCompany } from '../../core/companies/manage-companies';
import { httpHandler } from '../../pipeline/http';

/** POST /api/companies/update (legacy): viewId / dimensionIndex of the caller's CURRENT company only. */
export const handler = httpHandler(companiesUpdateCurrent).handle(async ({ auth, body }) => ({
  body: await updateCurrentCompany(auth.company, body, auth.role),
}));
