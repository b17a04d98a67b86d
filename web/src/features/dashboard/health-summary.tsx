import { Link } from 'react-router-dom';
import { worstStatus } from 'shared/domain/data-health';
import { dataHealthGet } from 'shared/routes';
import { T } from '../../i18n/t';
import { useRoute } from '../../lib/api/use-route';
import { Card } from '../../ui/card';
import { HealthBadge } from '../../ui/health-badge';

/** The dashboard's data-health card: the worst status of the daily checks and the way to /data-health. */
export function HealthSummary() {
  const { data, error } = useRoute(dataHealthGet);
  return (
    <Card className="health-summary" aria-labelledby="health-summary-title">
      <div className="progress-head">
        <h2 id="health-summary-title" className="card-heading">
          <T id="dashboard.health.title" />
        </h2>
        {data && <HealthBadge status={worstStatus(data.items.map((item) => item.status))} />}
      </div>
      <p className="muted">
        <T id={error ? 'dashboard.health.failed' : 'dashboard.health.text'} />
      </p>
      <Link className="btn btn-secondary btn-sm" to="/data-health">
        <T id="dashboard.health.link" />
      </Link>
    </Card>
  );
}
