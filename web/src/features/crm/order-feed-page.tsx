import { PlaceholderPage } from '../../ui/placeholder-page';

// Placeholder until the order feed issue lands (its charts must be lazy-loaded).
export default function OrderFeedPage() {
  return <PlaceholderPage />;
}
