import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A modal dialog: focus moves to its first button when it opens and back to where it was when
 * it closes, Escape and the buttons close it, Tab stays inside. (A plain element rather than
 * <dialog>: jsdom, where the unit tests run, has no showModal.)
 */
export function Dialog({ open, title, children, actions, onClose }: { open: boolean; title: ReactNode; children: ReactNode; actions: ReactNode; onClose: () => void }) {
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
      <div ref={panel} className="dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} onKeyDown={onKeyDown}>
        <h2 id={titleId} className="dialog-title">
          {title}
        </h2>
        <div className="dialog-body">{children}</div>
        <div className="dialog-actions">{actions}</div>
      </div>
    </div>
  );
}
