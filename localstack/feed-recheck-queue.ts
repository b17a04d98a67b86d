/**
 * The daily re-check's queue on the local stack (lib/jobs.ts's, from the same definitions): the
 * local SQS (sqs.ts) with the re-check queue and its dead-letter queue, served over HTTP so the
 * dispatcher sends to it with the SDK (FEED_RECHECK_QUEUE_URL, AWS_ENDPOINT_URL_SQS), as on AWS.
 */
import { feedRecheckQueue, feedRecheckQueueEnv } from '../functions/platform/config/resources';
import { LocalSqs, SkippingClock } from './sqs';

export interface FeedRecheckQueue {
  sqs: LocalSqs;
  clock: SkippingClock;
  queueUrl: string;
  dlqUrl: string;
}

let current: FeedRecheckQueue | null = null;

/** The queue the running stack started (feed-recheck-local.ts reads it). */
export function feedRecheckQueueOfStack(): FeedRecheckQueue {
  if (!current) throw new Error('The local SQS is not started (startLocalStack starts it)');
  return current;
}

/** Starts the local SQS on `port` (0 = any) and returns the variables the functions read. */
export async function startFeedRecheckQueue(port: number): Promise<{ env: Record<string, string>; close(): Promise<void> }> {
  const clock = new SkippingClock();
  const sqs = new LocalSqs({ clock });
  const server = await sqs.listen(port);
  const dlqUrl = sqs.createQueue('portal-local-feed-recheck-worker-dlq');
  const queueUrl = sqs.createQueue('portal-local-feed-recheck', {
    VisibilityTimeout: String(feedRecheckQueue.visibilityTimeoutSeconds),
    RedrivePolicy: JSON.stringify({ deadLetterTargetArn: sqs.arn(dlqUrl), maxReceiveCount: feedRecheckQueue.maxReceiveCount }),
  });
  current = { sqs, clock, queueUrl, dlqUrl };
  return {
    env: { AWS_ENDPOINT_URL_SQS: server.url, [feedRecheckQueueEnv]: queueUrl },
    close: async () => {
      current = null;
      await server.close();
    },
  };
}
