import { randomBytes } from 'node:crypto';
import type { PasswordResetRequest } from '../../../shared/schemas/security';
import { saveResetToken } from '../../data/password-reset-tokens';
import { findUserByLogin, type UserRecord } from '../../data/users';
import { env } from '../../platform/env';
import { startJob } from '../../platform/jobs';
import type { NewDelivery } from '../../data/outbox';
import { kickOutbox, mailDelivery } from '../outbox/outbox';
import { RESET_MAILS_PER_ACCOUNT, RESET_MAILS_PER_CLIENT, tableThrottleStore, withinCap, type ThrottleStore } from './throttle';

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
  /** Stores the link's token with its mail (recorded in the outbox) in one transaction. */
  saveResetToken(token: string, userId: string, expiresAt: number, passwordVersion: number, mails: readonly NewDelivery[]): Promise<void>;
  kickOutbox(ids: readonly string[]): Promise<void>;
  throttle: ThrottleStore;
  appUrl(): string;
  newToken(): string;
  now(): number;
}

const defaults: ResetRequestDeps = {
  findUserByLogin,
  saveResetToken,
  kickOutbox,
  throttle: tableThrottleStore,
  appUrl: () => env.appUrl,
  newToken: () => randomBytes(32).toString('base64url'),
  now: () => Date.now(),
};

export type ResetMailOutcome = 'sent' | 'no-account' | 'capped';

/**
 * The job. Nothing it finds reaches the requester (the answer is long gone): an unknown account
 * or a cap is logged for operators, without the login. The mail is recorded in the outbox with
 * its link; a failed write fails the job (Lambda tries it again, then dead-letters it).
 */
export async function sendPasswordResetMail(job: ResetMailJob, deps: ResetRequestDeps = defaults): Promise<ResetMailOutcome> {
  const now = deps.now();
  if (!(await withinCap(deps.throttle, RESET_MAILS_PER_CLIENT, job.client, now))) return 'capped';
  const user = await deps.findUserByLogin(job.login);
  if (!user || user.deletedAt) return 'no-account';
  if (!(await withinCap(deps.throttle, RESET_MAILS_PER_ACCOUNT, user.id, now))) return 'capped';
  const token = deps.newToken();
  const mail = mailDelivery(
    {
      to: user.login,
      // In the language the user asked from (the welcome mail follows the company's country instead).
      template: job.language === 'fr' ? 'password-reset-fr' : job.language === 'ru' ? 'password-reset-ru' : 'password-reset',
      data: {
        login: user.login,
        url_reset: `${deps.appUrl()}/password-reset/${token}`,
        expires_hours: String(RESET_TOKEN_TTL_SECONDS / 3600),
      },
    },
    'password-reset',
  );
  // The link dies when the password changes (reset-link-rules.ts). Stored with its mail in the
  // outbox, in one transaction: never a link without its mail, never a mail lost when SES is down
  // (docs/reliability.md, "Mail": tried again with backoff, then shown to administrators).
  await deps.saveResetToken(token, user.id, Math.floor(now / 1000) + RESET_TOKEN_TTL_SECONDS, user.passwordVersion ?? 0, [mail]);
  await deps.kickOutbox([mail.id]);
  return 'sent';
}
