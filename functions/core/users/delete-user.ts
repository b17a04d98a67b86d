import * as usersRepo from '../../data/users';
import type { UserRecord } from '../../data/users';
import { env } from '../../platform/env';
import { ForbiddenError, NotFoundError } from '../../platform/errors';
import { cognitoIdentity } from '../../platform/identity';
import { deleteIdentity } from '../../platform/users-admin';
import type { IdentityProvider } from '../../platform/identity-provider';
import { isProtectedLogin } from './admin-users';

export interface DeleteUserDeps {
  getUser(id: string): Promise<UserRecord | null>;
  deleteUser: typeof usersRepo.deleteUser;
  deleteIdentity(username: string): Promise<void>;
  identity: Pick<IdentityProvider, 'signOutEverywhere'>;
  protectedLogin(): string | undefined;
}

const defaults: DeleteUserDeps = {
  getUser: usersRepo.getUser,
  deleteUser: usersRepo.deleteUser,
  deleteIdentity,
  identity: cognitoIdentity,
  protectedLogin: () => env.protectedAdminLogin,
};

/**
 * DELETE /api/users/{id}: the record and its login guard go in one conditional transaction (the
 * version the list showed), so the auth middleware refuses the user's tokens at the next request;
 * then the Cognito identity goes too. Never the protected administrator, never oneself.
 */
export async function deleteAdminUser(id: string, version: number, caller: { id: string }, deps: DeleteUserDeps = defaults): Promise<{ id: string }> {
  const user = await deps.getUser(id);
  if (!user) throw new NotFoundError('No such user');
  if (isProtectedLogin(user.login, deps.protectedLogin())) throw new ForbiddenError('This administrator account cannot be deleted');
  if (user.id === caller.id) throw new ForbiddenError('You cannot delete your own account');
  await deps.deleteUser(user, version);
  await deps.identity.signOutEverywhere(user.cognitoUsername);
  await deps.deleteIdentity(user.cognitoUsername);
  return { id: user.id };
}
