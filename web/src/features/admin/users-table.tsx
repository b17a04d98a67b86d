import { Link } from 'react-router-dom';
import type { KeyedMutator } from 'swr';
import { object } from 'yup';
import type { AdminUser, UsersAdminList } from 'shared/domain/types';
import { displayedScope } from 'shared/domain/roles';
import { usersDelete } from 'shared/routes';
import type { UserSort } from 'shared/schemas/lists';
import { DateText } from '../../i18n/dates';
import { T, type MessageId } from '../../i18n/t';
import { mutateRoute } from '../../lib/api/use-route';
import { Button } from '../../ui/button';
import { EditTable, type ActionLabels, type Column } from '../../ui/edit-table';
import { SearchBox, type useListUrl } from '../../ui/table-tools';
import { useRowEdit } from '../../ui/use-row-edit';
import { RoleBadge } from './users-choices';

type SortKey = UserSort;
/** A user is edited on the edit page (Edit is a link there): the table edits nothing in place. */
type Draft = Record<string, never>;

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
      const scope = displayedScope(user);
      if (scope.all) return <T id="adminUsers.allCompanies" />;
      return scope.more ? <T id="adminUsers.managedMore" values={{ names: scope.names.join(', '), count: scope.more }} /> : scope.names.join(', ');
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

/**
 * The users table: search and team toggle (sent to the server, the URL keeps them), sortable
 * columns (the server's order), edit (a link to the edit page) and delete (with the confirmation).
 */
export function UsersTable({
  list,
  mutate,
  users,
  currentUserId,
}: {
  list: ReturnType<typeof useListUrl<SortKey>>;
  mutate: KeyedMutator<UsersAdminList>;
  users: AdminUser[];
  currentUserId: string | undefined;
}) {
  const teamVisible = list.param('team') !== 'hidden';

  // The hook works on a list of rows; GET /api/users answers the page's users inside a record (with its cursor).
  const mutateUsers = ((update?: (rows: AdminUser[] | undefined) => AdminUser[], opts?: boolean) =>
    (update ? mutate((current) => current && { ...current, users: update(current.users) }, opts) : mutate()).then((answer) => answer?.users)) as KeyedMutator<AdminUser[]>;

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
        <SearchBox value={list.text} onChange={list.setText} label="adminUsers.search.label" placeholder="adminUsers.search.placeholder" />
        <Button variant="secondary" aria-pressed={!teamVisible} onClick={() => list.setParam('team', teamVisible ? 'hidden' : null)}>
          <T id={teamVisible ? 'adminUsers.team.visible' : 'adminUsers.team.hidden'} />
        </Button>
      </div>
      {/* Read-only rows but for their actions: Edit opens the user's page, Delete asks first. */}
      <EditTable<AdminUser, Draft, SortKey>
        editable
        editHref={(user) => `/admin/users/edit/${encodeURIComponent(user.id)}`}
        // The protected administrator and oneself are not deleted here (spec; the server refuses both too).
        canDelete={(user) => !user.protected && user.id !== currentUserId}
        caption="adminUsers.list.title"
        hiddenCaption
        rows={users}
        columns={COLUMNS}
        sort={list.sort}
        onSort={list.toggleSort}
        edit={edit}
        labels={LABELS}
        name={(user) => user.login}
        preview={(user) => user}
        testId="us-row"
        empty={list.search ? <T id="adminUsers.empty" values={{ query: list.search }} /> : <T id="adminUsers.noUsers" />}
      />
    </>
  );
}
