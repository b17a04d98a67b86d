import { StrictMode, startTransition, useLayoutEffect, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Router } from 'react-router-dom';
import { SWRConfig, type Cache } from 'swr';
import type { Locale } from '../i18n/locales';
import { createGuardedHistory, GuardedHistoryContext, type GuardedHistory } from '../lib/guarded-history';
import { I18nProvider } from './i18n-provider';
import { AppRoutes } from './router';
import { useServerError } from './server-error';
import { ServerErrorPage } from './server-error-page';

function Routed({ children }: { children: ReactNode }) {
  const failure = useServerError();
  // A 500 replaces the page (spec, section 6); reloading starts over.
  if (failure) return <ServerErrorPage failure={failure} />;
  return <>{children}</>;
}

interface Props {
  /** Tests: start at these entries in a memory history instead of the browser's location. */
  initialEntries?: string[];
  initialLocale?: Locale;
  /** Tests: a fresh SWR cache per render. */
  swrCache?: () => Cache;
  /** Tests: extra elements inside the router (e.g. a location probe). */
  children?: ReactNode;
}

/**
 * react-router's declarative <Router> on the guarded history (lib/guarded-history.ts), which
 * holds a navigation while unsaved changes are asked about: what react-router's data router was
 * here for, at 18 KB gzip less on every first load. As the data router does, a location change is
 * applied in a transition (a lazy page's chunk loads while the current page stays), or at once
 * when navigate() asked for flushSync.
 */
function GuardedRouter({ history, children }: { history: GuardedHistory; children: ReactNode }) {
  const [state, setState] = useState(() => ({ action: history.action, location: history.location }));
  useLayoutEffect(
    () =>
      history.listen(({ action, location }, sync) => {
        if (sync) flushSync(() => setState({ action, location }));
        else startTransition(() => setState({ action, location }));
      }),
    [history],
  );
  return (
    <GuardedHistoryContext.Provider value={history}>
      <Router location={state.location} navigationType={state.action} navigator={history.navigator}>
        {children}
      </Router>
    </GuardedHistoryContext.Provider>
  );
}

/** Providers of the whole app. */
export function App({ initialEntries, initialLocale, swrCache, children }: Props) {
  const [history] = useState(() => createGuardedHistory(initialEntries));
  return (
    <StrictMode>
      <SWRConfig value={{ ...(swrCache ? { provider: swrCache } : {}), revalidateOnFocus: false }}>
        <I18nProvider initialLocale={initialLocale}>
          <Routed>
            <GuardedRouter history={history}>
              <AppRoutes />
              {children}
            </GuardedRouter>
          </Routed>
        </I18nProvider>
      </SWRConfig>
    </StrictMode>
  );
}
