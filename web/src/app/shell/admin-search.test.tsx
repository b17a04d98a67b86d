import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, makeUser, mockSession, renderApp } from '../../test/render';
import { companiesSearch, server } from '../../test/server';

const company = (id: string, name: string, product: '360' | 'affiliate') => ({
  id, name, product, country: 'FR', viewId: null, dimensionIndex: null, orderFeedUrl: null, integrationSteps: [], version: 1,
});

describe('admin search', () => {
  it('asks the server for a few companies matching what is typed, never the whole list, and switches to the chosen one', async () => {
    mockSession(makeUser('ROLE_ADMIN'));
    const asked: string[] = [];
    let switched: unknown;
    server.use(
      companiesSearch(
        () => [company('c1', 'Acme', '360'), company('g', 'Globex', 'affiliate'), company('i', 'Initech', '360'), company('s', 'Société Générale', '360')],
        (query) => asked.push(query.toString()),
      ),
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
    // Accents ignored (the server's search, shared/domain/search-text.ts): a French admin types "societe" for "Société".
    await user.clear(box);
    await user.type(box, 'societe');
    expect(await within(screen.getByRole('listbox')).findByRole('option', { name: /Société Générale/ })).toBeInTheDocument();
    await user.clear(box);
    await user.type(box, 'init');
    await user.click(await within(screen.getByRole('listbox')).findByRole('option', { name: /Initech/ }));
    await waitFor(() => expect(switched).toEqual({ company: 'i' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
    // Each text once typing paused, a few rows each (the switcher asks for its own 20).
    expect(asked).toContain('q=affil&limit=6');
    expect(asked).toContain('q=init&limit=6');
    expect(asked.every((query) => query.includes('limit='))).toBe(true);
  });
});
