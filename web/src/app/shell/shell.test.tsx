import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, makeUser, mockSession, renderApp } from '../../test/render';
import { companiesSearch, server } from '../../test/server';

const acme = { id: 'c1', name: 'Acme', product: '360', country: 'FR' } as const;
const globex = { id: 'c2', name: 'Globex', product: 'affiliate', country: 'RU' } as const;

describe('shell', () => {
  it('switches the company and reloads the current user', async () => {
    let current: typeof acme | typeof globex = acme;
    let sent: unknown;
    server.use(
      http.get(api('/api/users/current'), () => HttpResponse.json(makeUser('ROLE_MANAGER', { currentCompany: current }))),
      http.get(api('/api/companies/managed'), () => HttpResponse.json([acme, globex])),
      http.post(api('/api/users/change-current-company'), async ({ request }) => {
        sent = await request.json();
        current = globex;
        return HttpResponse.json(globex);
      }),
    );
    renderApp('/dashboard');
    const select = await screen.findByRole('combobox', { name: 'Current company' });
    await waitFor(() => expect(select).toBeEnabled());
    await userEvent.selectOptions(select, 'c2');
    expect(sent).toEqual({ company: 'c2' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Current company' })).toHaveValue('c2'));
  });

  it('has no company switcher for customers', async () => {
    mockSession(makeUser('ROLE_USER'));
    renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(screen.queryByRole('combobox', { name: 'Current company' })).not.toBeInTheDocument();
  });

  it('admin search finds searchable pages and says company search is unavailable when the companies cannot be read', async () => {
    mockSession(makeUser('ROLE_ADMIN'));
    server.use(http.get(api('/api/companies'), () => HttpResponse.json({ code: 'unavailable', message: 'Try again later' }, { status: 503 })));
    renderApp('/agenda');
    const box = await screen.findByRole('combobox', { name: 'Search pages and companies' });
    await userEvent.type(box, 'collect');
    const list = await screen.findByRole('listbox');
    expect(within(list).getByRole('option', { name: 'Default Collectors' })).toBeInTheDocument();
    expect(await screen.findByText('Company search is unavailable right now')).toBeInTheDocument();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/default-collectors'));
  });

  it('admin search finds companies by name or product', async () => {
    mockSession(makeUser('ROLE_ADMIN'));
    server.use(companiesSearch(() => [acme, globex]));
    renderApp('/dashboard');
    await userEvent.type(await screen.findByRole('combobox', { name: 'Search pages and companies' }), 'affil');
    const list = await screen.findByRole('listbox');
    expect(await within(list).findByRole('option', { name: /Globex/ })).toBeInTheDocument();
    expect(within(list).queryByRole('option', { name: /Acme/ })).not.toBeInTheDocument();
  });

  it('user menu: greeting, initials, admin section for admins, logout link', async () => {
    mockSession(makeUser('ROLE_ADMIN'));
    server.use(companiesSearch(() => []));
    renderApp('/dashboard');
    const toggle = await screen.findByRole('button', { name: 'Ada, account menu (Ada Lovelace)' });
    expect(toggle.querySelector('.avatar')).toHaveAttribute('data-initials', 'AL');
    await userEvent.click(toggle);
    expect(screen.getByText('Hello, Ada!')).toBeInTheDocument();
    expect(screen.getByText('Administration')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/api/security/logout');
    await userEvent.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('brand goes to /dashboard when signed in', async () => {
    mockSession(makeUser());
    renderApp('/agenda');
    expect(await screen.findByRole('link', { name: 'Onboarding Portal, home' })).toHaveAttribute('href', '/dashboard');
  });

  it('the phone menu closes on Escape and gives the focus back to its button', async () => {
    mockSession(makeUser());
    renderApp('/agenda');
    await userEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    const close = screen.getByRole('button', { name: 'Close menu' });
    expect(close).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Escape}');
    const open = screen.getByRole('button', { name: 'Open menu' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    expect(open).toHaveFocus();
  });
});
