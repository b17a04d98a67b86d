import { primaryRole } from '../../../shared/domain/roles';
import * as resetTokens from '../../data/password-reset-tokens';
import * as usersRepo from '../../data/users';
import type { UserRecord } from '../../data/users';
import { runAs } from '../../platform/actor';
import { InvalidTokenError } from '../../platform/errors';
import { cognitoIdentity } from '../../platform/identity';
import type { IdentityProvider } from '../../platform/identity-provider';
import { notifyMfaChange, type MfaChange } from './mfa-mail';
import { turnOff } from './mfa';
import { assertNewPassword } from './password-check';
import { isLinkLive } from './reset-link-rules';

/** Password reset, step 2: the link is used once to set a new password. */

export interface PasswordResetDeps {
  identity: Pick<IdentityProvider, 'setPermanentPassword' | 'signOutEverywhere' | 'signIn' | 'revokeRefreshToken' | 'removeTotp'>;
  getUser(id: string): Promise<UserRecord | null>;
  setMfaEnrolled(user: UserRecord, enrolled: boolean): Promise<void>;
  notify(user: UserRecord, change: MfaChange): Promise<void>;
  markSignedOut(userId: string, atSeconds: number): Promise<void>;
  markPasswordChanged(user: UserRecord): Promise<void>;
  findResetToken(token: string, nowSeconds: number): Promise<resetTokens.ResetLink | null>;
  consumeResetToken(token: string, nowSeconds: number): Promise<string | null>;
  now(): number;
}

const defaults: PasswordResetDeps = {
  identity: cognitoIdentity,
  getUser: usersRepo.getUser,
  setMfaEnrolled: usersRepo.setMfaEnrolled,
  notify: (user, change) => notifyMfaChange(user, change),
  markSignedOut: usersRepo.markSignedOut,
  markPasswordChanged: usersRepo.markPasswordChanged,
  findResetToken: resetTokens.findResetToken,
  consumeResetToken: resetTokens.consumeResetToken,
  now: () => Date.now(),
};

const seconds = (deps: Pick<PasswordResetDeps, 'now'>) => Math.floor(deps.now() / 1000);

/**
 * Consumes the token, then sets the new password, then ends every existing session.
 * Consuming first makes the link single use even under concurrent requests: only the request
 * that consumed it sets a password. The shared schema has already checked the password rules,
 * so a refusal by the pool is unexpected; the user then asks for a new link.
 * Sessions end last so nothing signed in with the old password survives the change.
 * The new password must differ from the current one (checked before the link is used, so the user
 * may try another). `removeMfa` (the owner's explicit choice on the page) turns the authenticator
 * app off too: the link proves the mailbox, and the owner is told by e-mail.
 */
export async function completePasswordReset(
  token: string,
  password: string,
  options: { removeMfa?: boolean } = {},
  deps: PasswordResetDeps = defaults,
): Promise<{ status: 'changed' }> {
  if (!resetTokens.isResetTokenShape(token)) throw new InvalidTokenError();
  const found = await deps.findResetToken(token, seconds(deps));
  if (!found) throw new InvalidTokenError();
  const user = await deps.getUser(found.userId);
  // A link issued before the last password change is dead, even if unused.
  if (!isLinkLive(user, found)) throw new InvalidTokenError();
  await assertNewPassword(deps.identity, user.cognitoUsername, password);
  // Another request may have used the link meanwhile: only one of them gets past this line.
  if (!(await deps.consumeResetToken(token, seconds(deps)))) throw new InvalidTokenError();
  await deps.identity.setPermanentPassword(user.cognitoUsername, password);
  // The link proves the mailbox: the audit history has these changes as the account owner's.
  await runAs({ userId: user.id, login: user.login, role: primaryRole(user) }, async () => {
    if (options.removeMfa) await turnOff(user, deps);
    // Every other outstanding link of this user dies with this change.
    await deps.markPasswordChanged(user);
  });
  await deps.markSignedOut(user.id, seconds(deps));
  await deps.identity.signOutEverywhere(user.cognitoUsername);
  return { status: 'changed' };
}
