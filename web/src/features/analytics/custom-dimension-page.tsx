import { VerificationPage } from './verification-page';

/** /analytics/custom-dimension: the custom dimension check alone (spec "Custom dimension"). */
export function CustomDimensionPage() {
  return <VerificationPage mode="dimension" />;
}
