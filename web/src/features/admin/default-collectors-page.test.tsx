import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { DefaultCollector } from 'shared/domain/types';
import { formatCollectorComment } from 'shared/schemas/default-collectors';
import { server } from '../../test/server';
import { api, makeUser, mockSession, renderApp } from '../../test/render';

const row = (id: string, name: string, type: DefaultCollector['type']): DefaultCollector => ({
  id, name, type, accessEmail: `${id}@x.example`, comment: formatCollectorComment({ en: `${name} en`, ru: `${name} ru`, fr: `${name} fr` }), version: 1,
});
const ROWS = [row('a', 'Awin', 'Affiliate'), row('b', 'Google Ads', 'Other'), row('c', 'Criteo', 'Other')];

const names = () => screen.getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[0]!.textContent);

describe('DefaultCollectorsPage', () => {
  it('lists by type descending, sorts on click, and is read-only for a customer', async () => {
    mockSession(makeUser('ROLE_USER'));
    server.use(http.get(api('/api/default-collectors'), () => HttpResponse.json(ROWS)));
    renderApp('/admin/default-collectors');
    await screen.findByText('Google Ads');
    expect(names()).toEqual(['Criteo', 'Google Ads', 'Awin']);
    expect(screen.getByText('Only administrators can change the default collectors; you can browse them.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /Source Name/ }));
    expect(names()).toEqual(['Awin', 'Criteo', 'Google Ads']);
    await userEvent.click(screen.getByRole('button', { name: /Source Name/ }));
    expect(names()).toEqual(['Google Ads', 'Criteo', 'Awin']);
  });

  it('keeps Create disabled without a name, creates and resets the form', async () => {
    mockSession(makeUser('ROLE_ADMIN'));
    let sent: Record<string, unknown> | undefined;
    server.use(
      http.get(api('/api/default-collectors'), () => HttpResponse.json([])),
      http.post(api('/api/default-collectors'), async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ ...sent, version: 1 }, { status: 201 });
      }),
    );
    renderApp('/admin/default-collectors');
    expect(await screen.findByText(/No default collector yet/)).toBeInTheDocument();
    const create = screen.getByRole('button', { name: 'Create' });
    expect(create).toBeDisabled();
    await userEvent.type(screen.getByLabelText(/Source Name/), 'Taboola');
    await userEvent.type(screen.getByLabelText('Comment (FR)'), 'Clé API');
    expect(create).toBeEnabled();
    await userEvent.click(create);
    expect(await screen.findByText('Default collector “Taboola” created.')).toBeInTheDocument();
    expect(sent).toMatchObject({ name: 'Taboola', type: 'Other', accessEmail: '' });
    expect(String(sent!.id)).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(String(sent!.comment))).toEqual({ en: '', ru: '', fr: 'Clé API' });
    expect(screen.getByLabelText(/Source Name/)).toHaveValue('');
    expect(await screen.findByRole('cell', { name: 'Taboola' })).toBeInTheDocument();
  });

  it('rolls a failed edit back and says why', async () => {
    mockSession(makeUser('ROLE_ADMIN'));
    server.use(
      http.get(api('/api/default-collectors'), () => HttpResponse.json(ROWS)),
      http.put(api('/api/default-collectors/c'), () => HttpResponse.json({ code: 'conflict', message: 'stale' }, { status: 409 })),
    );
    renderApp('/admin/default-collectors');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Criteo' }));
    const input = screen.getByLabelText('Source Name of Criteo');
    await userEvent.clear(input);
    await userEvent.type(input, 'Criteo EU');
    await userEvent.click(screen.getByRole('button', { name: 'Save Criteo' }));
    expect(await screen.findByText(/The change to “Criteo” was not saved/)).toHaveTextContent('Someone else changed this item');
    await waitFor(() => expect(names()).toEqual(['Criteo', 'Google Ads', 'Awin']));
  });

  it('shows the error text when the list cannot be loaded', async () => {
    mockSession(makeUser('ROLE_ADMIN'));
    server.use(http.get(api('/api/default-collectors'), () => HttpResponse.json({ code: 'forbidden', message: 'Not allowed here' }, { status: 403 })));
    renderApp('/admin/default-collectors');
    expect(await screen.findByText('Something went wrong...')).toBeInTheDocument();
    expect(screen.getByText('Not allowed here')).toBeInTheDocument();
  });
});
