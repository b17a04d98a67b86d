import { trafficRulesApply } from '../../../shared/routes';
import { applyRules } from '../../core/traffic/traffic';
import { httpHandler } from '../../pipeline/http';

/** POST /api/traffic-rules/apply `{ source, rule }`: re-applies the stored rules (writes no rule) and previews the given one. */
export const handler = httpHandler(trafficRulesApply).handle(async ({ auth, body }) => ({
  body: await applyRules(auth.company, auth, body),
}));
