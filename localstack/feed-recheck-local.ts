/**
 * The daily feed re-check on the local stack, through the SQS contract it has on AWS: the
 * deployed dispatcher (functions/jobs/feed-recheck.ts) sends one message per company with the
 * SDK to the local SQS (feed-recheck-queue.ts, sqs.ts), and the event source
 * (sqs-event-source.ts) hands each message to the deployed worker
 * (functions/jobs/feed-recheck-worker.ts): one message per event, partial batch failures,
 * redelivery after the visibility timeout up to maxReceiveCount, then the dead-letter queue.
 * Returns when the queue is empty. Run by the local gateway's Invoke API
 * (localstack/lambda-invoke.ts) for `npm run job:feeds` and the integration tests; with
 * LAMBDA_CODE=bundled both functions are their bundles.
 *
 * Event `{ "time": ISO }` (tests): the scheduled time, as EventBridge sends it; `{ "duplicateDeliveries": true }` (tests): every message is stored twice, its copy
 * delivered a minute later, the worst case of SQS's at-least-once delivery. `{ "retriesDueAt": ISO }`:
 * no new run; the outbox's sweep runs at that time (as EventBridge's every minute would then), so the
 * same-day retries due by then go to the queue (docs/order-feed.md, "Same-day retry"), which is drained.
 */
import type { SQSEvent } from 'aws-lambda';
import type { DailyOutcome } from '../functions/jobs/feed-recheck-worker';
import type { FeedRecheckRun } from '../functions/jobs/feed-recheck';
import { feedRecheckQueue } from '../functions/platform/config/resources';
import { feedRecheckQueueOfStack } from './feed-recheck-queue';
import { drainQueue, type LocalQueueReport } from './sqs-event-source';

export interface LocalFeedRecheckRun extends FeedRecheckRun {
  /** The local queue's account of the run and each handled company's outcome. */
  local: LocalQueueReport & { outcomes: DailyOutcome[] };
}

/** `time`: the run's time as EventBridge would send it (tests move it day by day: a fake clock for the day's results). */
export interface LocalRecheckEvent {
  duplicateDeliveries?: boolean;
  time?: string;
  retriesDueAt?: string;
}

export interface RecheckFunctions {
  dispatcher(event: unknown): Promise<unknown>;
  worker(event: SQSEvent): Promise<unknown>;
  /** The outbox's sweep (functions/jobs/outbox-sweep.ts): sends the retries due at the event's `time`. */
  sweep(event: { time: string }): Promise<unknown>;
}

/** The source modules, in this process (LAMBDA_CODE=source). */
const sourceFunctions: RecheckFunctions = {
  dispatcher: async (event) => (await import('../functions/jobs/feed-recheck')).handler(event as { time?: string }),
  worker: async (event) => (await import('../functions/jobs/feed-recheck-worker')).handler(event),
  sweep: async (event) => (await import('../functions/jobs/outbox-sweep')).handler(event),
};

export async function runFeedRecheckLocally(event: LocalRecheckEvent = {}, functions: RecheckFunctions = sourceFunctions): Promise<LocalFeedRecheckRun> {
  const { sqs, clock, queueUrl } = feedRecheckQueueOfStack();
  const outcomes: DailyOutcome[] = [];
  // The copy comes a minute later (skipped to): after the first was handled, the case a redelivery meets.
  sqs.duplicate = event.duplicateDeliveries ? () => 60 : null;
  let run: FeedRecheckRun;
  try {
    if (event.retriesDueAt) {
      await functions.sweep({ time: event.retriesDueAt });
      run = { runAt: event.retriesDueAt, companies: 0 };
    } else {
      run = (await functions.dispatcher(event.time ? { time: event.time } : {})) as FeedRecheckRun;
    }
  } finally {
    sqs.duplicate = null;
  }
  const report = await drainQueue({
    sqs,
    clock,
    queueUrl,
    maxConcurrency: feedRecheckQueue.maxConcurrency,
    timeoutMs: feedRecheckQueue.workerTimeoutSeconds * 1000,
    functionName: 'feed-recheck-worker',
    worker: async (sqsEvent) => {
      const answer = (await functions.worker(sqsEvent)) as { outcomes?: DailyOutcome[] } | null;
      outcomes.push(...(answer?.outcomes ?? []));
      return answer;
    },
  });
  const local = { ...report, outcomes };
  console.log(JSON.stringify({ level: local.deadLettered.length ? 'error' : 'info', job: 'feed-recheck', ...run, local }));
  return { ...run, local };
}

export const handler = (event: LocalRecheckEvent = {}): Promise<LocalFeedRecheckRun> => runFeedRecheckLocally(event ?? {});
