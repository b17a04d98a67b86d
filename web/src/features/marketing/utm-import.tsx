import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { AccessCheckAnswer } from 'shared/domain/analytics';
import type { TrafficListAnswer } from 'shared/domain/utm-matching';
import { analyticsUtms } from 'shared/routes';
import { formatPortalDate } from '../../i18n/dates';
import { T, useT } from '../../i18n/t';
import { ApiError } from '../../lib/api/client';
import { errorMessageId } from '../../lib/api/error-message';
import { mutateRoute } from '../../lib/api/use-route';
import { Button } from '../../ui/button';
import { Callout } from '../../ui/callout';
import { Card } from '../../ui/card';
import { OtherResourceNotice } from '../../ui/other-resource';

type Outcome = { answer: AccessCheckAnswer } | { error: ApiError };

/**
 * Where the traffic comes from (docs/product.md, "When traffic is imported"): the company's
 * stored analytics property, imported at its access check, every day, and here on demand
 * ("Import again", POST /api/analytics/utms). The time of the last import in the user's language;
 * a refusal of the analytics tool in its own words. Without a stored View ID there is nothing to
 * import from: the access check comes first.
 */
export function TrafficImportCard({ traffic }: { traffic?: TrafficListAnswer }) {
  const intl = useIntl();
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  if (!traffic) return null;
  const { viewId, imported } = traffic;
  const importNow = async () => {
    if (!viewId) return;
    setBusy(true);
    setOutcome(null);
    try {
      // Re-reads the traffic, its last import and the steps (the route's stale list).
      setOutcome({ answer: await mutateRoute(analyticsUtms, { body: { view_id: viewId } }) });
    } catch (error) {
      setOutcome({ error: error as ApiError });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card>
      <h2 className="card-heading">
        <T id="utm.import.title" />
      </h2>
      {!viewId ? (
        <p>
          <T id="utm.import.noViewId" /> <Link to="/analytics/access">{t('utm.import.toAccess')}</Link>
        </p>
      ) : (
        <>
          <p className="utm-import-last">
            {imported ? (
              <T id="utm.import.last" values={{ at: formatPortalDate(intl, imported.at, true), rows: imported.rows, viewId }} />
            ) : (
              <T id="utm.import.never" values={{ viewId }} />
            )}
          </p>
          <p className="muted">
            <T id="utm.import.when" />
          </p>
          <Button variant="secondary" onClick={() => void importNow()} loading={busy}>
            <T id={imported ? 'utm.import.again' : 'utm.import.now'} />
          </Button>
          {outcome && <ImportOutcome outcome={outcome} />}
        </>
      )}
    </Card>
  );
}

function ImportOutcome({ outcome }: { outcome: Outcome }) {
  if ('error' in outcome) {
    return (
      <Callout tone="danger" title={<T id="utm.import.failed" />}>
        <T id={errorMessageId(outcome.error)} />
      </Callout>
    );
  }
  const { answer } = outcome;
  // The page sends the stored View ID: another one means an administrator moved it meanwhile.
  if (answer.otherResource) return <OtherResourceNotice other={answer.otherResource} />;
  if (answer.code !== 200) {
    // The analytics tool's refusal, in its words (as the access check shows it).
    return (
      <Callout tone="danger" title={<T id={answer.code === 403 ? 'utm.import.refused' : 'utm.import.failed'} />}>
        <p>{answer.errors[0]?.message}</p>
        {answer.code === 403 && (
          <p>
            <T id="utm.import.refusedHelp" />
          </p>
        )}
      </Callout>
    );
  }
  return (
    <Callout tone="success">
      <T id="utm.import.done" values={{ rows: answer.trafficImported ?? 0 }} />
    </Callout>
  );
}
