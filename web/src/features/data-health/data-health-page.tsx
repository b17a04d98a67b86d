import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { HEALTH_KINDS, type HealthDay, type HealthItem, type HealthKind } from 'shared/domain/data-health';
import { dataHealthGet, orderFeedOverview } from 'shared/routes';
import { feedKindOf } from 'shared/feed/types';
import { formatPortalDate, formatPortalDay } from '../../i18n/dates';
import { T, useT } from '../../i18n/t';
import { useCurrentUser } from '../../lib/api/session';
import { useRoute } from '../../lib/api/use-route';
import { Card } from '../../ui/card';
import { HEALTH_ICONS, HealthBadge, healthStatusId } from '../../ui/health-badge';
import { HEALTH_FIX_PAGES, healthFixId, healthKindId, useHealthReason } from '../../ui/health-reason';
import { ListState } from '../../ui/list-state';
import { MatchTrend } from '../../ui/match-trend';
import { PageHeading } from '../../ui/page-heading';
import { HealthMuteControl } from './health-mute';
import './data-health.css';

/** How many days the timeline shows (the API sends the same window). */
const DAYS = 30;

/** The last `count` UTC days up to today, oldest first, as YYYY-MM-DD (the history's `day`). */
export function lastDays(now: Date, count = DAYS): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: count }, (_, index) => new Date(today - (count - 1 - index) * 86_400_000).toISOString().slice(0, 10));
}

/** /data-health: one section per kind (HEALTH_KINDS order) with its status, reason, last check, 30 days and the page that fixes it. */
export function DataHealthPage() {
  const { data, error } = useRoute(dataHealthGet);
  const byKind = new Map(data?.items.map((item) => [item.kind, item]));
  // The kinds the server knows, in the page's order (a kind this build does not know is left out).
  const items = data ? HEALTH_KINDS.flatMap((kind) => byKind.get(kind) ?? []) : undefined;
  return (
    <div className="page data-health">
      <PageHeading />
      <p className="muted dh-lead">
        <T id="dataHealth.lead" />
      </p>
      {!data && !error ? (
        // The sections' frame while loading, so nothing moves when the answer arrives.
        <div className="dh-list" aria-busy="true">
          {HEALTH_KINDS.map((kind) => (
            <Section key={kind} kind={kind} />
          ))}
        </div>
      ) : (
        <ListState data={items} error={error} empty="dataHealth.empty">
          <div className="dh-list">
            {items?.map((item) => (
              <Section key={item.kind} kind={item.kind} item={item} />
            ))}
          </div>
        </ListState>
      )}
    </div>
  );
}

function Section({ kind, item }: { kind: HealthKind; item?: HealthItem }) {
  const intl = useIntl();
  const { user } = useCurrentUser();
  const reason = useHealthReason();
  const name = healthKindId(kind, user?.currentCompany.product);
  const headingId = `dh-${kind}`;
  return (
    <Card className="dh-section" aria-labelledby={headingId}>
      <div className="dh-head">
        <h2 id={headingId} className="card-heading">
          <T id={name} />
        </h2>
        {item ? <HealthBadge status={item.status} /> : <span className="dh-placeholder dh-placeholder-badge" />}
      </div>
      <p className="dh-reason">
        {!item ? <span className="dh-placeholder" /> : !item.reason && !item.lastCheck ? <T id="dataHealth.reason.neverChecked" /> : reason(item.reason)}
      </p>
      <p className="muted small dh-checked">
        {item ? item.lastCheck ? <T id="dataHealth.lastCheck" values={{ date: formatPortalDate(intl, item.lastCheck, true) }} /> : <T id="dataHealth.neverChecked" /> : '\u00a0'}
      </p>
      {item && <FeedTries item={item} />}
      {item && <HealthMuteControl item={item} />}
      <Timeline history={item?.history} labelledBy={headingId} />
      {kind === 'feed' && item && <FeedMatchTrend />}
      <Link className="btn btn-secondary btn-sm dh-fix" to={HEALTH_FIX_PAGES[kind]}>
        <T id={healthFixId(kind)} />
      </Link>
    </Card>
  );
}

/**
 * The day's feed fetches when there was more than one, or one is still to come (the same-day
 * retry: docs/product.md, "Data health"): each try's time, outcome and reason, then the next try.
 */
function FeedTries({ item }: { item: HealthItem }) {
  const intl = useIntl();
  const t = useT();
  const reason = useHealthReason();
  if (!item.attempts && !item.retryAt) return null;
  return (
    <div className="dh-tries">
      {item.retryAt && (
        <p className="dh-retry">
          <T id="dataHealth.retryAt" values={{ date: formatPortalDate(intl, item.retryAt, true) }} />
        </p>
      )}
      {item.attempts && (
        <>
          <p className="muted small dh-tries-caption">
            <T id="dataHealth.attempts.title" />
          </p>
          <ol className="dh-tries-list">
            {item.attempts.map((attempt) => (
              <li key={attempt.attempt} className={`health-${attempt.status}`}>
                <span aria-hidden="true">{HEALTH_ICONS[attempt.status]} </span>
                <T
                  id="dataHealth.attempts.item"
                  values={{
                    date: formatPortalDate(intl, attempt.at, true),
                    which: attempt.attempt === 0 ? t('dataHealth.attempts.run') : t('dataHealth.attempts.retry', { n: attempt.attempt }),
                    status: t(healthStatusId(attempt.status)),
                  }}
                />{' '}
                <span className="muted">{reason(attempt.reason)}</span>
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}

/** The feed's match rate with analytics over 30 days, as on the order-feed page (the same component); nothing before a compared day. */
function FeedMatchTrend() {
  const { user } = useCurrentUser();
  const overview = useRoute(orderFeedOverview);
  const product = user?.currentCompany.product;
  if (!overview.data || !product) return null;
  return <MatchTrend history={overview.data.history} kind={feedKindOf(product)} now={new Date()} frame="part" texts="dataHealth.match" />;
}

/** One cell per day, oldest first: colour and glyph, and the day and status in words for screen readers and on hover. */
function Timeline({ history, labelledBy }: { history: HealthDay[] | undefined; labelledBy: string }) {
  const intl = useIntl();
  const t = useT();
  const byDay = new Map(history?.map((day) => [day.day, day]));
  const captionId = `${labelledBy}-timeline`;
  return (
    <div className="dh-timeline">
      <p id={captionId} className="muted small dh-timeline-caption">
        <T id="dataHealth.timeline" />
      </p>
      <ol className="dh-days" aria-labelledby={`${labelledBy} ${captionId}`}>
        {lastDays(new Date()).map((day) => {
          const entry = history ? byDay.get(day) : undefined;
          const date = formatPortalDay(intl, day);
          const label = entry ? t('dataHealth.day', { date, status: t(healthStatusId(entry.status)) }) : t('dataHealth.day.none', { date });
          return (
            <li key={day} className={`dh-day ${entry ? `health-${entry.status}` : 'dh-day-none'}`} title={history ? label : undefined}>
              <span aria-hidden="true">{entry ? HEALTH_ICONS[entry.status] : ''}</span>
              {history && <span className="visually-hidden">{label}</span>}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
