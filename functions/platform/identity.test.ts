import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cognitoClient } from './clients/cognito';
import { InvalidCredentialsError, SignInStepUnsupportedError, UnauthenticatedError, ValidationError } from './errors';
import { cognitoIdentity } from './identity';
import { logger } from './log';

/** How Cognito's answers and errors become the portal's (AWS and cognito-local disagree on some). */

const awsError = (name: string) => Object.assign(new Error(name), { name });
const token = (claims: object) => `h.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.s`;

let send: ReturnType<typeof vi.fn>;
const saved = { ...process.env };

beforeEach(() => {
  process.env.USER_POOL_CLIENT_ID = 'client';
  process.env.USER_POOL_ID = 'pool';
  process.env.AWS_REGION = 'eu-west-1';
  send = vi.fn();
  vi.spyOn(cognitoClient(), 'send').mockImplementation(send as never);
});

afterEach(() => {
  vi.restoreAllMocks();
  process.env = { ...saved };
});

describe('cognitoIdentity.signIn', () => {
  it.each(['NotAuthorizedException', 'InvalidPasswordException', 'UserNotFoundException'])('folds %s into the one sign-in failure', async (name) => {
    send.mockRejectedValue(awsError(name));
    await expect(cognitoIdentity.signIn('u', 'p')).rejects.toBeInstanceOf(InvalidCredentialsError);
  });

  it('lets other failures through (a 500, not a wrong password)', async () => {
    send.mockRejectedValue(awsError('TooManyRequestsException'));
    await expect(cognitoIdentity.signIn('u', 'p')).rejects.toThrow('TooManyRequestsException');
  });

  it('reads the user and issue time from the access token', async () => {
    send.mockResolvedValue({ AuthenticationResult: { AccessToken: token({ sub: 's-1', iat: 1234 }), RefreshToken: 'R', ExpiresIn: 3600 } });
    expect(await cognitoIdentity.signIn('u', 'p')).toEqual({
      kind: 'tokens',
      tokens: { accessToken: expect.any(String), refreshToken: 'R', expiresIn: 3600, issuedAt: 1234, subject: 's-1' },
    });
  });

  it('passes the first-sign-in challenge on', async () => {
    send.mockResolvedValue({ ChallengeName: 'NEW_PASSWORD_REQUIRED', Session: 'S' });
    expect(await cognitoIdentity.signIn('u', 'p')).toEqual({ kind: 'new-password-required', session: 'S' });
  });

  it('passes the authenticator-code step on', async () => {
    send.mockResolvedValue({ ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: 'S' });
    expect(await cognitoIdentity.signIn('u', 'p')).toEqual({ kind: 'mfa-required', session: 'S' });
  });

  it('refuses, with its own code, a sign-in step the pool does not offer (SMS codes)', async () => {
    send.mockResolvedValue({ ChallengeName: 'SMS_MFA', Session: 'S' });
    const error = (await cognitoIdentity.signIn('u', 'p').catch((e: unknown) => e)) as SignInStepUnsupportedError;
    expect(error).toBeInstanceOf(SignInStepUnsupportedError);
    expect(error.toBody()).toMatchObject({ code: 'sign-in-step-unsupported' });
    expect(error.status).toBe(403);
  });
});

describe('cognitoIdentity, other calls', () => {
  it('maps an expired challenge session to 401 and a refused new password to a field error', async () => {
    send.mockRejectedValueOnce(awsError('NotAuthorizedException'));
    await expect(cognitoIdentity.completeNewPassword('u', 'S', 'p')).rejects.toBeInstanceOf(UnauthenticatedError);
    send.mockRejectedValueOnce(awsError('InvalidPasswordException'));
    await expect(cognitoIdentity.completeNewPassword('u', 'S', 'p')).rejects.toBeInstanceOf(ValidationError);
  });

  it('maps a dead refresh token to 401', async () => {
    send.mockRejectedValue(awsError('NotAuthorizedException'));
    await expect(cognitoIdentity.refresh('R', 'u')).rejects.toBeInstanceOf(UnauthenticatedError);
  });

  it('never fails a logout or a reset over token revocation', async () => {
    vi.spyOn(logger(), 'warn').mockImplementation(() => {});
    send.mockRejectedValue(awsError('UnsupportedError'));
    await expect(cognitoIdentity.revokeRefreshToken('R')).resolves.toBeUndefined();
    await expect(cognitoIdentity.signOutEverywhere('u')).resolves.toBeUndefined();
  });
});
