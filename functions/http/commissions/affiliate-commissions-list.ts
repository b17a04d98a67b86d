import { affiliateCommissionsList } from '../../../shared/routes';
import { listCompanyCommissions } from '../../core/commissions/commissions';
import { httpHandler } from '../../pipeline/http';

/** GET /api/affiliate-commissions: the current company's commissions, by source name. */
export const handler = httpHandler(affiliateCommissionsList).handle(async ({ auth }) => ({ body: await listCompanyCommissions(auth.company.id) }));
