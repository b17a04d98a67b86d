import { InvalidCredentialsError, ValidationError } from '../../platform/errors';
import type { IdentityProvider } from '../../platform/identity-provider';
import { assertMayTrySignIn, countSignInFailure, type ThrottleStore } from './throttle';

/**
 * What the portal can learn about a user's password: only Cognito knows it, so the portal asks
 * by signing in with it. Used for two rules: a security change (an authenticator added or
 * removed) asks for the current password in the same request, and a new password must differ
 * from the current one (a first sign-in must not keep the e-mailed temporary password).
 */

export type PasswordProbe = Pick<IdentityProvider, 'signIn' | 'revokeRefreshToken'>;

/**
 * True when `password` is the account's password now: Cognito signs in with it (tokens, or the
 * code / new-password step that only a right password reaches). The tokens of such a probe are
 * nobody's session: the refresh token is revoked, the access token is never handed out.
 */
async function isCurrentPassword(identity: PasswordProbe, username: string, password: string): Promise<boolean> {
  try {
    const outcome = await identity.signIn(username, password);
    if (outcome.kind === 'tokens' && outcome.tokens.refreshToken) await identity.revokeRefreshToken(outcome.tokens.refreshToken);
    return true;
  } catch (error) {
    if (error instanceof InvalidCredentialsError) return false;
    throw error;
  }
}

/**
 * The one "new password differs from the current one" rule of every server path that sets a
 * password (first sign-in, reset by e-mail, an administrator's edit): checked before anything is
 * changed, so a refusal leaves the challenge, the link and the account as they were.
 */
export async function assertNewPassword(
  identity: PasswordProbe,
  username: string,
  password: string,
  message: 'validation.passwordUnchanged' | 'validation.passwordSameAsTemporary' = 'validation.passwordUnchanged',
): Promise<void> {
  if (await isCurrentPassword(identity, username, password)) throw new ValidationError({ password: message });
}

export interface ReauthDeps {
  identity: PasswordProbe;
  throttle: ThrottleStore;
  now(): number;
}

/**
 * Re-authentication before a security change: the current password, counted like a sign-in
 * (a wrong one is a failure of the login and client's backoff; while backing off it is not even tried), so
 * a stolen session cannot guess it faster than the sign-in page could.
 */
export async function reauthenticate(user: { login: string; cognitoUsername: string }, password: string, client: string, deps: ReauthDeps): Promise<void> {
  const attempt = { login: user.login, client };
  await assertMayTrySignIn(deps.throttle, attempt, deps.now());
  if (await isCurrentPassword(deps.identity, user.cognitoUsername, password)) return;
  await countSignInFailure(deps.throttle, attempt, deps.now());
  throw new ValidationError({ password: 'validation.currentPasswordWrong' });
}
