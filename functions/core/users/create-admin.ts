import { randomInt } from 'node:crypto';
import { passwordMinLength } from '../../../shared/schemas/password-policy';
import { createCompany, findCompanyByName, type CompanyRecord } from '../../data/companies';
import { createUser, findUserByLogin, type UserRecord } from '../../data/users';
import { ConflictError } from '../../platform/errors';
import { createIdentity, getIdentity, type CognitoIdentity } from '../../platform/users-admin';

/**
 * The first administrator of a new stage (docs/deploy.md): the platform team's company (the
 * default company, created if missing) and an administrator with a temporary password, who
 * chooses their own at the first sign-in. Everything else is done in the portal afterwards.
 */
export interface FirstAdmin {
  login: string;
  firstName: string;
  lastName: string;
  companyName: string;
}

export interface CreateAdminDeps {
  findCompanyByName(name: string): Promise<CompanyRecord | null>;
  createCompany: typeof createCompany;
  findUserByLogin(login: string): Promise<UserRecord | null>;
  getIdentity(login: string): Promise<CognitoIdentity | null>;
  createIdentity(login: string, temporaryPassword: string, role: 'ROLE_ADMIN'): Promise<CognitoIdentity>;
  createUser: typeof createUser;
  newPassword(): string;
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
/** 16 letters and digits (no look-alikes), or the stage's minimum when that is longer: shown once, changed at the first sign-in. */
const temporaryPassword = (): string => Array.from({ length: Math.max(16, passwordMinLength()) }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

const defaults: CreateAdminDeps = { findCompanyByName, createCompany, findUserByLogin, getIdentity, createIdentity, createUser, newPassword: temporaryPassword };

export async function createFirstAdmin(input: FirstAdmin, deps: CreateAdminDeps = defaults) {
  const login = input.login.trim().toLowerCase();
  if (await deps.findUserByLogin(login)) throw new ConflictError(`${login} is already a user of this stage`);
  const company =
    (await deps.findCompanyByName(input.companyName)) ?? (await deps.createCompany({ name: input.companyName, product: '360', country: 'FR', isDefault: true }));
  const password = deps.newPassword();
  // An identity left over by an interrupted run is reused (its password is then unchanged).
  const existing = await deps.getIdentity(login);
  const identity = existing ?? (await deps.createIdentity(login, password, 'ROLE_ADMIN'));
  const user = await deps.createUser({
    id: identity.sub,
    login,
    cognitoUsername: identity.username,
    firstName: input.firstName,
    lastName: input.lastName,
    roles: ['ROLE_ADMIN'],
    companyId: company.id,
    managedCompanyIds: [company.id],
  });
  return { user, company, temporaryPassword: existing ? null : password };
}
