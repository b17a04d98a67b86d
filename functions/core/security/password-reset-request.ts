import { randomBytes } from 'node:crypto';
import type { PasswordResetRequest } from '../../../shared/schemas/security';
import { saveResetToken } from '../../data/password-reset-tokens';
import { findUserByLogin, type UserRecord } from '../../data/users';
import { env } from '../../platform/env';
import { startJob } from '../../platform/jobs';
import { sendTemplatedEmail, type Mailer } from '../../platform/mailer';
import { RESET_MAILS_PER_ACCOUNT, RESET_MAILS_PER_CLIENT, tableThrottleStore, withinCap, type ThrottleStore } from './throttle';
import { logger } from '../../platform/log';

/**
 * Password reset, step 1: the e-mailed link, in two halves.
 * - The request (`requestPasswordReset`) only queues a job and answers: it reads and writes
 *   nothing about the account, so its answer and its timing are the same for every login.
 * - The job (`sendPasswordResetMail`, functions/jobs/password-reset-mail.ts) looks the account
 *   up, applies the caps (3 mails an hour per account, 50 per client address), stores the token and mails
 *   the link. The token is 256 random bits (base64url, 43 characters); only its hash is stored
 *   (data/password-reset-tokens.ts), with an expiry and the user's password version.
 */

export const RESET_TOKEN_TTL_SECONDS = 2 * 60 * 60;

/** What the request hands to the job: the validated body and the caller's address. */
export type ResetMailJob = PasswordResetRequest & { client: string };

export interface ResetQueueDeps {
  startJob(name: 'password-reset-mail', payload: ResetMailJob): Promise<void>;
}

export async function requestPasswordReset(
  body: PasswordResetRequest,
  client: string,
  deps: ResetQueueDeps = { startJob },
): Promise<{ status: 'sent' }> {
  await deps.startJob('password-reset-mail', { ...body, client });
  return { status: 'sent' };
}

export interface ResetRequestDeps {
  findUserByLogin(login: string): Promise<UserRecord | null>;
  saveResetToken(token: string, userId: string, expiresAt: number, passwordVersion: number): Promise<void>;
  sendMail: Mailer;
  throttle: ThrottleStore;
  appUrl(): string;
  newToken(): string;
  now(): number;
}

const defaults: ResetRequestDeps = {
  findUserByLogin,
  saveResetToken,
  sendMail: sendTemplatedEmail,
  throttle: tableThrottleStore,
  appUrl: () => env.appUrl,
  newToken: () => randomBytes(32).toString('base64url'),
  now: () => Date.now(),
};

export type ResetMailOutcome = 'sent' | 'no-account' | 'capped';

/**
 * The job. Nothing it finds reaches the requester (the answer is long gone): an unknown account
 * or a cap is logged for operators, without the login; a mail that could not be sent fails the job.
 */
export async function sendPasswordResetMail(job: ResetMailJob, deps: ResetRequestDeps = defaults): Promise<ResetMailOutcome> {
  const now = deps.now();
  if (!(await withinCap(deps.throttle, RESET_MAILS_PER_CLIENT, job.client, now))) return 'capped';
  const user = await deps.findUserByLogin(job.login);
  if (!user || user.deletedAt) return 'no-account';
  if (!(await withinCap(deps.throttle, RESET_MAILS_PER_ACCOUNT, user.id, now))) return 'capped';
  const token = deps.newToken();
  // The link dies when the password changes (reset-link-rules.ts).
  await deps.saveResetToken(token, user.id, Math.floor(now / 1000) + RESET_TOKEN_TTL_SECONDS, user.passwordVersion ?? 0);
  try {
    await deps.sendMail({
      to: user.login,
      // In the language the user asked from (the welcome mail follows the company's country instead).
      template: job.language === 'fr' ? 'password-reset-fr' : job.language === 'ru' ? 'password-reset-ru' : 'password-reset',
      data: {
        login: user.login,
        url_reset: `${deps.appUrl()}/password-reset/${token}`,
        expires_hours: String(RESET_TOKEN_TTL_SECONDS / 3600),
      },
    });
  } catch (error) {
    // Never lost in silence (docs/reliability.md, "Mail"): the job fails, Lambda sends the event
    // again twice (a minute, then two apart: a new link each time, the cap counting it), then
    // keeps it in the job's dead-letter queue, whose alarm tells the team (lib/api.ts).
    logger().error('Password reset e-mail failed', { error: (error as Error).name, reason: (error as Error).message });
    throw error;
  }
  return 'sent';
}
