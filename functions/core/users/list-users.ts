import type { UsersAdminList } from '../../../shared/domain/types';
import { listCompanies, type CompanyRecord } from '../../data/companies';
import { listUsers, type UserRecord } from '../../data/users';
import { env } from '../../platform/env';
import { CompanyDirectory, companyChoice, toAdminUser } from './admin-users';
import { byName } from './views';

export interface ListUsersDeps {
  listUsers(): Promise<UserRecord[]>;
  listCompanies(): Promise<CompanyRecord[]>;
  protectedLogin(): string | undefined;
}

const defaults: ListUsersDeps = { listUsers, listCompanies, protectedLogin: () => env.protectedAdminLogin };

/** GET /api/users: every user by login (two GSI Queries, no Scan), companies by name for the forms. */
export async function listAdminUsers(deps: ListUsersDeps = defaults): Promise<UsersAdminList> {
  const [users, companies] = await Promise.all([deps.listUsers(), deps.listCompanies()]);
  const directory = new CompanyDirectory(companies);
  const protectedLogin = deps.protectedLogin();
  const team = companies.find((company) => company.isDefault);
  return {
    users: users.filter((user) => !user.deletedAt).map((user) => toAdminUser(user, directory.byId, protectedLogin)),
    companies: [...companies].sort(byName).map(companyChoice),
    teamCompany: team?.name ?? null,
  };
}
