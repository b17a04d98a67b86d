import { PlaceholderPage } from '../../ui/placeholder-page';

// Placeholder until the dashboard issue lands: title and breadcrumb come from the route table.
export default function DashboardPage() {
  return <PlaceholderPage />;
}
