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
    const asked: URLSearchParams[] = [];
    // Stands for the server's orders: by type descending (names ascending), by name either way; a search.
    server.use(
      http.get(api('/api/default-collectors'), ({ request }) => {
        const query = new URL(request.url).searchParams;
        asked.push(query);
        const byName = [...ROWS].sort((a, b) => a.name.localeCompare(b.name));
        const ordered = query.get('sort') === 'name' ? (query.get('dir') === 'desc' ? byName.reverse() : byName) : [ROWS[2]!, ROWS[1]!, ROWS[0]!];
        const q = query.get('q')?.toLowerCase();
        return HttpResponse.json({ collectors: q ? ordered.filter((r) => r.name.toLowerCase().includes(q)) : ordered, next: null });
      }),
    );
    renderApp('/admin/default-collectors');
    await screen.findByText('Google Ads');
    expect(names()).toEqual(['Criteo', 'Google Ads', 'Awin']);
    expect(asked[0]!.get('sort')).toBe('type');
    expect(asked[0]!.get('dir')).toBe('desc');
    expect(screen.getByText('Only administrators can change the default collectors; you can browse them.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /Source Name/ }));
    await waitFor(() => expect(names()).toEqual(['Awin', 'Criteo', 'Google Ads']));
    await userEvent.click(screen.getByRole('button', { name: /Source Name/ }));
    await waitFor(() => expect(names()).toEqual(['Google Ads', 'Criteo', 'Awin']));
    expect(asked.at(-1)!.get('dir')).toBe('desc');
    // The search goes to the server as one types.
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search default collectors (name, e-mail or comment)' }), 'crit');
    await waitFor(() => expect(names()).toEqual(['Criteo']));
    expect(asked.at(-1)!.get('q')).toBe('crit');
  });

  it('keeps Create disabled without a name, creates and resets the form', async () => {
    mockSession(makeUser('ROLE_ADMIN'));
    let sent: Record<string, unknown> | undefined;
    server.use(
      // After the create the page is read again: the server then has the new collector.
      http.get(api('/api/default-collectors'), () => HttpResponse.json({ collectors: sent ? [{ ...sent, version: 1 }] : [], next: null })),
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

  it('checks a row edit with the create form’s schema: a bad e-mail is not sent, stays in the row and is named', async () => {
    mockSession(makeUser('ROLE_ADMIN'));
    let puts = 0;
    server.use(
      http.get(api('/api/default-collectors'), () => HttpResponse.json({ collectors: ROWS, next: null })),
      http.put(api('/api/default-collectors/c'), () => {
        puts += 1;
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    renderApp('/admin/default-collectors');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Criteo' }));
    const email = screen.getByLabelText('Access Email of Criteo');
    await userEvent.clear(email);
    await userEvent.type(email, 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Save Criteo' }));
    expect(await screen.findByText('Not saved: check Access Email. Your values are kept in the row.')).toBeInTheDocument();
    expect(email).toHaveValue('not-an-email');
    expect(email).toHaveAccessibleDescription('Please enter a valid email');
    expect(puts).toBe(0);
  });

  it('keeps the typed values when the server refuses a field, and names it', async () => {
    mockSession(makeUser('ROLE_ADMIN'));
    server.use(
      http.get(api('/api/default-collectors'), () => HttpResponse.json({ collectors: ROWS, next: null })),
      http.put(api('/api/default-collectors/c'), () =>
        HttpResponse.json({ code: 'validation', message: 'error.validation', errors: { name: 'validation.defaultCollector.nameTooLong' } }, { status: 400 }),
      ),
    );
    renderApp('/admin/default-collectors');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Criteo' }));
    const input = screen.getByLabelText('Source Name of Criteo');
    await userEvent.clear(input);
    await userEvent.type(input, 'Criteo EU');
    await userEvent.click(screen.getByRole('button', { name: 'Save Criteo' }));
    expect(await screen.findByText('Not saved: check Source Name. Your values are kept in the row.')).toBeInTheDocument();
    expect(input).toHaveValue('Criteo EU');
    expect(screen.queryByText(/Some fields are not valid/)).toBeNull();
  });

  it('on a version conflict shows their values beside mine: keep mine saves on their version, take theirs drops mine', async () => {
    mockSession(makeUser('ROLE_ADMIN'));
    // The server's row c; `other` saves it (a new version) just before each round's first PUT.
    let current: DefaultCollector = ROWS[2]!;
    let other: string | null = null;
    const versions: number[] = [];
    server.use(
      http.get(api('/api/default-collectors'), () => HttpResponse.json({ collectors: [ROWS[0], ROWS[1], current], next: null })),
      http.put(api('/api/default-collectors/c'), async ({ request }) => {
        const body = (await request.json()) as DefaultCollector;
        versions.push(body.version);
        if (other) current = { ...current, name: other, version: current.version + 1 };
        other = null;
        if (body.version !== current.version) return HttpResponse.json({ code: 'conflict', message: 'stale' }, { status: 409 });
        current = { ...current, ...body, version: current.version + 1 };
        return HttpResponse.json(current);
      }),
    );
    renderApp('/admin/default-collectors');
    const mine = async () => {
      await userEvent.click(await screen.findByRole('button', { name: /^Edit Criteo/ }));
      const input = screen.getByLabelText(/^Source Name of Criteo/);
      await userEvent.clear(input);
      await userEvent.type(input, 'Criteo mine');
      await userEvent.click(screen.getByRole('button', { name: /^Save Criteo/ }));
      return within(await screen.findByTestId('row-conflict'));
    };
    other = 'Criteo by Bob';
    let conflict = await mine();
    expect(conflict.getByRole('row', { name: /Source Name/ })).toHaveTextContent('Criteo by Bob');
    expect(conflict.getByRole('row', { name: /Source Name/ })).toHaveTextContent('Criteo mine');
    expect(screen.queryByText(/reload/i)).toBeNull();
    await userEvent.click(conflict.getByRole('button', { name: 'Take theirs' }));
    await waitFor(() => expect(screen.queryByTestId('row-conflict')).toBeNull());
    expect(screen.getByRole('cell', { name: 'Criteo by Bob' })).toBeInTheDocument();

    other = 'Criteo by Carol';
    conflict = await mine();
    expect(conflict.getByRole('row', { name: /Source Name/ })).toHaveTextContent('Criteo by Carol');
    await userEvent.click(conflict.getByRole('button', { name: 'Keep mine' }));
    expect(await screen.findByRole('cell', { name: 'Criteo mine' })).toBeInTheDocument();
    expect(versions).toEqual([1, 2, 3]);
  });

  it('shows the error text when the list cannot be loaded', async () => {
    mockSession(makeUser('ROLE_ADMIN'));
    server.use(http.get(api('/api/default-collectors'), () => HttpResponse.json({ code: 'forbidden', message: 'Not allowed here' }, { status: 403 })));
    renderApp('/admin/default-collectors');
    expect(await screen.findByText('Something went wrong...')).toBeInTheDocument();
    expect(screen.getByText('Not allowed here')).toBeInTheDocument();
  });
});
