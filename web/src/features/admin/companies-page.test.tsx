import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Company } from 'shared/domain/types';
import { api, makeUser, mockSession, renderApp } from '../../test/render';
import { companiesSearch, server } from '../../test/server';

const company = (over: Partial<Company>): Company => ({
  id: 'x', name: 'X', product: '360', country: 'FR', viewId: null, dimensionIndex: null, orderFeedUrl: null,
  integrationSteps: ['sources'], version: 1, isDefault: false, ...over,
});
const companies = [
  company({ id: 'team', name: 'Portal Team', isDefault: true }),
  company({ id: 'acme', name: 'Acme Retail', viewId: '123', orderFeedUrl: 'https://acme.test/feed.xml' }),
  company({ id: 'glob', name: 'Globex', product: 'affiliate', country: 'RU', orderFeedUrl: 'ftp://globex.test/feed.csv' }),
];

/** The table's own reads (not the type-ahead checks of a name or View ID, which ask with a limit). */
const tableRead = (query: URLSearchParams) => !query.has('limit');

function setup() {
  mockSession(makeUser('ROLE_ADMIN'));
  server.use(companiesSearch(() => companies));
  renderApp('/admin/companies');
}

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('CompaniesPage', () => {
  it('blocks a taken name (any case) and another company’s View ID', async () => {
    setup();
    const user = userEvent.setup();
    await screen.findByRole('table');
    const create = screen.getByRole('button', { name: 'Create' });
    expect(create).toBeDisabled(); // empty name
    await user.type(screen.getByLabelText(/Company name/), 'acme retail');
    // The server is asked once typing pauses.
    expect(await screen.findByText('This company already exists, please use another name')).toBeInTheDocument();
    expect(create).toBeDisabled();
    await user.clear(screen.getByLabelText(/Company name/));
    await user.type(screen.getByLabelText(/Company name/), 'Initech');
    await user.type(screen.getByLabelText('View ID'), '123');
    // Another company's View ID: the server refuses it, so it blocks here too (it only warned before).
    expect(await screen.findByText('This View ID already exists.')).toBeInTheDocument();
    expect(create).toBeDisabled();
    await user.type(screen.getByLabelText('View ID'), '4');
    await waitFor(() => expect(screen.queryByText('This View ID already exists.')).toBeNull());
    await waitFor(() => expect(create).toBeEnabled());
    expect(screen.getByLabelText('Product')).toHaveValue('360');
    expect(screen.getByLabelText('Country')).toHaveValue('RU');
    expect(within(screen.getByLabelText('Country')).getAllByRole('option').map((o) => o.getAttribute('value'))).toEqual(['FR', 'RU', 'DE', 'GB']);
  });

  it('searches and sorts on the server (same column again reverses), links only http(s) URLs, hides delete of the default company', async () => {
    setup();
    const user = userEvent.setup();
    await screen.findByRole('table');
    const names = () => bodyRows().map((r) => within(r).getAllByRole('cell')[0]!.textContent);
    expect(names()).toEqual(['Acme Retail', 'Globex', 'Portal Team']);
    await user.click(screen.getByRole('button', { name: /^Company/ }));
    await waitFor(() => expect(names()).toEqual(['Portal Team', 'Globex', 'Acme Retail']));
    expect(screen.getByRole('link', { name: /acme\.test/ })).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('link', { name: /globex\.test/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Portal Team' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete Globex' })).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search companies' }), 'affil');
    await waitFor(() => expect(names()).toEqual(['Globex']));
    await user.type(screen.getByRole('searchbox', { name: 'Search companies' }), 'zzz');
    expect(await screen.findByText('No results found for "affilzzz"')).toBeInTheDocument();
  });

  it('saves only the changed fields with the version read', async () => {
    setup();
    let sent: unknown;
    server.use(
      http.put(api('/api/companies/glob'), async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ ...companies[2], viewId: '4200042', version: 2 });
      }),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Globex' }));
    const row = screen.getByRole('button', { name: 'Save Globex' }).closest('tr')!;
    await user.type(within(row).getByLabelText('View ID of Globex'), '4200042');
    await user.click(screen.getByRole('button', { name: 'Save Globex' }));
    await waitFor(() => expect(sent).toEqual({ viewId: '4200042', version: 1 }));
  });

  it('reads the company list once after a save and once after a delete (the routes’ `stale`, no second refresh)', async () => {
    mockSession(makeUser('ROLE_ADMIN'));
    let list = companies;
    let reads = 0;
    server.use(
      companiesSearch(
        () => list,
        (query) => {
          if (tableRead(query)) reads += 1;
        },
      ),
      http.put(api('/api/companies/glob'), () => {
        list = list.map((c) => (c.id === 'glob' ? { ...c, viewId: '4200042', version: 2 } : c));
        return HttpResponse.json(list[2]);
      }),
      http.delete(api('/api/companies/acme'), () => {
        list = list.filter((c) => c.id !== 'acme');
        return HttpResponse.json({ deleted: 'acme', items: 1, feedObjects: 0, currentCompany: { id: 'c1', name: 'Acme' } });
      }),
    );
    renderApp('/admin/companies');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Globex' }));
    await user.type(within(screen.getByRole('button', { name: 'Save Globex' }).closest('tr')!).getByLabelText(/^View ID/), '4200042');
    const before = reads;
    await user.click(screen.getByRole('button', { name: 'Save Globex' }));
    expect(await screen.findByText('Changes to “Globex” saved')).toBeInTheDocument();
    expect(within(bodyRows()[1]!).getByText('4200042')).toBeInTheDocument();
    expect(reads - before).toBe(1);

    await user.click(screen.getByRole('button', { name: 'Delete Acme Retail' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Company “Acme Retail” deleted')).toBeInTheDocument();
    expect(reads - before).toBe(2);
  });

  it('says a taken name while editing a row, as the create form does, and keeps Save disabled', async () => {
    setup();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Globex' }));
    const save = screen.getByRole('button', { name: 'Save Globex' });
    const row = save.closest('tr')!;
    const name = within(row).getByLabelText(/Company name/);
    await user.clear(name);
    await user.type(name, ' ACME retail ');
    expect(await within(row).findByText('This company already exists, please use another name')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.type(within(row).getByLabelText('View ID of Globex'), '123');
    expect(await within(row).findByText('This View ID already exists.')).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'Globex Group');
    await waitFor(() => expect(within(row).queryByText('This company already exists, please use another name')).toBeNull());
    expect(save).toBeDisabled(); // the View ID still belongs to another company
    await user.clear(within(row).getByLabelText('View ID of Globex'));
    await waitFor(() => expect(save).toBeEnabled());
  });
});
