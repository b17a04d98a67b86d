import { trafficRulesDelete } from '../../../shared/routes';
import { deleteCompanyRule } from '../../core/traffic/traffic';
import { httpHandler } from '../../pipeline/http';

/** DELETE /api/traffic-rules/{id} `{ version }`: 404 outside the current company, 409 on a stale version. */
export const handler = httpHandler(trafficRulesDelete).handle(async ({ auth, params, body }) => ({
  body: await deleteCompanyRule(auth.company.id, params.id, body.version),
}));
