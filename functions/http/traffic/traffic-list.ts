import { trafficList } from '../../../shared/routes';
import { listCompanyTraffic } from '../../core/traffic/traffic';
import { httpHandler } from '../../pipeline/http';

/** GET /api/traffic: the current company's traffic rows (linked or not, by sessions), the aggregates and the last import. */
export const handler = httpHandler(trafficList).handle(async ({ auth }) => ({
  body: await listCompanyTraffic(auth.company),
}));
