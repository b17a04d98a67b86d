import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, makeUser, mockSession, renderApp } from '../../test/render';
import { server } from '../../test/server';

const company = (id: string, name: string, product: '360' | 'affiliate') => ({
  id, name, product, country: 'FR', viewId: null, dimensionIndex: null, orderFeedUrl: null, integrationSteps: [], version: 1,
});

describe('admin search', () => {
  it('finds companies by name or product from ONE list download and switches to the chosen one', async () => {
    mockSession(makeUser('ROLE_ADMIN'));
    let listCalls = 0;
    let switched: unknown;
    server.use(
      http.get(api('/api/companies'), () => {
        listCalls++;
        return HttpResponse.json([company('c1', 'Acme', '360'), company('g', 'Globex', 'affiliate'), company('i', 'Initech', '360'), company('s', 'Société Générale', '360')]);
      }),
      http.post(api('/api/users/change-current-company'), async ({ request }) => {
        switched = await request.json();
        return HttpResponse.json(company('g', 'Globex', 'affiliate'));
      }),
    );
    renderApp('/profile');
    const user = userEvent.setup();
    const box = await screen.findByRole('combobox', { name: 'Search pages and companies' });
    await user.type(box, 'affil');
    expect(await within(await screen.findByRole('listbox', { hidden: false })).findByRole('option', { name: /Globex/ })).toBeInTheDocument();
    // Accents ignored: a French admin types "societe" for "Société".
    await user.clear(box);
    await user.type(box, 'societe');
    expect(await within(screen.getByRole('listbox')).findByRole('option', { name: /Société Générale/ })).toBeInTheDocument();
    await user.clear(box);
    await user.type(box, 'init');
    await user.click(await within(screen.getByRole('listbox')).findByRole('option', { name: /Initech/ }));
    await waitFor(() => expect(switched).toEqual({ company: 'i' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
    expect(listCalls).toBe(1); // the admin switcher and the search share the one download
  });
});
