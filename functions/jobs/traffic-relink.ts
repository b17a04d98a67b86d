import { defaultRelinkDeps, relinkTraffic, type RelinkOutcome } from '../core/traffic/links';
import { completeUtmStepIfLinked } from '../core/traffic/traffic';
import type { Actor } from '../core/integration/steps';
import { getCompany } from '../data/companies';
import { logger, startJobLog } from '../platform/log';
import { tracedJob } from '../platform/tracing';

/** Who completes utm_rules when a relink leaves nothing unlinked (the step's history and the team's mail). */
const RELINK_ACTOR: Actor = { user: { firstName: 'UTM rules', login: 'utm-relink' }, role: 'ROLE_USER' };

const PLAUSIBLE_ID = /^[A-Za-z0-9-]{1,64}$/;

/**
 * Job (async Lambda invoke) started by a change of a company's UTM rules (a rule created or
 * deleted, a source deleted with its rules; functions/core/traffic/links.ts `askRelink`): links
 * its traffic to the rules left, then completes utm_rules when nothing is left unlinked. A run that
 * fails is retried by Lambda and takes the relink over at its cursor once the lease ran out; a kick
 * while another run holds the relink takes nothing (that run makes the pass for the newest change).
 */
export const handler = tracedJob('traffic-relink', async (event: unknown): Promise<RelinkOutcome> => {
  startJobLog('traffic-relink');
  const companyId = (event as { companyId?: unknown } | null)?.companyId;
  if (typeof companyId !== 'string' || !PLAUSIBLE_ID.test(companyId)) {
    logger().error('Invalid payload: dropped');
    return { outcome: 'idle', passes: 0, pages: 0, changed: 0 };
  }
  // utm_rules after each pass's counts, before the relink reads done (the page then reads the step too).
  const run = await relinkTraffic(
    companyId,
    defaultRelinkDeps(async () => {
      const company = await getCompany(companyId);
      return company && completeUtmStepIfLinked(company, RELINK_ACTOR);
    }),
  );
  logger().info('finished', { companyId, ...run });
  return run;
});
