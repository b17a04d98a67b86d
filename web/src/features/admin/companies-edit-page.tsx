import { PlaceholderPage } from '../../ui/placeholder-page';

/** Placeholder until its issue lands: title and breadcrumb come from the page table. */
export function CompanyEditPage() {
  return <PlaceholderPage />;
}
