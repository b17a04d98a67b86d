import { findResetToken, isResetTokenShape } from '../../data/password-reset-tokens';
import { InvalidTokenError } from '../../platform/errors';

/** Password reset: the reset page checks its link before showing the form (no Cognito, no mail). */

export interface ResetCheckDeps {
  findResetToken(token: string, nowSeconds: number): Promise<{ userId: string } | null>;
  now(): number;
}

const defaults: ResetCheckDeps = { findResetToken, now: () => Date.now() };

export async function checkPasswordResetToken(token: string, deps: ResetCheckDeps = defaults): Promise<{ token: string }> {
  if (!isResetTokenShape(token) || !(await deps.findResetToken(token, Math.floor(deps.now() / 1000)))) throw new InvalidTokenError();
  return { token };
}
