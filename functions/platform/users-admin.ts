import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { ROLES, type Role } from '../../shared/domain/types';
import { cognitoClient } from './clients/cognito';
import { env } from './env';
import { ConflictError, ValidationError } from './errors';

const errorName = (error: unknown): string => (error as { name?: string } | null)?.name ?? '';
const DUPLICATE_LOGIN = new Set(['UsernameExistsException', 'AliasExistsException']);

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
  let created;
  try {
    created = await cognitoClient().send(
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
  } catch (error) {
    if (DUPLICATE_LOGIN.has(errorName(error))) throw new ConflictError(`The login ${login} is already taken`);
    if (errorName(error) === 'InvalidPasswordException') throw new ValidationError({ password: 'validation.passwordPolicy' });
    throw error;
  }
  const sub = attribute(created.User?.Attributes, 'sub');
  const username = created.User?.Username;
  if (!sub || !username) throw new Error(`Cognito created ${login} without a sub`);
  try {
    await cognitoClient().send(new AdminAddUserToGroupCommand({ UserPoolId: env.userPoolId, Username: username, GroupName: role }));
  } catch (error) {
    // Half an identity (no group) must not stay behind.
    await deleteIdentity(username);
    throw error;
  }
  return { sub, username };
}

/** Removes the sign-in identity; one already gone is fine (a retried delete). */
export async function deleteIdentity(username: string): Promise<void> {
  try {
    await cognitoClient().send(new AdminDeleteUserCommand({ UserPoolId: env.userPoolId, Username: username }));
  } catch (error) {
    if (errorName(error) !== 'UserNotFoundException') throw error;
  }
}

/** The sign-in e-mail follows the portal login (the pool signs in with the e-mail). */
export async function setEmail(username: string, login: string): Promise<void> {
  try {
    await cognitoClient().send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: env.userPoolId,
        Username: username,
        UserAttributes: [
          { Name: 'email', Value: login },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
  } catch (error) {
    if (DUPLICATE_LOGIN.has(errorName(error))) throw new ConflictError(`The login ${login} is already taken`);
    throw error;
  }
}

/** The user's role groups, then exactly `role`: removes the others, adds it if missing. */
export async function setRoleGroup(username: string, role: Role): Promise<void> {
  const listed = await cognitoClient().send(new AdminListGroupsForUserCommand({ UserPoolId: env.userPoolId, Username: username }));
  const current = (listed.Groups ?? []).map((group) => group.GroupName ?? '').filter((name): name is Role => (ROLES as readonly string[]).includes(name));
  for (const old of current.filter((name) => name !== role)) {
    await cognitoClient().send(new AdminRemoveUserFromGroupCommand({ UserPoolId: env.userPoolId, Username: username, GroupName: old }));
  }
  if (!current.includes(role)) {
    await cognitoClient().send(new AdminAddUserToGroupCommand({ UserPoolId: env.userPoolId, Username: username, GroupName: role }));
  }
}

/** Permanent: signs in at once. Temporary: the next sign-in answers NEW_PASSWORD_REQUIRED. */
export async function setPassword(username: string, password: string, permanent: boolean): Promise<void> {
  await cognitoClient().send(
    new AdminSetUserPasswordCommand({ UserPoolId: env.userPoolId, Username: username, Password: password, Permanent: permanent }),
  );
}
