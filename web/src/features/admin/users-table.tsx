import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { KeyedMutator } from 'swr';
import { object } from 'yup';
import type { AdminUser, UsersAdminList } from 'shared/domain/types';
import { usersDelete } from 'shared/routes';
import { DateText } from '../../i18n/dates';
import { T, useT, type MessageId } from '../../i18n/t';
import { mutateRoute } from '../../lib/api/use-route';
import { Button } from '../../ui/button';
import { EditTable, type ActionLabels, type Column } from '../../ui/edit-table';
import { compareValues, includesText, SearchBox, useSort } from '../../ui/table-tools';
import { useRowEdit } from '../../ui/use-row-edit';
import { RoleBadge, roleLabel } from './users-fields';

type SortKey = 'login' | 'lastName' | 'company' | 'managedCompanies';
/** A user is edited on the edit page (Edit is a link there): the table edits nothing in place. */
type Draft = Record<string, never>;

/** What the Managed Companies column shows (spec "Displayed scope"): admins all, customers their company, managers their list. */
function scopeOf(user: AdminUser): string[] | 'all' {
  if (user.role === 'ROLE_ADMIN') return 'all';
  if (user.role === 'ROLE_USER') return user.company ? [user.company] : [];
  return user.managedCompanies;
}

const sortText = (user: AdminUser, key: SortKey): string =>
  key === 'managedCompanies' ? (scopeOf(user) === 'all' ? '' : (scopeOf(user) as string[]).join(', ')) : key === 'lastName' ? `${user.lastName} ${user.firstName}` : user[key];

/** Case- and accent-insensitive over first name, last name, login, role (code and label), company and managed companies (spec). */
function matches(user: AdminUser, query: string, roleText: string): boolean {
  return includesText([user.firstName, user.lastName, user.login, user.role, roleText, user.company, ...user.managedCompanies], query);
}

const COLUMNS: ReadonlyArray<Column<AdminUser, Draft, SortKey>> = [
  { key: 'login', label: 'adminUsers.column.email', sort: 'login', cell: (user) => <a href={`mailto:${user.login}`}>{user.login}</a> },
  { key: 'name', label: 'adminUsers.column.name', sort: 'lastName', cell: (user) => [user.lastName, user.firstName].filter(Boolean).join(' ') },
  { key: 'role', label: 'adminUsers.column.role', cell: (user) => <RoleBadge role={user.role} /> },
  {
    key: 'company',
    label: 'adminUsers.column.company',
    sort: 'company',
    cell: (user) => user.company && <Link to={`/admin/companies/edit/${encodeURIComponent(user.companyId)}`}>{user.company}</Link>,
  },
  {
    key: 'managedCompanies',
    label: 'adminUsers.column.managedCompanies',
    sort: 'managedCompanies',
    cell: (user) => {
      const scope = scopeOf(user);
      return scope === 'all' ? <T id="adminUsers.allCompanies" /> : scope.join(', ');
    },
  },
  { key: 'created', label: 'adminUsers.column.created', cell: (user) => <DateText value={user.created} /> },
  {
    key: 'lastSignIn',
    label: 'adminUsers.column.lastSignIn',
    cell: (user) => (user.lastSignIn ? <DateText value={user.lastSignIn} withTime /> : <T id="adminUsers.lastSignIn.never" />),
  },
];

// Save and Cancel never show (no edit in place): the table's labels need them all.
const EDIT: [MessageId, MessageId] = ['adminUsers.action.edit', 'adminUsers.editUser'];
const LABELS: ActionLabels = { edit: EDIT, save: EDIT, cancel: EDIT, delete: ['confirmDialog.delete', 'adminUsers.deleteUser'], actions: 'adminUsers.column.actions', deleteConfirm: 'adminUsers.delete.confirm', deleteDescription: 'adminUsers.delete.description' };

/** The users table: search, team toggle, sortable columns, edit (a link to the edit page) and delete (with the confirmation). */
export function UsersTable({ list, users, teamCompany, currentUserId }: { list: KeyedMutator<UsersAdminList>; users: AdminUser[]; teamCompany: string | null; currentUserId: string | undefined }) {
  const t = useT();
  const intl = useIntl();
  const [query, setQuery] = useState('');
  const [teamVisible, setTeamVisible] = useState(true);
  const { sort, toggle: toggleSort } = useSort<SortKey>({ key: 'login', dir: 'asc' });

  const rows = useMemo(() => {
    const team = teamCompany?.toLocaleLowerCase();
    const visible = users.filter(
      (user) => (teamVisible || !team || !user.company.toLocaleLowerCase().includes(team)) && matches(user, query, t(roleLabel(user.role))),
    );
    return visible.sort((a, b) => compareValues(sortText(a, sort.key), sortText(b, sort.key), sort.dir, intl.locale));
  }, [users, teamCompany, teamVisible, query, sort, t, intl.locale]);

  // The hook works on a list of rows; GET /api/users answers the users inside a record (the team, the companies).
  const mutateUsers = ((update?: (rows: AdminUser[] | undefined) => AdminUser[], opts?: boolean) =>
    (update ? list((current) => current && { ...current, users: update(current.users) }, opts) : list()).then((answer) => answer?.users)) as KeyedMutator<AdminUser[]>;

  const edit = useRowEdit<AdminUser, Draft>({
    data: users,
    mutate: mutateUsers,
    toDraft: () => ({}),
    schema: object({}),
    changed: () => false,
    save: (row) => Promise.resolve(row),
    remove: (row) => mutateRoute(usersDelete, { params: { id: row.id }, body: { version: row.version } }),
    name: (row) => row.login,
    notices: { failed: 'adminUsers.actionFailed', deleted: 'adminUsers.deleted' },
  });

  return (
    <>
      <div className="list-toolbar">
        <SearchBox value={query} onChange={setQuery} label="adminUsers.search.label" placeholder="adminUsers.search.placeholder" />
        {teamCompany && (
          <Button variant="secondary" aria-pressed={!teamVisible} onClick={() => setTeamVisible((v) => !v)}>
            <T id={teamVisible ? 'adminUsers.team.visible' : 'adminUsers.team.hidden'} />
          </Button>
        )}
      </div>
      {/* Read-only rows but for their actions: Edit opens the user's page, Delete asks first. */}
      <EditTable<AdminUser, Draft, SortKey>
        editable
        editHref={(user) => `/admin/users/edit/${encodeURIComponent(user.id)}`}
        // The protected administrator and oneself are not deleted here (spec; the server refuses both too).
        canDelete={(user) => !user.protected && user.id !== currentUserId}
        caption="adminUsers.list.title"
        hiddenCaption
        rows={rows}
        columns={COLUMNS}
        sort={sort}
        onSort={toggleSort}
        edit={edit}
        labels={LABELS}
        name={(user) => user.login}
        preview={(user) => user}
        testId="us-row"
        empty={query.trim() ? <T id="adminUsers.empty" values={{ query: query.trim() }} /> : <T id="adminUsers.noUsers" />}
      />
    </>
  );
}
