import { integrationStatusReport } from '../../../shared/routes';
import { statusReport } from '../../core/companies/status-report';
import { httpHandler } from '../../pipeline/http';

/** GET /api/integration-status/report (admin): one page of the companies' steps, sorted, searched and filtered as the query asks (400 on a bad one). */
export const handler = httpHandler(integrationStatusReport).handle(async ({ query }) => ({ body: await statusReport(query) }));
