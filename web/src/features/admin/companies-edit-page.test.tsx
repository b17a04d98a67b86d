import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Company } from 'shared/domain/types';
import { api, makeUser, mockSession, renderApp } from '../../test/render';
import { server } from '../../test/server';

const acme: Company = { id: 'c-acme', name: 'Acme', product: '360', country: 'FR', viewId: null, dimensionIndex: null, orderFeedUrl: null, matchThreshold: 20, integrationSteps: ['sources'], version: 3 };

function mock(onPut: (body: unknown) => void) {
  mockSession(makeUser('ROLE_ADMIN', { id: 'me' }));
  server.use(
    http.get(api('/api/companies/c-acme'), () => HttpResponse.json(acme)),
    http.get(api('/api/companies/c-acme/users'), () => HttpResponse.json({ users: [] })),
    http.get(api('/api/companies'), () => HttpResponse.json({ companies: [acme], next: null })),
    http.put(api('/api/companies/c-acme'), async ({ request }) => {
      onPut(await request.json());
      return HttpResponse.json({ ...acme, matchThreshold: 35, version: 4 });
    }),
  );
}

describe('company edit page: the match threshold', () => {
  it('shows the company\'s threshold, refuses one out of range, sends only a changed one with the version read', async () => {
    let sent: unknown;
    mock((body) => (sent = body));
    renderApp('/admin/companies/edit/c-acme');
    const field = await screen.findByLabelText('Match threshold (%)');
    expect(field).toHaveValue(20);
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    await userEvent.clear(field);
    await userEvent.type(field, '0');
    await userEvent.click(save);
    expect(await screen.findByText('Please enter a whole percentage from 1 to 100')).toBeInTheDocument();
    expect(sent).toBeUndefined();

    await userEvent.clear(field);
    await userEvent.type(field, '35');
    await userEvent.click(save);
    await waitFor(() => expect(sent).toEqual({ version: 3, matchThreshold: 35 }));
  });
});

describe('company edit page: the volume drop threshold', () => {
  it('shows the default 50 for a company without one and sends only the changed threshold', async () => {
    let sent: unknown;
    mock((body) => (sent = body));
    renderApp('/admin/companies/edit/c-acme');
    const field = await screen.findByLabelText('Volume drop threshold (%)');
    expect(field).toHaveValue(50);
    await userEvent.clear(field);
    await userEvent.type(field, '101');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter a whole percentage from 1 to 100')).toBeInTheDocument();
    expect(sent).toBeUndefined();
    await userEvent.clear(field);
    await userEvent.type(field, '30');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toEqual({ version: 3, volumeDropThreshold: 30 }));
  });
});
