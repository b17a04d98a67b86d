import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DataHealth, HealthItem } from 'shared/domain/data-health';
import type { FeedHistoryEntry, FeedOverview } from 'shared/domain/order-feed';
import { api, makeUser, mockSession, renderApp } from '../../test/render';
import { server } from '../../test/server';
import { lastDays } from './data-health-page';

// A fixed clock (only Date: msw and the testing library keep their real timers): the 30-day strip ends on this UTC day.
const NOW = new Date('2026-11-26T09:00:00Z');
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

const item = (over: Partial<HealthItem> & Pick<HealthItem, 'kind' | 'status'>): HealthItem => ({ lastCheck: '2026-11-26T04:10:00Z', history: [], ...over });

const health: DataHealth = {
  companyId: 'c1',
  items: [
    // Sent out of order: the page shows HEALTH_KINDS' order.
    item({
      kind: 'utm-linking',
      status: 'warning',
      reason: { key: 'health.utm.unlinked', values: { percent: 12, utms: 3 } },
      history: [{ day: '2026-11-26', status: 'warning', checkedAt: '2026-11-26T04:10:00Z' }],
    }),
    item({
      kind: 'feed',
      status: 'failing',
      reason: { key: 'health.feed.failed', values: { code: 'status', http: 404 } },
      history: [
        { day: '2026-11-24', status: 'healthy', checkedAt: '2026-11-24T04:00:00Z' },
        { day: '2026-11-25', status: 'failing', checkedAt: '2026-11-25T04:00:00Z', reason: { key: 'health.feed.failed', values: { code: 'status', http: 404 } } },
        { day: '2026-11-26', status: 'failing', checkedAt: '2026-11-26T04:10:00Z' },
      ],
    }),
    item({ kind: 'analytics-access', status: 'healthy', reason: { key: 'health.access.ok' } }),
    // A reason this build has no text for (a newer server): a generic text, never the key.
    item({ kind: 'analytics-coverage', status: 'unknown', lastCheck: null, reason: { key: 'health.coverage.brand-new', values: { x: 1 } } }),
  ],
};

const noFeed: FeedOverview = { current: null, history: [], orderFeedUrl: null };
const answer = (body: DataHealth | { code: string; message: string }, init?: ResponseInit, feed: FeedOverview = noFeed) =>
  server.use(
    http.get(api('/api/data-health'), () => HttpResponse.json(body, init)),
    http.get(api('/api/order-feed'), () => HttpResponse.json(feed)),
  );

/** A daily re-check's history line that compared the day before with analytics. */
const compared = (date: string, day: string, inFeed: number, found: number): FeedHistoryEntry => ({
  checkId: `k-${day}`,
  date,
  trigger: 'daily',
  health: 'clean',
  orders: 4000,
  warningKeys: [],
  failure: null,
  match: { day, inFeed, found, missing: inFeed - found, callCentre: 12, missingIds: { rows: inFeed - found, bytes: 100 } },
});

const section = (name: string) => screen.getByRole('heading', { level: 2, name }).closest('section')!;

describe('data health page', () => {
  it.each([
    ['en', 'Orders and sessions volume', 'Only 312 orders on Tuesday; usually about 1,240.', 'No sessions on Sunday; usually about 4,000.'],
    ['fr', 'Volume des commandes et des sessions', 'Seulement 312 commandes mardi\u00a0; habituellement environ 1\u202f240.', 'Aucune session dimanche\u00a0; habituellement environ 4\u202f000.'],
    ['ru', 'Объём заказов и сеансов', 'Во вторник всего 312 заказов; обычно около 1\u00a0240.', 'В воскресенье нет сеансов; обычно около 4\u00a0000.'],
  ] as const)('the volume kind names the day’s figure, the usual one and the weekday in %s', async (locale, name, drop, none) => {
    mockSession(makeUser());
    const volume = (reason: HealthItem['reason']) => ({ companyId: 'c1', items: [item({ kind: 'volume', status: 'warning', reason })] });
    answer(volume({ key: 'health.volume.ordersDrop', values: { count: 312, usual: 1240, weekday: 'tue' } }));
    const view = renderApp('/data-health', { locale });
    // The text as written, no-break spaces included (findByText would compare it with spaces collapsed).
    expect((await screen.findByText(/312/)).textContent).toBe(drop);
    expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    view.unmount();
    answer(volume({ key: 'health.volume.sessionsNone', values: { count: 0, usual: 4000, weekday: 'sun' } }));
    renderApp('/data-health', { locale });
    expect((await screen.findByText(/4.000/)).textContent).toBe(none);
  });

  it('shows each kind in order with its status in words, reason, last check, 30 days and the page that fixes it', async () => {
    mockSession(makeUser());
    answer(health);
    renderApp('/data-health');
    expect(await screen.findByText('The feed could not be fetched or read: its server refused to send it (HTTP 404).')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Order feed',
      'Analytics access',
      'Custom dimension coverage',
      'UTM linking',
    ]);

    const feed = section('Order feed');
    expect(within(feed).getByText('Failing')).toBeInTheDocument();
    expect(within(feed).getByText('Last check: 26/11/2026 04:10')).toBeInTheDocument();
    expect(within(feed).getByRole('link', { name: 'Open the feed page' })).toHaveAttribute('href', '/crm/order-feed');
    const days = within(within(feed).getByRole('list', { name: 'Order feed Last 30 days' })).getAllByRole('listitem');
    expect(days).toHaveLength(30);
    expect(days[0]).toHaveTextContent('28/10/2026: no check');
    expect(days.slice(-3).map((day) => day.textContent)).toEqual(['✓24/11/2026: Healthy', '✕25/11/2026: Failing', '✕26/11/2026: Failing']);

    const access = section('Analytics access');
    expect(within(access).getByText('Healthy')).toBeInTheDocument();
    expect(within(access).getByText('Our service account can read your analytics property.')).toBeInTheDocument();
    expect(within(access).getByRole('link', { name: 'Check the analytics access' })).toHaveAttribute('href', '/analytics/access');

    const coverage = section('Custom dimension coverage');
    expect(within(coverage).getByText('Not checked')).toBeInTheDocument();
    expect(within(coverage).getByText('The check gave no details that can be shown here.')).toBeInTheDocument();
    expect(within(coverage).getByText('Never checked')).toBeInTheDocument();
    expect(coverage).not.toHaveTextContent('health.coverage.brand-new');
    expect(within(coverage).getByRole('link', { name: 'Check the custom dimension' })).toHaveAttribute('href', '/analytics/custom-dimension');

    const utm = section('UTM linking');
    expect(within(utm).getByText('Warning')).toBeInTheDocument();
    expect(within(utm).getByText('12 % of sessions come from UTMs no rule links (3 UTMs).')).toBeInTheDocument();
    expect(within(utm).getByRole('link', { name: 'Link your UTMs' })).toHaveAttribute('href', '/marketing/utm-management');
  });

  it('shows the feed’s match rate with analytics over 30 days in the feed’s section, numbers and days in the language, and the day’s missing ids', async () => {
    mockSession(makeUser());
    const history = [compared('2026-11-26T03:00:00Z', '2026-11-25', 1234, 1200), compared('2026-11-25T03:00:00Z', '2026-11-24', 1000, 990)];
    answer({ companyId: 'c1', items: [item({ kind: 'feed', status: 'healthy', reason: { key: 'health.feed.ok', values: { orders: 4000 } } })] }, undefined, { current: null, history, orderFeedUrl: null });
    renderApp('/data-health', { locale: 'fr' });
    await screen.findByText('En bonne santé');
    const feed = section('Flux de commandes');
    const title = await within(feed).findByRole('heading', { level: 3, name: 'Correspondance avec l’analytique, 30 derniers jours' });
    expect(title).toBeInTheDocument();
    const latest = within(feed).getByTestId('match-latest');
    expect(latest).toHaveTextContent('Commandes du 25/11/2026 dans le flux');
    expect([...latest.querySelectorAll('dd')].map((dd) => dd.textContent)).toEqual(['1\u202f234', '1\u202f200', '34', '12']);
    expect(within(feed).getByTestId('missing-ids-download')).toHaveTextContent('Télécharger les identifiants absents (CSV, 34 identifiants)');
  });

  it('shows no match trend while no check compared the feed with analytics', async () => {
    mockSession(makeUser());
    answer({ companyId: 'c1', items: [item({ kind: 'feed', status: 'healthy', reason: { key: 'health.feed.ok', values: { orders: 4 } } })] });
    renderApp('/data-health');
    expect(await screen.findByText('Healthy')).toBeInTheDocument();
    expect(screen.queryByTestId('match-latest')).not.toBeInTheDocument();
  });

  it('speaks Russian, with plurals from a count sent as text', async () => {
    mockSession(makeUser());
    answer({ companyId: 'c1', items: [item({ kind: 'feed', status: 'failing', reason: { key: 'health.feed.ok', values: { orders: '3' } } })] });
    renderApp('/data-health', { locale: 'ru' });
    expect(await screen.findByText('Фид прочитан без ошибок (3 заказа).')).toBeInTheDocument();
    expect(screen.getByText('Сбой')).toBeInTheDocument();
    expect(screen.getByText('Последняя проверка: 26.11.2026 04:10')).toBeInTheDocument();
  });

  it('names the feed a lead feed for a lead company, in French', async () => {
    mockSession(makeUser('ROLE_USER', { currentCompany: { id: 'c1', name: 'Acme', product: 'lead', country: 'FR' } }));
    answer({ companyId: 'c1', items: [item({ kind: 'feed', status: 'healthy', reason: { key: 'health.feed.ok', values: { orders: 1 } } })] });
    renderApp('/data-health', { locale: 'fr' });
    expect(await screen.findByText('En bonne santé')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Flux de leads' })).toBeInTheDocument();
    expect(screen.getByText('Le flux a été lu sans erreur (1 commande).')).toBeInTheDocument();
  });

  it('shows a reason without a known key, and a key outside health.*, as the generic text', async () => {
    mockSession(makeUser());
    answer({
      companyId: 'c1',
      items: [item({ kind: 'feed', status: 'warning' }), item({ kind: 'utm-linking', status: 'failing', reason: { key: 'route.home' } })],
    });
    renderApp('/data-health');
    expect(await screen.findAllByText('The check gave no details that can be shown here.')).toHaveLength(2);
    expect(screen.queryByText('Home')).not.toBeInTheDocument();
  });

  it('says when the data health cannot be read, with the error text', async () => {
    mockSession(makeUser());
    answer({ code: 'forbidden', message: 'Forbidden' }, { status: 403 });
    renderApp('/data-health');
    const alert = await screen.findByText('Something went wrong...');
    expect(alert.closest('.callout')).toHaveTextContent('Forbidden');
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
  });

  it('says when nothing has been checked yet', async () => {
    mockSession(makeUser());
    answer({ companyId: 'c1', items: [] });
    renderApp('/data-health');
    expect(await screen.findByText('Nothing has been checked for your company yet.')).toBeInTheDocument();
  });

  it('says a kind never checked is waiting for its first daily check (no reason yet), not that the check gave no details', async () => {
    mockSession(makeUser());
    answer({ companyId: 'c1', items: [item({ kind: 'feed', status: 'unknown', lastCheck: null, reason: undefined, history: [] })] });
    renderApp('/data-health', { locale: 'fr' });
    expect(await screen.findByText('Pas encore vérifié : la première vérification quotidienne n’a pas encore eu lieu.')).toBeInTheDocument();
    expect(screen.queryByText('La vérification n’a donné aucun détail affichable ici.')).not.toBeInTheDocument();
  });

  it('is in the Data Flow menu', async () => {
    mockSession(makeUser());
    renderApp('/dashboard');
    const link = await screen.findByRole('link', { name: 'Data health', hidden: true });
    expect(link).toHaveAttribute('href', '/data-health');
  });
});

describe('lastDays', () => {
  it('gives the 30 UTC days up to today, oldest first, across a month end', () => {
    const days = lastDays(new Date('2026-03-01T23:30:00Z'));
    expect(days).toHaveLength(30);
    expect(days[0]).toBe('2026-01-31');
    expect(days.at(-2)).toBe('2026-02-28');
    expect(days.at(-1)).toBe('2026-03-01');
  });
});

describe('data health page: a warning\'s lifecycle', () => {
  it('acknowledges a failing kind with a note for the days chosen, shows who muted it until when, and unmutes', async () => {
    const user = userEvent.setup({ advanceTimers: () => undefined });
    mockSession(makeUser());
    let current = health;
    const sent: unknown[] = [];
    server.use(
      http.get(api('/api/data-health'), () => HttpResponse.json(current)),
      http.get(api('/api/order-feed'), () => HttpResponse.json(noFeed)),
      http.post(api('/api/data-health/mute'), async ({ request }) => {
        const body = (await request.json()) as { kind: string; note: string; days: number };
        sent.push(body);
        if (body.days === 0) {
          current = health;
          return HttpResponse.json(current);
        }
        const mute = { note: body.note, until: '2026-12-03T09:00:00Z', at: '2026-11-26T09:00:00Z', byName: 'Ann Lee', status: 'failing' as const };
        current = { ...health, items: health.items.map((i) => (i.kind === body.kind ? { ...i, mute } : i)) };
        return HttpResponse.json(current);
      }),
    );
    renderApp('/data-health');
    await screen.findByText('The feed could not be fetched or read: its server refused to send it (HTTP 404).');
    // Read afresh each time: the answer re-renders the cards.
    const feed = () => section('Order feed');
    // Only the kinds that warn or fail can be acknowledged.
    expect(within(section('Analytics access')).queryByRole('button', { name: 'Acknowledge and mute' })).toBeNull();
    expect(within(section('UTM linking')).getByRole('button', { name: 'Acknowledge and mute' })).toBeInTheDocument();
    await user.click(within(feed()).getByRole('button', { name: 'Acknowledge and mute' }));
    // The note is required: nothing is sent without it.
    await user.click(within(feed()).getByRole('button', { name: 'Mute the mails' }));
    expect(await within(feed()).findByText('This field is required')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.type(within(feed()).getByLabelText('What your team knows'), 'Moving servers');
    await user.selectOptions(within(feed()).getByLabelText('Mute the mails for'), '30 days');
    await user.click(within(feed()).getByRole('button', { name: 'Mute the mails' }));
    expect(await within(feed()).findByText('Moving servers')).toBeInTheDocument();
    expect(sent).toEqual([{ kind: 'feed', note: 'Moving servers', days: 30 }]);
    expect(within(feed()).getByText(/Acknowledged by Ann Lee on .*; mails muted until /)).toBeInTheDocument();
    await user.click(within(feed()).getByRole('button', { name: 'Unmute' }));
    expect(await within(feed()).findByRole('button', { name: 'Acknowledge and mute' })).toBeInTheDocument();
    expect(sent[1]).toEqual({ kind: 'feed', days: 0 });
  });
});
