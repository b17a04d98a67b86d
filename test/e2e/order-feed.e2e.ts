import { readFile } from 'node:fs/promises';
import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { expectSignedInShell, go, login, m, portalUrl, signIn, useLocale, type Locale, expectNoViolations } from './fixtures';

/**
 * The order / lead feed page in the browser, on the local stack (upload to the S3 emulator, the
 * check as a job, polling): a customer of Acme Retail chooses a file, sees the browser's own first
 * findings (the Web Worker), uploads it with progress, gets the report with both charts, and
 * completes the stage by hand (its warnings are all non-critical). Acme's status_feed is seeded
 * done: an administrator sets it back to TBD first, and the test leaves it done again.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const pad = (n: number) => String(n).padStart(2, '0');
const stamp = (date: Date) => `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} 10:00:00`;

/**
 * 120 orders over the last 40 days (so at least two months), all paid but one new, none
 * cancelled (noOrdersCancel), one paid at a zero price (zeroPrice): only non-critical warnings.
 * Ten are dated yesterday, the day compared with the sandbox analytics (ids ending in 7 are
 * unknown to it); one in ten is a call-centre order, which the comparison leaves out.
 */
function feed(): string {
  const today = Date.now();
  const orders: string[] = [];
  for (let i = 0; i < 120; i++) {
    const daysAgo = i < 10 ? 1 : 2 + Math.floor(((i - 10) * 38) / 110);
    const date = stamp(new Date(today - daysAgo * 86_400_000));
    const state = i === 11 ? 'new' : 'done';
    const price = i === 12 ? '0' : `${(20 + (i % 9) * 7.5).toFixed(2)}`;
    orders.push(
      `  <order><id>E${1000 + i}</id><date>${date}</date><state>${state}</state><price>${price}</price><newclient>${i % 3 === 0 ? 0 : 1}</newclient>` +
        `${i % 3 === 0 ? `<lastorderdate>2025-01-0${1 + (i % 9)} 09:00:00</lastorderdate>` : ''}<iscallcenter>${i % 10 === 5 ? 1 : 0}</iscallcenter>` +
        `<products><product><id>SKU-${i % 5}</id><category>shoes</category><price>${i === 12 ? '1.00' : price}</price><quantity>1</quantity></product></products></order>`,
    );
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<orders>\n${orders.join('\n')}\n</orders>\n`;
}

/** As the administrator (API calls, its own cookies): Acme's status_feed back to TBD or done, the admin's company restored. */
async function setAcmeFeedStep(status: 'TBD' | 'done') {
  const api = await playwrightRequest.newContext({ baseURL: portalUrl(), extraHTTPHeaders: { 'sec-fetch-site': 'same-origin' } });
  try {
    const admin = login('ROLE_ADMIN');
    expect((await api.post('/api/security/login', { data: { username: admin.login, password: admin.password } })).status()).toBe(200);
    const own = (await (await api.get('/api/users/current')).json()) as { currentCompany: { id: string } };
    const companies = ((await (await api.get('/api/companies?q=Acme%20Retail')).json()) as { companies: Array<{ id: string; name: string }> }).companies;
    const acme = companies.find((c) => c.name === 'Acme Retail')!;
    expect((await api.post('/api/users/change-current-company', { data: { company: acme.id } })).status()).toBe(200);
    const steps = (await (await api.get('/api/integration-status')).json()) as { steps: Array<{ stepType: string; status: string }> };
    if (steps.steps.find((s) => s.stepType === 'status_feed')?.status !== status) {
      expect((await api.post('/api/integration-status/update', { data: { stepType: 'status_feed', status } })).status()).toBe(200);
    }
    expect((await api.post('/api/users/change-current-company', { data: { company: own.currentCompany.id } })).status()).toBe(200);
  } finally {
    await api.dispose();
  }
}

async function signInTo(page: Page, who: Parameters<typeof login>, locale: Locale = 'en') {
  await useLocale(page, locale);
  await go(page, `/login?redirect=${encodeURIComponent('/crm/order-feed')}`);
  await signIn(page, login(...who), locale);
  await expectSignedInShell(page, locale);
  await expect(page.locator('main h1')).toBeVisible();
}

test('a customer checks an order file: first findings in the browser, upload, progress, the report with both charts, then completes the stage', async ({ page }) => {
  await setAcmeFeedStep('TBD');
  try {
    await signInTo(page, ['ROLE_USER', 'Acme Retail']);
    await expect(page.getByRole('heading', { level: 1, name: 'Order feed' })).toBeVisible();
    await expect(page.getByText('To be verified')).toBeVisible();
    const check = page.getByRole('button', { name: 'Check', exact: true });
    await expect(check).toBeDisabled();

    // Every progress bar that appears is recorded (a small file's upload and check are quick).
    // (A script string: the test files are type-checked without the DOM library.)
    await page.evaluate(`{
      const seen = new Set();
      window.progressSeen = seen;
      new MutationObserver(() => document.querySelectorAll('[role="progressbar"]').forEach((bar) => seen.add(bar.getAttribute('aria-label') ?? '')))
        .observe(document.body, { subtree: true, childList: true, attributes: true });
    }`);

    const body = Buffer.from(feed());
    await page.getByLabel('View id', { exact: true }).fill('100001');
    await page.locator('input[type="file"]').setInputFiles({ name: 'acme-orders.xml', mimeType: 'application/xml', buffer: body });
    await expect(page.getByText('acme-orders.xml')).toBeVisible();
    await expect(page.locator('.feed-file-size')).toHaveText(/^\d+(\.\d)? kB$/);

    // The browser's own look (Web Worker, same engine): findings before anything is sent.
    const preview = page.getByRole('region', { name: 'First look, in your browser' });
    await expect(preview.getByText('Your browser read 120 orders: 2 warnings.')).toBeVisible();
    await expect(preview.getByTestId('preview-findings')).toContainText('Paid order with a zero price');
    await expect(preview.getByTestId('preview-findings')).toContainText('No cancelled orders');
    await expectNoViolations(page, 'feed page with a chosen file');

    await expect(check).toBeEnabled();
    await check.click();

    // The report (after the upload to S3 and the job).
    const warnings = page.getByRole('list', { name: 'Warnings' });
    await expect(warnings).toBeVisible({ timeout: 60_000 });
    const seen = await page.evaluate<string[]>('[...window.progressSeen]');
    // The upload's bar, then the check's (the check answers queued at once; the job runs after).
    expect(seen).toEqual(expect.arrayContaining(['Uploading the file', 'Checking the feed']));
    await expect(warnings.getByRole('heading', { level: 3 })).toHaveText(['Paid order with a zero price', 'No cancelled orders']);
    const zero = warnings.locator('li', { has: page.getByRole('heading', { name: 'Paid order with a zero price' }) });
    await zero.getByRole('button', { name: 'Show examples (1)' }).click();
    await expect(zero.getByRole('row', { name: /E1012/ })).toBeVisible();
    await expect(zero.getByRole('link', { name: /How to fix it/ })).toHaveAttribute('href', '/crm/order-feed/warnings/zeroPrice');

    await expect(page.getByText('Checked acme-orders.xml on')).toBeVisible();
    // Yesterday's ten orders less the call-centre one (E1005); E1007 is unknown to the sandbox analytics.
    const figure = (label: string) => page.locator('.feed-stat', { has: page.getByText(label, { exact: true }) }).locator('.feed-stat-value');
    await expect(figure('Orders in the feed')).toHaveText('9');
    await expect(figure('Orders in analytics')).toHaveText('8');
    await expect(figure('Orders not found in analytics')).toHaveText('1');
    await expect(figure('Orders')).toHaveText('120');
    await expect(figure('From the call centre')).toHaveText('12');

    // Both charts, drawn by nivo with the spec's bar rules (at least 20 long, at most 120 thick).
    for (const chart of ['chart-states', 'chart-months']) {
      const bars = page.getByTestId(chart).locator('rect[data-testid="feed-bar"]');
      await expect(bars.first()).toBeVisible();
      for (const bar of await bars.all()) {
        const box = (await bar.boundingBox())!;
        expect(box.width).toBeLessThanOrEqual(120.5);
        expect(box.height).toBeGreaterThanOrEqual(19.5);
      }
    }
    expect(await page.getByTestId('chart-states').locator('rect[data-testid="feed-bar"]').count()).toBe(2); // new, done
    await expectNoViolations(page, 'feed report with warnings and both charts');

    // Only non-critical warnings: the customer completes the stage by hand.
    await expect(page.getByText('Warnings found')).toBeVisible();
    await page.getByRole('button', { name: 'Complete the stage' }).click();
    await expect(page.getByText('Stage completed')).toBeVisible();

    // The fix page of a warning, in the portal.
    await zero.getByRole('link', { name: /How to fix it/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Paid order with a zero price' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: m('en', 'breadcrumb.label') })).toContainText('Order feed');
  } finally {
    await setAcmeFeedStep('done');
  }
});

for (const locale of ['en', 'fr', 'ru'] as const) {
  for (const width of [1366, 390]) {
    test(`the failing rows download and the match-rate trend (${locale}, ${width} px)`, async ({ page }) => {
      await signInTo(page, ['ROLE_USER', 'Acme Retail'], locale);
      // After signing in: the shell's check looks for the wide navigation.
      await page.setViewportSize({ width, height: 900 });
      // The first test's check: yesterday's 9 site orders compared, E1007 unknown to analytics, one call-centre order apart.
      const trend = page.getByTestId('chart-match-rate');
      await expect(trend).toBeVisible();
      await expect(trend.locator('caption')).toHaveText(m(locale, 'orderFeed.match.title').replace('{days}', '30'));
      const latest = page.getByTestId('match-latest');
      await expect(latest.locator('dd')).toHaveText(['9', '8', '1', '1']);
      const button = page.getByTestId('failing-rows-download');
      await expect(button).toBeVisible();
      await page.screenshot({ path: `/tmp/h32-report/order-feed-${locale}-${width}.png`, fullPage: true });
      const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
      expect(download.suggestedFilename()).toMatch(/^failing-rows-\d{4}-\d{2}-\d{2}-[0-9a-f-]+\.csv$/);
      const text = await readFile(await download.path(), 'utf8');
      const lines = text.split('\r\n').filter(Boolean);
      expect(lines[0]).toBe('\uFEFF"line";"order id";"warning";"value"');
      expect(lines.some((line) => /^\d+;"E1012";zeroPrice;/.test(line))).toBe(true);

      // The compared day's missing ids: E1007 only (the call-centre order E1005 is not compared).
      const missing = page.getByTestId('missing-ids-download');
      await expect(missing).toBeVisible();
      const [ids] = await Promise.all([page.waitForEvent('download'), missing.click()]);
      expect(ids.suggestedFilename()).toMatch(/^missing-ids-\d{4}-\d{2}-\d{2}-[0-9a-f-]+\.csv$/);
      const idLines = (await readFile(await ids.path(), 'utf8')).split('\r\n').filter(Boolean);
      expect(idLines).toEqual(['\uFEFF"line";"order id"', expect.stringMatching(/^\d+;"E1007"$/)]);

      // The same trend in the feed's section of data health, in the same language.
      await go(page, '/data-health');
      const section = page.locator('section.dh-section').filter({ has: page.getByRole('heading', { level: 2, name: m(locale, 'dataHealth.kind.feed') }) });
      const healthTrend = section.getByTestId('chart-match-rate');
      await expect(healthTrend).toBeVisible();
      await expect(healthTrend.locator('caption')).toHaveText(m(locale, 'dataHealth.match.title').replace('{days}', '30'));
      await expect(section.getByRole('heading', { level: 3 })).toHaveText(m(locale, 'dataHealth.match.title').replace('{days}', '30'));
      await expect(section.getByTestId('match-latest').locator('dd')).toHaveText(['9', '8', '1', '1']);
      // The day in the language's format (en 27/11/2026, fr 27/11/2026, ru 27.11.2026).
      const yesterday = new Date(Date.now() - 86_400_000);
      const day = locale === 'ru' ? `${pad(yesterday.getUTCDate())}.${pad(yesterday.getUTCMonth() + 1)}.${yesterday.getUTCFullYear()}` : `${pad(yesterday.getUTCDate())}/${pad(yesterday.getUTCMonth() + 1)}/${yesterday.getUTCFullYear()}`;
      await expect(section.getByTestId('match-latest').locator('dt').first()).toContainText(day);
      await expect(section.getByTestId('missing-ids-download')).toBeVisible();
      const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `/tmp/h32-report/data-health-${locale}-${width}.png`, fullPage: true });
    });
  }
}

test('the last check shows again after a reload, and a refused URL says why in a red callout', async ({ page }) => {
  await signInTo(page, ['ROLE_USER', 'Acme Retail']);
  await expect(page.getByRole('list', { name: 'Warnings' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Feed health' })).toContainText('your check');
  await page.getByLabel('Order feed URL').fill('http://169.254.169.254/latest/meta-data');
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toBeVisible({ timeout: 60_000 });
  // Refused when the check starts, or by the job's fetcher (metadata address): either way in red, with the reason.
  await expect(alert).toContainText(/The (check could not be started|order feed could not be checked)/);
});

test('the type follows the URL or file, and the page tells one story at a time', async ({ page }) => {
  await signInTo(page, ['ROLE_USER', 'Acme Retail']);
  const report = page.getByRole('list', { name: 'Warnings' });
  const url = page.getByLabel('Order feed URL');
  const type = page.getByLabel(m('en', 'orderFeed.form.type'), { exact: true });

  // The extension decides; a type picked by hand stays while the URL names none; a previous check's never carries over.
  await url.fill('https://shop.example/export/orders.csv');
  await expect(type).toHaveValue('csv');
  await url.fill('https://shop.example/export/orders.xml?key=1');
  await expect(type).toHaveValue('xml');
  await type.selectOption('csv');
  await url.fill('https://shop.example/export/orders');
  await expect(type).toHaveValue('csv');

  // A chosen file starts a new story: its first look only, and its type from its name.
  const file = page.locator('input[type="file"]');
  await file.setInputFiles({ name: 'orders.csv', mimeType: 'text/csv', buffer: Buffer.from('id;date;state;price;newclient\n') });
  await expect(type).toHaveValue('csv');
  const preview = page.getByRole('region', { name: m('en', 'orderFeed.preview.title') });
  await expect(preview).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await file.setInputFiles({ name: 'acme-orders.xml', mimeType: 'application/xml', buffer: Buffer.from(feed()) });
  await expect(type).toHaveValue('xml');
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  // Once sent, the first look steps aside: "Nothing is sent yet" never stands beside the report.
  await expect(report).toBeVisible({ timeout: 60_000 });
  await expect(preview).toHaveCount(0);
  await expect(page.getByText(m('en', 'orderFeed.preview.note'))).toHaveCount(0);

  // A refused call replaces the report: one red callout, not a new error above an old story.
  await url.fill('http://169.254.169.254/latest/meta-data');
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(page.getByRole('alert')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('alert')).toHaveCount(1);
  await expect(report).toHaveCount(0);
});

for (const locale of ['fr', 'ru'] as const) {
  test(`a lead feed company sees the lead wording (${locale})`, async ({ page }) => {
    await signInTo(page, ['ROLE_USER', 'Globex Affiliates'], locale);
    await expect(page.getByRole('heading', { level: 1, name: m(locale, 'route.leadFeed') })).toBeVisible();
    await expect(page.getByLabel(m(locale, 'orderFeed.form.feedUrlLead'))).toBeVisible();
    await expect(page.locator('.feed-sample').first()).toContainText('<leads>');
    await expect(page).toHaveTitle(new RegExp(m(locale, 'route.leadFeed')));
    await expectNoViolations(page, `lead feed page ${locale}`);
    // The menu heading and a warning page's breadcrumb say lead feed too, never order feed.
    await page.getByRole('button', { name: m(locale, 'nav.dataFlow') }).click();
    await expect(page.locator('.menu-heading', { hasText: m(locale, 'nav.leadFeed') })).toBeVisible();
    await expect(page.locator('.menu-heading', { hasText: m(locale, 'nav.orderFeed') })).toHaveCount(0);
    await go(page, '/crm/order-feed/warnings/zeroPrice');
    const breadcrumb = page.getByRole('navigation', { name: m(locale, 'breadcrumb.label') });
    await expect(breadcrumb).toContainText(m(locale, 'route.leadFeed'));
    await expect(breadcrumb).not.toContainText(m(locale, 'route.orderFeed'));
  });
}
