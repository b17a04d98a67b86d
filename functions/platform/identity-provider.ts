/**
 * What the security use cases need from the identity provider (Cognito). The implementation is
 * functions/platform/identity.ts beside it (platform is the bottom layer, so the port lives here
 * too); the use cases take it as a parameter and unit tests pass a fake.
 */

export interface Tokens {
  accessToken: string;
  /** Only sign-in answers carry one; a refresh keeps the existing refresh token. */
  refreshToken?: string;
  /** Seconds the access token lives. */
  expiresIn: number;
  /** `iat` of the access token (epoch seconds): compared with the user's signedOutAt. */
  issuedAt: number;
  /** `sub` of the access token: the user id. */
  subject: string;
}

export type SignInOutcome =
  | { kind: 'tokens'; tokens: Tokens }
  | { kind: 'new-password-required'; session: string }
  /** The account has an authenticator app (TOTP): its code is the second step. */
  | { kind: 'mfa-required'; session: string };

export interface IdentityProvider {
  /** Throws InvalidCredentialsError for an unknown user and a wrong password alike. */
  signIn(username: string, password: string): Promise<SignInOutcome>;
  /** Answers the NEW_PASSWORD_REQUIRED challenge; UnauthenticatedError when the session expired. */
  completeNewPassword(username: string, session: string, newPassword: string): Promise<SignInOutcome>;
  /**
   * Answers the SOFTWARE_TOKEN_MFA challenge. A wrong code is InvalidMfaCodeError; an expired
   * session UnauthenticatedError.
   */
  answerMfa(username: string, session: string, code: string): Promise<SignInOutcome>;
  /** A new TOTP secret for the signed-in user (not active until verified). */
  startTotpEnrolment(accessToken: string): Promise<string>;
  /** Checks the first code of the new secret and makes TOTP the user's sign-in step; InvalidMfaCodeError when wrong. */
  verifyTotpEnrolment(accessToken: string, code: string): Promise<void>;
  /** Turns the user's authenticator app off (an administrator's reset, a removal, a reset by e-mail). */
  removeTotp(username: string): Promise<void>;
  /** UnauthenticatedError when the refresh token is revoked, expired or unknown. */
  refresh(refreshToken: string, username: string): Promise<Tokens>;
  /** Best effort: never throws. */
  revokeRefreshToken(refreshToken: string): Promise<void>;
  setPermanentPassword(username: string, password: string): Promise<void>;
  /** Best effort revocation of every refresh token (AWS only: cognito-local lacks it). */
  signOutEverywhere(username: string): Promise<void>;
}
