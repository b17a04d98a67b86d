import { affiliateCommissionsCreate } from '../../../shared/routes';
import { createCommission } from '../../core/commissions/commissions';
import { httpHandler } from '../../pipeline/http';

/** POST /api/affiliate-commissions: a commission on one of the company's CPO sources. */
export const handler = httpHandler(affiliateCommissionsCreate).handle(async ({ auth, body }) => ({
  status: 201,
  body: await createCommission(auth.company.id, body),
}));
