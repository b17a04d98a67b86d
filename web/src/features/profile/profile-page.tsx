import { PlaceholderPage } from '../../ui/placeholder-page';

// Placeholder until the profile issue lands: title and breadcrumb come from the route table.
export default function ProfilePage() {
  return <PlaceholderPage />;
}
