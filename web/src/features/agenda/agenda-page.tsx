import { PlaceholderPage } from '../../ui/placeholder-page';

// Placeholder until the agenda issue lands: title and breadcrumb come from the route table.
export default function AgendaPage() {
  return <PlaceholderPage />;
}
