import { auditList } from '../../../shared/routes';
import { listAuditHistory } from '../../core/audit/audit';
import { httpHandler } from '../../pipeline/http';

/** GET /api/audit (admins): a page of the audit history with the query's filters (400 on a bad one). */
export const handler = httpHandler(auditList).handle(async ({ query }) => ({ body: await listAuditHistory(query) }));
