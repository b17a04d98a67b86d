import { integrationStatusList } from '../../../shared/routes';
import { getIntegrationStatus } from '../../core/integration/steps';
import { httpHandler } from '../../pipeline/http';

/** GET /api/integration-status: the current company's steps and the facts the dashboard's rules need. */
export const handler = httpHandler(integrationStatusList).handle(async ({ auth }) => ({
  body: await getIntegrationStatus(auth.company),
}));
