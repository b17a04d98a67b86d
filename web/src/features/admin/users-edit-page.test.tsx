import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { UsersAdminList } from 'shared/domain/types';
import { en } from '../../i18n/messages/en';
import { api, makeUser, mockSession, renderApp } from '../../test/render';
import { companiesSearch, server } from '../../test/server';

const list: UsersAdminList = {
  users: [
    {
      id: 'm1',
      login: 'max@acme.test',
      firstName: 'Max',
      lastName: 'Zed',
      role: 'ROLE_MANAGER',
      roles: ['ROLE_MANAGER'],
      company: 'Acme',
      companyId: 'c-acme',
      managedCompanies: ['Acme'],
      created: '2026-03-04T10:00:00.000Z',
      lastSignIn: '2026-11-20T09:05:00.000Z',
      protected: false,
      version: 4,
    },
  ],
  next: null,
};

const company = (id: string, name: string, isDefault = false) => ({ id, name, product: '360', country: 'FR', viewId: null, dimensionIndex: null, orderFeedUrl: null, integrationSteps: [], version: 1, isDefault });
const COMPANIES = [company('c-acme', 'Acme'), company('c-globex', 'Globex'), company('c-team', 'Portal Team', true)];

afterEach(() => localStorage.clear());

function mock(onPut: (body: unknown) => Response | Promise<Response>) {
  mockSession(makeUser('ROLE_ADMIN', { id: 'me' }));
  server.use(
    // The pickers' search (by name here); the team company is left out of the managed choices.
    companiesSearch(() => COMPANIES),
    http.get(api('/api/users'), () => HttpResponse.json(list)),
    http.get(api('/api/users/m1'), () => HttpResponse.json(list.users[0])),
    http.put(api('/api/users/m1'), async ({ request }) => onPut(await request.json())),
  );
}

describe('user edit page', () => {
  it('sends only the changed fields with the version read, then goes back to the list', async () => {
    let sent: unknown;
    mock((body) => {
      sent = body;
      return HttpResponse.json(list.users[0]);
    });
    renderApp('/admin/users/edit/m1');
    const update = await screen.findByRole('button', { name: 'Update' });
    expect(update).toBeDisabled();
    // A manager whose list is just the main company chose none: the picker starts empty.
    expect(await screen.findByLabelText('Acme')).not.toBeChecked();
    expect(screen.queryByLabelText('Portal Team')).not.toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Last name'));
    await userEvent.type(screen.getByLabelText('Last name'), 'Zander');
    await userEvent.click(screen.getByLabelText('Globex'));
    expect(update).toBeEnabled();
    await userEvent.type(screen.getByLabelText('New password'), 'abc');
    expect(update).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Change password' })).toBeDisabled();
    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.click(update);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/users'));
    expect(sent).toEqual({
      version: 4,
      data: [
        { field: 'lastName', value: 'Zander' },
        { field: 'managedCompanies', value: '["Globex"]' },
      ],
    });
  });

  it('changes the password alone and shows a stale edit as a conflict', async () => {
    let sent: unknown;
    mock((body) => {
      sent = body;
      return HttpResponse.json({ code: 'conflict', message: 'Someone else changed this item; reload and try again' }, { status: 409 });
    });
    renderApp('/admin/users/edit/m1');
    const change = await screen.findByRole('button', { name: 'Change password' });
    await userEvent.type(screen.getByLabelText('New password'), 'Brand-new-pass-1');
    expect(change).toBeEnabled();
    await userEvent.click(change);
    expect(await screen.findByText(en['error.conflict'])).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/users/edit/m1');
    expect(sent).toEqual({ version: 4, data: [{ field: 'password', value: 'Brand-new-pass-1' }] });
  });
});
