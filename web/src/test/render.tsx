import { render } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useLocation } from 'react-router-dom';
import type { CurrentUser, Role } from 'shared/domain/types';
import { App } from '../app/app';
import type { Locale } from '../i18n/locales';
import { server } from './server';

/** Shows the router's location so tests can assert redirects. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}${location.hash}`}</output>;
}

export function renderApp(path: string, { locale }: { locale?: Locale } = {}) {
  return render(
    <App initialEntries={[path]} initialLocale={locale} swrCache={() => new Map()}>
      <LocationProbe />
    </App>,
  );
}

export const api = (path: string) => `${window.location.origin}${path}`;

export function makeUser(role: Role = 'ROLE_USER', overrides: Partial<CurrentUser> = {}): CurrentUser {
  const company = { id: 'c1', name: 'Acme', product: '360' as const, country: 'FR' };
  return {
    id: 'u1',
    login: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    role,
    roles: [role],
    company,
    currentCompany: company,
    managedCompanies: [company],
    ...overrides,
  };
}

/** GET /api/users/current answers this user (null: 401, signed out). */
export function mockSession(user: CurrentUser | null) {
  server.use(
    http.get(api('/api/users/current'), () =>
      user ? HttpResponse.json(user) : HttpResponse.json({ code: 'unauthenticated', message: 'Unauthenticated' }, { status: 401 }),
    ),
    http.post(api('/api/security/refresh'), () => HttpResponse.json({ code: 'unauthenticated', message: 'no' }, { status: 401 })),
    http.get(api('/api/companies/managed'), () => HttpResponse.json(user ? [user.currentCompany] : [])),
  );
}
