import { Link, Navigate, useParams } from 'react-router-dom';
import { useIntl } from 'react-intl';
import { feedKindOf } from 'shared/feed/types';
import { isWarningKey, warningText } from 'shared/feed/warnings';
import { T, useT } from '../../i18n/t';
import { useCurrentUser } from '../../lib/api/session';
import { Breadcrumb } from '../../ui/breadcrumb';
import { Card } from '../../ui/card';
import { usePage } from '../../ui/page-context';
import { CRITICAL_WARNINGS, languageOf, sampleFeed } from './feed-model';
import './order-feed.css';

/**
 * /crm/order-feed/warnings/:key: the fix page a warning of the report links to, in the user's
 * language (the same texts as the report and the command line: shared/feed/warnings.ts; the
 * developer's long version is docs/feed-warnings/<key>.md). An unknown key goes to /dashboard.
 */
export default function FeedWarningPage() {
  const { key = '' } = useParams();
  const intl = useIntl();
  const t = useT();
  const { crumbs } = usePage();
  const { user } = useCurrentUser();
  const kind = feedKindOf(user?.currentCompany.product ?? '360');
  if (!isWarningKey(key)) return <Navigate to="/dashboard" replace />;
  const text = warningText(key, languageOf(intl.locale), kind);
  const critical = CRITICAL_WARNINGS.has(key);
  return (
    <div className="page feed-page">
      <header className="page-heading">
        <Breadcrumb items={crumbs} />
        <h1>{text.title}</h1>
      </header>
      <Card className="feed-warning-page">
        <p className="feed-warning-key">
          <code>{key}</code>{' '}
          <span className={`badge ${critical ? 'feed-badge-critical' : 'feed-badge-minor'}`}>
            <T id={critical ? 'orderFeed.report.critical' : 'orderFeed.report.nonCritical'} />
          </span>
        </p>
        <p className="feed-lead-text">{text.explanation}</p>
        <p>
          <T id={critical ? 'orderFeed.fix.critical' : 'orderFeed.fix.nonCritical'} values={{ kind }} />
        </p>
        <h2 className="card-title">
          <T id="orderFeed.fix.sampleTitle" values={{ kind }} />
        </h2>
        <pre className="feed-sample" tabIndex={0} role="region" aria-label={t('orderFeed.description.sample')}>
          <code>{sampleFeed(kind)}</code>
        </pre>
        <Link className="btn btn-secondary" to="/crm/order-feed">
          <T id="orderFeed.fix.back" values={{ kind }} />
        </Link>
      </Card>
    </div>
  );
}
