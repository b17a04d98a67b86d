import { expect, test, type Page } from '@playwright/test';
import { getHealthState, saveHealthState } from '../../functions/data/data-health';
import { ensureCompany, ensureUser } from '../../localstack/seed';
import { expectNoViolations, expectSignedInShell, go, fm, m, signIn, stackEnv, useLocale, type Locale } from './fixtures';

/**
 * A warning's lifecycle on /data-health (docs/product.md, "Data health") in EN, FR and RU, on the
 * real API: a company whose feed fails (its health state written as the daily check writes it), a
 * user acknowledges it with a note for 7 days, reads who muted it until when, and unmutes it. At
 * 1366 and 390 px (screenshots of the muted card).
 */
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const COUNTRIES: Record<Locale, string> = { en: 'GB', fr: 'FR', ru: 'RU' };
const stamp = Date.now();
const who = (locale: Locale) => ({ login: `lifecycle-${locale}-${stamp}@acme.test`, password: 'Lifecycle-pass-1' });

test.beforeAll(async () => {
  Object.assign(process.env, stackEnv());
  for (const locale of ['en', 'fr', 'ru'] as const) {
    const company = await ensureCompany({ name: `Lifecycle ${locale} ${stamp}`, product: '360', country: COUNTRIES[locale] });
    await ensureUser({ ...who(locale), role: 'ROLE_USER', firstName: 'Lise', lastName: 'Cycle', companyId: company.id, managedCompanyIds: [] });
    const state = await getHealthState(company.id);
    const checkedAt = new Date().toISOString();
    await saveHealthState(state, {
      kinds: { feed: { status: 'failing', checkedAt, reason: { key: 'health.feed.failed', values: { code: 'status', http: 503 } } }, 'analytics-access': { status: 'healthy', checkedAt, reason: { key: 'health.access.ok' } } },
      alerted: { feed: checkedAt.slice(0, 10) },
      lastMailDay: checkedAt.slice(0, 10),
      mutes: {},
    });
  }
});

const card = (page: Page, locale: Locale, kind: 'feed' | 'analytics-access') =>
  page.locator('section.dh-section', { has: page.getByRole('heading', { level: 2, name: m(locale, `dataHealth.kind.${kind}`), exact: true }) });

for (const locale of ['en', 'fr', 'ru'] as const) {
  test(`a customer acknowledges a failing check, mutes its mails for 7 days and unmutes it (${locale})`, async ({ page }) => {
    await useLocale(page, locale);
    await go(page, '/login?redirect=%2Fdata-health');
    await signIn(page, who(locale), locale);
    await expectSignedInShell(page, locale);
    const feed = card(page, locale, 'feed');
    await expect(feed.locator('.dh-reason')).toHaveText(fm(locale, 'health.feed.failed', { code: 'status', http: 503 }));
    // A healthy check has nothing to acknowledge.
    await expect(card(page, locale, 'analytics-access').getByRole('button', { name: m(locale, 'dataHealth.mute.open') })).toHaveCount(0);

    await feed.getByRole('button', { name: m(locale, 'dataHealth.mute.open') }).click();
    // The note is required: the form says so in the language, and sends nothing.
    await feed.getByRole('button', { name: m(locale, 'dataHealth.mute.submit') }).click();
    await expect(feed.getByText(m(locale, 'validation.required'))).toBeVisible();
    await feed.getByLabel(m(locale, 'dataHealth.mute.note')).fill('Shop moving to a new server');
    await feed.getByLabel(m(locale, 'dataHealth.mute.days')).selectOption('7');
    const sent = page.waitForResponse((r) => r.url().endsWith('/api/data-health/mute'));
    await feed.getByRole('button', { name: m(locale, 'dataHealth.mute.submit') }).click();
    expect((await sent).status()).toBe(200);

    await expect(feed.locator('.dh-mute-note')).toHaveText('Shop moving to a new server');
    const until = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : locale, { day: 'numeric' }).format(new Date(Date.now() + 7 * 86_400_000));
    await expect(feed.locator('.dh-mute-text')).toContainText('Lise Cycle');
    await expect(feed.locator('.dh-mute-text')).toContainText(until);
    await expect(page.locator('main')).not.toContainText(/\bdataHealth\.[a-z]/);
    await expectNoViolations(page, `${locale} /data-health muted`);
    for (const [width, height] of [[1366, 900], [390, 844]] as const) {
      await page.setViewportSize({ width, height });
      await feed.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/e2e-artifacts/data-health-muted-${locale}-${width}.png`, fullPage: true });
    }

    // Unmute: the card offers to acknowledge again.
    await feed.getByRole('button', { name: m(locale, 'dataHealth.mute.end') }).click();
    await expect(feed.getByRole('button', { name: m(locale, 'dataHealth.mute.open') })).toBeVisible();
    await expect(feed.locator('.dh-mute')).toHaveCount(0);
  });
}
