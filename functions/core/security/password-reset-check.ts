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

export async function checkPasswordResetToken(token: string, deps: ResetCheckDeps = defaults): Promise<{ token: string }> {
  if (!isResetTokenShape(token)) throw new InvalidTokenError();
  const link = await deps.findResetToken(token, Math.floor(deps.now() / 1000));
  if (!link || !isLinkLive(await deps.getUser(link.userId), link)) throw new InvalidTokenError();
  return { token };
}
