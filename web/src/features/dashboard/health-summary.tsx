import { Link } from 'react-router-dom';
import { HEALTH_KINDS, HEALTH_SEVERITY, worstStatus, type HealthItem } from 'shared/domain/data-health';
import { dataHealthGet } from 'shared/routes';
import { T } from '../../i18n/t';
import { useCurrentUser } from '../../lib/api/session';
import { useRoute } from '../../lib/api/use-route';
import { Card } from '../../ui/card';
import { HealthBadge } from '../../ui/health-badge';
import { HEALTH_FIX_PAGES, healthFixId, healthKindId, useHealthReason } from '../../ui/health-reason';

/** The kinds that need the customer: failing first, then warnings, each in the page's order. */
function kindsToFix(items: readonly HealthItem[]): HealthItem[] {
  return items
    .filter((item) => item.status === 'failing' || item.status === 'warning')
    .sort((a, b) => HEALTH_SEVERITY[a.status] - HEALTH_SEVERITY[b.status] || HEALTH_KINDS.indexOf(a.kind) - HEALTH_KINDS.indexOf(b.kind));
}

/**
 * The dashboard's data-health card: the worst status of the daily checks, then each failing or
 * warning kind in one line (its name, the reason the health job stored, in the reader's language,
 * and the page that fixes it), so the card says what to do rather than a bare "Failing".
 */
export function HealthSummary() {
  const { data, error } = useRoute(dataHealthGet);
  const { user } = useCurrentUser();
  const reason = useHealthReason();
  const toFix = data ? kindsToFix(data.items) : [];
  return (
    <Card className="health-summary" aria-labelledby="health-summary-title">
      <div className="progress-head">
        <h2 id="health-summary-title" className="card-heading">
          <T id="dashboard.health.title" />
        </h2>
        {data && <HealthBadge status={worstStatus(data.items.map((item) => item.status))} />}
      </div>
      {toFix.length > 0 ? (
        <ul className="health-summary-list">
          {toFix.map((item) => (
            <li key={item.kind} className="health-summary-item">
              <HealthBadge status={item.status} />
              <span>
                <T id="dashboard.health.line" values={{ kind: <strong><T id={healthKindId(item.kind, user?.currentCompany.product)} /></strong>, reason: reason(item.reason) }} />{' '}
                <Link to={HEALTH_FIX_PAGES[item.kind]}>
                  <T id={healthFixId(item.kind)} />
                </Link>
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">
          <T id={error ? 'dashboard.health.failed' : 'dashboard.health.text'} />
        </p>
      )}
      <Link className="btn btn-secondary btn-sm" to="/data-health">
        <T id="dashboard.health.link" />
      </Link>
    </Card>
  );
}
