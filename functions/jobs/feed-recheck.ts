import { dispatchFeedRechecks } from '../core/order-feed/recheck-dispatch';
import { env } from '../platform/env';
import { sqsQueue } from '../platform/clients/sqs';
import { logger, startJobLog } from '../platform/log';
import { tracedJob } from '../platform/tracing';

export interface FeedRecheckRun {
  runAt: string;
  /** Companies with a stored feed URL or View ID: one message each. */
  companies: number;
}

/**
 * Daily feed re-check, the EventBridge target (docs/order-feed.md, "Daily re-check"): sends one
 * message per company with a stored feed URL to the re-check queue (FEED_RECHECK_QUEUE_URL); the
 * worker (feed-recheck-worker.ts) checks each company on its own. Kept small: it bundles neither
 * the worker nor the feed engine. Locally the same code sends to the local SQS
 * (localstack/feed-recheck-local.ts, `npm run job:feeds`).
 */
export const handler = tracedJob('feed-recheck', async (event?: { time?: string }): Promise<FeedRecheckRun> => {
  startJobLog('feed-recheck');
  const queue = sqsQueue(env.feedRecheckQueue);
  // EventBridge's scheduled event carries its `time`: the run's day, also when delivered late (a retry).
  const run = await dispatchFeedRechecks({ send: (messages) => queue.sendAll(messages) }, event?.time);
  logger().info('dispatched', { ...run });
  return run;
});
