import { vi } from 'vitest';
import type { CompanyRecord } from '../../../data/companies';
import type { CompanyLookup } from '../admin-users';

/**
 * A CompanyLookup over these companies that answers only what it is asked, by name or by id, as
 * the table does: a use case that reads a company without naming it does not find it.
 */
export function companyLookupOf(companies: readonly CompanyRecord[]) {
  const lookup = {
    findCompaniesByNames: vi.fn(async (names: readonly string[]) =>
      companies.filter((company) => names.some((name) => name.trim().toLowerCase() === company.name.toLowerCase())),
    ),
    getCompanies: vi.fn(async (ids: readonly string[]) => companies.filter((company) => ids.includes(company.id))),
  } satisfies CompanyLookup;
  return lookup;
}
