import { usersList } from 'shared/routes';
import { T } from '../../i18n/t';
import { useCurrentUser } from '../../lib/api/session';
import { useRoute } from '../../lib/api/use-route';
import { ListState } from '../../ui/list-state';
import { Card } from '../../ui/card';
import { PageHeading } from '../../ui/page-heading';
import { ExportCsvButton } from './admin-csv';
import { UserCreateForm } from './users-create-form';
import { UsersTable } from './users-table';
import './users-admin.css';

/** /admin/users: the create form and the users table (spec "Users admin"). */
export function UsersPage() {
  const { data, error, isLoading, mutate } = useRoute(usersList);
  const { user } = useCurrentUser();
  return (
    <div className="page us-grid">
      <PageHeading />
      <UserCreateForm companies={data?.companies ?? []} loading={isLoading} />
      <Card>
        <div className="us-heading-row">
          <h2 className="us-title">
            <T id="adminUsers.list.title" />
          </h2>
          <ExportCsvButton sheet="users" rows={data?.users} title="route.adminUsers" />
        </div>
        <ListState data={data} error={error}>
          {(list) => <UsersTable list={mutate} users={list.users} teamCompany={list.teamCompany} currentUserId={user?.id} />}
        </ListState>
      </Card>
    </div>
  );
}
