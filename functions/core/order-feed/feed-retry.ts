import { randomUUID } from 'node:crypto';
import { nextRetryAt } from '../../../shared/domain/feed-retry';
import type { FeedHistoryEntry } from '../../../shared/domain/order-feed';
import type { NewDelivery } from '../../data/outbox';
import { sqsQueue } from '../../platform/clients/sqs';
import { env } from '../../platform/env';
import { logger } from '../../platform/log';
import type { RecheckMessage } from './recheck-dispatch';

/**
 * The daily re-check's same-day retries (docs/order-feed.md, "Same-day retry"; the policy:
 * shared/domain/feed-retry.ts). A daily attempt that failed for a passing reason schedules the
 * next one as an outbox item due at its time, in the transaction of its history line: no timer
 * to lose, and a line is never stored without its retry. When it is due the outbox (the sweep,
 * every minute) sends the company's message to the re-check queue again, with the try's number;
 * the worker runs it like the day's (core/order-feed/recheck.ts), once.
 */

/** The retry a finished check schedules (none when it is not a daily attempt that may pass by itself). */
export function feedRetryDelivery(companyId: string, entry: FeedHistoryEntry): NewDelivery | null {
  const dueAt = nextRetryAt(entry);
  if (!dueAt || !entry.runAt) return null;
  const attempt = (entry.attempt ?? 0) + 1;
  const message: RecheckMessage = { companyId, runAt: entry.runAt, attempt };
  return {
    id: randomUUID(),
    kind: 'feed-retry',
    recipient: `company:${companyId}`,
    topic: `feed-retry-${attempt}`,
    payload: { ...message },
    cause: `feed-retry:${entry.checkId}`,
    dueAt,
  };
}

/** The outbox's sender of a due retry: the message goes to the re-check queue (throws, so the outbox tries again, when SQS refuses). */
export async function sendFeedRetry(payload: Record<string, unknown>): Promise<'sent'> {
  const message = { companyId: String(payload.companyId), runAt: String(payload.runAt), attempt: Number(payload.attempt) } satisfies RecheckMessage;
  await sqsQueue(env.feedRecheckQueue).sendAll([message]);
  logger().info('feed retry queued', { companyId: message.companyId, runAt: message.runAt, attempt: message.attempt });
  return 'sent';
}
