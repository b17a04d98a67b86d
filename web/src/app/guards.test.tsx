import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, makeUser, mockSession, renderApp } from '../test/render';
import { server } from '../test/server';

const location = () => screen.getByTestId('location').textContent;

describe('route guards', () => {
  it('sends a signed-out visitor to /login with the full path as redirect', async () => {
    mockSession(null);
    renderApp('/marketing/sources?tab=2#rules');
    await waitFor(() => expect(location()).toBe('/login?redirect=%2Fmarketing%2Fsources%3Ftab%3D2%23rules'));
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('lets a signed-out visitor see the public pages', async () => {
    mockSession(null);
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Learn more' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book a demo' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /home$/ })).toHaveAttribute('href', '/');
    expect(location()).toBe('/');
  });

  it('sends a signed-in visitor of /login to the redirect value', async () => {
    mockSession(makeUser());
    renderApp('/login?redirect=%2Fagenda');
    await waitFor(() => expect(location()).toBe('/agenda'));
  });

  it('sends a signed-in visitor of /login without redirect to /dashboard', async () => {
    mockSession(makeUser());
    renderApp('/login');
    await waitFor(() => expect(location()).toBe('/dashboard'));
  });

  it('refuses an absolute redirect for a signed-in visitor of /login', async () => {
    mockSession(makeUser());
    renderApp('/login?redirect=https%3A%2F%2Fevil.example');
    await waitFor(() => expect(location()).toBe('/dashboard'));
  });

  it('redirects unknown paths (and /home) to /dashboard', async () => {
    mockSession(makeUser());
    renderApp('/home');
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(document.title).toBe('Onboarding Portal | Dashboard');
  });

  it('redirects an unknown instruction name to /dashboard', async () => {
    mockSession(makeUser());
    renderApp('/instructions/unknown');
    await waitFor(() => expect(location()).toBe('/dashboard'));
  });

  it('shows the forbidden page on admin-only routes for non-admins', async () => {
    mockSession(makeUser('ROLE_MANAGER'));
    renderApp('/admin/users');
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument();
    expect(location()).toBe('/admin/users');
    expect(screen.queryByRole('button', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it('shows admin pages with title and breadcrumb to admins', async () => {
    mockSession(makeUser('ROLE_ADMIN'));
    server.use(http.get(api('/api/companies'), () => HttpResponse.json({ companies: [], next: null })));
    renderApp('/admin/users');
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Dashboard');
    expect(document.title).toBe('Onboarding Portal | Users');
    expect(screen.getByRole('button', { name: 'Admin' })).toBeInTheDocument();
  });

  it('lets any signed-in user open the default collectors page (not admin-only)', async () => {
    mockSession(makeUser());
    renderApp('/admin/default-collectors');
    expect(await screen.findByRole('heading', { level: 1, name: 'Default Collectors' })).toBeInTheDocument();
  });

  it('replaces the page with the server answer on a 500', async () => {
    server.use(
      http.get(api('/api/users/current'), () => HttpResponse.json(makeUser('ROLE_MANAGER'))),
      http.get(api('/api/companies/managed'), () => HttpResponse.json({ code: 'internal', message: 'Table is gone' }, { status: 500 })),
    );
    renderApp('/dashboard');
    expect(await screen.findByText('Table is gone')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'The server could not complete your request' })).toBeInTheDocument();
  });
});
