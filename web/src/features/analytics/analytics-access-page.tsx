import { VerificationPage } from './verification-page';

/** /analytics/access: the access check alone (spec "Analytics access"). */
export function AnalyticsAccessPage() {
  return <VerificationPage mode="access" />;
}
