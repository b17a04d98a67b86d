import { mkdirSync } from 'node:fs';
import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { go, login, m, portalUrl, signIn, useLocale, type Locale } from './fixtures';

/**
 * The integration status report a page at a time from the server, in the three languages, on a
 * laptop and a phone: 60 steps of companies made here (a unique tag, searched for), so the report
 * has two pages of 50 and 10 rows; the URL holds the page, sort and search.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const tag = `pgr${Date.now().toString(36)}`;
const shots = process.env.SCREENSHOTS_DIR ?? '/tmp/r30-report';
const rows = (page: Page) => page.getByRole('table').locator('tbody tr');

test.beforeAll(async () => {
  const request = await playwrightRequest.newContext({ baseURL: portalUrl(), extraHTTPHeaders: { 'sec-fetch-site': 'same-origin' } });
  const admin = login('ROLE_ADMIN');
  expect((await request.post('/api/security/login', { data: { username: admin.login, password: admin.password } })).status()).toBe(200);
  for (let i = 0; i < 15; i++) {
    const name = `Paged ${tag} ${String(i).padStart(2, '0')}`;
    const created = await request.post('/api/companies', {
      data: { name, product: '360', country: 'FR', viewId: null, dimensionIndex: null, orderFeedUrl: null, integrationSteps: ['google_analytics', 'sources', 'collector', 'status_feed'] },
    });
    expect(created.ok()).toBe(true);
  }
  await request.dispose();
});

for (const [locale, width] of [
  ['en', 1366],
  ['fr', 1366],
  ['ru', 1366],
  ['en', 390],
  ['fr', 390],
  ['ru', 390],
] as Array<[Locale, number]>) {
  test(`the report pages, sorts and searches on the server (${locale}, ${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await useLocale(page, locale);
    await go(page, '/login');
    await signIn(page, login('ROLE_ADMIN'), locale);
    // On a phone the main navigation folds into its menu button: signed in is leaving the sign-in page.
    await expect(page).not.toHaveURL(/\/login/);
    await go(page, `/admin/integration-status?q=${tag}`);
    await expect(rows(page)).toHaveCount(50);
    await expect(rows(page).first()).toContainText(`Paged ${tag} 00`);
    mkdirSync(shots, { recursive: true });
    await page.screenshot({ path: `${shots}/status-report-${locale}-${width}.png`, fullPage: width > 400 });

    // The next page: the last 10 steps, its cursor in the URL; Back returns to the first.
    await page.getByRole('button', { name: m(locale, 'table.pager.next') }).click();
    await expect(page).toHaveURL(/[?&]page=/);
    await expect(rows(page)).toHaveCount(10);
    await expect(rows(page).last()).toContainText(`Paged ${tag} 14`);
    await page.screenshot({ path: `${shots}/status-report-${locale}-${width}-page2.png` });
    await page.goBack();
    await expect(rows(page)).toHaveCount(50);

    // Sorted the other way on the server: the last company on top, from the first page.
    // The report opens by company ascending: one click turns it.
    await page.getByRole('button', { name: m(locale, 'statusReport.col.company') }).click();
    await expect(page).toHaveURL(/[?&]dir=desc/);
    await expect(rows(page).first()).toContainText(`Paged ${tag} 14`);

    // Completed hidden and a narrower search: one company's four steps, none completed.
    await page.getByRole('searchbox', { name: m(locale, 'statusReport.search.label') }).fill(`${tag} 07`);
    await expect(rows(page)).toHaveCount(4);
    await page.getByRole('switch', { name: m(locale, 'statusReport.completedVisible') }).click();
    await expect(page).toHaveURL(/[?&]completed=hidden/);
    await expect(rows(page)).toHaveCount(4);
    await page.getByRole('searchbox', { name: m(locale, 'statusReport.search.label') }).fill(`<b>${tag}`);
    // Markup in the query comes back as text, in the "no results" line.
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(`<b>${tag}`);
    await page.screenshot({ path: `${shots}/status-report-${locale}-${width}-none.png` });
  });
}
