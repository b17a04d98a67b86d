import type { StepType } from 'shared/domain/types';
import { T, type MessageId } from '../../i18n/t';
import { StepCompletionCard } from '../../ui/step-completion';

/**
 * The status card of a step the customer completes by hand (sources, commission_rules): where
 * the step stands, and the complete button with the rule that may keep it disabled (`blocked`,
 * the message of shared/domain/integration.ts's refusal). The server checks the rules again.
 */
export function StepCompletionStatus({ step, blocked, todoText, buttonLabel }: { step: StepType; blocked: MessageId | null; todoText: MessageId; buttonLabel: MessageId }) {
  return (
    <StepCompletionCard
      step={step}
      texts={{ unknown: 'marketing.status.unknown', notPart: 'instructions.status.notPart', notPartText: 'marketing.status.notPartText', done: 'instructions.status.done', doneText: 'instructions.status.doneText' }}
      todo={{ label: buttonLabel, text: <T id={todoText} />, blockedBy: blocked }}
    />
  );
}
