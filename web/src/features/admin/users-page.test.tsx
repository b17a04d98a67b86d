import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminUser, UsersAdminList } from 'shared/domain/types';
import { api, makeUser, mockSession, renderApp } from '../../test/render';
import { server } from '../../test/server';

const row = (over: Partial<AdminUser>): AdminUser => ({
  id: 'id',
  login: 'x@test.io',
  firstName: 'X',
  lastName: 'Y',
  role: 'ROLE_USER',
  roles: ['ROLE_USER'],
  company: 'Acme',
  companyId: 'c-acme',
  managedCompanies: ['Acme'],
  created: '2026-03-04T10:00:00.000Z',
  lastSignIn: null,
  protected: false,
  version: 3,
  ...over,
});

const list: UsersAdminList = {
  users: [
    row({ id: 'a', login: 'admin@portal.test', firstName: 'Ada', lastName: 'Admin', role: 'ROLE_ADMIN', roles: ['ROLE_ADMIN'], company: 'Portal Team', managedCompanies: ['Portal Team'], protected: true }),
    row({ id: 'm', login: 'max@acme.test', firstName: 'Max', lastName: 'Zed', role: 'ROLE_MANAGER', roles: ['ROLE_MANAGER'], managedCompanies: ['Acme', 'Globex'] }),
    row({ id: 'c', login: 'cleo@globex.test', firstName: 'Cleo', lastName: 'Brown', company: 'Globex', managedCompanies: ['Globex'] }),
  ],
  companies: [
    { id: 'c-acme', name: 'Acme', country: 'FR', isDefault: false },
    { id: 'c-globex', name: 'Globex', country: 'RU', isDefault: false },
    { id: 'c-team', name: 'Portal Team', country: 'FR', isDefault: true },
  ],
  teamCompany: 'Portal Team',
};

const bodyRows = () => screen.getAllByRole('row').slice(1);
const emails = () => bodyRows().map((r) => within(r).queryAllByRole('link')[0]?.textContent);

afterEach(() => localStorage.clear());

/** The shell's company switcher and admin search read the companies list. */
const mockShell = () => server.use(http.get(api('/api/companies'), () => HttpResponse.json([])));

describe('users admin page', () => {
  it('shows the columns of the spec, the scope, no delete for the protected admin, and sorts, searches and hides the team', async () => {
    mockSession(makeUser('ROLE_ADMIN', { id: 'me' }));
    mockShell();
    server.use(http.get(api('/api/users'), () => HttpResponse.json(list)));
    renderApp('/admin/users');
    await screen.findByRole('table');
    expect(emails()).toEqual(['admin@portal.test', 'cleo@globex.test', 'max@acme.test']);
    const admin = bodyRows()[0]!;
    expect(within(admin).getByRole('link', { name: 'admin@portal.test' })).toHaveAttribute('href', 'mailto:admin@portal.test');
    expect(admin).toHaveTextContent('Admin Ada');
    expect(admin).toHaveTextContent('All companies');
    expect(admin).toHaveTextContent('04/03/2026');
    expect(within(admin).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(bodyRows()[2]).toHaveTextContent('Acme, Globex');
    expect(within(bodyRows()[1]!).getByRole('link', { name: 'Edit cleo@globex.test' })).toHaveAttribute('href', '/admin/users/edit/c');

    await userEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(emails()).toEqual(['admin@portal.test', 'cleo@globex.test', 'max@acme.test']);
    await userEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(emails()).toEqual(['max@acme.test', 'cleo@globex.test', 'admin@portal.test']);

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search users' }), 'MANAGER');
    expect(emails()).toEqual(['max@acme.test']);
    await userEvent.clear(screen.getByRole('searchbox'));
    // Accents and case ignored, as in every search box (ui/table-tools includesText).
    await userEvent.type(screen.getByRole('searchbox'), 'CLÉO');
    expect(emails()).toEqual(['cleo@globex.test']);
    await userEvent.clear(screen.getByRole('searchbox'));
    await userEvent.type(screen.getByRole('searchbox'), 'nobody');
    expect(screen.getByText('No results found for "nobody"')).toBeInTheDocument();
    await userEvent.clear(screen.getByRole('searchbox'));

    await userEvent.click(screen.getByRole('button', { name: 'Team visible' }));
    expect(emails()).not.toContain('admin@portal.test');
  });

  it('deletes after the confirmation, sending the version read', async () => {
    mockSession(makeUser('ROLE_ADMIN', { id: 'me' }));
    mockShell();
    let sent: unknown;
    let users = list.users;
    server.use(
      http.get(api('/api/users'), () => HttpResponse.json({ ...list, users })),
      http.delete(api('/api/users/c'), async ({ request }) => {
        sent = await request.json();
        users = users.filter((u) => u.id !== 'c');
        return HttpResponse.json({ id: 'c' });
      }),
    );
    renderApp('/admin/users');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete cleo@globex.test' }));
    const dialog = screen.getByRole('dialog', { name: 'Are you sure you want to delete "cleo@globex.test"?' });
    expect(dialog).toHaveTextContent('The user will be permanently removed and will no longer be able to access the tool.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('User cleo@globex.test deleted.')).toBeInTheDocument();
    expect(sent).toEqual({ version: 3 });
    await waitFor(() => expect(emails()).not.toContain('cleo@globex.test'));
  });

  it('keeps Create off until login, password, role and company are set; generates a password; leaves the team company out of the managed choices', async () => {
    mockSession(makeUser('ROLE_ADMIN', { id: 'me' }));
    mockShell();
    let sent: unknown;
    server.use(
      http.get(api('/api/users'), () => HttpResponse.json(list)),
      http.post(api('/api/users'), async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ ...row({ id: 'n', login: 'new@acme.test' }), plainPassword: (sent as { password: string }).password, welcomeMailSent: true }, { status: 201 });
      }),
    );
    renderApp('/admin/users');
    await screen.findByRole('table');
    const create = screen.getByRole('button', { name: 'Create' });
    expect(create).toBeDisabled();
    expect(screen.getByLabelText('Role')).toHaveValue('ROLE_USER');
    const managed = screen.getByRole('group', { name: 'Managed companies' });
    expect(managed).toHaveAttribute('aria-disabled', 'true');
    for (const box of within(managed).getAllByRole('checkbox')) expect(box).toBeDisabled();
    // Disabled, the scrolling list holds nothing focusable: the list itself is the keyboard's stop.
    const managedList = managed.querySelector('.us-managed-list');
    expect(managedList).toHaveAttribute('tabindex', '0');
    expect(within(managed).queryByLabelText('Portal Team')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Login (e-mail)'), 'new@acme.test');
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    const password = (screen.getByLabelText('Password') as HTMLInputElement).value;
    expect(password).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(create).toBeDisabled();
    await userEvent.selectOptions(screen.getByLabelText('Role'), 'ROLE_MANAGER');
    expect(managedList).not.toHaveAttribute('tabindex');
    expect(managed).not.toHaveAttribute('aria-disabled');
    await userEvent.click(within(managed).getByLabelText('Globex'));
    await userEvent.selectOptions(screen.getByLabelText('Main company'), 'Acme');
    expect(create).toBeEnabled();
    await userEvent.click(create);
    expect(await screen.findByText(password)).toBeInTheDocument();
    expect(sent).toEqual({ login: 'new@acme.test', password, firstName: '', lastName: '', role: 'ROLE_MANAGER', company: 'Acme', managedCompanies: ['Globex'] });
  });
});
