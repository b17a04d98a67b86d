import { affiliateCommissionsList } from '../../../shared/routes';
import { listCompanyCommissions } from '../../core/commissions/commissions';
import { httpHandler } from '../../pipeline/http';

/** GET /api/affiliate-commissions: one page of the current company's commissions, by source name unless asked (400 on a bad query). */
export const handler = httpHandler(affiliateCommissionsList).handle(async ({ auth, query }) => ({ body: await listCompanyCommissions(auth.company.id, query) }));
