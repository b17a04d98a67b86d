import type { ReactNode } from 'react';
import { T, type MessageId } from '../i18n/t';
import { Card } from './card';

/**
 * The side cards every step page shows (integration-steps spec): what the step is about, where
 * it stands (with the page's own action: check, complete, confirm) and whom to ask. One family
 * so the dashboard, the instruction pages and the later step pages look and read alike.
 */

export type StepTone = 'todo' | 'progress' | 'done' | 'warning' | 'error';

export function StatusCard({
  tone,
  title,
  children,
  action,
  label,
}: {
  tone: StepTone;
  title: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  /** Replaces the "Status" eyebrow when a page shows several status cards (e.g. access and dimension). */
  label?: ReactNode;
}) {
  return (
    <Card className={`step-card-status step-tone-${tone}`} aria-labelledby={undefined}>
      <p className="eyebrow">{label ?? <T id="stepCard.status" />}</p>
      <p className="step-card-title" role="status">
        <span className={`status-dot status-dot-${tone}`} aria-hidden="true" />
        {title}
      </p>
      {children && <div className="step-card-text">{children}</div>}
      {action && <div className="step-card-action">{action}</div>}
    </Card>
  );
}

/** Contact address of the integration team: a deployment setting (VITE_HELP_EMAIL), a sensible default locally. */
export const HELP_EMAIL = import.meta.env.VITE_HELP_EMAIL || 'integration@portal.localhost';

/** An address that may wrap after its @ when the card is narrow (never inside a word). */
function EmailText({ address }: { address: string }) {
  const at = address.indexOf('@');
  if (at < 0) return <>{address}</>;
  return (
    <>
      {address.slice(0, at + 1)}
      <wbr />
      {address.slice(at + 1)}
    </>
  );
}

export function HelpCard({ text = 'stepCard.help.text' }: { text?: MessageId }) {
  return (
    <Card className="step-card-help">
      <p className="eyebrow">
        <T id="stepCard.help.title" />
      </p>
      <p className="step-card-text">
        <T id={text} />
      </p>
      <a className="btn btn-secondary btn-sm" href={`mailto:${HELP_EMAIL}`}>
        <EmailText address={HELP_EMAIL} />
      </a>
    </Card>
  );
}

export function DescriptionCard({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Card className="step-card-description">
      <h2 className="step-card-heading">{title}</h2>
      <div className="step-card-body">{children}</div>
    </Card>
  );
}
