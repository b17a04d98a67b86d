import { companyHistoryList } from '../../../shared/routes';
import { listCompanyHistory } from '../../core/audit/company-history';
import { httpHandler } from '../../pipeline/http';

/** GET /api/company-history: a page of the current company's own history (administrators as the platform's team). */
export const handler = httpHandler(companyHistoryList).handle(async ({ auth, query }) => ({ body: await listCompanyHistory(auth.company.id, query) }));
