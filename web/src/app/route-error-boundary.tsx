import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { T } from '../i18n/t';
import { Button } from '../ui/button';

const CHUNK_FAILURE = /dynamically imported module|Loading chunk|Importing a module script failed|error loading dynamically|Unable to preload CSS/i;

/**
 * A failed dynamic import (the old chunk is gone after a deploy): cured by a reload. The browsers'
 * wordings (Chromium, Safari, Firefox) and Vite's own when a chunk's CSS cannot be preloaded,
 * also as the `cause` of a wrapping error.
 */
export const isChunkLoadError = (error: unknown, depth = 0): boolean =>
  error instanceof Error && (CHUNK_FAILURE.test(error.message) || (depth < 3 && isChunkLoadError(error.cause, depth + 1)));

interface State {
  /** Something was thrown (`error` itself may be anything, even null). */
  failed: boolean;
  error: unknown;
}

/**
 * One per route: a page that fails to load its chunk (a deploy replaced it) or throws while
 * rendering shows this readable page inside the shell, never a blank screen. `resetKey` (the
 * location) clears it on navigation. A class: React has no hook for error boundaries.
 */
export class RouteErrorBoundary extends Component<{ resetKey: string; children: ReactNode }, State> {
  override state: State = { failed: false, error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { failed: true, error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('[page] render failed', error, info.componentStack);
  }

  override componentDidUpdate(previous: { resetKey: string }): void {
    if (previous.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false, error: null });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    const chunk = isChunkLoadError(this.state.error);
    return (
      <div className="page">
        <div className="state-card card" role="alert">
          <h1>
            <T id="routeError.title" />
          </h1>
          <p className="muted">
            <T id={chunk ? 'routeError.chunk' : 'routeError.text'} />
          </p>
          <div className="step-card-action">
            <Button onClick={() => window.location.reload()}>
              <T id="routeError.reload" />
            </Button>
            <Link to="/dashboard" className="btn btn-secondary">
              <T id="routeError.dashboard" />
            </Link>
          </div>
        </div>
      </div>
    );
  }
}
