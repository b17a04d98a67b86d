import { isAdmin, primaryRole } from '../../../shared/domain/roles';
import type { Role } from '../../../shared/domain/types';

/**
 * THE company-access rules, pure so they are unit-tested and shared by the auth middleware
 * (pipeline/auth.ts, which applies them to every request) and the use cases that list or switch
 * companies. Customers: their main company only. Managers: their main company and their managed
 * list. Admins: any company.
 */

export interface AccessSubject {
  roles: Role[];
  companyId: string;
  managedCompanyIds: string[];
  currentCompanyId: string | null;
}

export { isAdmin, primaryRole };

/** The company ids a user may work on, or 'any' for admins. */
export function allowedCompanyIds(user: AccessSubject): ReadonlySet<string> | 'any' {
  switch (primaryRole(user)) {
    case 'ROLE_ADMIN':
      return 'any';
    case 'ROLE_MANAGER':
      return new Set([user.companyId, ...user.managedCompanyIds]);
    default:
      return new Set([user.companyId]);
  }
}

export function mayUseCompany(user: AccessSubject, companyId: string): boolean {
  const allowed = allowedCompanyIds(user);
  return allowed === 'any' || allowed.has(companyId);
}

/**
 * The company a request works on: the stored current company while it is still allowed,
 * otherwise the main company (e.g. a manager whose managed list shrank, or a customer whose
 * stored choice predates a role change).
 */
export function effectiveCompanyId(user: AccessSubject): string {
  const current = user.currentCompanyId;
  return current && mayUseCompany(user, current) ? current : user.companyId;
}
