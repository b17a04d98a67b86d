import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useSWRConfig } from 'swr';
import type { StepType } from 'shared/domain/types';
import { integrationStatusList, integrationStatusUpdate } from 'shared/routes';
import { T, type MessageId } from '../../i18n/t';
import { ApiError } from '../../lib/api/client';
import { errorMessageId, fieldMessageId } from '../../lib/api/error-message';
import { mutateRoute, routeKey, useRoute } from '../../lib/api/use-route';
import { Button } from '../../ui/button';
import { Callout } from '../../ui/callout';
import { StatusCard } from '../../ui/step-cards';

/**
 * The status card of a step the customer completes by hand (sources, commission_rules): where
 * the step stands, and the complete button with the rule that may keep it disabled (`blocked`,
 * the message of shared/domain/integration.ts's refusal). Completing goes through
 * POST /api/integration-status/update like the instruction pages; the server checks the rules again.
 */
export function StepCompletionCard({ step, blocked, todoText, buttonLabel }: { step: StepType; blocked: MessageId | null; todoText: MessageId; buttonLabel: MessageId }) {
  const { data, error } = useRoute(integrationStatusList);
  const { mutate } = useSWRConfig();
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  if (error) {
    return (
      <StatusCard tone="error" title={<T id="marketing.status.unknown" />}>
        {error.message}
      </StatusCard>
    );
  }
  if (!data) return <StatusCard tone="todo" title={<T id="app.loading" />} />;
  const own = data.steps.find((s) => s.stepType === step);
  if (!own) {
    return (
      <StatusCard tone="todo" title={<T id="instructions.status.notPart" />}>
        <T id="marketing.status.notPartText" />
      </StatusCard>
    );
  }
  if (own.status !== 'TBD') {
    return (
      <StatusCard tone="done" title={<T id={own.status === 'done' ? 'instructions.status.done' : 'step.status.not_mandatory'} />}>
        <T id="instructions.status.doneText" />
      </StatusCard>
    );
  }
  const complete = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await mutateRoute(integrationStatusUpdate, { body: { stepType: step, status: 'done' } });
      await mutate(routeKey(integrationStatusList), answer, { revalidate: false });
    } catch (caught) {
      setFailure(caught);
    } finally {
      setBusy(false);
    }
  };
  return (
    <StatusCard
      tone="todo"
      title={<T id="step.status.TBD" />}
      action={
        <Button onClick={complete} loading={busy} disabled={blocked !== null}>
          <T id={buttonLabel} />
        </Button>
      }
    >
      <T id={blocked ?? todoText} />
      {failure !== null && (
        <Callout tone="danger">
          <T id={reasonOf(failure, intl.messages)} />
        </Callout>
      )}
    </StatusCard>
  );
}

/** A refused completion says why (the server's field message, e.g. 'Add at least one source'), else the error's text. */
function reasonOf(failure: unknown, catalogue: Readonly<Record<string, unknown>>): MessageId {
  const field = failure instanceof ApiError ? Object.values(failure.fieldErrors)[0] : undefined;
  return field ? fieldMessageId(field, catalogue) : errorMessageId(failure);
}
