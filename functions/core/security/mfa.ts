import type { MfaEnrolment } from '../../../shared/domain/types';
import * as usersRepo from '../../data/users';
import type { UserRecord } from '../../data/users';
import { InvalidMfaCodeError, UnauthenticatedError } from '../../platform/errors';
import { cognitoIdentity } from '../../platform/identity';
import type { IdentityProvider } from './identity';
import { assertMayTrySignIn, countSignInFailure, tableThrottleStore, type ThrottleStore } from './throttle';

/**
 * Enrolment of an authenticator app (TOTP) by a signed-in user: required of administrators where
 * the stage says so (ADMIN_MFA), offered to everyone. Cognito keeps the secret and checks the
 * codes; the portal only records that the user has one (the auth middleware reads it).
 */

export interface MfaDeps {
  identity: Pick<IdentityProvider, 'startTotpEnrolment' | 'verifyTotpEnrolment'>;
  setMfaEnrolled(userId: string, enrolled: boolean): Promise<void>;
  throttle: ThrottleStore;
  now(): number;
}

const defaults: MfaDeps = {
  identity: cognitoIdentity,
  setMfaEnrolled: usersRepo.setMfaEnrolled,
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

export async function startMfaEnrolment(user: UserRecord, accessToken: string | undefined, deps: MfaDeps = defaults): Promise<MfaEnrolment> {
  if (!accessToken) throw new UnauthenticatedError();
  const secret = await deps.identity.startTotpEnrolment(accessToken);
  return { secret, uri: otpauthUri(user.login, secret) };
}

/** The first code turns the app on; wrong codes count and back off like wrong passwords (`client`: the caller's address). */
export async function verifyMfaEnrolment(
  user: UserRecord,
  accessToken: string | undefined,
  code: string,
  client: string,
  deps: MfaDeps = defaults,
): Promise<{ status: 'enrolled' }> {
  if (!accessToken) throw new UnauthenticatedError();
  const attempt = { login: user.login, client };
  await assertMayTrySignIn(deps.throttle, attempt, deps.now());
  try {
    await deps.identity.verifyTotpEnrolment(accessToken, code);
  } catch (error) {
    if (error instanceof InvalidMfaCodeError) await countSignInFailure(deps.throttle, attempt, deps.now());
    throw error;
  }
  await deps.setMfaEnrolled(user.id, true);
  return { status: 'enrolled' };
}
