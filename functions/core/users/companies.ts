import type { Company, CurrentUser } from '../../../shared/domain/types';
import * as companiesRepo from '../../data/companies';
import type { CompanyRecord } from '../../data/companies';
import * as usersRepo from '../../data/users';
import type { UserRecord } from '../../data/users';
import { env } from '../../platform/env';
import { ForbiddenError, NotFoundError } from '../../platform/errors';
import { mustSetUpMfa } from '../security/mfa-rules';
import { allowedCompanyIds, effectiveCompanyId, mayUseCompany } from './company-access';
import { byName, toCompany, toCurrentUser } from './views';

/** Use cases of the signed-in user and their companies. The caller and company come from auth. */

export interface UserCompanyDeps {
  getCompany(id: string): Promise<CompanyRecord | null>;
  getCompanies(ids: readonly string[]): Promise<CompanyRecord[]>;
  setCurrentCompany(user: UserRecord, companyId: string): Promise<void>;
}

const defaults: UserCompanyDeps = {
  getCompany: companiesRepo.getCompany,
  getCompanies: companiesRepo.getCompanies,
  setCurrentCompany: usersRepo.setCurrentCompany,
};

/**
 * The companies a user's session lists: customers their main one, managers their list;
 * administrators, who may work on any, their main and their current one only (the switcher and the
 * admin search find the others as they type: GET /api/companies?q=), so a session's answers do not
 * grow with the platform.
 */
async function selectableCompanies(user: UserRecord, deps: UserCompanyDeps = defaults): Promise<CompanyRecord[]> {
  const allowed = allowedCompanyIds(user);
  const ids = allowed === 'any' ? [user.companyId, ...(user.currentCompanyId ? [user.currentCompanyId] : [])] : [...allowed];
  return (await deps.getCompanies(ids)).sort(byName);
}

export async function managedCompanies(user: UserRecord, deps: UserCompanyDeps = defaults): Promise<Company[]> {
  return (await selectableCompanies(user, deps)).map(toCompany);
}

export async function currentUser(user: UserRecord, current: CompanyRecord, deps: UserCompanyDeps = defaults): Promise<CurrentUser> {
  const main = current.id === user.companyId ? current : await deps.getCompany(user.companyId);
  // A main company deleted under the user: show the current one rather than failing the shell.
  const view = toCurrentUser(user, main ?? current, current, await selectableCompanies(user, deps));
  return mustSetUpMfa(user, env.adminMfaRequired) ? { ...view, mfaSetupRequired: true } : view;
}

/**
 * The company a request works on (see company-access.ts), loaded. A stored choice whose company
 * was deleted falls back to the main company; null only when that is gone too.
 */
export async function resolveCompany(user: UserRecord, deps: Pick<UserCompanyDeps, 'getCompany'> = defaults): Promise<CompanyRecord | null> {
  const id = effectiveCompanyId(user);
  const company = await deps.getCompany(id);
  if (company || id === user.companyId) return company;
  return deps.getCompany(user.companyId);
}

/** CurrentUser of a user record, with the company resolution every request uses. */
export async function currentUserOf(user: UserRecord, deps: UserCompanyDeps = defaults): Promise<CurrentUser> {
  const company = await resolveCompany(user, deps);
  if (!company) throw new ForbiddenError('Your company no longer exists');
  return currentUser(user, company, deps);
}

export const findCurrentCompany = (current: CompanyRecord): Company => toCompany(current);

/** Switches the stored current company; only to a company the access rules allow. */
export async function changeCurrentCompany(user: UserRecord, companyId: string, deps: UserCompanyDeps = defaults): Promise<Company> {
  if (!mayUseCompany(user, companyId)) throw new ForbiddenError('You cannot work on this company');
  const company = await deps.getCompany(companyId);
  if (!company) throw new NotFoundError('No such company');
  await deps.setCurrentCompany(user, company.id);
  return toCompany(company);
}
