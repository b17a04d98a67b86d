import { T } from '../i18n/t';
import type { ServerFailure } from '../lib/api/client';

/**
 * Replaces the whole page on a 500 (spec, section 6). The server's message is shown as text,
 * never as HTML, so an error body cannot inject markup.
 */
export function ServerErrorPage({ failure }: { failure: ServerFailure }) {
  const detail = failure.message || failure.text;
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
        {detail && <pre className="server-error-detail">{detail}</pre>}
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          <T id="serverError.reload" />
        </button>
      </div>
    </main>
  );
}
