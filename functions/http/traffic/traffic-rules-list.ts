import { trafficRulesList } from '../../../shared/routes';
import { listCompanyRules } from '../../core/traffic/traffic';
import { httpHandler } from '../../pipeline/http';

/** GET /api/traffic-rules: one page of the current company's UTM rules with their source names (400 on a bad query). */
export const handler = httpHandler(trafficRulesList).handle(async ({ auth, query }) => ({
  body: await listCompanyRules(auth.company.id, query),
}));
