import { trafficRulesCreate } from '../../../shared/routes';
import { createRule } from '../../core/traffic/traffic';
import { httpHandler } from '../../pipeline/http';

/** POST /api/traffic-rules `{ source, rule }`: a rule of the current company; completes utm_rules when nothing is left unlinked. */
export const handler = httpHandler(trafficRulesCreate).handle(async ({ auth, body }) => ({
  status: 201,
  body: await createRule(auth.company, auth, body),
}));
