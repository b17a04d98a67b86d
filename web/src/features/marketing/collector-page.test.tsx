import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Collector, DefaultCollector } from 'shared/domain/types';
import { formatCollectorComment } from 'shared/schemas/default-collectors';
import { server } from '../../test/server';
import { api, makeUser, mockSession, renderApp } from '../../test/render';

const collector = (id: string, source: string, over: Partial<Collector> = {}): Collector => ({
  id, source, accessEmail: `${id}@x.example`, comment: '', commentStatus: '', configStatus: 'No', collectStatus: 'No', version: 1, ...over,
});
const ROWS = [collector('b', 'Meta Ads', { configStatus: 'Ongoing' }), collector('a', 'Google Ads', { configStatus: 'Yes', collectStatus: 'Yes' })];
const SUGGESTIONS: DefaultCollector[] = [
  { id: 's1', name: 'Criteo', accessEmail: 'criteo@portal.example', type: 'Other', comment: formatCollectorComment({ en: 'API user', fr: 'Utilisateur API', ru: 'API-пользователь' }), version: 1 },
  { id: 's2', name: 'Awin', accessEmail: 'aff@portal.example', type: 'Affiliate', comment: formatCollectorComment({ en: 'Token' }), version: 1 },
];
const steps = (status: 'TBD' | 'done') =>
  http.get(api('/api/integration-status'), () =>
    HttpResponse.json({ companyId: 'c1', companyName: 'Acme', product: '360', sourceCount: 0, feedChecked: false, steps: [{ stepType: 'collector', status, updated: null }] }),
  );

const sources = () => screen.getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[0]!.querySelector('.collector-source, input')?.textContent ?? '');

/** The query of each list read (the server pages, sorts and searches). */
let asked: { collectors: URLSearchParams[]; suggestions: URLSearchParams[] };

/** The server's page: its sort by configuration stands for the server's order (No < Ongoing < Yes). */
function mockList(rows: Collector[] = ROWS) {
  asked = { collectors: [], suggestions: [] };
  server.use(
    http.get(api('/api/collectors'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.collectors.push(query);
      const bySource = [...rows].sort((a, b) => a.source.localeCompare(b.source));
      const shown = query.get('sort') === 'configStatus' ? bySource.reverse() : bySource;
      return HttpResponse.json({ collectors: shown, next: null, counts: { total: rows.length, pending: 1 } });
    }),
    http.get(api('/api/default-collectors'), ({ request }) => {
      asked.suggestions.push(new URL(request.url).searchParams);
      return HttpResponse.json({ collectors: SUGGESTIONS, next: null });
    }),
    steps('TBD'),
  );
}

describe('CollectorPage', () => {
  it('lists by source, sorts on click, and fills the form from a suggestion in the user’s language', async () => {
    mockSession(makeUser('ROLE_USER'));
    mockList();
    renderApp('/marketing/collector', { locale: 'fr' });
    await within(await screen.findByRole('table')).findByText('Google Ads');
    expect(sources()).toEqual(['Google Ads', 'Meta Ads']);
    expect(asked.collectors[0]!.get('sort')).toBe('source');
    await userEvent.click(screen.getByRole('button', { name: /Configuration/ }));
    await waitFor(() => expect(sources()).toEqual(['Meta Ads', 'Google Ads']));
    expect(asked.collectors.at(-1)!.get('sort')).toBe('configStatus');
    expect(asked.collectors.at(-1)!.get('dir')).toBe('asc');
    const picker = screen.getByLabelText('Partir d’une suggestion');
    await waitFor(() => expect(picker).toBeEnabled());
    // The platform's list is asked as one types, a few at a time, never whole.
    expect(asked.suggestions[0]!.get('limit')).toBe('20');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Trouver une source connue (nom, e-mail ou conseil)' }), 'crit');
    await waitFor(() => expect(asked.suggestions.at(-1)!.get('q')).toBe('crit'));
    expect(within(picker).getByRole('group', { name: 'Réseaux d’affiliation' })).toBeInTheDocument();
    await userEvent.selectOptions(picker, 's1');
    expect(screen.getByLabelText('Source', { selector: 'input' })).toHaveValue('Criteo');
    expect(screen.getByLabelText('E-mail d’accès')).toHaveValue('criteo@portal.example');
    expect(screen.getByLabelText('Commentaire')).toHaveValue('Utilisateur API');
  });

  it('keeps Add disabled until source and e-mail are set, refuses a bad e-mail, creates and resets', async () => {
    mockSession(makeUser('ROLE_USER'));
    mockList([]);
    let sent: Record<string, unknown> | undefined;
    server.use(
      http.post(api('/api/collectors'), async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(collector('n', String(sent.source), { accessEmail: String(sent.accessEmail) }), { status: 201 });
      }),
    );
    // After the create the page is read again: the server then has the new collector.
    server.use(http.get(api('/api/collectors'), () => HttpResponse.json({ collectors: sent ? [collector('n', String(sent.source))] : [], next: null, counts: { total: sent ? 1 : 0, pending: sent ? 1 : 0 } })));
    renderApp('/marketing/collector');
    expect(await screen.findByText(/No collector yet: add your first source/)).toBeInTheDocument();
    const add = screen.getByRole('button', { name: 'Add collector' });
    expect(add).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Source', { selector: 'input' }), 'Taboola');
    await userEvent.type(screen.getByLabelText('Access e-mail', { selector: 'input' }), 'nope');
    await userEvent.click(add);
    expect(await screen.findByText('Please enter a valid email')).toBeInTheDocument();
    expect(sent).toBeUndefined();
    await userEvent.clear(screen.getByLabelText('Access e-mail', { selector: 'input' }));
    await userEvent.type(screen.getByLabelText('Access e-mail', { selector: 'input' }), 'ads@taboola.test');
    await userEvent.click(add);
    expect(await screen.findByText('Collector “Taboola” added.')).toBeInTheDocument();
    expect(sent).toEqual({ source: 'Taboola', accessEmail: 'ads@taboola.test', comment: '', commentStatus: '', configStatus: 'No', collectStatus: 'No' });
    expect(screen.getByLabelText('Source', { selector: 'input' })).toHaveValue('');
    expect(await within(await screen.findByRole('table')).findByText('Taboola')).toBeInTheDocument();
  });

  it('saves a status at once with the version read, and rolls it back with the reason on failure', async () => {
    mockSession(makeUser('ROLE_USER'));
    mockList();
    const bodies: unknown[] = [];
    server.use(
      http.put(api('/api/collectors/b'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ code: 'conflict', message: 'stale' }, { status: 409 });
      }),
      http.put(api('/api/collectors/a'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        return HttpResponse.json({ ...ROWS[1], ...body, version: 2 });
      }),
    );
    renderApp('/marketing/collector');
    const googleCollect = await screen.findByLabelText('Collection of Google Ads');
    await userEvent.selectOptions(googleCollect, 'Ongoing');
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ version: 1, source: 'Google Ads', configStatus: 'Yes', collectStatus: 'Ongoing' });
    await waitFor(() => expect(googleCollect).toHaveValue('Ongoing'));

    await userEvent.selectOptions(screen.getByLabelText('Configuration of Meta Ads'), 'Yes');
    expect(await screen.findByText(/The change to “Meta Ads” was not saved/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Configuration of Meta Ads')).toHaveValue('Ongoing'));
  });

  it('names a copy with the spec’s fixed prefix whatever the language (stored data, as for sources)', async () => {
    mockSession(makeUser('ROLE_USER'));
    mockList([collector('a', 'Google Ads')]);
    let sent: Record<string, unknown> | undefined;
    server.use(
      http.post(api('/api/collectors'), async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(collector('c', String(sent.source), sent as Partial<Collector>), { status: 201 });
      }),
    );
    renderApp('/marketing/collector', { locale: 'fr' });
    await userEvent.click(await screen.findByRole('button', { name: /^Copier.*Google Ads/ }));
    await waitFor(() => expect(sent?.source).toBe('Copy of Google Ads'));
  });

  it('copies with the status note and opens the copy in edit mode; delete asks with the spec’s warning', async () => {
    mockSession(makeUser('ROLE_USER'));
    mockList([collector('a', 'Google Ads', { commentStatus: 'Costs daily', collectStatus: 'Yes' })]);
    let sent: Record<string, unknown> | undefined;
    let deleted: unknown;
    server.use(
      http.post(api('/api/collectors'), async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(collector('c', String(sent.source), sent as Partial<Collector>), { status: 201 });
      }),
      http.delete(api('/api/collectors/a'), async ({ request }) => {
        deleted = await request.json();
        return HttpResponse.json({ id: 'a' });
      }),
    );
    renderApp('/marketing/collector');
    await userEvent.click(await screen.findByRole('button', { name: 'Copy Google Ads' }));
    expect(await screen.findByLabelText('Source of Copy of Google Ads')).toHaveValue('Copy of Google Ads');
    expect(screen.getByLabelText('Status note of Copy of Google Ads')).toHaveValue('Costs daily');
    expect(sent).toMatchObject({ commentStatus: 'Costs daily', configStatus: 'No', collectStatus: 'No' });
    // One row at a time (the shared EditTable): the others' actions wait for the copy's edit to end.
    expect(screen.getByRole('button', { name: 'Delete Google Ads' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel the edit of Copy of Google Ads' }));

    await userEvent.click(screen.getByRole('button', { name: 'Delete Google Ads' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Deleting a collector source removes associated data irreversibly.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('“Google Ads” deleted.')).toBeInTheDocument();
    expect(deleted).toEqual({ version: 1 });
  });

  it('completes the step through the integration status, and shows a load error with its text (a 500 replaces the page: the app shell does that)', async () => {
    mockSession(makeUser('ROLE_USER'));
    let update: unknown;
    server.use(
      http.get(api('/api/collectors'), () => HttpResponse.json({ code: 'forbidden', message: 'Table unavailable' }, { status: 403 })),
      http.get(api('/api/default-collectors'), () => HttpResponse.json({ collectors: [], next: null })),
      steps('TBD'),
      http.post(api('/api/integration-status/update'), async ({ request }) => {
        update = await request.json();
        return HttpResponse.json({ companyId: 'c1', companyName: 'Acme', product: '360', sourceCount: 0, feedChecked: false, steps: [{ stepType: 'collector', status: 'done', updated: null }] });
      }),
    );
    renderApp('/marketing/collector');
    expect(await screen.findByText('Your collectors could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Table unavailable')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Mark as completed' }));
    expect(await screen.findByText('Stage completed')).toBeInTheDocument();
    expect(update).toEqual({ stepType: 'collector', status: 'done' });
  });

  it.each([
    ['en', 'Platforms we collect costs from', ['Search', 'Affiliate networks', 'Russian market', 'French market']],
    ['fr', 'Plateformes dont nous collectons les coûts', ['Moteurs de recherche', 'Réseaux d’affiliation', 'Marché russe', 'Marché français']],
    ['ru', 'Площадки, с которых мы собираем расходы', ['Поисковая реклама', 'Партнёрские сети', 'Российский рынок', 'Французский рынок']],
  ] as const)('the description lists the 70+ platforms by category in %s', async (locale, title, categories) => {
    mockSession(makeUser('ROLE_USER'));
    mockList();
    renderApp('/marketing/collector', { locale });
    const list = await screen.findByRole('region', { name: new RegExp(`^${title} \\(\\d+\\)$`) });
    expect(Number(/\((\d+)\)$/.exec(within(list).getByRole('heading').textContent!)![1])).toBeGreaterThanOrEqual(70);
    for (const category of categories) expect(within(list).getByText(category, { selector: 'summary, summary *' })).toBeInTheDocument();
    // Closed by default (a short card on a phone); a category opens to its names, proper nouns in every language.
    const french = within(list).getByText(categories[3], { selector: 'summary, summary *' }).closest('details')!;
    expect(french).not.toHaveAttribute('open');
    await userEvent.click(within(french).getByText(categories[3]));
    expect(french).toHaveAttribute('open');
    for (const name of ['Kwanko', 'Idealo', 'Cdiscount']) expect(within(french).getByText(name)).toBeVisible();
    const russian = within(list).getByText(categories[2], { selector: 'summary, summary *' }).closest('details')!;
    for (const name of ['Yandex Direct', 'VK Ads', 'Wildberries']) expect(within(russian).getByText(name)).toBeInTheDocument();
  });
});
