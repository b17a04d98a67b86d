import { Link } from 'react-router-dom';
import { T } from '../i18n/t';
import { Card } from '../ui/card';

/** Admin-only page reached by a non-admin: say so plainly instead of a silent redirect. */
export function ForbiddenPage() {
  return (
    <div className="page page-narrow">
      <Card className="state-card">
        <span className="state-icon state-icon-warning" aria-hidden="true">
          <svg viewBox="0 0 24 24">
            <rect x="5" y="11" width="14" height="9" rx="2" />
            <path d="M8 11V8a4 4 0 018 0v3" />
          </svg>
        </span>
        <h1>
          <T id="route.forbidden" />
        </h1>
        <p className="muted">
          <T id="forbidden.text" />
        </p>
        <Link className="btn btn-primary" to="/dashboard">
          <T id="forbidden.back" />
        </Link>
      </Card>
    </div>
  );
}
