import { Fragment, Suspense, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { matchTrend, missingIdsKept, MATCH_TREND_DAYS, type FeedHistoryEntry } from 'shared/domain/order-feed';
import { orderFeedMissingIds } from 'shared/routes';
import { formatPortalDay } from '../i18n/dates';
import { T, useT } from '../i18n/t';
import { Card } from './card';
import { BarChart, ChartPlace } from './chart';
import { CsvDownload } from './csv-download';

/**
 * The feed-versus-analytics match rate of each compared day (the daily re-checks' history) over
 * the last 30 days, the latest day's figures with the call-centre orders as their own group
 * (never on the site, so not compared), and that day's missing order ids as a CSV while the
 * bucket keeps it. One component for the order-feed page (a card of its own) and the feed's
 * section of data health (a part of that section, under its heading).
 */
export function MatchTrend({
  history,
  kind,
  now,
  frame,
  texts: p,
}: {
  history: readonly FeedHistoryEntry[];
  kind: 'order' | 'lead';
  now: Date;
  frame: 'card' | 'part';
  /** Whose catalogue holds the texts (an area's texts load with its chunk, so each area has its copy). */
  texts: 'orderFeed.match' | 'dataHealth.match';
}) {
  const intl = useIntl();
  const t = useT();
  const points = matchTrend(history, now.toISOString().slice(0, 10));
  const last = points[points.length - 1];
  if (!last) return null;
  const title = <T id={`${p}.title`} values={{ days: MATCH_TREND_DAYS }} />;
  const day = formatPortalDay(intl, last.day);
  const figures: [ReactNode, number][] = [
    [<T id={`${p}.inFeed`} values={{ kind, day }} />, last.match.inFeed],
    [<T id={`${p}.found`} />, last.match.found],
    [<T id={`${p}.missing`} />, last.match.missing],
    [<T id={`${p}.callCentre`} />, last.match.callCentre],
  ];
  const body = (
    <>
      {frame === 'card' ? <h2 className="card-title">{title}</h2> : <h3 className="feed-match-title">{title}</h3>}
      <Suspense fallback={<ChartPlace />}>
        <BarChart
          testId="chart-match-rate"
          percent
          height={200}
          caption={t(`${p}.title`, { days: MATCH_TREND_DAYS })}
          labelHeader={t(`${p}.day`)}
          valueHeader={t(`${p}.rate`)}
          data={points.map((p) => ({ label: formatPortalDay(intl, p.day), orders: p.rate }))}
        />
      </Suspense>
      <dl className="feed-match-figures" data-testid="match-latest">
        {figures.map(([label, value], index) => (
          <Fragment key={index}>
            <dt>{label}</dt>
            <dd>{intl.formatNumber(value)}</dd>
          </Fragment>
        ))}
      </dl>
      {missingIdsKept(last, now) && (
        <CsvDownload
          route={orderFeedMissingIds}
          checkId={last.checkId}
          testId="missing-ids-download"
          label={<T id={`${p}.missingIds`} values={{ rows: last.match.missing }} />}
          gone={<T id={`${p}.missingIdsGone`} />}
        />
      )}
    </>
  );
  return frame === 'card' ? <Card className="feed-match-trend">{body}</Card> : <div className="feed-match-trend">{body}</div>;
}
