import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { UnsavedChangesPrompt } from '../lib/use-unsaved-changes';
import { ApiBridge } from './api-bridge';
import { Layout } from './shell/layout';
import { pages } from './pages';
import { RouteElement } from './route-element';
import { RouteErrorBoundary } from './route-error-boundary';

/**
 * Declarative routes (useRoutes) in app.tsx's declarative router: the portal loads data with SWR,
 * not route loaders; unsaved changes are guarded by the router's history (lib/guarded-history.ts).
 */
const routeObjects: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      ...pages.map((page) => ({ path: page.path, element: <RouteElement page={page} /> })),
      // Any unknown path (including /home, see docs/web.md) goes to the dashboard.
      { path: '*', element: <Navigate to="/dashboard" replace /> },
    ],
  },
];

export function AppRoutes() {
  const element = useRoutes(routeObjects);
  const location = useLocation();
  return (
    <>
      <ApiBridge />
      <UnsavedChangesPrompt />
      {/* Pages have their own boundary inside the shell; this one catches the shell itself (header, menus). */}
      <RouteErrorBoundary resetKey={location.key}>{element}</RouteErrorBoundary>
    </>
  );
}
