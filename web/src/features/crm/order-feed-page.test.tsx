import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { FeedCheck, FeedOverview } from 'shared/domain/order-feed';
import type { FeedResult } from 'shared/feed/types';
import { server } from '../../test/server';
import { api, makeUser, mockSession, renderApp } from '../../test/render';

const result = (over: Partial<FeedResult> = {}, months: Record<string, number> = { '2026-10': 3, '2026-11': 5 }): FeedResult => ({
  errors: { missingPrice: [{ orderId: 'A17', line: 42 }], noOrdersCancel: [{ orderId: '', line: 0 }] },
  counts: { missingPrice: 3, noOrdersCancel: 1 },
  stats: {
    numOrders: { total: 8, fromNewCustomers: 5, fromCallCenter: 1 },
    dateRange: { from: '2026-10-20 10:00:00', to: '2026-11-21 09:00:00' },
    monthlyStats: months,
    stateStats: { done: 6, new: 2 },
  },
  possibleImported: { dayTested: '2026-11-23', ordersInFeed: 4, notInGA: 1 },
  ...over,
});

const check = (over: Partial<FeedCheck> = {}): FeedCheck => ({
  id: 'k1',
  status: 'queued',
  type: 'xml',
  viewId: null,
  source: { kind: 'url', url: 'https://shop.example/feed.xml' },
  startedBy: 'u1',
  createdAt: '2026-11-24T09:00:00Z',
  updatedAt: '2026-11-24T09:00:00Z',
  finishedAt: null,
  progress: { bytes: 0, totalBytes: null, orders: 0 },
  result: null,
  failure: null,
  stepCompleted: false,
  feedUrlStored: false,
  otherResource: null,
  ...over,
});

function mockFeed({ overview = { current: null, history: [], orderFeedUrl: null }, product = '360' }: { overview?: FeedOverview; product?: '360' | 'affiliate' | 'lead' } = {}) {
  const company = { id: 'c1', name: 'Acme', product, country: 'FR' };
  mockSession(makeUser('ROLE_USER', { company, currentCompany: company, managedCompanies: [company] }));
  server.use(
    http.get(api('/api/order-feed'), () => HttpResponse.json(overview)),
    // The page reads the shown check again on arrival (SWR revalidates its fallback): the same check.
    http.get(api('/api/order-feed/checks/:id'), ({ params }) =>
      overview.current && params.id === overview.current.id ? HttpResponse.json(overview.current) : HttpResponse.json({ code: 'not-found', message: 'Not found' }, { status: 404 }),
    ),
    http.get(api('/api/integration-status'), () =>
      HttpResponse.json({ companyId: 'c1', companyName: 'Acme', product, sourceCount: 0, feedChecked: false, steps: [{ stepType: 'status_feed', status: 'TBD', updated: null }] }),
    ),
  );
}

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
const fileOf = (name: string, bytes: number) => new File([new Uint8Array(bytes)], name, { type: 'application/xml' });

describe('OrderFeedPage', () => {
  it('disables Check without a URL or a file, checks the view id, and a chosen file clears the URL and shows its size', async () => {
    mockFeed();
    renderApp('/crm/order-feed');
    const checkButton = await screen.findByRole('button', { name: 'Check' });
    expect(checkButton).toBeDisabled();
    expect(screen.getByRole('navigation', { name: /breadcrumb/i })).toHaveTextContent('Order feed');
    expect(document.title).toBe('Onboarding Portal | Order feed');

    const url = screen.getByLabelText('Order feed URL');
    await userEvent.type(url, 'https://shop.example/feed.xml');
    expect(checkButton).toBeEnabled();

    await userEvent.type(screen.getByLabelText(/^View id/), '12a4');
    await userEvent.tab();
    expect(await screen.findByText('The view id is a number (digits only, at most 20)')).toBeInTheDocument();
    expect(screen.getByLabelText('Type')).toHaveValue('xml');

    // 999,999 bytes: six digits, so KB; the type follows the extension.
    await userEvent.upload(fileInput(), fileOf('orders.csv', 999_999));
    expect(url).toHaveValue('');
    expect(screen.getByText('orders.csv')).toBeInTheDocument();
    expect(screen.getByText('976.6 kB')).toBeInTheDocument();
    expect(screen.getByLabelText('Type')).toHaveValue('csv');
    await userEvent.clear(screen.getByLabelText(/^View id/));
    expect(checkButton).toBeEnabled();

    // 1,000,000 bytes: seven digits, so MB.
    await userEvent.upload(fileInput(), fileOf('orders.xml', 1_000_000));
    expect(screen.getByText('0.95 MB')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove orders.xml' }));
    expect(checkButton).toBeDisabled();
  });

  it('formats the size for the language (French)', async () => {
    mockFeed();
    renderApp('/crm/order-feed', { locale: 'fr' });
    await screen.findByRole('button', { name: 'Vérifier' });
    await userEvent.upload(fileInput(), fileOf('commandes.xml', 2_500_000));
    expect(screen.getByText(/^2,38\s?Mo$/)).toBeInTheDocument();
  });

  it('uploads a file to the ticket, starts the check and polls it to the report', async () => {
    mockFeed();
    const calls: string[] = [];
    let uploadedFields: Record<string, string> = {};
    let checkBody: Record<string, unknown> = {};
    let reads = 0;
    server.use(
      http.post(api('/api/order-feed/upload'), async ({ request }) => {
        calls.push(`ticket ${JSON.stringify(await request.json())}`);
        return HttpResponse.json({ url: 'http://s3.test/feeds', fields: { key: 'c/c1/u1.xml', Policy: 'p' }, key: 'c/c1/u1.xml', maxBytes: 1, expiresAt: '' });
      }),
      http.post('http://s3.test/feeds', async ({ request }) => {
        const form = await request.formData();
        uploadedFields = Object.fromEntries([...form.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : 'a file']));
        calls.push('s3');
        return new HttpResponse(null, { status: 204 });
      }),
      http.post(api('/api/order-feed/check'), async ({ request }) => {
        checkBody = (await request.json()) as Record<string, unknown>;
        calls.push('check');
        return HttpResponse.json(check({ source: { kind: 'upload', key: 'c/c1/u1.xml', fileName: 'orders.xml', size: 2048 } }));
      }),
      http.get(api('/api/order-feed/checks/k1'), () => {
        reads++;
        const source = { kind: 'upload' as const, key: 'c/c1/u1.xml', fileName: 'orders.xml', size: 2048 };
        if (reads < 2) return HttpResponse.json(check({ status: 'running', source, progress: { bytes: 1024, totalBytes: 2048, orders: 4 } }));
        return HttpResponse.json(check({ status: 'done', source, progress: { bytes: 2048, totalBytes: 2048, orders: 8 }, result: result(), finishedAt: '2026-11-24T09:01:00Z' }));
      }),
    );
    renderApp('/crm/order-feed');
    await screen.findByRole('button', { name: 'Check' });
    await userEvent.upload(fileInput(), fileOf('orders.xml', 2048));
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));

    expect(await screen.findByText(/Read 1 kB of 2 kB: 4 orders so far/)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Checking the feed' })).toHaveAttribute('aria-valuenow', '50');

    const warnings = await screen.findByRole('list', { name: 'Warnings' });
    // The day compared in the portal's one date format, never the raw ISO day.
    expect(screen.getByText('Day compared: 23/11/2026')).toBeInTheDocument();
    expect(calls).toEqual(['ticket {"fileName":"orders.xml","size":2048,"type":"xml"}', 's3', 'check']);
    // The policy fields, then the file (jsdom's XMLHttpRequest loses the part's name and bytes: the browser test checks the real upload).
    expect(Object.keys(uploadedFields)).toEqual(['key', 'Policy', 'file']);
        expect(checkBody).toEqual({ view_id: null, type: 'xml', feed_url: null, upload_key: 'c/c1/u1.xml' });

    // Warnings: the shared catalogue's texts, count, examples behind a toggle, the fix page link.
    const price = within(warnings).getByRole('heading', { name: 'Order without price' }).closest('li')!;
    expect(price).toHaveTextContent('3 times');
    expect(price).toHaveTextContent('Critical');
    const toggle = within(price).getByRole('button', { name: 'Show examples (1)' });
    expect(within(price).getByRole('table', { hidden: true })).not.toBeVisible();
    await userEvent.click(toggle);
    expect(within(price).getByRole('row', { name: '42 A17' })).toBeVisible();
    expect(within(price).getByRole('link', { name: /How to fix it/ })).toHaveAttribute('href', '/crm/order-feed/warnings/missingPrice');
    expect(within(warnings).getByRole('heading', { name: 'No cancelled orders' }).closest('li')).toHaveTextContent('Non-critical');

    // Stats, range in days, feed versus analytics, both charts (their tables).
    expect(screen.getByText('33 days')).toBeInTheDocument();
    expect(screen.getByText('Orders not found in analytics').nextElementSibling).toHaveTextContent('1');
    expect(screen.getByText('Orders in analytics').nextElementSibling).toHaveTextContent('3');
    expect(await screen.findByRole('table', { name: 'Orders by state' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Orders by month' })).toBeInTheDocument();
    // Only non-critical warnings? No: missingPrice is critical, so completion by hand waits.
    expect(screen.getByRole('button', { name: 'Complete the stage' })).toBeDisabled();
  });

  it('follows a check already running when the page opens, a URL of unknown size included', async () => {
    const running = check({ status: 'running', progress: { bytes: 3 * 1024 * 1024, totalBytes: null, orders: 1500 } });
    mockFeed({ overview: { current: running, history: [], orderFeedUrl: null } });
    let reads = 0;
    server.use(
      http.get(api('/api/order-feed/checks/k1'), () => {
        reads++;
        return HttpResponse.json(reads < 2 ? running : check({ status: 'done', result: result(), finishedAt: '2026-11-24T09:03:00Z' }));
      }),
    );
    renderApp('/crm/order-feed');
    expect(await screen.findByText('Read 3 MB: 1,500 orders so far', {})).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Checking the feed' })).not.toHaveAttribute('aria-valuenow');
    expect(screen.getByRole('button', { name: 'Check' })).toBeDisabled();
    expect(await screen.findByRole('list', { name: 'Warnings' })).toBeInTheDocument();
    expect(screen.getByText(/^Checked https:\/\/shop\.example\/feed\.xml on/)).toBeInTheDocument();
  });

  it('says a one-day range in the singular and hides the monthly chart with one month', async () => {
    const done = check({ status: 'done', result: result({ stats: { ...result().stats, dateRange: { from: '2026-11-21 08:00:00', to: '2026-11-21 20:00:00' }, monthlyStats: { '2026-11': 8 } } }) });
    mockFeed({ overview: { current: done, history: [], orderFeedUrl: 'https://shop.example/feed.xml' } });
    server.use(http.get(api('/api/order-feed/checks/k1'), () => HttpResponse.json(done)));
    renderApp('/crm/order-feed');
    expect(await screen.findByRole('table', { name: 'Orders by state' })).toBeInTheDocument();
    expect(screen.getByText('1 day')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Orders by month' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Orders by month' })).not.toBeInTheDocument();
    // The stored URL fills the form.
    expect(screen.getByLabelText('Order feed URL')).toHaveValue('https://shop.example/feed.xml');
  });

  it.each([
    ['en', 'This is not your company’s feed URL, which is https://shop.example/feed.xml: the step is not changed'],
    // (Testing Library reads the no-break space before the French colon as a space.)
    ['fr', 'Ce n’est pas l’URL du flux de votre société, qui est https://shop.example/feed.xml : l’étape n’est pas modifiée'],
  ] as const)('a check of another URL than the stored one: its report and, in %s, that the step is not changed', async (locale, notice) => {
    const done = check({ status: 'done', source: { kind: 'url', url: 'https://shop.example/other.xml' }, result: result(), otherResource: { kind: 'orderFeedUrl', stored: 'https://shop.example/feed.xml' } });
    mockFeed({ overview: { current: done, history: [], orderFeedUrl: 'https://shop.example/feed.xml' } });
    server.use(http.get(api('/api/order-feed/checks/k1'), () => HttpResponse.json(done)));
    renderApp('/crm/order-feed', { locale });
    expect(await screen.findByText(notice)).toBeInTheDocument();
    // The report is shown all the same.
    expect(await screen.findByRole('list', { name: locale === 'en' ? 'Warnings' : 'Avertissements' })).toBeInTheDocument();
  });

  it('completes the stage by hand after a check with only non-critical warnings', async () => {
    const done = check({ status: 'done', result: result({ errors: { noOrdersCancel: [{ orderId: '', line: 0 }] }, counts: { noOrdersCancel: 1 } }) });
    mockFeed({ overview: { current: done, history: [], orderFeedUrl: null } });
    let sent: unknown;
    server.use(
      http.get(api('/api/order-feed/checks/k1'), () => HttpResponse.json(done)),
      http.post(api('/api/integration-status/update'), async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ companyId: 'c1', companyName: 'Acme', product: '360', sourceCount: 0, feedChecked: true, steps: [{ stepType: 'status_feed', status: 'done', updated: '2026-11-24' }] });
      }),
    );
    renderApp('/crm/order-feed');
    expect(await screen.findByText('Warnings found')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Complete the stage' }));
    expect(await screen.findByText('Stage completed')).toBeInTheDocument();
    expect(sent).toEqual({ stepType: 'status_feed', status: 'done' });
  });

  it('shows a refused call’s message in a red callout, and a failed check’s message too', async () => {
    mockFeed();
    server.use(
      http.post(api('/api/order-feed/check'), () => HttpResponse.json({ code: 'not-found', message: 'No such upload: upload the file again' }, { status: 404 })),
    );
    renderApp('/crm/order-feed');
    await userEvent.type(await screen.findByLabelText('Order feed URL', {}), 'https://shop.example/feed.xml');
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The check could not be started');
    expect(alert).toHaveTextContent('No such upload: upload the file again');

    const failed = check({ status: 'failed', failure: { code: 'fetch-refused', message: 'The address 10.0.0.1 is not allowed' } });
    server.use(
      http.post(api('/api/order-feed/check'), () => HttpResponse.json(failed)),
      http.get(api('/api/order-feed/checks/k1'), () => HttpResponse.json(failed)),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('The order feed could not be checked'));
    expect(screen.getByRole('alert')).toHaveTextContent('The address 10.0.0.1 is not allowed');
  });

  it("says the engine's refusal in the user's language (Russian), with its line", async () => {
    const failed = check({
      status: 'failed',
      failure: { code: 'truncated', message: 'line 4: the feed ends inside <id> (missing closing tags)', line: 4, detail: { key: 'endsInsideElement', values: { name: 'id' } } },
    });
    mockFeed({ overview: { current: failed, history: [], orderFeedUrl: null } });
    renderApp('/crm/order-feed', { locale: 'ru' });
    const detail = await waitFor(() => {
      const found = document.querySelector('.feed-failure-detail');
      expect(found).not.toBeNull();
      return found!;
    });
    await waitFor(() => expect(detail).toHaveTextContent('строка 4: фид обрывается внутри <id> (не хватает закрывающих тегов)'));
    expect(detail).not.toHaveTextContent('missing closing tags');
  });

  it('shows the English message of a failure without a detail (fetch failures, older checks)', async () => {
    const failed = check({ status: 'failed', failure: { code: 'malformed', message: 'line 2: something the page cannot translate' } });
    mockFeed({ overview: { current: failed, history: [], orderFeedUrl: null } });
    renderApp('/crm/order-feed', { locale: 'fr' });
    await waitFor(() => expect(document.querySelector('.feed-failure-detail')).toHaveTextContent('line 2: something the page cannot translate'));
  });

  it('words the page for a lead feed when the company is not 360', async () => {
    mockFeed({
      product: 'affiliate',
      overview: {
        current: null,
        history: [
          { checkId: 'h2', date: '2026-11-23T04:00:10Z', trigger: 'daily', health: 'warnings', orders: 120, warningKeys: ['missingPrice', 'zeroPrice'], failure: null, runAt: '2026-11-23T03:00:00Z', attempt: 1 },
          { checkId: 'h1', date: '2026-11-23T03:00:05Z', trigger: 'daily', health: 'failed', orders: 0, warningKeys: [], failure: { code: 'timeout', message: 'x' }, runAt: '2026-11-23T03:00:00Z', attempt: 0 },
          { checkId: 'h0', date: '2026-11-22T03:00:00Z', trigger: 'daily', health: 'failed', orders: 0, warningKeys: [], failure: { code: 'host-key', message: 'SHA256:x' } },
        ],
        orderFeedUrl: null,
      },
    });
    renderApp('/crm/order-feed');
    expect(await screen.findByRole('heading', { level: 1, name: 'Lead feed' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: /breadcrumb/i })).toHaveTextContent('Lead feed');
    await waitFor(() => expect(document.title).toBe('Onboarding Portal | Lead feed'));
    expect(screen.getByLabelText('Lead feed URL')).toBeInTheDocument();
    expect(screen.getByText('Choose a lead file')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'What the lead feed holds' })).toBeInTheDocument();
    expect(screen.getByText(/<leads>/)).toBeInTheDocument();
    // The health timeline: the night's fetch failed, its first retry read two warnings.
    const timeline = screen.getByRole('list', { name: 'Feed health' });
    const [retry, run] = within(timeline).getAllByRole('listitem');
    expect(retry).toHaveTextContent('daily check, retry 1 of 2');
    expect(retry).toHaveTextContent('2 warnings · 120 leads');
    expect(run).toHaveTextContent('daily check');
    expect(run).not.toHaveTextContent('retry');
    // An older failed check says why, in the user's language, on demand.
    const why = within(timeline).getAllByText('Why?').at(-1)!;
    expect(why.closest('details')).not.toHaveAttribute('open');
    await userEvent.click(why);
    expect(why.closest('details')).toHaveAttribute('open');
    expect(why.closest('details')).toHaveTextContent('The SFTP server answered with a different key');
    // Without a feed: the orders come another way.
    let sent: unknown;
    server.use(
      http.post(api('/api/integration-status/update'), async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ companyId: 'c1', companyName: 'Acme', product: 'affiliate', sourceCount: 0, feedChecked: false, steps: [{ stepType: 'status_feed', status: 'done', updated: '2026-11-24' }] });
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'My data comes another way' }));
    // It asks first (the stage completes and the team is mailed): Cancel sends nothing.
    const dialog = await screen.findByRole('dialog', { name: 'Your data comes another way?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent).toBeUndefined();
    fireEvent.click(screen.getByRole('button', { name: 'My data comes another way' }));
    const again = await screen.findByRole('dialog', { name: 'Your data comes another way?' });
    fireEvent.change(within(again).getByLabelText('How your data comes (optional)'), { target: { value: ' Nightly export via our CRM ' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Complete the stage' }));
    expect(await screen.findByText('Stage completed')).toBeInTheDocument();
    expect(sent).toEqual({ stepType: 'status_feed', status: 'done', otherConnection: true, note: 'Nightly export via our CRM' });
  });

  it('serves a warning’s fix page in the user’s language', async () => {
    mockFeed();
    renderApp('/crm/order-feed/warnings/zeroPrice', { locale: 'ru' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Оплаченный заказ с нулевой ценой' })).toBeInTheDocument();
    expect(screen.getByText(/цена должна быть больше нуля/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Вернуться к фиду заказов' })).toHaveAttribute('href', '/crm/order-feed');
  });
});
