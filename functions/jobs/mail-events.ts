import type { SNSEvent } from 'aws-lambda';
import { recordSesEvent, type SesEvent } from '../core/mail/ses-events';
import { logger, startJobLog } from '../platform/log';
import { tracedJob } from '../platform/tracing';

/**
 * SES bounces and complaints (lib/jobs.ts): the configuration set publishes each to the mail
 * events topic, which invokes this function; each suppresses the addresses it names
 * (functions/core/mail/ses-events.ts). A message that is not JSON is logged and dropped (SNS
 * would retry it in vain); a failed write throws, so SNS delivers the event again.
 */
export const handler = tracedJob('mail-events', async (event: SNSEvent): Promise<{ suppressed: number }> => {
  startJobLog('mail-events');
  let suppressed = 0;
  for (const record of event.Records ?? []) {
    let message: SesEvent;
    try {
      message = JSON.parse(record.Sns.Message) as SesEvent;
    } catch {
      logger().error('not an SES event: dropped', { messageId: record.Sns.MessageId });
      continue;
    }
    suppressed += (await recordSesEvent(message)).length;
  }
  return { suppressed };
});
