import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { parseRecheckMessage, recheckCompany, type RecheckOutcome } from '../core/order-feed/recheck';
import { logger, startJobLog } from '../platform/log';
import { tracedJob } from '../platform/tracing';

/** Time kept for the last writes (result, history, mail) before Lambda stops the function. */
const FINISH_MARGIN_MS = 30_000;

/**
 * The daily re-check's worker (SQS event source, docs/order-feed.md "Daily re-check"): re-checks
 * one company per message. A feed that cannot be fetched is a result (a failed check in the
 * history); an unexpected error fails only its own message (partial batch response), which SQS
 * delivers again, then moves to the dead-letter queue. Other companies are never affected.
 */
export const handler = tracedJob('feed-recheck-worker', async (
  event: SQSEvent,
  context?: Pick<Context, 'getRemainingTimeInMillis'>,
): Promise<SQSBatchResponse & { outcomes: RecheckOutcome[] }> => {
  startJobLog('feed-recheck-worker');
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  const outcomes: RecheckOutcome[] = [];
  // One at a time: the event source sends one message per batch; a larger batch shares the time left.
  for (const record of event.Records) {
    const message = parseRecheckMessage(record.body);
    if (!message) {
      // Retrying cannot fix it: log and drop (only the dispatcher writes to this queue).
      logger().error('invalid message, dropped', { messageId: record.messageId });
      continue;
    }
    const remaining = context?.getRemainingTimeInMillis?.() ?? 15 * 60_000;
    try {
      const outcome = await recheckCompany(message, Date.now() + Math.max(remaining - FINISH_MARGIN_MS, 1000));
      outcomes.push(outcome);
      logger().info('re-checked', { receiveCount: Number(record.attributes?.ApproximateReceiveCount ?? 1), ...outcome });
    } catch (error) {
      batchItemFailures.push({ itemIdentifier: record.messageId });
      logger().error('re-check failed', {
        companyId: message.companyId,
        messageId: record.messageId,
        receiveCount: Number(record.attributes?.ApproximateReceiveCount ?? 1),
        error: (error as Error).name,
        reason: (error as Error).message,
      });
    }
  }
  return { batchItemFailures, outcomes };
});
