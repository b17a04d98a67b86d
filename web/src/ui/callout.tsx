import type { ReactNode } from 'react';

type Tone = 'info' | 'success' | 'warning' | 'danger';

const icons: Record<Tone, string> = {
  info: 'M12 8h.01M11 12h1v4h1',
  success: 'M8 12.5l2.5 2.5L16 9.5',
  warning: 'M12 8v5M12 16h.01',
  danger: 'M9 9l6 6M15 9l-6 6',
};

/** Inline message block; errors use role=alert so they are announced when they appear. */
export function Callout({ tone = 'info', title, children, live = true }: { tone?: Tone; title?: ReactNode; children?: ReactNode; live?: boolean }) {
  const role = live ? (tone === 'danger' ? 'alert' : 'status') : undefined;
  return (
    <div className={`callout callout-${tone}`} role={role}>
      <svg className="callout-icon" viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="12" cy="12" r="10" />
        <path d={icons[tone]} />
      </svg>
      <div className="callout-body">
        {title && <p className="callout-title">{title}</p>}
        {children && <div>{children}</div>}
      </div>
    </div>
  );
}
