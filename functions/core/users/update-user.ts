import type { AdminUser, Role } from '../../../shared/domain/types';
import { parseManagedCompanies, type UserUpdateRequest } from '../../../shared/schemas/users';
import * as usersRepo from '../../data/users';
import type { UserChanges, UserRecord } from '../../data/users';
import { env } from '../../platform/env';
import { ForbiddenError, NotFoundError } from '../../platform/errors';
import { cognitoIdentity } from '../../platform/identity';
import { setEmail, setRoleGroup } from '../../platform/users-admin';
import type { IdentityProvider } from '../../platform/identity-provider';
import { assertNewPassword } from '../security/password-check';
import { CompanyDirectory, companyLookup, isProtectedLogin, toAdminUser, type CompanyLookup } from './admin-users';
import { primaryRole } from './company-access';
import { logger } from '../../platform/log';

export interface UpdateUserDeps {
  getUser(id: string): Promise<UserRecord | null>;
  companyLookup: CompanyLookup;
  saveUserEdit: typeof usersRepo.saveUserEdit;
  setEmail(username: string, login: string): Promise<void>;
  setRoleGroup(username: string, role: Role): Promise<void>;
  identity: Pick<IdentityProvider, 'setPermanentPassword' | 'signOutEverywhere' | 'signIn' | 'revokeRefreshToken'>;
  markPasswordChanged(user: UserRecord): Promise<void>;
  markSignedOut(userId: string, atSeconds: number): Promise<void>;
  protectedLogin(): string | undefined;
  now(): number;
}

const defaults: UpdateUserDeps = {
  getUser: usersRepo.getUser,
  companyLookup,
  saveUserEdit: usersRepo.saveUserEdit,
  setEmail,
  setRoleGroup,
  identity: cognitoIdentity,
  markPasswordChanged: usersRepo.markPasswordChanged,
  markSignedOut: usersRepo.markSignedOut,
  protectedLogin: () => env.protectedAdminLogin,
  now: () => Date.now(),
};

type Fields = Partial<Record<UserUpdateRequest['data'][number]['field'], unknown>>;

/**
 * PUT /api/users/{id}: the changed fields only (spec `data`), conditional on the version read.
 * The table is written first (version check, login guard moved in the same transaction); then
 * Cognito follows: the e-mail follows the login (a login is editable: admins fix typos), the group
 * follows the role, a new password is set permanent and ends the user's sessions (as a reset does).
 * When Cognito refuses, the table edit is reverted so both keep agreeing.
 */
export async function updateAdminUser(
  id: string,
  input: UserUpdateRequest,
  caller: { id: string },
  deps: UpdateUserDeps = defaults,
): Promise<AdminUser> {
  const user = await deps.getUser(id);
  if (!user || user.deletedAt) throw new NotFoundError('No such user');
  const fields: Fields = Object.fromEntries(input.data.map((item) => [item.field, item.value]));
  const currentRole = primaryRole(user);
  const role = Array.isArray(fields.roles) ? (fields.roles[0] as Role) : currentRole;
  const protectedLogin = deps.protectedLogin();

  if (role !== currentRole && (user.id === caller.id || isProtectedLogin(user.login, protectedLogin))) {
    // Nobody locks themselves (or the stage's first admin) out of the admin screens by accident.
    throw new ForbiddenError('This account keeps its administrator role');
  }
  if (typeof fields.login === 'string' && isProtectedLogin(user.login, protectedLogin) && fields.login.trim().toLowerCase() !== user.login) {
    throw new ForbiddenError('The login of the protected administrator cannot change');
  }
  if (fields.password !== undefined && isProtectedLogin(user.login, protectedLogin) && user.id !== caller.id) {
    // Setting the stage's first admin's password would be taking the account over (it ends its sessions).
    throw new ForbiddenError('Only the protected administrator changes their own password');
  }

  const managedNames = fields.managedCompanies !== undefined ? (parseManagedCompanies(fields.managedCompanies) ?? []) : [];
  const directory = await CompanyDirectory.of(
    deps.companyLookup,
    [...(typeof fields.company === 'string' ? [fields.company] : []), ...managedNames],
    [user.companyId, ...user.managedCompanyIds],
  );
  const changes: UserChanges = {};
  if (typeof fields.login === 'string') changes.login = fields.login.trim().toLowerCase();
  if (typeof fields.firstName === 'string') changes.firstName = fields.firstName.trim();
  if (typeof fields.lastName === 'string') changes.lastName = fields.lastName.trim();
  if (role !== currentRole || fields.roles !== undefined) changes.roles = [role];
  if (fields.company !== undefined || fields.managedCompanies !== undefined || fields.roles !== undefined) {
    const main = typeof fields.company === 'string' ? directory.main(fields.company) : directory.byId.get(user.companyId);
    if (!main) throw new NotFoundError('The user’s company no longer exists: choose another one');
    changes.companyId = main.id;
    // A manager's list of exactly the main company means 'none chosen' (see CompanyDirectory.managedIds).
    const chosenBefore = user.managedCompanyIds.length === 1 && user.managedCompanyIds[0] === user.companyId ? [] : user.managedCompanyIds;
    const names =
      fields.managedCompanies !== undefined
        ? managedNames
        : chosenBefore.map((companyId) => directory.byId.get(companyId)?.name ?? '').filter(Boolean);
    changes.managedCompanyIds = directory.managedIds(role, names, main);
  }
  const password = typeof fields.password === 'string' ? fields.password : null;
  // Before anything is written: a refusal changes nothing.
  if (password !== null) await assertNewPassword(deps.identity, user.cognitoUsername, password);

  const saved = await deps.saveUserEdit(user, input.version, changes);
  try {
    if (saved.login !== user.login) await deps.setEmail(user.cognitoUsername, saved.login);
    if (primaryRole(saved) !== currentRole) await deps.setRoleGroup(user.cognitoUsername, primaryRole(saved));
    if (password !== null) await deps.identity.setPermanentPassword(user.cognitoUsername, password);
  } catch (error) {
    await revert(user, saved, deps);
    throw error;
  }
  if (password !== null) {
    // As a completed reset does (core/security/password-reset.ts): old reset links and sessions die.
    await deps.markPasswordChanged(user);
    await deps.markSignedOut(user.id, Math.floor(deps.now() / 1000));
    await deps.identity.signOutEverywhere(user.cognitoUsername);
  }
  return toAdminUser(saved, directory.byId, protectedLogin);
}

/** Puts the table back as it was (best effort: a concurrent edit in between wins, and is logged). */
async function revert(before: UserRecord, saved: UserRecord, deps: UpdateUserDeps): Promise<void> {
  try {
    if (saved.login !== before.login) await deps.setEmail(before.cognitoUsername, before.login).catch(() => undefined);
    const { login, firstName, lastName, roles, companyId, managedCompanyIds } = before;
    await deps.saveUserEdit(saved, saved.version, { login, firstName, lastName, roles, companyId, managedCompanyIds });
  } catch (error) {
    logger().error('Could not revert a user edit after a Cognito failure', { userId: before.id, error: (error as Error).name });
  }
}
