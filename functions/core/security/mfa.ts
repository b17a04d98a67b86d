import type { MfaEnrolment } from '../../../shared/domain/types';
import * as usersRepo from '../../data/users';
import type { UserRecord } from '../../data/users';
import { InvalidCredentialsError, InvalidMfaCodeError, UnauthenticatedError, ValidationError } from '../../platform/errors';
import { cognitoIdentity } from '../../platform/identity';
import type { IdentityProvider } from '../../platform/identity-provider';
import { notifyMfaChange, type MfaChange } from './mfa-mail';
import { reauthenticate } from './password-check';
import { assertMayTrySignIn, countSignInFailure, tableThrottleStore, type ThrottleStore } from './throttle';

/**
 * Enrolment of an authenticator app (TOTP) by a signed-in user: required of administrators where
 * the stage says so (ADMIN_MFA), offered to everyone. Cognito keeps the secret and checks the
 * codes; the portal only records that the user has one (the auth middleware reads it).
 *
 * A session alone changes nothing here: adding or removing an app asks for the current password
 * in the same request (a stolen session could otherwise lock the owner out with its own app),
 * and the owner gets an e-mail either way (docs/auth.md, "Losing the authenticator app").
 */

export interface MfaDeps {
  identity: Pick<IdentityProvider, 'startTotpEnrolment' | 'verifyTotpEnrolment' | 'signIn' | 'answerMfa' | 'revokeRefreshToken' | 'removeTotp'>;
  setMfaEnrolled(user: UserRecord, enrolled: boolean, at?: string): Promise<void>;
  notify(user: UserRecord, change: MfaChange): Promise<void>;
  throttle: ThrottleStore;
  now(): number;
}

const defaults: MfaDeps = {
  identity: cognitoIdentity,
  setMfaEnrolled: usersRepo.setMfaEnrolled,
  notify: (user, change) => notifyMfaChange(user, change),
  throttle: tableThrottleStore,
  now: () => Date.now(),
};

/** The name authenticator apps list the account under. */
const MFA_ISSUER = 'Onboarding Portal';

/** The key URI format of authenticator apps (what the QR code carries). */
function otpauthUri(login: string, secret: string, issuer = MFA_ISSUER): string {
  const label = encodeURIComponent(`${issuer}:${login}`);
  const query = new URLSearchParams({ secret, issuer, algorithm: 'SHA1', digits: '6', period: '30' });
  return `otpauth://totp/${label}?${query.toString()}`;
}

/** A new secret (Cognito may drop the current one with it): only with the current password (`client`: the caller's address). */
export async function startMfaEnrolment(
  user: UserRecord,
  accessToken: string | undefined,
  password: string,
  client: string,
  deps: MfaDeps = defaults,
): Promise<MfaEnrolment> {
  if (!accessToken) throw new UnauthenticatedError();
  await reauthenticate(user, password, client, deps);
  const secret = await deps.identity.startTotpEnrolment(accessToken);
  return { secret, uri: otpauthUri(user.login, secret) };
}

/** The first code turns the app on (with the current password again); wrong codes back off like wrong passwords. */
export async function verifyMfaEnrolment(
  user: UserRecord,
  accessToken: string | undefined,
  input: { password: string; code: string },
  client: string,
  deps: MfaDeps = defaults,
): Promise<{ status: 'enrolled' }> {
  if (!accessToken) throw new UnauthenticatedError();
  const { code } = input;
  await reauthenticate(user, input.password, client, deps);
  try {
    await deps.identity.verifyTotpEnrolment(accessToken, code);
  } catch (error) {
    if (error instanceof InvalidMfaCodeError) await countSignInFailure(deps.throttle, { login: user.login, client }, deps.now());
    throw error;
  }
  await deps.setMfaEnrolled(user, true, new Date(deps.now()).toISOString());
  await deps.notify(user, 'added');
  return { status: 'enrolled' };
}

/**
 * The owner removes their app: the password and a current code of the app, both checked by
 * Cognito through a sign-in of their own (the password step, then the code step), each wrong
 * answer counted like a wrong sign-in. A lost app is the administrator's reset or a reset by e-mail.
 */
export async function removeOwnMfa(user: UserRecord, input: { password: string; code: string }, client: string, deps: MfaDeps = defaults): Promise<{ status: 'removed' }> {
  const attempt = { login: user.login, client };
  await assertMayTrySignIn(deps.throttle, attempt, deps.now());
  const fail = async (error: Error) => {
    await countSignInFailure(deps.throttle, attempt, deps.now());
    return error;
  };
  let outcome;
  try {
    outcome = await deps.identity.signIn(user.cognitoUsername, input.password);
  } catch (error) {
    if (error instanceof InvalidCredentialsError) throw await fail(new ValidationError({ password: 'validation.currentPasswordWrong' }));
    throw error;
  }
  if (outcome.kind === 'tokens') {
    // No app on (Cognito asked for no code): nothing to remove; the record follows Cognito.
    if (outcome.tokens.refreshToken) await deps.identity.revokeRefreshToken(outcome.tokens.refreshToken);
    if (user.mfaEnrolled) await deps.setMfaEnrolled(user, false);
    return { status: 'removed' };
  }
  if (outcome.kind !== 'mfa-required') throw new UnauthenticatedError('Sign in again');
  let answered;
  try {
    answered = await deps.identity.answerMfa(user.cognitoUsername, outcome.session, input.code);
  } catch (error) {
    if (error instanceof InvalidMfaCodeError) throw await fail(error);
    throw error;
  }
  if (answered.kind === 'tokens' && answered.tokens.refreshToken) await deps.identity.revokeRefreshToken(answered.tokens.refreshToken);
  await turnOff(user, deps);
  return { status: 'removed' };
}

/** Cognito first (it is what asks for the code), then the record, then the owner's mail. */
export async function turnOff(
  user: UserRecord,
  deps: { identity: Pick<IdentityProvider, 'removeTotp'> } & Pick<MfaDeps, 'setMfaEnrolled' | 'notify'>,
): Promise<void> {
  await deps.identity.removeTotp(user.cognitoUsername);
  await deps.setMfaEnrolled(user, false);
  await deps.notify(user, 'removed');
}
