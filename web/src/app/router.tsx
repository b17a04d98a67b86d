import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { UnsavedChangesPrompt } from '../lib/use-unsaved-changes';
import { ApiBridge } from './api-bridge';
import { Layout } from './shell/layout';
import { pages } from './pages';
import { RouteElement } from './route-element';
import { RouteErrorBoundary } from './route-error-boundary';

/**
 * Declarative routes (useRoutes) under app.tsx's one catch-all data route: the portal loads data
 * with SWR, not route loaders; the data router is there for its blockers (unsaved changes).
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
