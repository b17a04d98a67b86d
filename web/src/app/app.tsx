import { StrictMode, type ReactNode } from 'react';
import { BrowserRouter, MemoryRouter } from 'react-router-dom';
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

/** Providers of the whole app. */
export function App({ initialEntries, initialLocale, swrCache, children }: Props) {
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
            {initialEntries ? <MemoryRouter initialEntries={initialEntries}>{content}</MemoryRouter> : <BrowserRouter>{content}</BrowserRouter>}
          </Routed>
        </I18nProvider>
      </SWRConfig>
    </StrictMode>
  );
}
