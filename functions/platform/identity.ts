import {
  AdminSetUserMFAPreferenceCommand,
  AdminSetUserPasswordCommand,
  AdminUserGlobalSignOutCommand,
  AssociateSoftwareTokenCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
  type AuthenticationResultType,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  RevokeTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { IdentityProvider, SignInOutcome, Tokens } from './identity-provider';
import { cognitoClient } from './clients/cognito';
import { env } from './env';
import { InvalidCredentialsError, InvalidMfaCodeError, SignInStepUnsupportedError, UnauthenticatedError, ValidationError } from './errors';
import { logger } from './log';

/**
 * Cognito behind the IdentityProvider port. Sign-in failures are folded into one answer so
 * nobody can tell an unknown login from a wrong password. cognito-local answers a wrong
 * password with InvalidPasswordException where AWS answers NotAuthorizedException; AWS answers
 * an unknown user with NotAuthorizedException too (PreventUserExistenceErrors) but a pool
 * without it says UserNotFoundException.
 */
const SIGN_IN_FAILURES = new Set([
  'NotAuthorizedException',
  'InvalidPasswordException',
  'UserNotFoundException',
  'UserNotConfirmedException',
  'PasswordResetRequiredException',
]);

const errorName = (error: unknown): string => (error as { name?: string } | null)?.name ?? '';

/** Reads claims of a token Cognito just gave us (already trusted: it came over TLS from Cognito). */
function claims(token: string): { iat: number; sub: string } {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
  if (typeof payload.iat !== 'number' || typeof payload.sub !== 'string') throw new Error('Unexpected access token from Cognito');
  return { iat: payload.iat, sub: payload.sub };
}

function toTokens(result: AuthenticationResultType | undefined): Tokens {
  if (!result?.AccessToken) throw new Error('Cognito answered without an access token');
  const { iat, sub } = claims(result.AccessToken);
  return {
    accessToken: result.AccessToken,
    ...(result.RefreshToken ? { refreshToken: result.RefreshToken } : {}),
    expiresIn: result.ExpiresIn ?? 3600,
    issuedAt: iat,
    subject: sub,
  };
}

function outcome(answer: { ChallengeName?: string; Session?: string; AuthenticationResult?: AuthenticationResultType }): SignInOutcome {
  if (answer.ChallengeName === 'NEW_PASSWORD_REQUIRED' && answer.Session) {
    return { kind: 'new-password-required', session: answer.Session };
  }
  if (answer.ChallengeName === 'SOFTWARE_TOKEN_MFA' && answer.Session) return { kind: 'mfa-required', session: answer.Session };
  // Another step the portal's sign-in does not ask for (SMS codes, a choice of factors): the pool
  // offers neither, so this is a misconfiguration; the password was right, but no session is given.
  if (answer.ChallengeName) throw new SignInStepUnsupportedError(answer.ChallengeName);
  return { kind: 'tokens', tokens: toTokens(answer.AuthenticationResult) };
}

export const cognitoIdentity: IdentityProvider = {
  async signIn(username, password) {
    try {
      const answer = await cognitoClient().send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: env.userPoolClientId,
          AuthParameters: { USERNAME: username, PASSWORD: password },
        }),
      );
      return outcome(answer);
    } catch (error) {
      if (SIGN_IN_FAILURES.has(errorName(error))) throw new InvalidCredentialsError();
      throw error;
    }
  },

  async completeNewPassword(username, session, newPassword) {
    try {
      const answer = await cognitoClient().send(
        new RespondToAuthChallengeCommand({
          ClientId: env.userPoolClientId,
          ChallengeName: 'NEW_PASSWORD_REQUIRED',
          Session: session,
          ChallengeResponses: { USERNAME: username, NEW_PASSWORD: newPassword },
        }),
      );
      return outcome(answer);
    } catch (error) {
      const name = errorName(error);
      // The new password itself is refused by the pool policy: a field error for the form.
      if (name === 'InvalidPasswordException') throw new ValidationError({ password: 'validation.passwordPolicy' });
      if (name === 'NotAuthorizedException' || name === 'CodeMismatchException' || name === 'ExpiredCodeException') {
        throw new UnauthenticatedError('The sign-in session expired: sign in again');
      }
      throw error;
    }
  },

  async answerMfa(username, session, code) {
    try {
      const answer = await cognitoClient().send(
        new RespondToAuthChallengeCommand({
          ClientId: env.userPoolClientId,
          ChallengeName: 'SOFTWARE_TOKEN_MFA',
          Session: session,
          ChallengeResponses: { USERNAME: username, SOFTWARE_TOKEN_MFA_CODE: code },
        }),
      );
      return outcome(answer);
    } catch (error) {
      const name = errorName(error);
      if (name === 'CodeMismatchException' || name === 'EnableSoftwareTokenMFAException') throw new InvalidMfaCodeError();
      if (name === 'NotAuthorizedException' || name === 'ExpiredCodeException') throw new UnauthenticatedError('The sign-in session expired: sign in again');
      throw error;
    }
  },

  async startTotpEnrolment(accessToken) {
    const answer = await cognitoClient().send(new AssociateSoftwareTokenCommand({ AccessToken: accessToken }));
    if (!answer.SecretCode) throw new Error('Cognito answered AssociateSoftwareToken without a secret');
    return answer.SecretCode;
  },

  async verifyTotpEnrolment(accessToken, code) {
    try {
      const answer = await cognitoClient().send(new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: code, FriendlyDeviceName: 'portal' }));
      if (answer.Status && answer.Status !== 'SUCCESS') throw new InvalidMfaCodeError();
    } catch (error) {
      const name = errorName(error);
      if (name === 'CodeMismatchException' || name === 'EnableSoftwareTokenMFAException') throw new InvalidMfaCodeError();
      throw error;
    }
    await cognitoClient().send(
      new SetUserMFAPreferenceCommand({ AccessToken: accessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }),
    );
  },

  async removeTotp(username) {
    await cognitoClient().send(
      new AdminSetUserMFAPreferenceCommand({ UserPoolId: env.userPoolId, Username: username, SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false } }),
    );
  },

  async refresh(refreshToken, username) {
    try {
      const answer = await cognitoClient().send(
        new InitiateAuthCommand({
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          ClientId: env.userPoolClientId,
          AuthParameters: { REFRESH_TOKEN: refreshToken, USERNAME: username },
        }),
      );
      return toTokens(answer.AuthenticationResult);
    } catch (error) {
      if (SIGN_IN_FAILURES.has(errorName(error))) throw new UnauthenticatedError('The session expired: sign in again');
      throw error;
    }
  },

  async revokeRefreshToken(refreshToken) {
    try {
      await cognitoClient().send(new RevokeTokenCommand({ ClientId: env.userPoolClientId, Token: refreshToken }));
    } catch (error) {
      // Already revoked or unknown: the session ends anyway through signedOutAt.
      logger().warn('RevokeToken failed', { error: errorName(error) });
    }
  },

  async setPermanentPassword(username, password) {
    try {
      await cognitoClient().send(
        new AdminSetUserPasswordCommand({ UserPoolId: env.userPoolId, Username: username, Password: password, Permanent: true }),
      );
    } catch (error) {
      if (errorName(error) === 'InvalidPasswordException') throw new ValidationError({ password: 'validation.passwordPolicy' });
      throw error;
    }
  },

  async signOutEverywhere(username) {
    try {
      await cognitoClient().send(new AdminUserGlobalSignOutCommand({ UserPoolId: env.userPoolId, Username: username }));
    } catch (error) {
      // cognito-local has no GlobalSignOut; signedOutAt still ends the sessions.
      logger().warn('AdminUserGlobalSignOut failed', { error: errorName(error) });
    }
  },
};
