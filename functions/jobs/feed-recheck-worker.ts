import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { QuotaDeferredError, quotaGate, withQuota } from '../core/analytics/quota';
import { importTrafficDaily, type TrafficImportOutcome } from '../core/analytics/traffic-import';
import { recheckCompanyHealth, type HealthOutcome } from '../core/data-health/recheck-health';
import { parseRecheckMessage, recheckCompany, type RecheckOutcome } from '../core/order-feed/recheck';
import type { RecheckMessage } from '../core/order-feed/recheck-dispatch';
import { env } from '../platform/env';
import { logger, startJobLog } from '../platform/log';
import { tracedJob } from '../platform/tracing';

/** A company's re-check: the feed's outcome, the traffic import's and the data health's (docs/product.md, "Data health"). */
export type DailyOutcome = RecheckOutcome & { traffic?: TrafficImportOutcome; dataHealth?: HealthOutcome };

interface CompanyRun {
  failure: Error | null;
  outcome: RecheckOutcome | null;
  traffic: TrafficImportOutcome | null;
  dataHealth: HealthOutcome | null;
}

/** One company's feed re-check, traffic import and data health; the first unexpected error is `failure`. */
async function checkOne(message: RecheckMessage, deadline: number): Promise<CompanyRun> {
  let failure: Error | null = null;
  let outcome: RecheckOutcome | null = null;
  try {
    outcome = await recheckCompany(message, deadline);
  } catch (error) {
    failure = error as Error;
  }
  // The UTM traffic of every company with a View ID (utm_rules completes from it), before the
  // data health reads it; whatever the feed gave, as the health's analytics do not depend on it.
  // A same-day retry of the feed (message.attempt) finds the day's traffic imported by the run already.
  let traffic: TrafficImportOutcome | null = null;
  try {
    if (!message.attempt) traffic = await importTrafficDaily(message.companyId);
  } catch (error) {
    failure ??= error as Error;
  }
  // The data health runs even when the feed's re-check threw: the analytics checks do not depend on it.
  let dataHealth: HealthOutcome | null = null;
  try {
    dataHealth = await recheckCompanyHealth(message, failure === null);
  } catch (error) {
    failure ??= error as Error;
  }
  return { failure, outcome, traffic, dataHealth };
}

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
): Promise<SQSBatchResponse & { outcomes: DailyOutcome[] }> => {
  startJobLog('feed-recheck-worker');
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  const outcomes: DailyOutcome[] = [];
  // One at a time: the event source sends one message per batch; a larger batch shares the time left.
  for (const record of event.Records) {
    const message = parseRecheckMessage(record.body);
    if (!message) {
      // Retrying cannot fix it: log and drop (only the dispatcher writes to this queue).
      logger().error('invalid message, dropped', { messageId: record.messageId });
      continue;
    }
    const remaining = context?.getRemainingTimeInMillis?.() ?? 15 * 60_000;
    // Every analytics call of this company takes its share of the provider's quotas first (docs/analytics.md).
    const deadline = Date.now() + Math.max(remaining - FINISH_MARGIN_MS, 1000);
    const done = await withQuota(quotaGate(env.analyticsQuota, deadline), () => checkOne(message, deadline));
    if (done.failure instanceof QuotaDeferredError) {
      // Not an error (no alarm): SQS delivers the message again after its visibility timeout.
      batchItemFailures.push({ itemIdentifier: record.messageId });
      logger().warn('re-check deferred: analytics quota', { companyId: message.companyId, messageId: record.messageId, quota: done.failure.quota });
      continue;
    }
    const { failure, outcome, traffic, dataHealth } = done;
    if (failure) {
      batchItemFailures.push({ itemIdentifier: record.messageId });
      logger().error('re-check failed', {
        companyId: message.companyId,
        messageId: record.messageId,
        receiveCount: Number(record.attributes?.ApproximateReceiveCount ?? 1),
        error: failure.name,
        reason: failure.message,
      });
    } else if (outcome) {
      outcomes.push({ ...outcome, ...(traffic ? { traffic } : {}), ...(dataHealth ? { dataHealth } : {}) });
      logger().info('re-checked', {
        receiveCount: Number(record.attributes?.ApproximateReceiveCount ?? 1),
        ...outcome,
        trafficRows: traffic?.ok ? traffic.rows : undefined,
        trafficRefused: traffic && !traffic.ok ? traffic.code : undefined,
        dataHealth: dataHealth?.statuses,
        mailed: dataHealth?.mailed.length,
      });
    }
  }
  return { batchItemFailures, outcomes };
});
