import { findResetToken, isResetTokenShape, type ResetLink } from '../../data/password-reset-tokens';
import { getUser, type UserRecord } from '../../data/users';
import { InvalidTokenError } from '../../platform/errors';
import { isLinkLive } from './reset-link-rules';

/** Password reset: the reset page checks its link before showing the form (no Cognito, no mail). */

export interface ResetCheckDeps {
  findResetToken(token: string, nowSeconds: number): Promise<ResetLink | null>;
  getUser(id: string): Promise<UserRecord | null>;
  now(): number;
}

const defaults: ResetCheckDeps = { findResetToken, getUser, now: () => Date.now() };

/**
 * `mfa`: the account has an authenticator app (and since when, when the portal saw it set up), so
 * the page can say so and offer to remove it with the reset: the link proves the mailbox, and an
 * app the owner never set up must not silently stay.
 */
export async function checkPasswordResetToken(token: string, deps: ResetCheckDeps = defaults): Promise<{ token: string; mfa?: { since: string | null } }> {
  if (!isResetTokenShape(token)) throw new InvalidTokenError();
  const link = await deps.findResetToken(token, Math.floor(deps.now() / 1000));
  const user = link ? await deps.getUser(link.userId) : null;
  if (!link || !isLinkLive(user, link)) throw new InvalidTokenError();
  return user.mfaEnrolled ? { token, mfa: { since: user.mfaEnrolledAt ?? null } } : { token };
}
