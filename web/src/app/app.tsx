import { createContext, StrictMode, useContext, useState, type ReactNode } from 'react';
import { createBrowserRouter, createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { SWRConfig, type Cache } from 'swr';
import type { Locale } from '../i18n/locales';
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
  /** Tests: start at these entries in a memory router instead of the browser's location. */
  initialEntries?: string[];
  initialLocale?: Locale;
  /** Tests: a fresh SWR cache per render. */
  swrCache?: () => Cache;
  /** Tests: extra elements inside the router (e.g. a location probe). */
  children?: ReactNode;
}

/** What the router shows: the app's routes, provided from outside so that the router is made once. */
const RoutedContent = createContext<ReactNode>(null);
function RoutedSlot() {
  return <>{useContext(RoutedContent)}</>;
}
/**
 * A data router (one catch-all route; the pages themselves stay declarative in router.tsx) because
 * only a data router has blockers: useUnsavedChanges (lib/use-unsaved-changes.ts) asks before an
 * in-app navigation leaves a form with unsaved changes.
 */
const routerRoutes: RouteObject[] = [{ path: '*', element: <RoutedSlot /> }];

/** Providers of the whole app. */
export function App({ initialEntries, initialLocale, swrCache, children }: Props) {
  const [router] = useState(() => (initialEntries ? createMemoryRouter(routerRoutes, { initialEntries }) : createBrowserRouter(routerRoutes)));
  const content = (
    <>
      <AppRoutes />
      {children}
    </>
  );
  return (
    <StrictMode>
      <SWRConfig value={{ ...(swrCache ? { provider: swrCache } : {}), revalidateOnFocus: false }}>
        <I18nProvider initialLocale={initialLocale}>
          <Routed>
            <RoutedContent.Provider value={content}>
              <RouterProvider router={router} />
            </RoutedContent.Provider>
          </Routed>
        </I18nProvider>
      </SWRConfig>
    </StrictMode>
  );
}
