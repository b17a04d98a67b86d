import { dispatchOutbox } from '../core/outbox/outbox';
import { logger, startJobLog } from '../platform/log';
import { tracedJob } from '../platform/tracing';

/**
 * Job (async Lambda invoke) kicked by a request that recorded deliveries in the outbox
 * (functions/core/outbox/outbox.ts): one try of each, now. A try that fails is not this job's
 * failure (the delivery holds its next try, the sweep makes it), so the job fails only when the
 * table does, and Lambda's own retry then kicks again.
 */
export const handler = tracedJob('outbox-dispatch', async (event: unknown): Promise<{ outcomes: string[] }> => {
  startJobLog('outbox-dispatch');
  const ids = (event as { ids?: unknown } | null)?.ids;
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id)) || ids.length > 100) {
    logger().error('Invalid payload: dropped');
    return { outcomes: [] };
  }
  const outcomes = await dispatchOutbox(ids as string[]);
  logger().info('finished', { outcomes });
  return { outcomes };
});
