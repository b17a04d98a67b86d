import { Link } from 'react-router-dom';
import type { AdminUser, Company } from 'shared/domain/types';
import { usersList } from 'shared/routes';
import { T } from '../../i18n/t';
import { useRoute } from '../../lib/api/use-route';
import { Card } from '../../ui/card';
import { ListState } from '../../ui/list-state';
import { RoleBadge } from './users-choices';

/** Its users: main company here, or a manager who oversees it (managed companies travel by name). */
const belongsTo = (company: Company) => (user: AdminUser) =>
  user.companyId === company.id || (user.role === 'ROLE_MANAGER' && user.managedCompanies.includes(company.name));

/**
 * On a company's edit page: its users (links to their edit pages) and a link to its rows of the
 * integration status report (filtered by the report's `company` query).
 */
export function CompanyUsersCard({ company }: { company: Company }) {
  // The server's search over company and managed companies (a page by login); a name that is part
  // of another one's (or of a user's name) matches too, so the page is narrowed to the company's own.
  const { data, error } = useRoute(usersList, undefined, { query: { q: company.name } });
  const users = data?.users.filter(belongsTo(company)) ?? [];
  return (
    <Card>
      <div className="co-heading-row">
        <h2 className="co-title">
          <T id="companies.editPage.users" />
        </h2>
        <Link to={`/admin/integration-status?company=${encodeURIComponent(company.id)}`}>
          <T id="companies.editPage.statusLink" />
        </Link>
      </div>
      <ListState data={data && users} error={error} empty="companies.editPage.noUsers">
        <ul className="co-users">
          {users.map((user) => (
            <li key={user.id}>
              <Link to={`/admin/users/edit/${encodeURIComponent(user.id)}`}>{user.login}</Link>
              <span className="muted">{[user.lastName, user.firstName].filter(Boolean).join(' ')}</span>
              <RoleBadge role={user.role} />
            </li>
          ))}
        </ul>
      </ListState>
      {data?.next && (
        <Link to={`/admin/users?q=${encodeURIComponent(company.name)}`}>
          <T id="companies.editPage.allUsers" />
        </Link>
      )}
    </Card>
  );
}
