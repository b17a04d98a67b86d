/**
 * The daily feed re-check on the local stack, which has no SQS emulator: the deployed
 * dispatcher's work (dispatchFeedRechecks, one message per company with a stored feed URL) sent
 * to the in-process queue of functions/platform/queue.ts, which hands each message to the
 * deployed worker handler (functions/jobs/feed-recheck-worker.ts) with SQS's rules: one message
 * per event, partial batch failures, redelivery up to maxReceiveCount, then a dead letter.
 * Returns when every message is handled or dead-lettered. Run by the local gateway's Invoke API
 * (localstack/lambda-invoke.ts) for `npm run job:feeds` and the integration tests.
 */
import type { RecheckOutcome } from '../functions/core/order-feed/recheck';
import { dispatchFeedRechecks } from '../functions/core/order-feed/recheck-dispatch';
import type { FeedRecheckRun } from '../functions/jobs/feed-recheck';
import { handler as worker } from '../functions/jobs/feed-recheck-worker';
import { localQueue, type LocalQueueReport } from '../functions/platform/queue';
import { feedRecheckQueue } from '../lib/definitions/resources';

export interface LocalFeedRecheckRun extends FeedRecheckRun {
  /** The in-process queue's account of the run and each handled company's outcome. */
  local: LocalQueueReport & { outcomes: RecheckOutcome[] };
}

export const handler = async (): Promise<LocalFeedRecheckRun> => {
  const outcomes: RecheckOutcome[] = [];
  const queue = localQueue(
    async (event, context) => {
      const answer = await worker(event, context);
      outcomes.push(...answer.outcomes);
      return answer;
    },
    {
      name: 'feed-recheck',
      maxReceiveCount: feedRecheckQueue.maxReceiveCount,
      concurrency: feedRecheckQueue.maxConcurrency,
      timeoutMs: feedRecheckQueue.workerTimeoutSeconds * 1000,
    },
  );
  const run = await dispatchFeedRechecks({ send: (messages) => queue.sendAll(messages) });
  const local = { ...(await queue.drain()), outcomes };
  console.log(JSON.stringify({ level: local.deadLettered.length ? 'error' : 'info', job: 'feed-recheck', ...run, local }));
  return { ...run, local };
};
