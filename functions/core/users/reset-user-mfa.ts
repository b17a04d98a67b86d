import type { AdminUser } from '../../../shared/domain/types';
import * as usersRepo from '../../data/users';
import type { UserRecord } from '../../data/users';
import { env } from '../../platform/env';
import { ForbiddenError, NotFoundError } from '../../platform/errors';
import { cognitoIdentity } from '../../platform/identity';
import { notifyMfaChange, type MfaChange } from '../security/mfa-mail';
import { turnOff } from '../security/mfa';
import type { IdentityProvider } from '../../platform/identity-provider';
import { CompanyDirectory, companyLookup, isProtectedLogin, toAdminUser, type CompanyLookup } from './admin-users';

export interface ResetUserMfaDeps {
  getUser(id: string): Promise<UserRecord | null>;
  companyLookup: CompanyLookup;
  identity: Pick<IdentityProvider, 'removeTotp'>;
  setMfaEnrolled(user: UserRecord, enrolled: boolean): Promise<void>;
  notify(user: UserRecord, change: MfaChange): Promise<void>;
  protectedLogin(): string | undefined;
}

const defaults: ResetUserMfaDeps = {
  getUser: usersRepo.getUser,
  companyLookup,
  identity: cognitoIdentity,
  setMfaEnrolled: usersRepo.setMfaEnrolled,
  notify: (user, change) => notifyMfaChange(user, change),
  protectedLogin: () => env.protectedAdminLogin,
};

/**
 * POST /api/users/{id}/mfa-reset: the way back for a user who lost their authenticator app. The
 * next sign-in takes the password alone (an administrator where ADMIN_MFA=required is then sent
 * to set up a new app). Never the protected administrator's app (taking the stage's first admin
 * over would need only an admin session), nor the caller's own (the owner removes theirs with
 * password and code); the owner is told by e-mail.
 */
export async function resetUserMfa(id: string, caller: { id: string }, deps: ResetUserMfaDeps = defaults): Promise<AdminUser> {
  const user = await deps.getUser(id);
  if (!user || user.deletedAt) throw new NotFoundError('No such user');
  const protectedLogin = deps.protectedLogin();
  if (isProtectedLogin(user.login, protectedLogin)) throw new ForbiddenError('The protected administrator’s authenticator app cannot be reset');
  if (user.id === caller.id) throw new ForbiddenError('Remove your own authenticator app from its page, with your password and a code');
  await turnOff(user, deps);
  const companies = (await CompanyDirectory.of(deps.companyLookup, [], [user.companyId, ...user.managedCompanyIds])).byId;
  return toAdminUser({ ...user, mfaEnrolled: false }, companies, protectedLogin);
}
