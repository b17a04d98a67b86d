import { useEffect } from 'react';
import { T, useT } from '../i18n/t';
import type { ServerFailure } from '../lib/api/client';

/** An HTML answer (the server's or a proxy's error page), not the API's JSON. */
const isHtmlAnswer = (failure: ServerFailure): boolean =>
  /text\/html/i.test(failure.contentType) || /^\s*(<!doctype html|<html[\s>])/i.test(failure.text);

/**
 * Replaces the whole page on a 500 (spec: "the server's response replaces the page"), with a
 * title of its own. The API's JSON error shows its message as text; an HTML answer is shown as
 * the page it is, inside a sandboxed frame (no script, no form, no navigation, no same-origin
 * access), so it cannot run anything in the portal.
 */
export function ServerErrorPage({ failure }: { failure: ServerFailure }) {
  const t = useT();
  const html = isHtmlAnswer(failure);
  const detail = html ? '' : failure.message || failure.text;
  useEffect(() => {
    document.title = `${t('app.brand')} | ${t('serverError.title')}`;
  }, [t]);
  return (
    <main id="main" className="server-error">
      <div className="card state-card">
        <span className="state-icon state-icon-danger" aria-hidden="true">
          <svg viewBox="0 0 24 24">
            <path d="M12 8v5M12 16h.01" />
            <circle cx="12" cy="12" r="9" />
          </svg>
        </span>
        <p className="eyebrow">
          <T id="serverError.status" values={{ status: failure.status }} />
        </p>
        <h1>
          <T id="serverError.title" />
        </h1>
        {detail && (
          // Scrolls when long: focusable so a keyboard can scroll it (it holds nothing else to focus).
          <pre className="server-error-detail" tabIndex={0} role="region" aria-label={t('serverError.title')}>
            {detail}
          </pre>
        )}
        {html && <iframe className="server-error-frame" sandbox="" srcDoc={failure.text} title={t('serverError.frameTitle')} />}
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          <T id="serverError.reload" />
        </button>
      </div>
    </main>
  );
}
