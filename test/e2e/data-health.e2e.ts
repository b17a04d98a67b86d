import { expect, test, type Page } from '@playwright/test';
import type { DataHealth } from '../../shared/domain/data-health';
import { HEALTH_KINDS, HEALTH_STATUSES } from '../../shared/domain/data-health';
import { expectNoViolations, expectSignedInShell, go, login, fm, m, portalUrl, signIn, useLocale, type Locale } from './fixtures';

/**
 * /data-health in the three languages (docs/web.md, "Data health"). The first tests read the real
 * GET /api/data-health of the seeded customers, whatever their checks gave: five kinds in order,
 * a status in words, a reason in the language (never a raw `health.*` key), 30 days, the fix
 * pages. The last ones answer the call with page.route, to pin each status and reason's text.
 */
test.describe.configure({ timeout: 60_000 });

const LOCALES: Locale[] = ['en', 'fr', 'ru'];
const FIX_PAGES = ['/crm/order-feed', '/analytics/access', '/analytics/custom-dimension', '/marketing/utm-management', '/crm/order-feed'];
const kindNames = (locale: Locale, lead: boolean) =>
  HEALTH_KINDS.map((kind) => m(locale, kind === 'feed' && lead ? 'dataHealth.kind.leadFeed' : `dataHealth.kind.${kind}`));
const section = (page: Page, name: string) => page.locator('section.dh-section', { has: page.getByRole('heading', { level: 2, name, exact: true }) });

async function openFromMenu(page: Page, locale: Locale) {
  await page.getByRole('button', { name: m(locale, 'nav.dataFlow') }).click();
  await page.getByRole('link', { name: m(locale, 'nav.dataHealth') }).click();
  await expect(page).toHaveURL(/\/data-health$/);
  await expect(page.getByRole('heading', { level: 1, name: m(locale, 'route.dataHealth') })).toBeVisible();
}

// Needs the server side (GET /api/data-health): Globex is an affiliate company (a lead feed), Acme a 360 one.
for (const [locale, company, lead] of [
  ['en', 'Acme Retail', false],
  ['fr', 'Globex Affiliates', true],
  ['ru', 'Acme Retail', false],
] as const) {
  test(`a customer reads the data health of its company from the Data Flow menu (${locale}, real API)`, async ({ page }) => {
    await useLocale(page, locale);
    await go(page, '/login');
    await signIn(page, login('ROLE_USER', company), locale);
    await expectSignedInShell(page, locale);
    await openFromMenu(page, locale);
    const names = kindNames(locale, lead);
    // The answer is in when every section shows a status word.
    const statusWords = HEALTH_STATUSES.map((status) => m(locale, `healthStatus.${status}`));
    for (const name of names) await expect(section(page, name).locator('.health-badge')).toHaveText(new RegExp(`(${statusWords.join('|')})$`));
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(names);
    for (const [index, name] of names.entries()) {
      const card = section(page, name);
      await expect(card.locator('.dh-reason')).not.toBeEmpty();
      await expect(card.getByRole('listitem')).toHaveCount(30);
      await expect(card.getByRole('link')).toHaveAttribute('href', FIX_PAGES[index]!);
    }
    // Every reason key the server sends has a text in the catalogue: no raw key on screen.
    await expect(page.locator('main')).not.toContainText(/\bhealth\.[a-z]/);
    await expectNoViolations(page, `${locale} /data-health`);
  });
}

test('the dashboard shows the health summary once the integration is validated (real API)', async ({ page }) => {
  await go(page, '/login');
  await signIn(page, login('ROLE_USER', 'Globex Affiliates'));
  await expectSignedInShell(page);
  // The dashboard's own marker of a validated integration (set by Validate in this browser).
  const user = (await (await page.request.get(`${portalUrl()}/api/users/current`)).json()) as { currentCompany: { id: string } };
  await page.evaluate(`localStorage.setItem(${JSON.stringify(`portal.verified.${user.currentCompany.id}`)}, new Date().toISOString())`);
  await page.reload();
  const card = page.locator('section.health-summary');
  await expect(card.getByRole('heading', { name: 'Data health' })).toBeVisible();
  await expect(card.locator('.health-badge')).toBeVisible();
  await card.getByRole('link', { name: 'See the data health' }).click();
  await expect(page).toHaveURL(/\/data-health$/);
});

const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
const STUB: DataHealth = {
  companyId: 'stub',
  items: [
    {
      kind: 'feed',
      status: 'failing',
      lastCheck: new Date().toISOString(),
      reason: { key: 'health.feed.failed', values: { code: 'status', http: 404 } },
      history: Array.from({ length: 30 }, (_, index) => ({ day: day(29 - index), status: index < 27 ? 'healthy' : 'failing', checkedAt: `${day(29 - index)}T04:00:00Z` })),
    },
    { kind: 'analytics-access', status: 'healthy', lastCheck: new Date().toISOString(), reason: { key: 'health.access.ok' }, history: [{ day: day(0), status: 'healthy', checkedAt: new Date().toISOString() }] },
    {
      kind: 'analytics-coverage',
      status: 'warning',
      lastCheck: new Date().toISOString(),
      reason: { key: 'health.coverage.below', values: { percent: 60 } },
      history: [{ day: day(1), status: 'healthy', checkedAt: `${day(1)}T04:00:00Z` }, { day: day(0), status: 'warning', checkedAt: new Date().toISOString() }],
    },
    { kind: 'utm-linking', status: 'unknown', lastCheck: null, reason: { key: 'health.utm.some-newer-reason' }, history: [] },
    {
      kind: 'volume',
      status: 'warning',
      lastCheck: new Date().toISOString(),
      reason: { key: 'health.volume.ordersDrop', values: { count: 312, usual: 1240, weekday: 'tue' } },
      history: [{ day: day(1), status: 'healthy', checkedAt: `${day(1)}T04:00:00Z` }, { day: day(0), status: 'warning', checkedAt: new Date().toISOString() }],
    },
  ],
};

/** The volume reason as each language writes it: its weekday, its words, 1,240 grouped as the language groups it. */
const VOLUME_DROP: Record<Locale, (usual: string) => string> = {
  en: (usual) => `Only 312 orders on Tuesday; usually about ${usual}.`,
  fr: (usual) => `Seulement 312 commandes mardi\u00a0; habituellement environ ${usual}.`,
  ru: (usual) => `Во вторник всего 312 заказов; обычно около ${usual}.`,
};

// Runs without the server side: the call is answered in the browser.
for (const locale of LOCALES) {
  test(`each status and reason reads in ${locale}, and a reason this build does not know reads as a generic text (stubbed API)`, async ({ page }) => {
    await page.route('**/api/data-health', (route) => route.fulfill({ json: STUB }));
    await useLocale(page, locale);
    await go(page, '/login?redirect=%2Fdata-health');
    await signIn(page, login('ROLE_USER', 'Acme Retail'), locale);
    const names = kindNames(locale, false);
    await expect(section(page, names[0]!).locator('.dh-reason')).toHaveText(fm(locale, 'health.feed.failed', { code: 'status', http: 404 }));
    await expect(section(page, names[0]!).locator('.health-badge')).toHaveText(`✕${m(locale, 'healthStatus.failing')}`);
    await expect(section(page, names[1]!).locator('.health-badge')).toHaveText(`✓${m(locale, 'healthStatus.healthy')}`);
    await expect(section(page, names[1]!).locator('.dh-reason')).toHaveText(m(locale, 'health.access.ok'));
    await expect(section(page, names[2]!).locator('.health-badge')).toHaveText(`!${m(locale, 'healthStatus.warning')}`);
    await expect(section(page, names[2]!).locator('.dh-reason')).toContainText('60');
    await expect(section(page, names[3]!).locator('.health-badge')).toHaveText(`?${m(locale, 'healthStatus.unknown')}`);
    await expect(section(page, names[3]!).locator('.dh-reason')).toHaveText(m(locale, 'dataHealth.reason.generic'));
    await expect(section(page, names[3]!)).toContainText(m(locale, 'dataHealth.neverChecked'));
    await expect(section(page, names[4]!).locator('.health-badge')).toHaveText(`!${m(locale, 'healthStatus.warning')}`);
    await expect(section(page, names[4]!).locator('.dh-reason')).toHaveText(VOLUME_DROP[locale](new Intl.NumberFormat(locale).format(1240)));
    const feedDays = section(page, names[0]!).getByRole('listitem');
    await expect(feedDays).toHaveCount(30);
    await expect(feedDays.last()).toHaveAttribute('title', new RegExp(`${m(locale, 'healthStatus.failing')}$`));
    await expect(page.locator('main')).not.toContainText(/\bhealth\.[a-z]/);
    await expectNoViolations(page, `${locale} /data-health (stubbed)`);
  });
}

test('a failed read says so with the error text (stubbed API)', async ({ page }) => {
  await page.route('**/api/data-health', (route) => route.fulfill({ status: 403, json: { code: 'forbidden', message: 'Forbidden' } }));
  await go(page, '/login?redirect=%2Fdata-health');
  await signIn(page, login('ROLE_USER', 'Acme Retail'));
  await expect(page.getByText('Something went wrong...')).toBeVisible();
  await expect(page.getByText('Forbidden')).toBeVisible();
});
