import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { IntegrationStatus, StepType } from 'shared/domain/types';
import { integrationStatusList, integrationStatusUpdate } from 'shared/routes';
import { T, type MessageId } from '../i18n/t';
import { ApiError } from '../lib/api/client';
import { fieldMessageId } from '../lib/api/error-message';
import { mutateRoute, useRoute } from '../lib/api/use-route';
import { Button } from './button';
import { Callout } from './callout';
import { ErrorText } from './error-text';
import { StatusCard } from './step-cards';

type IntegrationStep = IntegrationStatus['steps'][number];

/**
 * The one "complete this step" card of the step pages (sources, commissions, the order feed, the
 * instruction pages): where the company's step stands, read from GET /api/integration-status, in
 * the states every page shows alike (cannot tell, loading, not part of the company's integration,
 * completed or not mandatory), and the page's own card while the step is to do.
 */
export interface StepCardTexts {
  unknown: MessageId;
  notPart: MessageId;
  notPartText: MessageId;
  done: MessageId;
  doneText: MessageId;
  /** The text of a step set "not mandatory" (else `doneText`). */
  notMandatoryText?: MessageId;
}

export function StepCompletionCard({
  step,
  texts,
  doneNote,
  todo,
}: {
  step: StepType;
  texts: StepCardTexts;
  /** More to say under a completed step (the order feed's note on its other connection). */
  doneNote?: (own: IntegrationStep) => ReactNode;
  /** The card while the step is to do: the usual one (a text and the complete button) or the page's own. */
  todo: { label: MessageId; text: ReactNode; blockedBy?: MessageId | null } | ((own: IntegrationStep) => ReactNode);
}) {
  const { data, error } = useRoute(integrationStatusList);
  if (error) {
    return (
      <StatusCard tone="error" title={<T id={texts.unknown} />}>
        <ErrorText error={error} />
      </StatusCard>
    );
  }
  if (!data) return <StatusCard tone="todo" title={<T id="app.loading" />} />;
  const own = data.steps.find((s) => s.stepType === step);
  if (!own) {
    return (
      <StatusCard tone="todo" title={<T id={texts.notPart} />}>
        <T id={texts.notPartText} />
      </StatusCard>
    );
  }
  if (own.status !== 'TBD') {
    const mandatory = own.status === 'done';
    return (
      <StatusCard tone="done" title={<T id={mandatory ? texts.done : 'step.status.not_mandatory'} />}>
        <T id={mandatory ? texts.doneText : (texts.notMandatoryText ?? texts.doneText)} />
        {doneNote?.(own)}
      </StatusCard>
    );
  }
  return typeof todo === 'function' ? <>{todo(own)}</> : <CompleteCard step={step} {...todo} />;
}

/** The usual card of a step to do: its text (or the rule that keeps the button disabled) and the complete button. */
function CompleteCard({ step, label, text, blockedBy = null }: { step: StepType; label: MessageId; text: ReactNode; blockedBy?: MessageId | null }) {
  const { complete, busy, failure } = useStepCompletion(step);
  return (
    <StatusCard
      tone="todo"
      title={<T id="step.status.TBD" />}
      action={
        <Button onClick={() => void complete('complete')} loading={busy !== null} disabled={blockedBy !== null}>
          <T id={label} />
        </Button>
      }
    >
      {blockedBy ? <T id={blockedBy} /> : text}
      <CompletionFailure failure={failure} />
    </StatusCard>
  );
}

/**
 * Completing a step by hand: POST /api/integration-status/update (the server checks the step's
 * rules again and mails the team); the route's `stale` list reads GET /api/integration-status again,
 * so every card and the dashboard show the new state. `busy` names the action under way.
 */
export function useStepCompletion<Action extends string = 'complete'>(step: StepType) {
  const [busy, setBusy] = useState<Action | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const complete = async (action: Action, extra: { otherConnection?: boolean; note?: string } = {}): Promise<boolean> => {
    setBusy(action);
    setFailure(null);
    try {
      await mutateRoute(integrationStatusUpdate, { body: { stepType: step, status: 'done', ...extra } });
      return true;
    } catch (caught) {
      setFailure(caught);
      return false;
    } finally {
      setBusy(null);
    }
  };
  return { complete, busy, failure };
}

/** Why a completion was refused: the server's field message ("Add at least one source"), else the error's text. */
export function CompletionFailure({ failure }: { failure: unknown }) {
  const intl = useIntl();
  if (failure === null) return null;
  const field = failure instanceof ApiError ? Object.values(failure.fieldErrors)[0] : undefined;
  return <Callout tone="danger">{field ? <T id={fieldMessageId(field, intl.messages)} /> : <ErrorText error={failure} />}</Callout>;
}
