import { Link } from 'react-router-dom';
import { T } from '../i18n/t';
import { Breadcrumb } from './breadcrumb';
import { Card } from './card';
import { usePage } from './page-context';

export function PageHeading({ children }: { children?: React.ReactNode }) {
  const { title, crumbs } = usePage();
  return (
    <header className="page-heading">
      {crumbs.length > 1 && <Breadcrumb items={crumbs} />}
      <h1>
        <T id={title} />
      </h1>
      {children}
    </header>
  );
}

/** Stand-in for screens whose issue has not landed yet: title, breadcrumb and a calm note. */
export function PlaceholderPage() {
  const { crumbs } = usePage();
  const showBack = crumbs.length > 1;
  return (
    <div className="page">
      <PageHeading />
      <Card className="placeholder">
        <svg className="placeholder-art" viewBox="0 0 120 80" aria-hidden="true">
          <rect x="8" y="10" width="104" height="60" rx="10" />
          <rect x="20" y="24" width="44" height="8" rx="4" className="accent" />
          <rect x="20" y="40" width="80" height="6" rx="3" />
          <rect x="20" y="52" width="60" height="6" rx="3" />
        </svg>
        <div>
          <p className="placeholder-title">
            <T id="common.comingSoon.title" />
          </p>
          <p className="muted">
            <T id="placeholder.text" />
          </p>
          {showBack && (
            <Link className="btn btn-secondary" to="/dashboard">
              <T id="placeholder.back" />
            </Link>
          )}
        </div>
      </Card>
    </div>
  );
}
