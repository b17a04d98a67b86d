/**
 * What the security use cases need from the identity provider (Cognito). The implementation is
 * functions/platform/identity.ts; unit tests pass a fake.
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
  | { kind: 'new-password-required'; session: string };

export interface IdentityProvider {
  /** Throws InvalidCredentialsError for an unknown user and a wrong password alike. */
  signIn(username: string, password: string): Promise<SignInOutcome>;
  /** Answers the NEW_PASSWORD_REQUIRED challenge; UnauthenticatedError when the session expired. */
  completeNewPassword(username: string, session: string, newPassword: string): Promise<SignInOutcome>;
  /** UnauthenticatedError when the refresh token is revoked, expired or unknown. */
  refresh(refreshToken: string, username: string): Promise<Tokens>;
  /** Best effort: never throws. */
  revokeRefreshToken(refreshToken: string): Promise<void>;
  setPermanentPassword(username: string, password: string): Promise<void>;
  /** Best effort revocation of every refresh token (AWS only: cognito-local lacks it). */
  signOutEverywhere(username: string): Promise<void>;
}
