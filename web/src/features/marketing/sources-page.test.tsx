import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Source } from 'shared/domain/types';
import { server } from '../../test/server';
import { api, makeUser, mockSession, renderApp } from '../../test/render';

const source = (id: string, name: string, over: Partial<Source> = {}): Source => ({
  id, name, channel: 'Paid Search', businessModel: 'CPC', deduplication: 'Last Paid Click', utmSource: 'google', utmMedium: 'cpc', utmCampaign: '', agency: '', version: 1, ...over,
});
const ROWS = [source('b', 'Google Ads'), source('a', 'Awin', { businessModel: 'CPO', channel: 'Affiliate' })];
const names = () => screen.getAllByRole('rowheader').map((cell) => cell.textContent);
const steps = (status: 'TBD' | 'done') =>
  http.get(api('/api/integration-status'), () =>
    HttpResponse.json({ companyId: 'c1', companyName: 'Acme', product: '360', sourceCount: 2, feedChecked: false, steps: [{ stepType: 'sources', status, updated: null }] }),
  );

describe('SourcesPage', () => {
  it('keeps Create disabled until name and channel are set, sends a UUID, resets on success', async () => {
    mockSession(makeUser('ROLE_USER'));
    let sent: Record<string, unknown> | undefined;
    server.use(
      steps('TBD'),
      // The page is read again after the create (the route's `stale`): the new source is on it.
      http.get(api('/api/sources'), () => HttpResponse.json({ sources: sent ? [{ ...sent, version: 1 }] : [], next: null })),
      http.post(api('/api/sources'), async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ ...sent, version: 1 }, { status: 201 });
      }),
    );
    renderApp('/marketing/sources');
    expect(await screen.findByText(/No source yet/)).toBeInTheDocument();
    expect(screen.getByLabelText('Business model')).toHaveValue('CPC');
    const create = screen.getByRole('button', { name: 'Create' });
    await userEvent.type(screen.getByLabelText(/^Name/), 'Bing Ads');
    expect(create).toBeDisabled();
    await userEvent.type(screen.getByLabelText(/^Acquisition channel/), 'Paid Search');
    expect(create).toBeEnabled();
    await userEvent.click(create);
    expect(await screen.findByText('Source “Bing Ads” created.')).toBeInTheDocument();
    expect(sent).toMatchObject({ name: 'Bing Ads', channel: 'Paid Search', businessModel: 'CPC', deduplication: 'Last Paid Click' });
    expect(String(sent!.id)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(screen.getByLabelText(/^Name/)).toHaveValue('');
    expect(await screen.findByRole('rowheader', { name: 'Bing Ads' })).toBeInTheDocument();
  });

  it('keeps the form when the create fails', async () => {
    mockSession(makeUser('ROLE_USER'));
    server.use(
      steps('TBD'),
      http.get(api('/api/sources'), () => HttpResponse.json({ sources: [], next: null })),
      http.post(api('/api/sources'), () => HttpResponse.json({ code: 'conflict', message: 'taken' }, { status: 409 })),
    );
    renderApp('/marketing/sources');
    await userEvent.type(await screen.findByLabelText(/^Name/), 'Bing Ads');
    await userEvent.type(screen.getByLabelText(/^Acquisition channel/), 'Paid Search');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText(/Someone else changed this item/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Bing Ads');
  });

  it('offers an affiliate company CPO (default) and Special only', async () => {
    mockSession(makeUser('ROLE_USER', { currentCompany: { id: 'c1', name: 'Globex', product: 'affiliate', country: 'RU' } }));
    server.use(steps('TBD'), http.get(api('/api/sources'), () => HttpResponse.json({ sources: ROWS, next: null })));
    renderApp('/marketing/sources');
    const model = await screen.findByLabelText('Business model');
    expect(model).toHaveValue('CPO');
    expect(within(model).getAllByRole('option').map((o) => o.textContent)).toEqual(['CPO', 'Special']);
  });

  it('asks the server for the order (kept in the URL), saves an edit only when changed, and keeps a refused one in the row', async () => {
    mockSession(makeUser('ROLE_USER'));
    let puts = 0;
    const asked: string[] = [];
    server.use(
      steps('done'),
      http.get(api('/api/sources'), ({ request }) => {
        const query = new URL(request.url).searchParams;
        asked.push(`${query.get('sort')} ${query.get('dir')}`);
        const byName = [...ROWS].sort((a, b) => a.name.localeCompare(b.name));
        return HttpResponse.json({ sources: query.get('dir') === 'desc' ? byName.reverse() : byName, next: null });
      }),
      http.put(api('/api/sources/b'), () => {
        puts += 1;
        return HttpResponse.json({ code: 'conflict', message: 'stale' }, { status: 409 });
      }),
    );
    renderApp('/marketing/sources');
    await screen.findByRole('rowheader', { name: 'Awin' });
    expect(names()).toEqual(['Awin', 'Google Ads']);
    await userEvent.click(within(screen.getByRole('columnheader', { name: /^Name/ })).getByRole('button'));
    await waitFor(() => expect(names()).toEqual(['Google Ads', 'Awin']));
    expect(asked).toContain('name desc');

    await userEvent.click(screen.getByRole('button', { name: 'Edit Google Ads' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Google Ads' }));
    expect(puts).toBe(0); // nothing changed: nothing sent
    await userEvent.click(screen.getByRole('button', { name: 'Edit Google Ads' }));
    expect(screen.getByRole('button', { name: 'Edit Awin' })).toBeDisabled();
    const input = screen.getByLabelText('utm_medium of Google Ads');
    await userEvent.clear(input);
    await userEvent.type(input, 'search');
    await userEvent.click(screen.getByRole('button', { name: 'Save Google Ads' }));
    // Issue 24: a refusal keeps what was typed (the stored row is unchanged until Cancel shows it).
    expect(await screen.findByText(/Not saved: .*Your values are kept in the row/)).toBeInTheDocument();
    expect(puts).toBe(1);
    expect(screen.getByLabelText('utm_medium of Google Ads')).toHaveValue('search');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel editing Google Ads' }));
    await waitFor(() => expect(screen.getByRole('rowheader', { name: 'Google Ads' }).closest('tr')).toHaveTextContent('cpc'));
  });

  it('a customer whose row was saved elsewhere sees both values, told it may have been another tab, not another administrator', async () => {
    mockSession(makeUser('ROLE_USER'));
    let reads = 0;
    server.use(
      steps('done'),
      // The second read (after the refusal) holds the version saved in the other tab.
      // (The one-row read is whether the company has a source: not the table's.)
      http.get(api('/api/sources'), ({ request }) =>
        HttpResponse.json({ sources: new URL(request.url).searchParams.has('limit') || reads++ === 0 ? ROWS : [source('b', 'Google Ads', { utmMedium: 'paid', version: 2 }), ROWS[1]], next: null }),
      ),
      http.put(api('/api/sources/b'), () => HttpResponse.json({ code: 'conflict', message: 'stale' }, { status: 409 })),
    );
    renderApp('/marketing/sources');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Google Ads' }));
    const input = screen.getByLabelText('utm_medium of Google Ads');
    await userEvent.clear(input);
    await userEvent.type(input, 'search');
    await userEvent.click(screen.getByRole('button', { name: 'Save Google Ads' }));
    const conflict = await screen.findByTestId('row-conflict');
    expect(conflict).toHaveTextContent('by you in another tab');
    expect(conflict).not.toHaveTextContent(/administrator/i);
    expect(within(conflict).getByRole('row', { name: /utm_medium/ })).toHaveTextContent(/paid.*search/);
  });

  it('says a taken name while typing (create form and row edit, any case), keeps Create and Save disabled, and copies under a free name', async () => {
    mockSession(makeUser('ROLE_USER'));
    let copied: Record<string, unknown> | undefined;
    server.use(
      steps('TBD'),
      http.get(api('/api/sources'), () => HttpResponse.json({ sources: [...ROWS, source('c', 'Copy of Awin')], next: null })),
      http.post(api('/api/sources'), async ({ request }) => {
        copied = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ ...copied, version: 1 }, { status: 201 });
      }),
    );
    renderApp('/marketing/sources');
    await screen.findByRole('rowheader', { name: 'Awin' });
    const name = screen.getByLabelText(/^Name/);
    await userEvent.type(name, ' google ADS ');
    await userEvent.type(screen.getByLabelText(/^Acquisition channel/), 'Paid Search');
    // Asked of the server once typing pauses.
    expect(await screen.findByText('Your company has a source with this name already: choose another name')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Create' })).toBeDisabled();
    await userEvent.clear(name);
    expect(screen.queryByText(/has a source with this name already/)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Edit Awin' }));
    const rowName = screen.getByLabelText('Name of Awin');
    await userEvent.clear(rowName);
    await userEvent.type(rowName, 'google ads');
    expect(within(rowName.closest('tr')!).getByRole('alert')).toHaveTextContent('Your company has a source with this name already');
    expect(screen.getByRole('button', { name: 'Save Awin' })).toBeDisabled();
    await userEvent.clear(rowName);
    await userEvent.type(rowName, 'AWIN');
    expect(screen.getByRole('button', { name: 'Save Awin' })).toBeEnabled(); // its own name, another case
    await userEvent.click(screen.getByRole('button', { name: 'Cancel editing Awin' }));

    await userEvent.click(screen.getByRole('button', { name: 'Copy Awin' }));
    await waitFor(() => expect(copied).toMatchObject({ name: 'Copy of Awin (2)' }));
  });
});
