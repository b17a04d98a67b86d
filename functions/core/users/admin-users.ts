import type { AdminUser, Role } from '../../../shared/domain/types';
import { findCompaniesByNames, getCompanies, type CompanyRecord } from '../../data/companies';
import type { UserRecord } from '../../data/users';
import { ValidationError } from '../../platform/errors';
import { primaryRole } from './company-access';

/**
 * Shared rules of the users admin use cases: companies travel by name (the spec's User entity),
 * ids are stored; the protected administrator; the managed-companies rule.
 */

/** True for the configured protected administrator (compared lower-cased; none configured: nobody). */
export const isProtectedLogin = (login: string, protectedLogin: string | undefined): boolean =>
  !!protectedLogin && login.trim().toLowerCase() === protectedLogin.trim().toLowerCase();

export function toAdminUser(user: UserRecord, companies: ReadonlyMap<string, CompanyRecord>, protectedLogin: string | undefined): AdminUser {
  const role = primaryRole(user);
  const name = (id: string) => companies.get(id)?.name ?? '';
  const main = name(user.companyId);
  const managed = role === 'ROLE_MANAGER' ? user.managedCompanyIds.map(name).filter(Boolean) : [];
  return {
    id: user.id,
    login: user.login,
    firstName: user.firstName,
    lastName: user.lastName,
    role,
    roles: user.roles.length ? user.roles : [role],
    company: main,
    companyId: user.companyId,
    managedCompanies: managed.length ? managed : main ? [main] : [],
    created: user.created,
    lastSignIn: user.lastSignInAt ?? null,
    protected: isProtectedLogin(user.login, protectedLogin),
    version: user.version,
    // Only when on: the edit page offers the administrator's reset.
    ...(user.mfaEnrolled ? { mfaEnrolled: true } : {}),
  };
}

/** How the user writes read companies: only those they name or point at, never every company. */
export interface CompanyLookup {
  findCompaniesByNames(names: readonly string[]): Promise<CompanyRecord[]>;
  getCompanies(ids: readonly string[]): Promise<CompanyRecord[]>;
}

export const companyLookup: CompanyLookup = { findCompaniesByNames, getCompanies };

/** Company names -> records, case-insensitively (names are unique that way). */
export class CompanyDirectory {
  /** The directory of just these companies: `names` as the request typed them, `ids` as a record stores them. */
  static async of(lookup: CompanyLookup, names: readonly string[], ids: readonly string[]): Promise<CompanyDirectory> {
    const [named, stored] = await Promise.all([
      names.length ? lookup.findCompaniesByNames(names) : [],
      ids.length ? lookup.getCompanies(ids) : [],
    ]);
    return new CompanyDirectory([...named, ...stored]);
  }

  private readonly byName = new Map<string, CompanyRecord>();
  readonly byId = new Map<string, CompanyRecord>();

  constructor(companies: readonly CompanyRecord[]) {
    for (const company of companies) {
      this.byName.set(company.name.trim().toLowerCase(), company);
      this.byId.set(company.id, company);
    }
  }

  /** The main company, or a 400 on `field`. */
  main(name: string, field = 'company'): CompanyRecord {
    const found = this.byName.get(name.trim().toLowerCase());
    if (!found) throw new ValidationError({ [field]: 'adminUsers.validation.unknownCompany' });
    return found;
  }

  /**
   * Managed companies apply only to managers and only when at least one is chosen; otherwise the
   * list holds just the main company (spec). The team company is never a managed choice.
   */
  managedIds(role: Role, names: readonly string[], main: CompanyRecord, field = 'managedCompanies'): string[] {
    if (role !== 'ROLE_MANAGER' || names.length === 0) return [main.id];
    const ids = new Set<string>();
    for (const name of names) {
      const found = this.byName.get(name.trim().toLowerCase());
      if (!found) throw new ValidationError({ [field]: 'adminUsers.validation.unknownCompany' });
      if (found.isDefault) throw new ValidationError({ [field]: 'adminUsers.validation.teamCompany' });
      ids.add(found.id);
    }
    return [...ids];
  }
}
