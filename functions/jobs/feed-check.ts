import type { Context } from 'aws-lambda';
import { runFeedCheckJob } from '../core/order-feed/job';
import { logger, startJobLog } from '../platform/log';
import { tracedJob } from '../platform/tracing';

/** Time kept for the last writes (result, history, step, mail) before Lambda stops the function. */
const FINISH_MARGIN_MS = 30_000;

/**
 * Job (async Lambda invoke) started by POST /api/order-feed/check: streams the upload or the URL
 * through the feed engine, writing progress, then the result (docs/order-feed.md). Runs up to the
 * job's 15 minutes, far beyond API Gateway's 30 s and 10 MB.
 */
export const handler = tracedJob('feed-check', async (event: unknown, context?: Pick<Context, 'getRemainingTimeInMillis'>): Promise<{ outcome: string }> => {
  startJobLog('feed-check');
  const remaining = context?.getRemainingTimeInMillis?.() ?? 15 * 60_000;
  const result = await runFeedCheckJob(event, Date.now() + Math.max(remaining - FINISH_MARGIN_MS, 1000));
  if (result.outcome === 'invalid') logger().error('finished', { outcome: result.outcome });
  else logger().info('finished', { outcome: result.outcome });
  return result;
});
