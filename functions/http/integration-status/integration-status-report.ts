import { integrationStatusReport } from '../../../shared/routes';
import { statusReport } from '../../core/companies/status-report';
import { httpHandler } from '../../platform/http';

/** GET /api/integration-status/report (admin): every company's steps, sorted by company. */
export const handler = httpHandler(integrationStatusReport).handle(async () => ({ body: await statusReport() }));
