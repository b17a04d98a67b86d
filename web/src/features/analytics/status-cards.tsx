import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { ANALYTICS_DAYS, type AccessCheckAnswer, type DimensionCheckAnswer } from 'shared/domain/analytics';
import { formatPortalDate } from '../../i18n/dates';
import { T } from '../../i18n/t';
import { ApiError } from '../../lib/api/client';
import { errorMessageId, fieldMessageId } from '../../lib/api/error-message';
import { Callout } from '../../ui/callout';
import { StatusCard } from '../../ui/step-cards';
import type { AccessView, DimensionView, Outcome } from './verification-model';

/**
 * The status cards of the verification pages, with the spec's wordings (section 4) and error
 * catalogue (section 8): access To be verified / Access Granted / Access Denied / Stage Completed;
 * dimension To be verified / set up well / almost there / error / denied / stage completed.
 */

const firstError = (outcome: Outcome<AccessCheckAnswer | DimensionCheckAnswer>) =>
  outcome.state === 'answered' ? outcome.answer.errors[0]?.message : undefined;

/** A card drawn from a check of an earlier visit says when that check ran. */
function LastCheck({ at }: { at: string | undefined }) {
  const intl = useIntl();
  if (!at) return null;
  return (
    <p className="analytics-last-check">
      <T id="analytics.lastCheck" values={{ date: formatPortalDate(intl, at, true) }} />
    </p>
  );
}

function BackToDashboard() {
  return (
    <Link className="btn btn-secondary btn-sm" to="/dashboard">
      <T id="analytics.backToDashboard" />
    </Link>
  );
}

/**
 * A call that failed (network, HTTP error): what failed, and to try later. A refusal of the
 * request itself (a 400 naming a field, e.g. another company's View ID) says what to change instead.
 */
function CallFailed({ error }: { error: unknown }) {
  const intl = useIntl();
  const field = error instanceof ApiError ? Object.values(error.fieldErrors)[0] : undefined;
  return (
    <>
      <p>
        <T id={field ? fieldMessageId(field, intl.messages) : errorMessageId(error)} />
      </p>
      {!field && (
        <p>
          <T id="analytics.tryLater" />
        </p>
      )}
    </>
  );
}

/** Another company holds the View ID: a conflict (the shared two-sentence message), whichever card asks. */
function ViewIdConflict({ label }: { label: ReactNode }) {
  return (
    <StatusCard tone="error" label={label} title={<T id="analytics.viewIdConflict" />}>
      <p>
        <T id="validation.analytics.viewIdTaken" />
      </p>
    </StatusCard>
  );
}

/** `lastAt`: the view comes from a check of an earlier visit (no check answered in this one). */
export function AccessStatusCard({ view, outcome, lastAt }: { view: AccessView; outcome: Outcome<AccessCheckAnswer>; lastAt?: string }) {
  const label = <T id="analytics.status.access" />;
  switch (view) {
    case 'loading':
      return <StatusCard tone="progress" label={label} title={<T id="analytics.checking" />} />;
    case 'granted': {
      const answer = outcome.state === 'answered' ? outcome.answer : null;
      return (
        <StatusCard tone="done" label={label} title={<T id="analytics.access.granted" />} action={<BackToDashboard />}>
          {answer?.property && answer.total !== null && (
            <p>
              <T id="analytics.access.grantedText" values={{ name: answer.property.name, sessions: answer.total, days: ANALYTICS_DAYS }} />
            </p>
          )}
          {answer && answer.trafficImported !== null && <ImportedTraffic count={answer.trafficImported} />}
          <LastCheck at={lastAt} />
        </StatusCard>
      );
    }
    case 'denied':
      return (
        <StatusCard tone="error" label={label} title={<T id="analytics.access.denied" />}>
          {outcome.state === 'failed' ? (
            <CallFailed error={outcome.error} />
          ) : (
            <>
              {firstError(outcome) && <p className="analytics-server-message">{firstError(outcome)}</p>}
              <p>
                <T id="analytics.access.followInstructions" />
              </p>
              <LastCheck at={lastAt} />
            </>
          )}
        </StatusCard>
      );
    case 'conflict':
      return <ViewIdConflict label={label} />;
    case 'completed':
      return (
        <StatusCard tone="done" label={label} title={<T id="analytics.access.completed" />}>
          <T id="analytics.access.completedText" />
        </StatusCard>
      );
    default:
      return (
        <StatusCard tone="todo" label={label} title={<T id="analytics.access.todo" />}>
          <T id="analytics.access.todoText" />
        </StatusCard>
      );
  }
}

/** The first access check of a company imports its UTM traffic: how much, and where to link it. */
function ImportedTraffic({ count }: { count: number }) {
  return (
    <Callout tone="info" live={false}>
      <p>
        <T id="analytics.imported" values={{ count, days: ANALYTICS_DAYS }} />
      </p>
      {count > 0 && (
        <Link to="/marketing/utm-management">
          <T id="analytics.importedLink" />
        </Link>
      )}
    </Callout>
  );
}

export function DimensionStatusCard({ view, outcome, lastAt }: { view: DimensionView; outcome: Outcome<DimensionCheckAnswer>; lastAt?: string }) {
  const label = <T id="analytics.status.dimension" />;
  switch (view) {
    case 'loading':
      return <StatusCard tone="progress" label={label} title={<T id="analytics.checking" />} />;
    case 'success':
      return (
        <StatusCard tone="done" label={label} title={<T id="analytics.dimension.success" />} action={<BackToDashboard />}>
          <T id="analytics.dimension.successText" />
          <LastCheck at={lastAt} />
        </StatusCard>
      );
    case 'low':
      return (
        <StatusCard tone="warning" label={label} title={<T id="analytics.dimension.low" />}>
          <T id="analytics.dimension.lowText" />
          <LastCheck at={lastAt} />
        </StatusCard>
      );
    case 'denied': {
      // Spec 8: code 403 shows the access-denied headline and the generic message; Google's words follow, smaller.
      const message = firstError(outcome);
      return (
        <StatusCard tone="error" label={label} title={<T id="analytics.access.denied" />}>
          <p>
            <T id="analytics.access.followInstructions" />
          </p>
          {message && (
            <p className="analytics-server-message">
              <T id="analytics.googleSaid" values={{ message }} />
            </p>
          )}
          <LastCheck at={lastAt} />
        </StatusCard>
      );
    }
    case 'error': {
      const message = firstError(outcome);
      return (
        <StatusCard tone="error" label={label} title={<T id="analytics.dimension.error" />}>
          {outcome.state === 'failed' ? (
            <CallFailed error={outcome.error} />
          ) : message ? (
            <p className="analytics-server-message">{message}</p>
          ) : lastAt ? (
            <p>
              <T id="analytics.dimension.checkAgain" />
            </p>
          ) : (
            <p>
              <T id="analytics.dimension.missingFigures" values={{ days: ANALYTICS_DAYS }} />
            </p>
          )}
          <LastCheck at={lastAt} />
        </StatusCard>
      );
    }
    case 'conflict':
      return <ViewIdConflict label={label} />;
    case 'completed':
      return (
        <StatusCard tone="done" label={label} title={<T id="analytics.dimension.completed" />}>
          <T id="analytics.dimension.completedText" />
        </StatusCard>
      );
    default:
      return (
        <StatusCard tone="todo" label={label} title={<T id="analytics.dimension.todo" />}>
          <T id="analytics.dimension.todoText" />
        </StatusCard>
      );
  }
}
