import { trafficList } from '../../../shared/routes';
import { listCompanyTraffic } from '../../core/traffic/traffic';
import { httpHandler } from '../../pipeline/http';

/** GET /api/traffic: one page of the current company's traffic (by sessions, searched, linked or not), the counts and the last import. */
export const handler = httpHandler(trafficList).handle(async ({ auth, query }) => ({
  body: await listCompanyTraffic(auth.company, query),
}));
