import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminUser, UsersAdminList } from 'shared/domain/types';
import { api, makeUser, mockSession, renderApp } from '../../test/render';
import { companiesSearch, server } from '../../test/server';

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
  next: null,
};

const company = (id: string, name: string, isDefault = false) => ({ id, name, product: '360', country: 'FR', viewId: null, dimensionIndex: null, orderFeedUrl: null, integrationSteps: [], version: 1, isDefault });
const COMPANIES = [company('c-acme', 'Acme'), company('c-globex', 'Globex'), company('c-team', 'Portal Team', true)];

const bodyRows = () => screen.getAllByRole('row').slice(1);
const emails = () => bodyRows().map((r) => within(r).queryAllByRole('link')[0]?.textContent);

afterEach(() => localStorage.clear());

/** The shell's company switcher, the admin search and the company pickers search the companies list (here: by name). */
const mockShell = () => server.use(companiesSearch(() => COMPANIES));

describe('users admin page', () => {
  it('shows the columns of the spec, the scope, no delete for the protected admin; sort, search, team and pages go to the server and stay in the URL', async () => {
    mockSession(makeUser('ROLE_ADMIN', { id: 'me' }));
    mockShell();
    const asked: URLSearchParams[] = [];
    const second = row({ id: 'z', login: 'zoe@acme.test', firstName: 'Zoe', lastName: 'Last' });
    server.use(
      http.get(api('/api/users'), ({ request }) => {
        const query = new URL(request.url).searchParams;
        asked.push(query);
        return HttpResponse.json(query.get('cursor') === 'P2' ? { users: [second], next: null } : { ...list, next: 'P2' });
      }),
    );
    renderApp('/admin/users');
    await screen.findByRole('table');
    expect(emails()).toEqual(['admin@portal.test', 'max@acme.test', 'cleo@globex.test']);
    const admin = bodyRows()[0]!;
    expect(within(admin).getByRole('link', { name: 'admin@portal.test' })).toHaveAttribute('href', 'mailto:admin@portal.test');
    expect(admin).toHaveTextContent('Admin Ada');
    expect(admin).toHaveTextContent('All companies');
    expect(admin).toHaveTextContent('04/03/2026');
    expect(within(admin).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(bodyRows()[1]).toHaveTextContent('Acme, Globex');
    expect(within(bodyRows()[2]!).getByRole('link', { name: 'Edit cleo@globex.test' })).toHaveAttribute('href', '/admin/users/edit/c');
    const last = () => Object.fromEntries(asked.at(-1)!);
    const url = () => new URL(screen.getByTestId('location').textContent!, 'http://app');
    expect(last()).toEqual({ sort: 'login', dir: 'asc' });

    await userEvent.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(last()).toEqual({ sort: 'lastName', dir: 'asc' }));
    await userEvent.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(last()).toEqual({ sort: 'lastName', dir: 'desc' }));
    expect(url().search).toBe('?sort=lastName&dir=desc');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search users' }), 'MANAGER <b>');
    // Sent once typing pauses, as typed (the server compares any case).
    await waitFor(() => expect(last()).toEqual({ sort: 'lastName', dir: 'desc', q: 'MANAGER <b>' }));
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search users' }));
    // Back to a query read before (SWR's cache answers it): the URL says the search is gone.
    await waitFor(() => expect(url().searchParams.get('q')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Team visible' }));
    await waitFor(() => expect(last()).toEqual({ sort: 'lastName', dir: 'desc', team: 'hidden' }));
    expect(screen.getByRole('button', { name: 'Team hidden' })).toHaveAttribute('aria-pressed', 'true');

    const pages = screen.getByRole('navigation', { name: 'Pages of users' });
    await userEvent.click(within(pages).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(emails()).toEqual(['zoe@acme.test']));
    expect(last()).toMatchObject({ cursor: 'P2', team: 'hidden' });
    expect(url().searchParams.get('page')).toBe('P2');
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(emails()).toEqual(['admin@portal.test', 'max@acme.test', 'cleo@globex.test']));
    expect(url().searchParams.get('page')).toBeNull();
  });

  it('says so when a search finds nothing', async () => {
    mockSession(makeUser('ROLE_ADMIN', { id: 'me' }));
    mockShell();
    server.use(http.get(api('/api/users'), () => HttpResponse.json({ users: [], next: null })));
    renderApp('/admin/users?q=nobody');
    expect(await screen.findByText('No results found for "nobody"')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search users' })).toHaveValue('nobody');
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
    await userEvent.type(screen.getByLabelText('Login (e-mail)'), 'new@acme.test');
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    const password = (screen.getByLabelText('Password') as HTMLInputElement).value;
    expect(password).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(create).toBeDisabled();
    await userEvent.selectOptions(screen.getByLabelText('Role'), 'ROLE_MANAGER');
    expect(managedList).not.toHaveAttribute('tabindex');
    expect(managed).not.toHaveAttribute('aria-disabled');
    // The choices are the server's answer to what is typed, the team company left out.
    await userEvent.type(within(managed).getByRole('searchbox', { name: 'Find companies to add' }), 'o');
    await userEvent.click(await within(managed).findByLabelText('Globex'));
    expect(within(managed).queryByLabelText('Portal Team')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Main company'), 'Acme');
    expect(create).toBeEnabled();
    await userEvent.click(create);
    expect(await screen.findByText(password)).toBeInTheDocument();
    expect(sent).toEqual({ login: 'new@acme.test', password, firstName: '', lastName: '', role: 'ROLE_MANAGER', company: 'Acme', managedCompanies: ['Globex'] });
  });
});
