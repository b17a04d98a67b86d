import { sendPasswordResetMail, type ResetMailJob } from '../core/security/password-reset-request';
import { passwordResetRequestSchema } from '../../shared/schemas/security';
import { logger, startJobLog } from '../platform/log';
import { tracedJob } from '../platform/tracing';

/**
 * Job (async Lambda invoke) started by POST /api/security/password-reset: the link and its
 * e-mail, after the request was answered. The payload is checked again: a job can be invoked
 * by anything holding lambda:InvokeFunction, not only by the route.
 */
export const handler = tracedJob('password-reset-mail', async (event: unknown): Promise<{ outcome: string }> => {
  startJobLog('password-reset-mail');
  const payload = (event ?? {}) as Partial<ResetMailJob>;
  const client = payload.client;
  if (typeof client !== 'string' || !passwordResetRequestSchema.isValidSync(payload)) {
    logger().error('Invalid payload: dropped');
    return { outcome: 'invalid' };
  }
  const body = passwordResetRequestSchema.validateSync(payload, { stripUnknown: true });
  const outcome = await sendPasswordResetMail({ ...body, client });
  logger().info('finished', { outcome });
  return { outcome };
});
