import { useState, type ReactNode } from 'react';
import { T, useT, type MessageId } from '../i18n/t';
import { Button } from './button';
import { Callout } from './callout';

/**
 * A secret shown this once (an API token, a webhook's signing secret): the portal keeps only what
 * checks it, so the page says so, offers a copy, and lets it go with Done.
 */
export function SecretOnce({
  id,
  title,
  label,
  secret,
  words,
  className,
  onDone,
  children,
}: {
  id: string;
  title: ReactNode;
  label: MessageId;
  secret: string;
  words: { copy: MessageId; copied: MessageId; done: MessageId };
  /** The page's own class prefix: `<prefix>-secret` on the field, `<prefix>-actions` on the buttons. */
  className: string;
  onDone: () => void;
  /** What the secret is for, above the field. */
  children: ReactNode;
}) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  return (
    <Callout tone="success" title={title}>
      {children}
      <label className="field-label" htmlFor={id}>
        <T id={label} />
      </label>
      <input id={id} className={`input ${className}-secret`} readOnly value={secret} onFocus={(event) => event.currentTarget.select()} />
      <div className={`${className}-actions`}>
        <Button variant="secondary" onClick={() => void navigator.clipboard?.writeText(secret).then(() => setCopied(true), () => setCopied(true))}>
          {t(copied ? words.copied : words.copy)}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          <T id={words.done} />
        </Button>
      </div>
    </Callout>
  );
}
