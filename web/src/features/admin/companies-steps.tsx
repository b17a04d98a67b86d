import { useState } from 'react';
import { AUTOMATIC_STEPS } from 'shared/domain/integration';
import { STEP_TYPES, type StepType } from 'shared/domain/types';
import { T } from '../../i18n/t';
import { stepNameId } from '../../lib/steps';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';

/**
 * Step options of the company form: every step type of the spec (shared STEP_TYPES, in its order),
 * so a type added there is offered here; the hidden (automatic) ones are shown apart.
 */
const STEP_OPTIONS: readonly StepType[] = STEP_TYPES.filter((step) => !AUTOMATIC_STEPS.includes(step));
const HIDDEN_STEP_OPTIONS: readonly StepType[] = AUTOMATIC_STEPS;

/**
 * "Steps setting": a button showing how many steps are chosen, opening a modal of checkboxes.
 * The choice is applied only with Done (Cancel/Escape keep the previous one).
 */
/** `product`: the company's (its feed step is a lead feed unless 360). */
export function StepsSetting({ value, onChange, disabled, product }: { value: readonly StepType[]; onChange: (steps: StepType[]) => void; disabled?: boolean; product?: string }) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<StepType[]>([...value]);
  const toggle = (step: StepType) => setDraft((now) => (now.includes(step) ? now.filter((s) => s !== step) : [...now, step]));
  const group = (legend: 'companies.steps.options' | 'companies.steps.hidden', steps: readonly StepType[]) => (
    <fieldset className="co-steps">
      <legend>
        <T id={legend} />
      </legend>
      {steps.map((step) => (
        <label key={step} className="co-check">
          <input type="checkbox" checked={draft.includes(step)} onChange={() => toggle(step)} />
          <T id={stepNameId(step, product)} />
        </label>
      ))}
    </fieldset>
  );
  return (
    <>
      <Button
        variant="secondary"
        disabled={disabled}
        onClick={() => {
          setDraft([...value]);
          setOpen(true);
        }}
      >
        <T id="companies.steps.button" values={{ count: value.length }} />
      </Button>
      <Dialog
        open={open}
        title={<T id="companies.steps.title" />}
        onClose={() => setOpen(false)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              <T id="companies.cancel" />
            </Button>
            <Button
              disabled={draft.length === 0}
              onClick={() => {
                onChange(draft);
                setOpen(false);
              }}
            >
              <T id="companies.steps.done" />
            </Button>
          </>
        }
      >
        {group('companies.steps.options', STEP_OPTIONS)}
        {group('companies.steps.hidden', HIDDEN_STEP_OPTIONS)}
        {draft.length === 0 && (
          <p className="co-blocking" role="alert">
            <T id="validation.company.noSteps" />
          </p>
        )}
      </Dialog>
    </>
  );
}
