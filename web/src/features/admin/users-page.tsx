import { usersList } from 'shared/routes';
import { USER_SORTS, type UserSort } from 'shared/schemas/lists';
import { T } from '../../i18n/t';
import { callRoute } from '../../lib/api/client';
import { useCurrentUser } from '../../lib/api/session';
import { useRoute } from '../../lib/api/use-route';
import { ListState } from '../../ui/list-state';
import { Card } from '../../ui/card';
import { PageHeading } from '../../ui/page-heading';
import { Pager, useListUrl } from '../../ui/table-tools';
import { ExportCsvButton } from './admin-csv';
import { everyPage } from '../../lib/api/every-page';
import { UserCreateForm } from './users-create-form';
import { UsersTable } from './users-table';
import './users-admin.css';

/** /admin/users: the create form and the users table, a page at a time from the server (spec "Users admin"). */
export function UsersPage() {
  const list = useListUrl<UserSort>({ key: 'login', dir: 'asc' }, USER_SORTS);
  const query = { q: list.search, sort: list.sort.key, dir: list.sort.dir, team: list.param('team') ?? undefined, cursor: list.cursor ?? undefined };
  const { data, error, mutate } = useRoute(usersList, undefined, { query, keepPreviousData: true });
  const { user } = useCurrentUser();
  // The export holds every user of the search, page after page, not the page shown.
  const exportAll = () => everyPage((cursor) => callRoute(usersList, { query: { ...query, cursor } }).then((page) => ({ rows: page.users, next: page.next })));
  return (
    <div className="page us-grid">
      <PageHeading />
      <UserCreateForm />
      <Card>
        <div className="us-heading-row">
          <h2 className="us-title">
            <T id="adminUsers.list.title" />
          </h2>
          <ExportCsvButton sheet="users" load={exportAll} title="route.adminUsers" />
        </div>
        <ListState data={data} error={error}>
          {(page) => (
            <>
              <UsersTable list={list} mutate={mutate} users={page.users} currentUserId={user?.id} />
              <Pager list={list} next={page.next} shown={page.users.length} label="adminUsers.pager" />
            </>
          )}
        </ListState>
      </Card>
    </div>
  );
}
