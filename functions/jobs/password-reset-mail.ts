import { sendPasswordResetMail, type ResetMailJob } from '../core/security/password-reset-request';
import { passwordResetRequestSchema } from '../../shared/schemas/security';
import { tracedJob } from '../platform/tracing';

/**
 * Job (async Lambda invoke) started by POST /api/security/password-reset: the link and its
 * e-mail, after the request was answered. The payload is checked again: a job can be invoked
 * by anything holding lambda:InvokeFunction, not only by the route.
 */
export const handler = tracedJob('password-reset-mail', async (event: unknown): Promise<{ outcome: string }> => {
  const payload = (event ?? {}) as Partial<ResetMailJob>;
  const client = payload.client;
  if (typeof client !== 'string' || !passwordResetRequestSchema.isValidSync(payload)) {
    console.error(JSON.stringify({ level: 'error', job: 'password-reset-mail', message: 'Invalid payload: dropped' }));
    return { outcome: 'invalid' };
  }
  const body = passwordResetRequestSchema.validateSync(payload, { stripUnknown: true });
  const outcome = await sendPasswordResetMail({ ...body, client });
  console.log(JSON.stringify({ level: 'info', job: 'password-reset-mail', outcome }));
  return { outcome };
});
