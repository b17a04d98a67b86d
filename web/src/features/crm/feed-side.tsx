import { useId, useState } from 'react';
import { FEED_RETRIES } from 'shared/domain/feed-retry';
import type { FeedCheck, FeedHistoryEntry } from 'shared/domain/order-feed';
import { STEP_NOTE_MAX } from 'shared/schemas/integration';
import { DateText } from '../../i18n/dates';
import { T, useT } from '../../i18n/t';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Dialog } from '../../ui/dialog';
import { StatusCard } from '../../ui/step-cards';
import { CompletionFailure, StepCompletionCard, useStepCompletion } from '../../ui/step-completion';
import { failureMessageId, hasCritical, raisedWarnings } from './feed-model';

/**
 * The status card of status_feed (spec: to be verified, warnings found, no errors found, stage
 * completed). A clean check completes the step on the server (the step engine notifies the team
 * by e-mail); by hand the customer may complete it after a check with only non-critical warnings,
 * or without a feed when the orders come through another connection (POST
 * /api/integration-status/update, `otherConnection`).
 */
export function FeedStatusCard({ check, lead }: { check: FeedCheck | null; lead: boolean }) {
  return (
    <StepCompletionCard
      step="status_feed"
      texts={{
        unknown: 'orderFeed.status.unknown',
        notPart: 'orderFeed.status.notPart',
        notPartText: 'orderFeed.status.notPartText',
        done: 'orderFeed.status.completed',
        doneText: 'orderFeed.status.completedText',
        notMandatoryText: 'orderFeed.status.notMandatoryText',
      }}
      doneNote={(own) =>
        own.note !== undefined && (
          <p className="feed-small">
            <T id={own.note ? 'orderFeed.other.kept' : 'orderFeed.other.keptNoNote'} values={{ note: own.note }} />
          </p>
        )
      }
      todo={() => <FeedTodoCard check={check} lead={lead} />}
    />
  );
}

/** The order-feed step while it is to do: complete after a check with warnings only, or say the orders come another way. */
function FeedTodoCard({ check, lead }: { check: FeedCheck | null; lead: boolean }) {
  const { complete: completeStep, busy, failure } = useStepCompletion<'after-check' | 'other'>('status_feed');
  // "My data comes another way" asks first (it completes the stage and mails the team), with a note.
  const [asking, setAsking] = useState(false);
  const [note, setNote] = useState('');
  const noteId = useId();
  const kind = lead ? 'lead' : 'order';

  const complete = async (reason: 'after-check' | 'other') => {
    if (await completeStep(reason, reason === 'other' ? { otherConnection: true, note: note.trim() } : {})) setAsking(false);
  };

  const result = check?.status === 'done' ? check.result : null;
  const warnings = result ? raisedWarnings(result).length : 0;
  const critical = result ? hasCritical(result) : false;
  const failureCallout = !asking && <CompletionFailure failure={failure} />;
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
        {asking && <CompletionFailure failure={failure} />}
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
                  {entry.trigger === 'manual' ? (
                    <T id="orderFeed.history.manual" />
                  ) : entry.attempt ? (
                    // A same-day retry of the night's fetch (shared/domain/feed-retry.ts): which try it was.
                    <T id="orderFeed.history.retry" values={{ n: entry.attempt, total: FEED_RETRIES }} />
                  ) : (
                    <T id="orderFeed.history.daily" />
                  )}
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
