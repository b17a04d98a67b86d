import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useUnsavedChanges } from '../../lib/use-unsaved-changes';

/**
 * One inline-editable value of the agenda (accounts spec, "Agenda"): a button showing the value;
 * a click turns it into an input (or a select); blur or Enter leaves edit mode, Escape cancels.
 * An empty value reverts to the previous one; only a changed value reaches `onCommit`. A select
 * commits as soon as a choice is made (one pick, one save). Focus returns to the button after
 * Enter or Escape so keyboard users stay where they were.
 */
export type InlineKind = { type: 'text'; maxLength: number } | { type: 'datetime-local' } | { type: 'select'; options: ReadonlyArray<{ value: string; label: string }> };

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
  /** The value as the input holds it. */
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
  const [draft, setDraft] = useState<string | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  // One edit session ends once: Enter, a pick or Escape unmount the input, and a browser may
  // still report its blur afterwards.
  const editing = useRef(false);
  // A typed value is saved when the field is left; a reload or closing the tab before that asks first.
  useUnsavedChanges(draft !== null && draft.trim() !== '' && draft.trim() !== value);

  useEffect(() => {
    if (draft === null && refocus.current) {
      refocus.current = false;
      button.current?.focus();
    }
  }, [draft]);

  const leave = (next: string | null, focusBack: boolean) => {
    if (!editing.current) return;
    editing.current = false;
    refocus.current = focusBack;
    setDraft(null);
    const trimmed = next?.trim() ?? '';
    if (trimmed && trimmed !== value) onCommit(trimmed);
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
          setDraft(value);
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
        type={kind.type}
        value={draft}
        maxLength={kind.type === 'text' ? kind.maxLength : undefined}
        onChange={(event) => setDraft(event.target.value)}
      />
          </>
  );
}

/** 'YYYY-MM-DDTHH:mm' in the browser's time zone, as a datetime-local input holds it. */
export function toLocalInput(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The datetime-local value (local time) as an ISO instant in UTC; null when it is not a date. */
export function fromLocalInput(local: string): string | null {
  const time = new Date(local).getTime();
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}
