import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

interface Props {
  /** Visible content of the toggle button. */
  label: ReactNode;
  /** Accessible name when the visible label is not enough (icon or avatar). */
  ariaLabel?: string;
  buttonClassName?: string;
  align?: 'start' | 'end';
  className?: string;
  children: ReactNode;
}

const ITEMS = 'a[href], button:not([disabled]), [role="menuitemradio"]';

/**
 * Disclosure menu (button + panel of links), not an ARIA `menu`: links stay links for screen
 * readers and the pattern passes axe without roving-tabindex machinery. Keyboard: Enter/Space
 * or ArrowDown opens, arrows/Home/End move, Escape closes and returns focus, Tab leaves.
 */
export function Dropdown({ label, ariaLabel, buttonClassName, align = 'start', className, children }: Props) {
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  const items = () => Array.from(document.getElementById(panelId)?.querySelectorAll<HTMLElement>(ITEMS) ?? []);

  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open, close]);

  const move = (delta: number | 'first' | 'last') => {
    const list = items();
    if (!list.length) return;
    const current = list.indexOf(document.activeElement as HTMLElement);
    const next =
      delta === 'first' ? 0 : delta === 'last' ? list.length - 1 : (current + delta + list.length) % list.length;
    list[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      close(true);
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        requestAnimationFrame(() => move('first'));
      } else move(1);
    } else if (event.key === 'ArrowUp' && open) {
      event.preventDefault();
      move(-1);
    } else if (event.key === 'Home' && open) {
      event.preventDefault();
      move('first');
    } else if (event.key === 'End' && open) {
      event.preventDefault();
      move('last');
    }
  };

  return (
    <div
      ref={wrapper}
      className={`dropdown ${open ? 'is-open' : ''} ${className ?? ''}`}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        // Tabbing out of the menu closes it.
        if (open && !wrapper.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className={buttonClassName ?? 'dropdown-toggle'}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={ariaLabel}
        onClick={() => setOpen((value) => !value)}
      >
        {label}
        <svg className="chevron" viewBox="0 0 16 16" aria-hidden="true">
          <path d="M4 6l4 4 4-4" />
        </svg>
      </button>
      <div
        id={panelId}
        className={`dropdown-panel dropdown-${align}`}
        hidden={!open}
        onClick={(event) => {
          // Following a link or choosing an option closes the menu.
          if ((event.target as HTMLElement).closest('a, button')) close(false);
        }}
      >
        {children}
      </div>
    </div>
  );
}
