import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../test/server';
import { api, makeUser, mockSession, renderApp } from '../../test/render';

describe('CommissionsPage', () => {
  it('disables Create without a CPO source and shows a load error’s text', async () => {
    mockSession(makeUser('ROLE_USER'));
    server.use(
      http.get(api('/api/sources/cpo'), () => HttpResponse.json({ sources: [], next: null })),
      http.get(api('/api/affiliate-commissions'), () => HttpResponse.json({ code: 'internal', message: 'Table unavailable' }, { status: 503 })),
    );
    renderApp('/marketing/commissions');
    expect(await screen.findByText('Commissions are set on CPO sources, and you have none yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create' })).toBeDisabled();
    expect(await screen.findByText('Table unavailable')).toBeInTheDocument();
  });

  it('creates a percent commission on a CPO source and lists it formatted', async () => {
    mockSession(makeUser('ROLE_USER'));
    let sent: Record<string, unknown> | undefined;
    server.use(
      http.get(api('/api/sources/cpo'), () =>
        HttpResponse.json({ sources: [{ id: 's1', name: 'Awin', channel: 'Affiliate', businessModel: 'CPO', deduplication: 'Last Click', utmSource: '', utmMedium: '', utmCampaign: '', agency: '', version: 1 }], next: null }),
      ),
      // Read again after the create (the route's `stale`): the new commission is on the page.
      http.get(api('/api/affiliate-commissions'), () => HttpResponse.json({ commissions: sent ? [{ id: 'k1', sourceId: 's1', version: 1, ...sent }] : [], next: null })),
      http.post(api('/api/affiliate-commissions'), async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ id: 'k1', sourceId: 's1', version: 1, ...sent }, { status: 201 });
      }),
    );
    renderApp('/marketing/commissions');
    await waitFor(() => expect(screen.getByLabelText('Source')).toBeEnabled());
    await userEvent.type(screen.getByLabelText('Source'), 'Awin');
    await userEvent.type(screen.getByLabelText('Commission (%)'), '15');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Commission on “Awin” created.')).toBeInTheDocument();
    expect(sent).toEqual({ sourceName: 'Awin', type: 'percent', commission: 15 });
    expect(await screen.findByRole('cell', { name: '15%' })).toBeInTheDocument();
  });

  it('says a source’s commissions are of the other type as soon as both are chosen, and keeps Create disabled', async () => {
    mockSession(makeUser('ROLE_USER'));
    server.use(
      http.get(api('/api/sources/cpo'), () =>
        HttpResponse.json({ sources: ['Awin', 'Admitad'].map((name, i) => ({ id: `s${i}`, name, channel: 'Affiliate', businessModel: 'CPO', deduplication: 'Last Click', utmSource: '', utmMedium: '', utmCampaign: '', agency: '', version: 1 })), next: null }),
      ),
      http.get(api('/api/affiliate-commissions'), () => HttpResponse.json({ commissions: [{ id: 'k1', sourceId: 's0', sourceName: 'Awin', type: 'fixed', commission: 3, version: 1 }], next: null })),
    );
    renderApp('/marketing/commissions');
    await screen.findByRole('cell', { name: '3' });
    await userEvent.type(screen.getByLabelText('Source'), 'Awin');
    await userEvent.type(screen.getByLabelText('Commission (%)'), '15');
    // The source's commissions are asked of the server once typing pauses.
    expect(await screen.findByRole('alert')).toHaveTextContent('This source has commissions of the other type');
    expect(screen.getByRole('button', { name: 'Create' })).toBeDisabled();
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'fixed');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create' })).toBeEnabled();
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'percent');
    await userEvent.clear(screen.getByLabelText('Source'));
    await userEvent.type(screen.getByLabelText('Source'), 'Admitad');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create' })).toBeEnabled());
  });
});
