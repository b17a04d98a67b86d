import { trafficMatch } from '../../../shared/routes';
import { matchCompanyTraffic } from '../../core/traffic/traffic';
import { httpHandler } from '../../pipeline/http';

/** POST /api/traffic/match `{ rule, source? }`: the current company's traffic a draft rule would link (and, for a source, what other sources link already); writes nothing. */
export const handler = httpHandler(trafficMatch).handle(async ({ auth, body }) => ({
  body: await matchCompanyTraffic(auth.company.id, body.rule, undefined, body.source || undefined),
}));
