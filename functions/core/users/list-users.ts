import type { AdminUser, UsersAdminList } from '../../../shared/domain/types';
import { LIST_PAGE_SIZE, usersListQuerySchema } from '../../../shared/schemas/lists';
import { getCompanies, type CompanyRecord } from '../../data/companies';
import { getUser, listUsersPage, type UserRecord } from '../../data/users';
import { env } from '../../platform/env';
import { NotFoundError } from '../../platform/errors';
import { validQuery } from '../../platform/query';
import { toAdminUser } from './admin-users';
import { primaryRole } from './company-access';

export interface ListUsersDeps {
  listUsersPage: typeof listUsersPage;
  getCompanies(ids: readonly string[]): Promise<CompanyRecord[]>;
  getUser(id: string): Promise<UserRecord | null>;
  protectedLogin(): string | undefined;
}

const defaults: ListUsersDeps = { listUsersPage, getCompanies, getUser, protectedLogin: () => env.protectedAdminLogin };

/** A list row names at most this many managed companies (a manager of thousands would fill the page). */
const MANAGED_SHOWN = 20;

/** The rows of these users, their company names read for them alone (one BatchGet). */
async function adminRows(users: readonly UserRecord[], deps: ListUsersDeps, shown = MANAGED_SHOWN): Promise<AdminUser[]> {
  const shownIds = (user: UserRecord) => (primaryRole(user) === 'ROLE_MANAGER' ? user.managedCompanyIds.slice(0, shown) : []);
  const companies = await deps.getCompanies(users.flatMap((user) => [user.companyId, ...shownIds(user)]));
  const byId = new Map(companies.map((company) => [company.id, company]));
  const protectedLogin = deps.protectedLogin();
  return users.map((user) => {
    const row = toAdminUser({ ...user, managedCompanyIds: shownIds(user).length ? shownIds(user) : user.managedCompanyIds.slice(0, 1) }, byId, protectedLogin);
    const more = primaryRole(user) === 'ROLE_MANAGER' ? user.managedCompanyIds.length - shownIds(user).length : 0;
    return more > 0 ? { ...row, managedMore: more } : row;
  });
}

/**
 * GET /api/users: one page of users in the order asked, searched on the server (query parameters of
 * shared/schemas/lists.ts; docs/architecture.md, "Admin lists"), whatever the platform's size: one
 * Query of a sort-index partition, the page's users and their companies read by key.
 */
export async function listAdminUsers(query: Record<string, string>, deps: ListUsersDeps = defaults): Promise<UsersAdminList> {
  const params = validQuery(usersListQuerySchema, query);
  const { users, next } = await deps.listUsersPage(
    { sort: params.sort ?? 'login', dir: params.dir === 'desc' ? 'desc' : 'asc', search: params.q, ...(params.team === 'hidden' ? { hide: 'team' as const } : {}) },
    params.cursor || null,
    params.limit ?? LIST_PAGE_SIZE,
  );
  return { users: await adminRows(users, deps), next };
}

/** GET /api/users/{id}: one user, every managed company named (its edit page). */
export async function getAdminUser(id: string, deps: ListUsersDeps = defaults): Promise<AdminUser> {
  const user = await deps.getUser(id);
  if (!user || user.deletedAt) throw new NotFoundError('No such user');
  const [row] = await adminRows([user], deps, Number.MAX_SAFE_INTEGER);
  return row!;
}
