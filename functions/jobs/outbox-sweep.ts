import { dispatchDefaults, sweepOutbox } from '../core/outbox/outbox';
import { logger, startJobLog } from '../platform/log';
import { tracedJob } from '../platform/tracing';

/**
 * Scheduled every minute (lib/jobs.ts; locally by the stack, localstack/stack.ts): sends every
 * outbox delivery that is due, the kicks that were lost and the retries whose time has come.
 * `time` is EventBridge's scheduled time, the sweep's "now" (tests move it past a retry's wait).
 */
export const handler = tracedJob('outbox-sweep', async (event: { time?: unknown } | null) => {
  startJobLog('outbox-sweep');
  const time = typeof event?.time === 'string' ? Date.parse(event.time) : Number.NaN;
  const counts = await sweepOutbox({ ...dispatchDefaults, now: Number.isFinite(time) ? () => time : dispatchDefaults.now });
  const busy = counts.sent + counts.skipped + counts.retry + counts.dead > 0;
  if (busy) logger().info('finished', counts);
  return counts;
});
