import { useParams } from 'react-router-dom';
import { CompanyEditPage } from './companies-edit-page';
import { UserEditPage } from './users-edit-page';

/** /admin/{page}/edit/{id}: the page table already refuses any other `page` (-> /dashboard). */
export function EditPage() {
  const { page } = useParams();
  return page === 'users' ? <UserEditPage /> : <CompanyEditPage />;
}
