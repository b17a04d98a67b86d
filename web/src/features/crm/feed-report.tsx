import { Suspense, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { FeedKind, FeedResult, WarningExample } from 'shared/feed/types';
import { FEED_REPORT_EXAMPLES, type FeedCsvFile } from 'shared/domain/order-feed';
import { orderFeedFailingRows } from 'shared/routes';
import { BarChart, ChartPlace } from '../../ui/chart';
import { CsvDownload } from '../../ui/csv-download';
import { warningText, type WarningKey } from 'shared/feed/warnings';
import { formatPortalDay, formatPortalMonth } from '../../i18n/dates';
import { T, useT } from '../../i18n/t';
import { Card } from '../../ui/card';
import { CRITICAL_WARNINGS, dateRangeDays, languageOf, monthlySeries, raisedWarnings, stateSeries } from './feed-model';

/** The report of a finished check (spec: warnings, charts, stats, date range, feed versus analytics). */
export function FeedReport({ result, kind, checkId, failingRows }: { result: FeedResult; kind: FeedKind; checkId?: string; failingRows?: FeedCsvFile }) {
  const intl = useIntl();
  const t = useT();
  const keys = raisedWarnings(result);
  const { stats } = result;
  const days = dateRangeDays(stats.dateRange);
  const months = monthlySeries(stats);
  const states = stateSeries(stats);
  const noun = kind === 'lead' ? 'lead' : 'order';
  return (
    <div className="feed-report">
      <Card>
        <h2 className="card-title">
          <T id="orderFeed.report.warningsTitle" />
        </h2>
        {keys.length === 0 ? (
          <p className="feed-clean">
            <T id="orderFeed.report.noWarnings" values={{ kind: noun }} />
          </p>
        ) : (
          <ul className="feed-warnings" aria-label={t('orderFeed.report.warningsTitle')}>
            {keys.map((key) => (
              <WarningItem key={key} warningKey={key} kind={kind} count={result.counts[key] ?? result.errors[key]?.length ?? 0} examples={result.errors[key] ?? []} />
            ))}
          </ul>
        )}
        {checkId && failingRows && (
          <CsvDownload
            route={orderFeedFailingRows}
            checkId={checkId}
            testId="failing-rows-download"
            label={<T id="orderFeed.report.failingRows" values={{ rows: failingRows.rows }} />}
            hint={<T id="orderFeed.report.failingRowsHint" values={{ kind: noun, max: FEED_REPORT_EXAMPLES }} />}
            gone={<T id="orderFeed.report.failingRowsGone" />}
          />
        )}
      </Card>

      <div className="feed-stats-grid">
        <Card>
          <h2 className="card-title">
            <T id="orderFeed.report.statsTitle" />
          </h2>
          <dl className="feed-stats">
            <Stat label={<T id="orderFeed.report.orders" values={{ kind: noun }} />} value={intl.formatNumber(stats.numOrders.total)} />
            <Stat label={<T id="orderFeed.report.newCustomers" />} value={intl.formatNumber(stats.numOrders.fromNewCustomers)} />
            <Stat label={<T id="orderFeed.report.callCenter" />} value={intl.formatNumber(stats.numOrders.fromCallCenter)} />
            <Stat
              wide
              label={<T id="orderFeed.report.dateRange" />}
              value={days === null ? '–' : <T id="orderFeed.report.days" values={{ days }} />}
              hint={stats.dateRange.from && stats.dateRange.to ? `${formatPortalDay(intl, stats.dateRange.from)} – ${formatPortalDay(intl, stats.dateRange.to)}` : undefined}
            />
          </dl>
        </Card>
        <Card>
          <h2 className="card-title">
            <T id="orderFeed.report.compareTitle" />
          </h2>
          {result.possibleImported ? (
            <>
              <dl className="feed-stats">
                <Stat label={<T id="orderFeed.report.feedOrders" values={{ kind: noun }} />} value={intl.formatNumber(result.possibleImported.ordersInFeed)} />
                <Stat
                  label={<T id="orderFeed.report.analyticsOrders" values={{ kind: noun }} />}
                  value={intl.formatNumber(result.possibleImported.ordersInFeed - result.possibleImported.notInGA)}
                />
                <Stat label={<T id="orderFeed.report.notFound" values={{ kind: noun }} />} value={intl.formatNumber(result.possibleImported.notInGA)} />
              </dl>
              <p className="muted feed-small">
                <T id="orderFeed.report.dayTested" values={{ day: formatPortalDay(intl, result.possibleImported.dayTested) }} />
              </p>
            </>
          ) : (
            <p className="muted">
              <T id="orderFeed.report.noCompare" />
            </p>
          )}
        </Card>
      </div>

      <Card>
        <h2 className="card-title">
          <T id="orderFeed.report.byStateTitle" values={{ kind: noun }} />
        </h2>
        {states.length === 0 ? (
          <p className="muted">
            <T id="orderFeed.report.noStates" />
          </p>
        ) : (
          <Suspense fallback={<ChartPlace />}>
            <BarChart
              testId="chart-states"
              caption={t('orderFeed.report.byStateTitle', { kind: noun })}
              labelHeader={t('orderFeed.report.state')}
              valueHeader={t('orderFeed.report.orders', { kind: noun })}
              data={states.map((s) => ({ label: s.state, orders: s.orders }))}
            />
          </Suspense>
        )}
      </Card>

      {/* Spec: the monthly chart only with 2 or more months. */}
      {months.length >= 2 && (
        <Card>
          <h2 className="card-title">
            <T id="orderFeed.report.byMonthTitle" values={{ kind: noun }} />
          </h2>
          <Suspense fallback={<ChartPlace />}>
            <BarChart
              testId="chart-months"
              caption={t('orderFeed.report.byMonthTitle', { kind: noun })}
              labelHeader={t('orderFeed.report.month')}
              valueHeader={t('orderFeed.report.orders', { kind: noun })}
              data={months.map((m) => ({ label: formatPortalMonth(intl, m.month), orders: m.orders }))}
            />
          </Suspense>
        </Card>
      )}
    </div>
  );
}

function Stat({ label, value, hint, wide }: { label: React.ReactNode; value: React.ReactNode; hint?: string; wide?: boolean }) {
  return (
    <div className={`feed-stat ${wide ? 'feed-stat-wide' : ''}`}>
      <dt>{label}</dt>
      <dd>
        <span className="feed-stat-value">{value}</span>
        {hint && <span className="feed-stat-hint">{hint}</span>}
      </dd>
    </div>
  );
}

/** One warning: title and explanation in the user's language (shared/feed/warnings.ts, as the CLI says them), count, examples, fix page. */
export function WarningItem({ warningKey, kind, count, examples, compact = false }: { warningKey: WarningKey; kind: FeedKind; count: number; examples: WarningExample[]; compact?: boolean }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const id = useId();
  const text = warningText(warningKey, languageOf(intl.locale), kind);
  const critical = CRITICAL_WARNINGS.has(warningKey);
  const shown = examples.filter((e) => e.line > 0 || e.orderId || e.detail);
  return (
    <li className={`feed-warning ${critical ? 'feed-warning-critical' : ''}`}>
      <div className="feed-warning-head">
        <h3 className="feed-warning-title">{text.title}</h3>
        <span className={`badge ${critical ? 'feed-badge-critical' : 'feed-badge-minor'}`}>
          <T id={critical ? 'orderFeed.report.critical' : 'orderFeed.report.nonCritical'} />
        </span>
        <span className="feed-warning-count">
          <T id="orderFeed.report.occurrences" values={{ count }} />
        </span>
      </div>
      {!compact && <p className="feed-warning-text">{text.explanation}</p>}
      {!compact && (
        <div className="feed-warning-actions">
          {shown.length > 0 && (
            <button type="button" className="btn btn-ghost btn-sm" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
              <T id={open ? 'orderFeed.report.hideExamples' : 'orderFeed.report.showExamples'} values={{ count: shown.length }} />
            </button>
          )}
          <Link className="btn btn-ghost btn-sm" to={`/crm/order-feed/warnings/${warningKey}`}>
            <T id="orderFeed.report.howToFix" />
            <span className="visually-hidden">: {text.title}</span>
          </Link>
        </div>
      )}
      {!compact && shown.length > 0 && (
        <div id={id} hidden={!open}>
          <table className="feed-examples">
            <thead>
              <tr>
                <th scope="col">
                  <T id="orderFeed.report.line" />
                </th>
                <th scope="col">
                  <T id="orderFeed.report.orderId" values={{ kind: kind === 'lead' ? 'lead' : 'order' }} />
                </th>
                <th scope="col">
                  <T id="orderFeed.report.detail" />
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((example, index) => (
                <tr key={`${example.line}-${index}`}>
                  <td>{example.line > 0 ? intl.formatNumber(example.line) : '–'}</td>
                  <td>{example.orderId || '–'}</td>
                  <td>{example.detail ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </li>
  );
}
