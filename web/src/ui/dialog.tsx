import { useEffect, useId, useRef, type ReactNode } from 'react';
import { T } from '../i18n/t';
import { Button } from './button';

/**
 * A modal dialog: focus moves to its first button when it opens and back to where it was when
 * it closes, Escape and the buttons close it, Tab stays inside. (A plain element rather than
 * <dialog>: jsdom, where the unit tests run, has no showModal.)
 */
export function Dialog({
  open,
  title,
  children,
  actions,
  onClose,
  className,
}: {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  actions: ReactNode;
  onClose: () => void;
  className?: string;
}) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    panel.current?.querySelector<HTMLElement>('button, a[href]')?.focus();
    return () => previous?.focus?.();
  }, [open]);
  if (!open) return null;
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') onClose();
    if (event.key !== 'Tab') return;
    const focusable = [...(panel.current?.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea') ?? [])];
    if (focusable.length === 0) return;
    const first = focusable[0]!;
    const last = focusable[focusable.length - 1]!;
    if (event.shiftKey && document.activeElement === first) {
      last.focus();
      event.preventDefault();
    } else if (!event.shiftKey && document.activeElement === last) {
      first.focus();
      event.preventDefault();
    }
  };
  return (
    <div className="dialog-backdrop">
      <div ref={panel} className={className ? `dialog ${className}` : 'dialog'} role="dialog" aria-modal="true" aria-labelledby={titleId} onKeyDown={onKeyDown}>
        <h2 id={titleId} className="dialog-title">
          {title}
        </h2>
        <div className="dialog-body">{children}</div>
        <div className="dialog-actions">{actions}</div>
      </div>
    </div>
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  /** The question, shown as the dialog title, e.g. <T id=".." values={{ email }} />. */
  message: ReactNode;
  description?: ReactNode;
  /** Label of the confirming button; 'Delete' when omitted. */
  confirmLabel?: ReactNode;
  /** True while the confirmed action runs: the confirm button shows a spinner, both are disabled. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The confirmation that precedes every delete (spec "Confirm dialog"): message, description,
 * Cancel and Delete. Cancel comes first so the focus lands on the harmless choice.
 */
export function ConfirmDialog({ open, message, description, confirmLabel, busy, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      className="dialog-confirm"
      title={message}
      onClose={() => !busy && onCancel()}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            <T id="confirmDialog.cancel" />
          </Button>
          <Button variant="danger" onClick={onConfirm} loading={busy}>
            {confirmLabel ?? <T id="confirmDialog.delete" />}
          </Button>
        </>
      }
    >
      {description !== undefined && <p className="muted">{description}</p>}
    </Dialog>
  );
}

export interface OkDialogProps {
  open: boolean;
  message: ReactNode;
  description?: ReactNode;
  /** Closes the dialog (OK, Escape). */
  onClose: () => void;
}

/** The OK-only variant, for news that needs no decision (e.g. 'Integration was successfully verified'). */
export function OkDialog({ open, message, description, onClose }: OkDialogProps) {
  return (
    <Dialog
      open={open}
      className="dialog-confirm"
      title={message}
      onClose={onClose}
      actions={
        <Button onClick={onClose}>
          <T id="confirmDialog.ok" />
        </Button>
      }
    >
      {description !== undefined && <p className="muted">{description}</p>}
    </Dialog>
  );
}
