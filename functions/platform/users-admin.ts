import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Role } from '../../shared/domain/types';
import { cognitoClient } from './clients/cognito';
import { env } from './env';

/**
 * Cognito admin calls to create sign-in identities (seed now, the users admin later).
 * The pool signs in with the e-mail (UsernameAttributes: email), so Cognito's own username is
 * the generated `sub`; the portal's user id is that `sub`, which access tokens carry.
 */

export interface CognitoIdentity {
  /** The `sub`: the portal user id. */
  sub: string;
  /** Cognito's username, for Admin* calls and InitiateAuth. */
  username: string;
}

const attribute = (attributes: Array<{ Name?: string; Value?: string }> | undefined, name: string) =>
  attributes?.find((a) => a.Name === name)?.Value;

export async function getIdentity(login: string): Promise<CognitoIdentity | null> {
  try {
    const user = await cognitoClient().send(new AdminGetUserCommand({ UserPoolId: env.userPoolId, Username: login }));
    const sub = attribute(user.UserAttributes, 'sub');
    return sub && user.Username ? { sub, username: user.Username } : null;
  } catch (error) {
    if ((error as { name?: string }).name === 'UserNotFoundException') return null;
    throw error;
  }
}

/**
 * Creates the identity with a temporary password (the first sign-in asks for a new one) and no
 * Cognito message: the portal sends its own welcome e-mail.
 */
export async function createIdentity(login: string, temporaryPassword: string, role: Role): Promise<CognitoIdentity> {
  const created = await cognitoClient().send(
    new AdminCreateUserCommand({
      UserPoolId: env.userPoolId,
      Username: login,
      TemporaryPassword: temporaryPassword,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: login },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
  const sub = attribute(created.User?.Attributes, 'sub');
  const username = created.User?.Username;
  if (!sub || !username) throw new Error(`Cognito created ${login} without a sub`);
  await cognitoClient().send(new AdminAddUserToGroupCommand({ UserPoolId: env.userPoolId, Username: username, GroupName: role }));
  return { sub, username };
}

/** Permanent: signs in at once. Temporary: the next sign-in answers NEW_PASSWORD_REQUIRED. */
export async function setPassword(username: string, password: string, permanent: boolean): Promise<void> {
  await cognitoClient().send(
    new AdminSetUserPasswordCommand({ UserPoolId: env.userPoolId, Username: username, Password: password, Permanent: permanent }),
  );
}
