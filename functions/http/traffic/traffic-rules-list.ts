import { trafficRulesList } from '../../../shared/routes';
import { listCompanyRules } from '../../core/traffic/traffic';
import { httpHandler } from '../../pipeline/http';

/** GET /api/traffic-rules: the current company's UTM rules with their source names. */
export const handler = httpHandler(trafficRulesList).handle(async ({ auth }) => ({
  body: await listCompanyRules(auth.company.id),
}));
