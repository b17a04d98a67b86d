import { VerificationPage } from './verification-page';

/** /analytics: access and custom dimension checked together, the Verification Type choosing (spec 2). */
export function AnalyticsPage() {
  return <VerificationPage mode="combined" />;
}
