import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { formatPortalDate, parsePortalDateTime } from '../../i18n/dates';
import { T, useT } from '../../i18n/t';
import { useUnsavedChanges } from '../../lib/use-unsaved-changes';

/**
 * One inline-editable value of the agenda (accounts spec, "Agenda"): a button showing the value;
 * a click turns it into an input (or a select); blur or Enter leaves edit mode, Escape cancels.
 * An empty value reverts to the previous one; only a changed value reaches `onCommit`. A select
 * commits as soon as a choice is made (one pick, one save). Focus returns to the button after
 * Enter or Escape so keyboard users stay where they were.
 *
 * A date and time (`value` and the committed value: an ISO instant) is typed as text in the
 * portal's one format (i18n/dates.tsx, shown as the placeholder), not in a `datetime-local` input,
 * whose browser writes its own locale's format (11/26/2026, 02:05 PM on a French page). A text that
 * names no time (31/04/2026) is not left: the input stays, its message under it, until it is
 * corrected or Escape cancels; what is sent stays the ISO instant of the browser's local time.
 */
export type InlineKind = { type: 'text'; maxLength: number } | { type: 'datetime' } | { type: 'select'; options: ReadonlyArray<{ value: string; label: string }> };

export function InlineEdit({
  value,
  display,
  kind,
  editLabel,
  fieldLabel,
  disabled,
  className,
  onCommit,
}: {
  /** The value as the input holds it (datetime: the ISO instant). */
  value: string;
  /** What the button shows. */
  display: ReactNode;
  kind: InlineKind;
  /** Accessible name of the button; it contains the visible text (WCAG 2.5.3): '1 h, edit the duration of “Kick-off”'. */
  editLabel: string;
  /** Accessible name of the input ('Meeting name'). */
  fieldLabel: string;
  disabled?: boolean;
  className?: string;
  onCommit: (next: string) => void;
}) {
  const t = useT();
  const intl = useIntl();
  const errorId = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [refused, setRefused] = useState(false);
  // The value as text in the input.
  const text = kind.type === 'datetime' ? formatPortalDate(intl, value, true) : value;
  const button = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  // One edit session ends once: Enter, a pick or Escape unmount the input, and a browser may
  // still report its blur afterwards.
  const editing = useRef(false);
  // A typed value is saved when the field is left; a reload or closing the tab before that asks first.
  useUnsavedChanges(draft !== null && draft.trim() !== '' && draft.trim() !== text);

  useEffect(() => {
    if (draft === null && refocus.current) {
      refocus.current = false;
      button.current?.focus();
    }
  }, [draft]);

  const leave = (next: string | null, focusBack: boolean) => {
    if (!editing.current) return;
    const trimmed = next?.trim() ?? '';
    const changed = trimmed !== '' && trimmed !== text;
    const committed = changed && kind.type === 'datetime' ? parsePortalDateTime(intl, trimmed) : trimmed;
    if (changed && !committed) {
      setRefused(true);
      return;
    }
    editing.current = false;
    refocus.current = focusBack;
    setDraft(null);
    setRefused(false);
    if (changed && committed) onCommit(committed);
  };

  if (draft === null) {
    return (
      <button
        ref={button}
        type="button"
        className={`inline-edit ${className ?? ''}`}
        aria-label={editLabel}
        title={editLabel}
        // aria-disabled, not disabled: a disabled button would drop the focus it just got back.
        aria-disabled={disabled || undefined}
        onClick={() => {
          if (disabled) return;
          editing.current = true;
          setDraft(text);
        }}
      >
        {display}
      </button>
    );
  }

  const common = {
    'aria-label': fieldLabel,
    className: `input inline-edit-input ${className ?? ''}`,
    autoFocus: true,
    onBlur: () => leave(draft, false),
    onKeyDown: (event: React.KeyboardEvent) => {
      if (event.key === 'Enter') {
        event.preventDefault();
        leave(draft, true);
      } else if (event.key === 'Escape') {
        event.preventDefault();
        leave(null, true);
      }
    },
  };

  if (kind.type === 'select') {
    return (
      <select {...common} value={draft} onChange={(event) => leave(event.target.value, true)}>
        {kind.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  }
  return (
    <>
      <input
        {...common}
        type="text"
        value={draft}
        maxLength={kind.type === 'text' ? kind.maxLength : undefined}
        placeholder={kind.type === 'datetime' ? t('datetime.placeholder') : undefined}
        autoComplete={kind.type === 'datetime' ? 'off' : undefined}
        aria-invalid={refused || undefined}
        aria-describedby={refused ? errorId : undefined}
        onChange={(event) => setDraft(event.target.value)}
      />
      {refused ? (
        <span id={errorId} className="field-error inline-edit-error" role="alert">
          <T id="validation.meeting.datetime" />
        </span>
      ) : null}
    </>
  );
}
