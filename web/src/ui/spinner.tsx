import { T } from '../i18n/t';

/** Decorative inside buttons; otherwise announces "Loading…" to screen readers. */
export function Spinner({ size = 'md', decorative = false }: { size?: 'sm' | 'md' | 'lg'; decorative?: boolean }) {
  if (decorative) return <span className={`spinner spinner-${size}`} aria-hidden="true" />;
  return (
    <span className="spinner-wrap" role="status">
      <span className={`spinner spinner-${size}`} aria-hidden="true" />
      <span className="visually-hidden">
        <T id="app.loading" />
      </span>
    </span>
  );
}

export function PageLoader() {
  return (
    <div className="page-loader">
      <Spinner size="lg" />
    </div>
  );
}
