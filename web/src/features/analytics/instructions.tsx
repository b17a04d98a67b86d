import { T } from '../../i18n/t';
import { DescriptionCard } from '../../ui/step-cards';

/**
 * The e-mail of the service account the portal reads Google Analytics with: a deployment setting
 * (VITE_ANALYTICS_SERVICE_ACCOUNT, the client_email of the configured key), a recognisable
 * placeholder locally, where the sandbox provider answers instead of Google.
 */
const SERVICE_ACCOUNT_EMAIL = import.meta.env.VITE_ANALYTICS_SERVICE_ACCOUNT || 'portal-analytics@your-project.iam.gserviceaccount.com';

/** Spec: "instructions for granting access" (GA4: Property access management, Viewer role). */
export function GrantAccessCard() {
  return (
    <DescriptionCard title={<T id="analytics.grant.title" />}>
      <ol className="analytics-steps">
        <li>
          <T id="analytics.grant.step1" />
        </li>
        <li>
          <T id="analytics.grant.step2" />
          <code className="analytics-email">{SERVICE_ACCOUNT_EMAIL}</code>
        </li>
        <li>
          <T id="analytics.grant.step3" />
        </li>
      </ol>
    </DescriptionCard>
  );
}

/** Spec: "... and finding the view id" (the GA4 property id); the dimension pages add the index. */
export function FindIdsCard({ dimension }: { dimension: boolean }) {
  return (
    <DescriptionCard title={<T id="analytics.viewIdHelp.title" />}>
      <p>
        <T id="analytics.viewIdHelp.text" />
      </p>
      {dimension && (
        <>
          <h3 className="analytics-subheading">
            <T id="analytics.dimensionHelp.title" />
          </h3>
          <p>
            <T id="analytics.dimensionHelp.text" />
          </p>
        </>
      )}
    </DescriptionCard>
  );
}
