import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditEntry, CompanyHistoryEntry, CompanyHistoryPage } from 'shared/domain/types';
import { api, makeUser, mockSession, renderApp } from '../../test/render';
import { server } from '../../test/server';

/** The audit history names each changed field with the portal's label for it, in the user's language. */

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  at: '2026-11-20T09:05:00.000Z',
  actorId: 'me',
  actorLogin: 'admin@portal.test',
  kind: 'user',
  action: 'update',
  recordId: 'u1',
  companyId: 'c1',
  before: {},
  after: {},
  ...over,
});

const entries: AuditEntry[] = [
  entry({ before: { firstName: 'Ann' }, after: { firstName: 'Anna' } }),
  entry({ kind: 'source', recordId: 's1', before: { channel: 'Email' }, after: { channel: 'Display' } }),
  entry({ kind: 'company', recordId: 'c1', action: 'deletion-started', after: { deletingAt: '2026-11-20T09:05:00.000Z' } }),
  entry({ kind: 'user', action: 'password-changed' }),
  entry({ kind: 'translations', recordId: 'overrides', companyId: null, before: {}, after: { 'fr.route.dashboard': 'Accueil' } }),
];

afterEach(() => localStorage.clear());

const changes = async () => {
  const table = await screen.findByRole('table');
  await within(table).findAllByRole('listitem');
  return within(table).getAllByRole('row').slice(1).map((row) => row.textContent ?? '');
};

describe('the audit page', () => {
  for (const [locale, labels] of [
    ['en', ['First name: Ann → Anna', 'Acquisition channel: Email → Display', 'Deletion started on:', 'User · password changed', 'fr.route.dashboard:  → Accueil']],
    // French typography: a no-break space before the colon.
    ['fr', ['Prénom\u00a0: Ann → Anna', 'Canal d’acquisition\u00a0: Email → Display', 'Suppression commencée le\u00a0:', 'Utilisateur · mot de passe changé', 'fr.route.dashboard\u00a0:  → Accueil']],
    ['ru', ['Имя: Ann → Anna', 'Канал привлечения: Email → Display', 'Удаление начато:', 'пароль изменён', 'fr.route.dashboard:  → Accueil']],
  ] as const) {
    it(`labels the fields as the portal's pages do, the raw name without a label (${locale})`, async () => {
      mockSession(makeUser('ROLE_ADMIN', { id: 'me' }));
      server.use(http.get(api('/api/audit'), () => HttpResponse.json({ entries, next: null })));
      renderApp('/admin/audit', { locale });
      const rows = await changes();
      labels.forEach((label, i) => expect(rows[i]).toContain(label));
      // (the raw names follow the action text directly: "changedchannel:")
      expect(rows.join()).not.toMatch(/firstName|deletingAt|[^ ]channel:/);
      // The table scrolls sideways with text only inside: its wrapper is a named region a keyboard can focus (axe: scrollable-region-focusable).
      const region = screen.getByRole('region', { name: { en: 'History entries', fr: 'Entrées de l’historique', ru: 'Записи истории' }[locale] });
      expect(region).toContainElement(screen.getByRole('table'));
      expect(region).toHaveAttribute('tabindex', '0');
    });
  }

  // Booleans, times and numbers as the user's language writes them (the portal's one date format: i18n/dates.tsx).
  for (const [locale, expected] of [
    ['en', ['no → yes', '→ 20/11/2026', '1,234.5 → 12.5', 'Sources, UTM rules']],
    ['fr', ['non → oui', '→ 20/11/2026', '1\u202f234,5 → 12,5', 'Sources, Règles UTM']],
    ['ru', ['нет → да', '→ 20.11.2026', '1\u00a0234,5 → 12,5', 'Источники, Правила UTM']],
  ] as const) {
    it(`shows booleans, times, numbers and lists in the user's language, never raw (${locale})`, async () => {
      mockSession(makeUser('ROLE_ADMIN', { id: 'me' }));
      const values = [
        entry({ before: { healthAlerts: false }, after: { healthAlerts: true } }),
        entry({ kind: 'company', action: 'deletion-started', after: { deletingAt: '2026-11-20T09:05:00.000Z' } }),
        entry({ kind: 'commission', before: { commission: 1234.5 }, after: { commission: 12.5 } }),
        entry({ kind: 'company', before: { integrationSteps: ['sources', 'utm_rules'] }, after: {} }),
      ];
      server.use(http.get(api('/api/audit'), () => HttpResponse.json({ entries: values, next: null })));
      renderApp('/admin/audit', { locale });
      const rows = await changes();
      expected.forEach((text, i) => expect(rows[i]).toContain(text));
      // The recorded time reads exactly as the entry's own time in the When column (the same instant).
      const when = rows[1]!.slice(0, rows[1]!.indexOf('admin@'));
      expect(rows[1]!.endsWith(`→ ${when}`)).toBe(true);
      expect(rows.join()).not.toMatch(/true|false|T09:05|\[/);
    });
  }
});

describe('a user’s companies in the history', () => {
  it('are named by the page’s names, not shown as ids (a deleted company marked), and nothing shows for none', async () => {
    mockSession(makeUser('ROLE_ADMIN', { id: 'me' }));
    server.use(
      http.get(api('/api/companies'), () => HttpResponse.json({ companies: [{ id: 'c-globex', name: 'Globex', product: '360', country: 'RU', viewId: null, dimensionIndex: null, orderFeedUrl: null, integrationSteps: [], version: 1 }], next: null })),
      http.get(api('/api/audit'), () =>
        HttpResponse.json({
          entries: [entry({ before: { currentCompanyId: null, managedCompanyIds: ['c-gone', 'c-globex'] }, after: { currentCompanyId: 'c-globex', managedCompanyIds: ['c-globex'] } })],
          next: null,
          names: { 'c-globex': { name: 'Globex', deleted: false }, 'c-gone': { name: 'Initech', deleted: true } },
        }),
      ),
    );
    renderApp('/admin/audit');
    const [row] = await changes();
    expect(row).toContain('Current company:  → Globex');
    expect(row).toContain('Managed companies: Initech (deleted company), Globex → Globex');
  });
});

describe('every kind’s values in words, never ids or JSON', () => {
  const rule = (source: string, medium: string) => [
    { type: 'equal', value: source, utm: 'utmSource' },
    { type: 'any', value: '', utm: 'utmMedium' },
    { type: 'not contains', value: medium, utm: 'utmCampaign' },
  ];
  const values = [
    entry({ kind: 'rule', action: 'create', recordId: 'r1', after: { sourceId: 's-live', rule: rule('google', 'brand') } }),
    entry({ kind: 'rule', action: 'delete', recordId: 'r2', before: { sourceId: 's-gone', rule: rule('bing', 'x') } }),
    entry({ kind: 'default-collector', recordId: 'd1', companyId: null, before: { comment: JSON.stringify({ en: 'Add us as a reader.', ru: 'Добавьте нас.', fr: 'Ajoutez-nous.' }) } }),
    entry({ before: { roles: ['ROLE_USER'], mailSuppression: { address: 'a@x.test', type: 'bounce', reason: 'smtp; 550', at: '2026-11-20T09:05:00.000Z' } }, after: { roles: ['ROLE_ADMIN'] } }),
    entry({ kind: 'step', recordId: 'c1#status_feed', before: { status: 'TBD' }, after: { status: 'done' } }),
  ];
  const names = { 's-live': { name: 'Google Ads', deleted: false }, 's-gone': { name: 'Bing', deleted: true } };
  for (const [locale, expected] of [
    ['en', ['Source:  → Google Ads', 'UTM rule:  → utm_source equals google, utm_medium any, utm_campaign does not contain brand', 'Source: Bing (deleted source) →', 'Add us as a reader.', 'Role: User → Administrator', 'Bounce of a@x.test on 20/11/2026 09:05: smtp; 550', 'Step Order Feed · changed', 'To be done → Completed']],
    ['fr', ['Source\u00a0:  → Google Ads', 'utm_source égal à google, utm_medium quelconque, utm_campaign ne contient pas brand', 'Bing (source supprimée)', 'Ajoutez-nous.', 'Rebond pour a@x.test le 20/11/2026 09:05\u00a0: smtp; 550', 'Étape Flux de commandes', 'À faire → Terminée']],
    ['ru', ['utm_source равен google, utm_medium любой, utm_campaign не содержит brand', 'Bing (удалённый источник)', 'Добавьте нас.', 'Нужно сделать → Завершён']],
  ] as const) {
    it(`shows a UTM rule's source by name and its conditions in words, a comment in the reader's language, codes as words (${locale})`, async () => {
      mockSession(makeUser('ROLE_ADMIN', { id: 'me' }));
      server.use(http.get(api('/api/audit'), () => HttpResponse.json({ entries: values, next: null, names })));
      renderApp('/admin/audit', { locale });
      const text = (await changes()).join('\n');
      for (const part of expected) expect(text).toContain(part);
      expect(text).not.toMatch(/s-live|s-gone|\{|\[|utmSource|ROLE_|status_feed|"/);
    });
  }
});

describe('the day filters', () => {
  for (const [locale, typed, impossible, before] of [
    ['en', '01/05/2026', '31/04/2026', '30/04/2026'],
    ['fr', '01/05/2026', '31/04/2026', '30/04/2026'],
    ['ru', '01.05.2026', '31.04.2026', '30.04.2026'],
  ] as const) {
    it(`read the language's one date format, and say why a day cannot filter without asking the server (${locale})`, async () => {
      mockSession(makeUser('ROLE_ADMIN', { id: 'me' }));
      const asked: Array<Record<string, string>> = [];
      server.use(
        http.get(api('/api/audit'), ({ request }) => {
          const query = Object.fromEntries(new URL(request.url).searchParams);
          asked.push(query);
          // One entry that says which days it was listed for.
          return HttpResponse.json({ entries: [entry({ after: { firstName: `from ${query.from ?? 'none'} to ${query.to ?? 'none'}` } })], next: null });
        }),
      );
      renderApp('/admin/audit', { locale });
      const user = (await import('@testing-library/user-event')).default.setup();
      // The two day fields, found by the format they show.
      const [from, to] = await screen.findAllByPlaceholderText({ en: 'dd/mm/yyyy', fr: 'jj/mm/aaaa', ru: 'дд.мм.гггг' }[locale]);
      await user.type(from!, typed);
      await waitFor(async () => expect((await changes()).join()).toContain('from 2026-05-01 to none'));
      const calls = asked.length;

      await user.type(to!, impossible);
      expect(await screen.findByText({ en: 'Enter a date that exists', fr: 'Saisissez une date qui existe', ru: 'Введите существующую дату' }[locale])).toBeInTheDocument();
      expect(to).toHaveAttribute('aria-invalid', 'true');
      expect(to).toHaveAccessibleDescription({ en: 'Enter a date that exists', fr: 'Saisissez une date qui existe', ru: 'Введите существующую дату' }[locale]);
      await user.clear(to!);
      await user.type(to!, before);
      expect(to).toHaveAccessibleDescription({ en: 'The end date comes before the start date', fr: 'La date de fin précède la date de début', ru: 'Дата окончания раньше даты начала' }[locale]);
      // Neither was sent: the list keeps the last days it could filter by.
      expect(asked.slice(calls).every((query) => !query.to)).toBe(true);

      // Emptied fields filter by nothing, and say nothing.
      await user.clear(to!);
      expect(to).not.toHaveAttribute('aria-invalid');
      expect(to).not.toHaveAttribute('aria-describedby');
      await user.clear(from!);
      await waitFor(async () => expect((await changes()).join()).toContain('from none to none'));
    });
  }
});

describe('the company and user filters', () => {
  it('ask the server for the typed text (a page of 20, never the first 50 of the platform) and filter once the text names one', async () => {
    mockSession(makeUser('ROLE_ADMIN', { id: 'me' }));
    const asked: Array<{ path: string; query: Record<string, string> }> = [];
    const record = (request: Request) => {
      const url = new URL(request.url);
      asked.push({ path: url.pathname, query: Object.fromEntries(url.searchParams) });
      return url.searchParams;
    };
    server.use(
      http.get(api('/api/audit'), ({ request }) => {
        const query = record(request);
        return HttpResponse.json({ entries: [entry({ after: { firstName: `company ${query.get('company') ?? 'any'} user ${query.get('user') ?? 'any'}` } })], next: null });
      }),
      // The server's matches: only companies and users whose name holds the typed text.
      http.get(api('/api/companies'), ({ request }) => {
        const q = record(request).get('q') ?? '';
        const all = [{ id: 'c-far', name: 'Zeta far down the list' }, { id: 'c9', name: 'Acme North' }];
        return HttpResponse.json({ companies: all.filter((c) => q && c.name.toLowerCase().includes(q.toLowerCase())), next: null });
      }),
      http.get(api('/api/users'), ({ request }) => {
        const q = record(request).get('q') ?? '';
        return HttpResponse.json({ users: q && 'late@portal.test'.includes(q.toLowerCase()) ? [makeUser('ROLE_USER', { id: 'u-late', login: 'late@portal.test' })] : [], next: null });
      }),
    );
    renderApp('/admin/audit');
    const user = (await import('@testing-library/user-event')).default.setup();
    await waitFor(async () => expect((await changes()).join()).toContain('company any user any'));

    const company = screen.getByRole('combobox', { name: 'Company' });
    await user.type(company, 'zeta');
    await waitFor(() => expect(document.querySelectorAll(`#${company.getAttribute('list')} option`)).toHaveLength(1));
    expect(asked).toContainEqual({ path: '/api/companies', query: { q: 'zeta', limit: '20' } });
    // Part of a name filters nothing yet; the whole name (any case) does.
    expect((await changes()).join()).toContain('company any');
    await user.clear(company);
    await user.type(company, 'ZETA far down the list');
    await waitFor(async () => expect((await changes()).join()).toContain('company c-far user any'));

    await user.type(screen.getByRole('combobox', { name: 'Made by' }), 'late@portal.test');
    await waitFor(async () => expect((await changes()).join()).toContain('company c-far user u-late'));
    // Every type-ahead call asks a page of 20 (how many calls depends on the typing's pace against the debounce).
    const limits = asked.filter((call) => call.path !== '/api/audit').map((call) => call.query.limit);
    expect(limits.length).toBeGreaterThan(1);
    expect(new Set(limits)).toEqual(new Set(['20']));
  });
});

describe('the company’s own history', () => {
  const own = (who: CompanyHistoryEntry['who'], name: string): CompanyHistoryEntry => ({
    at: '2026-11-20T09:05:00.000Z',
    kind: 'source',
    action: 'update',
    recordId: 's1',
    companyId: 'c1',
    before: { name: 'Old' },
    after: { name },
    who,
  });
  for (const [locale, words] of [
    ['en', ['ann@acme.test', 'The platform’s team', 'Automatic', 'A former user']],
    ['fr', ['ann@acme.test', 'L’équipe de la plateforme', 'Automatique', 'Un ancien utilisateur']],
    ['ru', ['ann@acme.test', 'Команда платформы', 'Автоматически', 'Бывший пользователь']],
  ] as const) {
    it(`names a change's maker as the company may read it: a user by login, else the team, the platform or a former user (${locale})`, async () => {
      mockSession(makeUser('ROLE_USER'));
      const page: CompanyHistoryPage = {
        entries: [own({ type: 'user', login: 'ann@acme.test' }, 'A'), own({ type: 'team' }, 'B'), own({ type: 'system' }, 'C'), own({ type: 'former' }, 'D')],
        next: null,
        names: {},
      };
      server.use(http.get(api('/api/company-history'), () => HttpResponse.json(page)));
      renderApp('/company/history', { locale });
      const rows = await changes();
      words.forEach((word, i) => expect(rows[i]).toContain(word));
    });
  }
});
