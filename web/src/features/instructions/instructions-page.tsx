import { PlaceholderPage } from '../../ui/placeholder-page';

// The route table only lets the five known names through (others go to /dashboard).
export default function InstructionsPage() {
  return <PlaceholderPage />;
}
