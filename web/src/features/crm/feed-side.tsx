import { useId, useState } from 'react';
import { useSWRConfig } from 'swr';
import type { FeedCheck, FeedHistoryEntry } from 'shared/domain/order-feed';
import { integrationStatusList, integrationStatusUpdate } from 'shared/routes';
import { STEP_NOTE_MAX } from 'shared/schemas/integration';
import { DateText } from '../../i18n/dates';
import { T, useT } from '../../i18n/t';
import { mutateRoute, routeKey, useRoute } from '../../lib/api/use-route';
import { Button } from '../../ui/button';
import { Callout } from '../../ui/callout';
import { Card } from '../../ui/card';
import { Dialog } from '../../ui/dialog';
import { StatusCard } from '../../ui/step-cards';
import { failureMessageId, hasCritical, matchTrend, MATCH_TREND_DAYS, raisedWarnings } from './feed-model';
import { ChartPlace, FeedBarChart } from './feed-report';
import { Suspense } from 'react';
import { useIntl } from 'react-intl';
import { formatPortalDay } from '../../i18n/dates';
import { ErrorText } from '../../ui/error-text';

/**
 * The status card of status_feed (spec: to be verified, warnings found, no errors found, stage
 * completed). A clean check completes the step on the server (the step engine notifies the team
 * by e-mail); by hand the customer may complete it after a check with only non-critical warnings,
 * or without a feed when the orders come through another connection (POST
 * /api/integration-status/update, `otherConnection`).
 */
export function FeedStatusCard({ check, lead }: { check: FeedCheck | null; lead: boolean }) {
  const { data, error } = useRoute(integrationStatusList);
  const { mutate } = useSWRConfig();
  const [busy, setBusy] = useState<'after-check' | 'other' | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  // "My data comes another way" asks first (it completes the stage and mails the team), with a note.
  const [asking, setAsking] = useState(false);
  const [note, setNote] = useState('');
  const noteId = useId();
  const kind = lead ? 'lead' : 'order';

  if (error) {
    return (
      <StatusCard tone="error" title={<T id="orderFeed.status.unknown" />}>
        {error.message}
      </StatusCard>
    );
  }
  if (!data) return <StatusCard tone="todo" title={<T id="app.loading" />} />;
  const step = data.steps.find((s) => s.stepType === 'status_feed');
  if (!step) {
    return (
      <StatusCard tone="todo" title={<T id="orderFeed.status.notPart" />}>
        <T id="orderFeed.status.notPartText" />
      </StatusCard>
    );
  }
  if (step.status !== 'TBD') {
    return (
      <StatusCard tone="done" title={<T id="orderFeed.status.completed" />}>
        <T id={step.status === 'done' ? 'orderFeed.status.completedText' : 'orderFeed.status.notMandatoryText'} />
        {step.note !== undefined && (
          <p className="feed-small">
            <T id={step.note ? 'orderFeed.other.kept' : 'orderFeed.other.keptNoNote'} values={{ note: step.note }} />
          </p>
        )}
      </StatusCard>
    );
  }

  const complete = async (reason: 'after-check' | 'other') => {
    setBusy(reason);
    setFailure(null);
    try {
      const body =
        reason === 'other'
          ? { stepType: 'status_feed' as const, status: 'done' as const, otherConnection: true, note: note.trim() }
          : { stepType: 'status_feed' as const, status: 'done' as const };
      const answer = await mutateRoute(integrationStatusUpdate, { body });
      setAsking(false);
      await mutate(routeKey(integrationStatusList), answer, { revalidate: false });
    } catch (caught) {
      setFailure(caught);
    } finally {
      setBusy(null);
    }
  };

  const result = check?.status === 'done' ? check.result : null;
  const warnings = result ? raisedWarnings(result).length : 0;
  const critical = result ? hasCritical(result) : false;
  const failureCallout = failure !== null && !asking && (
    <Callout tone="danger">
      <ErrorText error={failure} />
    </Callout>
  );
  const otherWay = (
    <>
      <Button variant="secondary" onClick={() => setAsking(true)} disabled={busy !== null}>
        <T id="orderFeed.status.otherConnection" />
      </Button>
      <Dialog
        open={asking}
        title={<T id="orderFeed.other.title" />}
        onClose={() => busy === null && setAsking(false)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setAsking(false)} disabled={busy !== null}>
              <T id="confirmDialog.cancel" />
            </Button>
            <Button onClick={() => void complete('other')} loading={busy === 'other'} disabled={note.length > STEP_NOTE_MAX}>
              <T id="orderFeed.status.complete" />
            </Button>
          </>
        }
      >
        <p>
          <T id="orderFeed.other.text" values={{ kind }} />
        </p>
        <label className="form-label" htmlFor={noteId}>
          <T id="orderFeed.other.note" />
        </label>
        <textarea id={noteId} className="form-control feed-other-note" rows={4} value={note} maxLength={STEP_NOTE_MAX} onChange={(event) => setNote(event.target.value)} />
        {failure !== null && asking && (
          <Callout tone="danger">
            <ErrorText error={failure} />
          </Callout>
        )}
      </Dialog>
    </>
  );

  if (result && warnings === 0) {
    return (
      <StatusCard tone="done" title={<T id="orderFeed.status.noErrors" />}>
        <T id="orderFeed.status.noErrorsText" values={{ kind }} />
      </StatusCard>
    );
  }
  if (result) {
    return (
      <StatusCard
        tone="warning"
        title={<T id="orderFeed.status.warnings" />}
        action={
          <div className="feed-status-actions">
            <Button onClick={() => void complete('after-check')} loading={busy === 'after-check'} disabled={critical || busy !== null}>
              <T id="orderFeed.status.complete" />
            </Button>
          </div>
        }
      >
        <p>
          <T id={critical ? 'orderFeed.status.criticalText' : 'orderFeed.status.warningsText'} values={{ count: warnings }} />
        </p>
        <p className="muted feed-small">
          <T id="orderFeed.status.mailNote" />
        </p>
        {failureCallout}
      </StatusCard>
    );
  }
  return (
    <StatusCard tone={check?.status === 'failed' ? 'error' : 'todo'} title={<T id="orderFeed.status.toVerify" />} action={otherWay}>
      <p>
        <T id="orderFeed.status.toVerifyText" values={{ kind }} />
      </p>
      <p className="muted feed-small">
        <T id="orderFeed.status.otherConnectionText" values={{ kind }} />
      </p>
      {failureCallout}
    </StatusCard>
  );
}

/** The feed's health over time (history of manual and daily checks, newest first). */
export function FeedHistoryCard({ history, kind }: { history: FeedHistoryEntry[]; kind: 'order' | 'lead' }) {
  const t = useT();
  if (history.length === 0) return null;
  const shown = history.slice(0, 7);
  return (
    <Card className="feed-history">
      <h2 className="card-title">
        <T id="orderFeed.history.title" />
      </h2>
      <ol className="feed-timeline" aria-label={t('orderFeed.history.title')}>
        {shown.map((entry) => (
          <li key={entry.checkId} className={`feed-timeline-item feed-health-${entry.health}`}>
            <span className="feed-timeline-dot" aria-hidden="true" />
            <div>
              <p className="feed-timeline-head">
                {/* With the time: a manual check and the night's re-check can fall on one day. */}
                <DateText value={entry.date} withTime />
                <span className="feed-timeline-trigger">
                  <T id={entry.trigger === 'daily' ? 'orderFeed.history.daily' : 'orderFeed.history.manual'} />
                </span>
              </p>
              <p className="feed-timeline-text">
                <T id={`orderFeed.history.health.${entry.health}`} values={{ count: entry.warningKeys.length }} />
                {entry.health !== 'failed' && (
                  <>
                    {' · '}
                    <T id="orderFeed.history.orders" values={{ count: entry.orders, kind }} />
                  </>
                )}
              </p>
              {/* Why an older check failed (a night's fetch, a changed host key) stays readable after newer ones. */}
              {entry.health === 'failed' && entry.failure && (
                <details className="feed-timeline-why">
                  <summary>
                    <T id="orderFeed.history.why" />
                  </summary>
                  <T id={failureMessageId(entry.failure.code)} />
                </details>
              )}
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}

/**
 * The feed-versus-analytics match rate of each compared day (the daily re-checks' history) over
 * the last 30 days, and the latest day's figures with the call-centre orders as their own group
 * (never on the site, so not compared).
 */
export function FeedMatchTrendCard({ history, kind, today }: { history: FeedHistoryEntry[]; kind: 'order' | 'lead'; today: string }) {
  const intl = useIntl();
  const t = useT();
  const points = matchTrend(history, today);
  const last = points[points.length - 1];
  if (!last) return null;
  return (
    <Card className="feed-match-trend">
      <h2 className="card-title">
        <T id="orderFeed.match.title" values={{ days: MATCH_TREND_DAYS }} />
      </h2>
      <Suspense fallback={<ChartPlace />}>
        <FeedBarChart
          testId="chart-match-rate"
          percent
          height={200}
          caption={t('orderFeed.match.title', { days: MATCH_TREND_DAYS })}
          labelHeader={t('orderFeed.match.day')}
          valueHeader={t('orderFeed.match.rate')}
          data={points.map((p) => ({ label: formatPortalDay(intl, p.day), orders: p.rate }))}
        />
      </Suspense>
      <dl className="feed-match-figures" data-testid="match-latest">
        <dt>
          <T id="orderFeed.match.inFeed" values={{ kind, day: formatPortalDay(intl, last.day) }} />
        </dt>
        <dd>{intl.formatNumber(last.match.inFeed)}</dd>
        <dt>
          <T id="orderFeed.match.found" />
        </dt>
        <dd>{intl.formatNumber(last.match.found)}</dd>
        <dt>
          <T id="orderFeed.match.missing" />
        </dt>
        <dd>{intl.formatNumber(last.match.missing)}</dd>
        <dt>
          <T id="orderFeed.match.callCentre" />
        </dt>
        <dd>{intl.formatNumber(last.match.callCentre)}</dd>
      </dl>
    </Card>
  );
}
