import { randomBytes } from 'node:crypto';
import { saveResetToken } from '../../data/password-reset-tokens';
import { findUserByLogin, type UserRecord } from '../../data/users';
import { env } from '../../platform/env';
import { sendTemplatedEmail, type Mailer } from '../../platform/mailer';

/**
 * Password reset, step 1: the e-mailed link. The token is 256 random bits (base64url,
 * 43 characters); only its hash is stored (data/password-reset-tokens.ts), with an expiry.
 * Kept apart from the check and the completion so each Lambda loads only its own clients.
 */

export const RESET_TOKEN_TTL_SECONDS = 2 * 60 * 60;

export interface ResetRequestDeps {
  findUserByLogin(login: string): Promise<UserRecord | null>;
  saveResetToken(token: string, userId: string, expiresAt: number, passwordVersion: number): Promise<void>;
  sendMail: Mailer;
  appUrl(): string;
  newToken(): string;
  now(): number;
}

const defaults: ResetRequestDeps = {
  findUserByLogin,
  saveResetToken,
  sendMail: sendTemplatedEmail,
  appUrl: () => env.appUrl,
  newToken: () => randomBytes(32).toString('base64url'),
  now: () => Date.now(),
};

/**
 * Always answers the same, whether or not the account exists, and a mail failure is logged,
 * not answered: an error only for existing accounts would reveal them.
 */
export async function requestPasswordReset(login: string, deps: ResetRequestDeps = defaults): Promise<{ status: 'sent' }> {
  const user = await deps.findUserByLogin(login);
  if (user && !user.deletedAt) {
    const token = deps.newToken();
    // The link dies when the password changes (reset-link-rules.ts).
    await deps.saveResetToken(token, user.id, Math.floor(deps.now() / 1000) + RESET_TOKEN_TTL_SECONDS, user.passwordVersion ?? 0);
    try {
      await deps.sendMail({
        to: user.login,
        template: 'password-reset',
        data: {
          login: user.login,
          url_reset: `${deps.appUrl()}/password-reset/${token}`,
          expires_hours: String(RESET_TOKEN_TTL_SECONDS / 3600),
        },
      });
    } catch (error) {
      console.error('Password reset e-mail failed', (error as Error).name, (error as Error).message);
    }
  }
  return { status: 'sent' };
}
