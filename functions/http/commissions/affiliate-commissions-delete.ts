import { affiliateCommissionsDelete } from '../../../shared/routes';
import { deleteCompanyCommission } from '../../core/commissions/commissions';
import { httpHandler } from '../../pipeline/http';

/** DELETE /api/affiliate-commissions/{id}: body `{ version }` (stale: 409; not the company's: 404). */
export const handler = httpHandler(affiliateCommissionsDelete).handle(async ({ auth, params, body }) => ({
  body: await deleteCompanyCommission(auth.company.id, params.id, body.version),
}));
