import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { AdminUser } from 'shared/domain/types';
import { usersDelete } from 'shared/routes';
import { DateText } from '../../i18n/dates';
import { T, useT, type MessageId } from '../../i18n/t';
import { errorMessageId } from '../../lib/api/error-message';
import { mutateRoute } from '../../lib/api/use-route';
import { Button } from '../../ui/button';
import { Callout } from '../../ui/callout';
import { ConfirmDialog } from '../../ui/dialog';
import { compareValues, EmptyRow, SearchBox, SortHeader, useSort } from '../../ui/table-tools';
import { RoleBadge, roleLabel } from './users-fields';

type SortKey = 'login' | 'lastName' | 'company' | 'managedCompanies';

/** What the Managed Companies column shows (spec "Displayed scope"): admins all, customers their company, managers their list. */
function scopeOf(user: AdminUser): string[] | 'all' {
  if (user.role === 'ROLE_ADMIN') return 'all';
  if (user.role === 'ROLE_USER') return user.company ? [user.company] : [];
  return user.managedCompanies;
}

const sortText = (user: AdminUser, key: SortKey): string =>
  key === 'managedCompanies' ? (scopeOf(user) === 'all' ? '' : (scopeOf(user) as string[]).join(', ')) : key === 'lastName' ? `${user.lastName} ${user.firstName}` : user[key];

/** Case-insensitive over first name, last name, login, role (code and label), company and managed companies (spec). */
function matches(user: AdminUser, query: string, roleText: string): boolean {
  const q = query.trim().toLocaleLowerCase();
  if (!q) return true;
  return [user.firstName, user.lastName, user.login, user.role, roleText, user.company, ...user.managedCompanies].some((value) => value.toLocaleLowerCase().includes(q));
}

/** The users table: search, team toggle, sortable columns, edit and delete (with the confirmation). */
export function UsersTable({ users, teamCompany, currentUserId }: { users: AdminUser[]; teamCompany: string | null; currentUserId: string | undefined }) {
  const t = useT();
  const intl = useIntl();
  const [query, setQuery] = useState('');
  const [teamVisible, setTeamVisible] = useState(true);
  const { sort, toggle: toggleSort } = useSort<SortKey>({ key: 'login', dir: 'asc' });
  const [pending, setPending] = useState<AdminUser | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'danger'; id: MessageId; login: string } | null>(null);

  const rows = useMemo(() => {
    const team = teamCompany?.toLocaleLowerCase();
    const visible = users.filter(
      (user) => (teamVisible || !team || !user.company.toLocaleLowerCase().includes(team)) && matches(user, query, t(roleLabel(user.role))),
    );
    return visible.sort((a, b) => compareValues(sortText(a, sort.key), sortText(b, sort.key), sort.dir, intl.locale));
  }, [users, teamCompany, teamVisible, query, sort, t, intl.locale]);

  const confirmDelete = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      await mutateRoute(usersDelete, { params: { id: pending.id }, body: { version: pending.version } });
      setNotice({ tone: 'success', id: 'adminUsers.deleted', login: pending.login });
    } catch (error) {
      setNotice({ tone: 'danger', id: errorMessageId(error), login: pending.login });
    } finally {
      setBusy(false);
      setPending(null);
    }
  };

  const header = (key: SortKey | null, label: MessageId) =>
    key ? (
      <SortHeader column={key} label={label} sort={sort} onSort={toggleSort} />
    ) : (
      <th scope="col">
        <T id={label} />
      </th>
    );

  return (
    <>
      <div className="us-toolbar">
        <SearchBox value={query} onChange={setQuery} label="adminUsers.search.label" placeholder="adminUsers.search.placeholder" />
        {teamCompany && (
          <Button variant="secondary" aria-pressed={!teamVisible} onClick={() => setTeamVisible((v) => !v)}>
            <T id={teamVisible ? 'adminUsers.team.visible' : 'adminUsers.team.hidden'} />
          </Button>
        )}
      </div>
      {notice && (
        <Callout tone={notice.tone}>
          <T id={notice.id} values={{ login: notice.login }} />
        </Callout>
      )}
      <div className="us-table-wrap">
        <table className="us-table">
          <thead>
            <tr>
              {header('login', 'adminUsers.column.email')}
              {header('lastName', 'adminUsers.column.name')}
              {header(null, 'adminUsers.column.role')}
              {header('company', 'adminUsers.column.company')}
              {header('managedCompanies', 'adminUsers.column.managedCompanies')}
              {header(null, 'adminUsers.column.created')}
              {header(null, 'adminUsers.column.lastSignIn')}
              {header(null, 'adminUsers.column.actions')}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <EmptyRow colSpan={8}>
                {query.trim() ? <T id="adminUsers.empty" values={{ query: query.trim() }} /> : <T id="adminUsers.noUsers" />}
              </EmptyRow>
            ) : (
              rows.map((user) => {
                const scope = scopeOf(user);
                return (
                  <tr key={user.id}>
                    <td>
                      <a href={`mailto:${user.login}`}>{user.login}</a>
                    </td>
                    <td>{[user.lastName, user.firstName].filter(Boolean).join(' ')}</td>
                    <td>
                      <RoleBadge role={user.role} />
                    </td>
                    <td>{user.company && <Link to={`/admin/companies/edit/${encodeURIComponent(user.companyId)}`}>{user.company}</Link>}</td>
                    <td>{scope === 'all' ? <T id="adminUsers.allCompanies" /> : scope.join(', ')}</td>
                    <td>
                      <DateText value={user.created} />
                    </td>
                    <td>{user.lastSignIn ? <DateText value={user.lastSignIn} withTime /> : <T id="adminUsers.lastSignIn.never" />}</td>
                    <td>
                      <div className="us-row-actions">
                        <Link className="btn btn-secondary btn-sm" to={`/admin/users/edit/${encodeURIComponent(user.id)}`} aria-label={t('adminUsers.editUser', { login: user.login })}>
                          <T id="adminUsers.action.edit" />
                        </Link>
                        {!user.protected && user.id !== currentUserId && (
                          <Button variant="danger" className="btn-sm" aria-label={t('adminUsers.deleteUser', { login: user.login })} onClick={() => setPending(user)}>
                            <T id="confirmDialog.delete" />
                          </Button>
                        )}
                      </div>
                    </td>
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        open={pending !== null}
        message={<T id="adminUsers.delete.confirm" values={{ email: pending?.login ?? '' }} />}
        description={<T id="adminUsers.delete.description" />}
        busy={busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPending(null)}
      />
    </>
  );
}
