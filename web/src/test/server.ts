import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { searchText } from 'shared/domain/search-text';

const at = (path: string) => `${globalThis.location?.origin ?? 'http://localhost:3000'}${path}`;

/**
 * Answers the dashboard reads every signed-in page test may trigger (the dashboard is the
 * landing page): an empty company and an agenda still to come. Tests override them with
 * server.use(); any other unexpected call fails the test (web/src/test-setup.ts).
 */
export const server = setupServer(
  http.get(at('/api/integration-status'), () =>
    HttpResponse.json({ companyId: 'c1', companyName: 'Acme', product: '360', sourceCount: 0, feedChecked: false, steps: [] }),
  ),
  // Translation overrides every app start asks for (i18n-provider): none by default.
  http.get(at('/api/translations'), ({ request }) =>
    HttpResponse.json({ version: 0, locale: new URL(request.url).searchParams.get('locale') ?? 'en', messages: {} }),
  ),
  // No meeting yet: the dashboard's and the profile's next-meeting cards stay empty.
  http.get(at('/api/meetings'), () => HttpResponse.json([])),
  // Lists an administrator's shell reads on any page (the search of pages and companies), and the
  // default collectors every collector page suggests: empty unless a test says otherwise.
  http.get(at('/api/companies'), () => HttpResponse.json({ companies: [], next: null })),
  http.get(at('/api/users'), () => HttpResponse.json({ users: [], next: null })),
  // The user edit page's mail suppression notice: none unless a test says otherwise.
  http.get(at('/api/users/:id/mail-suppression'), () => HttpResponse.json({ suppression: null })),
  // The audit history (its admin page, the user's and the company's edit pages): nothing recorded yet.
  http.get(at('/api/audit'), () => HttpResponse.json({ entries: [], next: null })),
  http.get(at('/api/default-collectors'), () => HttpResponse.json({ collectors: [], next: null })),
  // Data health (the dashboard's summary once validated, /data-health): nothing checked yet; the
  // profile's alerts toggle: saved.
  http.get(at('/api/data-health'), () =>
    HttpResponse.json({ companyId: 'c1', items: ['feed', 'analytics-access', 'analytics-coverage', 'utm-linking'].map((kind) => ({ kind, status: 'unknown', lastCheck: null, history: [] })) }),
  ),
  http.post(at('/api/users/current/preferences'), async ({ request }) => HttpResponse.json(await request.json())),
);

type CompanyRow = { name: string; product: string; country: string; viewId?: string | null; dimensionIndex?: string | null; orderFeedUrl?: string | null };

/**
 * GET /api/companies as the server answers it, over `list` (or what it holds at each call):
 * searched (`q`, any field, any case), sorted (`sort`, `dir`), the first page of `limit`; `onRead`
 * hears each request (a test counting the table's reads).
 */
export const companiesSearch = <C extends CompanyRow>(list: () => readonly C[], onRead: (query: URLSearchParams) => void = () => undefined) =>
  http.get(at('/api/companies'), ({ request }) => {
    const query = new URL(request.url).searchParams;
    onRead(query);
    // As the server compares (functions/data/list-rows.ts): case and accents ignored.
    const q = searchText(query.get('q') ?? '');
    const key = (query.get('sort') ?? 'name') as keyof CompanyRow;
    const found = list().filter((c) => [c.name, c.product, c.viewId, c.dimensionIndex, c.orderFeedUrl, c.country].some((v) => v && searchText(v).includes(q)));
    const sorted = [...found].sort((a, b) => String(a[key] ?? '').localeCompare(String(b[key] ?? '')) * (query.get('dir') === 'desc' ? -1 : 1));
    return HttpResponse.json({ companies: sorted.slice(0, Number(query.get('limit') ?? 50)), next: null });
  });
