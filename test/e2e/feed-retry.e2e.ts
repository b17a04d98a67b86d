import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { DataHealth } from '../../shared/domain/data-health';
import type { FeedOverview } from '../../shared/domain/order-feed';
import { expectNoViolations, go, login, fm, m, signIn, useLocale, type Locale } from './fixtures';

/**
 * The same-day retry on /data-health (docs/product.md, "Data health"): the feed kind keeps its
 * status while a retry is due, says when, and lists the day's tries (time, outcome, reason) in
 * the reader's language with its date format (dd/mm/yyyy hh:mm; Russian dd.mm.yyyy), at 1366 and
 * 390 px; the order-feed page's history says of a retry's line which try it was. The calls are
 * answered in the browser (the tries come from the daily job: test/integration/data-health-retry.test.ts
 * drives them for real).
 */
test.describe.configure({ timeout: 60_000 });

const SHOTS = '/tmp/h34-finish';
mkdirSync(SHOTS, { recursive: true });

// Fixed UTC instants; the browser formats them in its own zone, as the page does (the check reads the page's format only).
const RUN = '2026-11-24T03:00:12.000Z';
const RETRY1 = '2026-11-24T04:00:40.000Z';
const NEXT = '2099-11-24T08:00:40.000Z';

const STUB: DataHealth = {
  companyId: 'stub',
  items: [
    {
      kind: 'feed',
      status: 'healthy',
      lastCheck: RETRY1,
      reason: { key: 'health.feed.ok', values: { orders: 120 } },
      retryAt: NEXT,
      attempts: [
        { at: RUN, attempt: 0, status: 'failing', reason: { key: 'health.feed.failed', values: { code: 'status', http: 503 } } },
        { at: RETRY1, attempt: 1, status: 'failing', reason: { key: 'health.feed.failed', values: { code: 'timeout' } } },
      ],
      history: [],
    },
    { kind: 'analytics-access', status: 'unknown', lastCheck: null, history: [] },
    { kind: 'analytics-coverage', status: 'unknown', lastCheck: null, history: [] },
    { kind: 'utm-linking', status: 'unknown', lastCheck: null, history: [] },
    { kind: 'volume', status: 'unknown', lastCheck: null, history: [] },
  ],
};

/** The page's date format: dd/mm/yyyy hh:mm (Russian dd.mm.yyyy), in the browser's zone. */
const format = (locale: Locale, iso: string) => {
  const at = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  const sep = locale === 'ru' ? '.' : '/';
  return `${two(at.getDate())}${sep}${two(at.getMonth() + 1)}${sep}${at.getFullYear()} ${two(at.getHours())}:${two(at.getMinutes())}`;
};

for (const locale of ['en', 'fr', 'ru'] as const) {
  for (const width of [1366, 390]) {
    test(`the feed's tries and its next one read in ${locale} at ${width} px (stubbed API)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.route('**/api/data-health', (route) => route.fulfill({ json: STUB }));
      await useLocale(page, locale);
      await go(page, '/login?redirect=%2Fdata-health');
      await signIn(page, login('ROLE_USER', 'Acme Retail'), locale);
      const card = page.locator('section.dh-section', { has: page.getByRole('heading', { level: 2, name: m(locale, 'dataHealth.kind.feed'), exact: true }) });
      await expect(card.locator('.health-badge')).toHaveText(`✓${m(locale, 'healthStatus.healthy')}`, { timeout: 20_000 });
      await expect(card.locator('.dh-retry')).toHaveText(m(locale, 'dataHealth.retryAt').replace('{date}', format(locale, NEXT)));
      await expect(card.locator('.dh-tries-caption')).toHaveText(m(locale, 'dataHealth.attempts.title'));
      const tries = card.locator('.dh-tries-list li');
      await expect(tries).toHaveCount(2);
      const failing = m(locale, 'healthStatus.failing');
      const line = (iso: string, which: string) => m(locale, 'dataHealth.attempts.item').replace('{date}', format(locale, iso)).replace('{which}', which).replace('{status}', failing);
      await expect(tries.nth(0)).toContainText(line(RUN, m(locale, 'dataHealth.attempts.run')));
      await expect(tries.nth(0)).toContainText(fm(locale, 'health.feed.failed', { code: 'status', http: 503 }));
      await expect(tries.nth(1)).toContainText(line(RETRY1, m(locale, 'dataHealth.attempts.retry').replace('{n}', '1')));
      await expect(tries.nth(1)).toContainText(fm(locale, 'health.feed.failed', { code: 'timeout', http: 'none' }));
      await expect(page.locator('main')).not.toContainText(/\b(health|dataHealth)\.[a-z]/);
      // Nothing wider than the screen on a phone.
      expect(await page.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await card.screenshot({ path: `${SHOTS}/data-health-tries-${locale}-${width}.png` });
      await expectNoViolations(page, `${locale} /data-health tries`);
    });
  }
}

const FEED: FeedOverview = {
  current: null,
  orderFeedUrl: 'https://shop.example/feed.xml',
  history: [
    { checkId: 'h2', date: RETRY1, trigger: 'daily', health: 'clean', orders: 120, warningKeys: [], failure: null, runAt: '2026-11-24T03:00:00.000Z', attempt: 1 },
    { checkId: 'h1', date: RUN, trigger: 'daily', health: 'failed', orders: 0, warningKeys: [], failure: { code: 'timeout', message: 'x' }, runAt: '2026-11-24T03:00:00.000Z', attempt: 0 },
  ],
};

for (const locale of ['en', 'fr', 'ru'] as const) {
  for (const width of [1366, 390]) {
    test(`the order-feed history says which try a retry was, in ${locale} at ${width} px (stubbed API)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.route('**/api/order-feed', (route) => route.fulfill({ json: FEED }));
      await useLocale(page, locale);
      await go(page, '/login?redirect=%2Fcrm%2Forder-feed');
      await signIn(page, login('ROLE_USER', 'Acme Retail'), locale);
      const lines = page.getByRole('list', { name: m(locale, 'orderFeed.history.title') }).getByRole('listitem');
      await expect(lines).toHaveCount(2, { timeout: 20_000 });
      const retry = m(locale, 'orderFeed.history.retry').replace('{n}', '1').replace('{total}', '2');
      await expect(lines.nth(0).locator('.feed-timeline-trigger')).toHaveText(retry);
      await expect(lines.nth(1).locator('.feed-timeline-trigger')).toHaveText(m(locale, 'orderFeed.history.daily'));
      expect(await page.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.locator('.feed-history').screenshot({ path: `${SHOTS}/order-feed-tries-${locale}-${width}.png` });
      await expectNoViolations(page, `${locale} /crm/order-feed tries`);
    });
  }
}
