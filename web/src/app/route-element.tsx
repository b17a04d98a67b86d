import { Suspense, useCallback, useEffect, useState } from 'react';
import { Navigate, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { feedWording } from '../i18n/feed-wording';
import { useT } from '../i18n/t';
import { PageContext } from '../ui/page-context';
import { PageLoader } from '../ui/spinner';
import { isAdmin, useCurrentUser } from '../lib/api/session';
import { ForbiddenPage } from './forbidden-page';
import { RouteErrorBoundary } from './route-error-boundary';
import { pageTitle, type PageDef } from './pages';
import { loginRedirectFor, mfaSetupPathFor, safeRedirect } from '../lib/redirect';

/** Page title = fixed prefix (the brand) + route name (or the page's own, `retitle`), on every navigation and language change. */
function useDocumentTitle(title: Parameters<ReturnType<typeof useT>>[0], own: string | null) {
  const t = useT();
  const text = `${t('app.brand')} | ${own ?? t(title)}`;
  useEffect(() => {
    document.title = text;
  }, [text]);
}

/** Applies a page's access flag, then renders it lazily with its title and breadcrumb. */
export function RouteElement({ page }: { page: PageDef }) {
  const params = useParams();
  const location = useLocation();
  const [search] = useSearchParams();
  const { user } = useCurrentUser();
  const product = user?.currentCompany.product;
  const routeTitle = pageTitle(page, params);
  const title = routeTitle && feedWording(routeTitle, product);
  const forbidden = page.access === 'admin' && !!user && !isAdmin(user);
  const [own, setOwn] = useState<{ path: string; text: string } | null>(null);
  // A name given by another page (before this navigation) never shows.
  const ownText = own?.path === location.pathname && !forbidden ? own.text : null;
  useDocumentTitle(forbidden ? 'route.forbidden' : (title ?? 'route.dashboard'), ownText);
  const path = location.pathname;
  // Stable, and a no-op when nothing changes: pages call it from effects.
  const retitle = useCallback(
    (text: string | null) => setOwn((current) => (text === null ? null : current?.path === path && current.text === text ? current : { path, text })),
    [path],
  );

  if (!title) return <Navigate to="/dashboard" replace />;

  // An administrator who must set up an authenticator app sees only its set-up page (the API refuses the rest).
  if (user?.mfaSetupRequired && page.path !== '/mfa-setup') {
    const next = page.access === 'guest' ? (search.get('redirect') ?? '/dashboard') : `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={mfaSetupPathFor(next)} replace />;
  }
  if (page.access === 'guest' && user) {
    // The spec says "redirect value or /home"; /home is no route and would fall to /dashboard anyway.
    return <Navigate to={safeRedirect(search.get('redirect'))} replace />;
  }
  if (page.access === 'signed-in' || page.access === 'admin') {
    if (user === undefined) return <PageLoader />;
    if (user === null) return <Navigate to={loginRedirectFor(`${location.pathname}${location.search}${location.hash}`)} replace />;
    if (forbidden) return <ForbiddenPage />;
  }

  const crumbs = [...(page.parents ?? []).map((crumb) => ({ ...crumb, label: feedWording(crumb.label, product) })), { label: title }];
  return (
    <PageContext.Provider value={{ title, crumbs, retitle }}>
      {/* location.key: any navigation, even to the same address, clears a shown error. */}
      <RouteErrorBoundary resetKey={location.key}>
        <Suspense fallback={<PageLoader />}>
          <page.Component />
        </Suspense>
      </RouteErrorBoundary>
    </PageContext.Provider>
  );
}
