import { expect, test } from '@playwright/test';
import { expectSignedInShell, go, login, m, signIn, useLocale, type Locale, expectNoViolations } from './fixtures';

/**
 * axe on every page, one test per page (and per language where wording matters), so no test's
 * time grows with the number of pages: the time limits are safety nets for a loaded machine,
 * not speed targets. The axe run itself: `expectNoViolations` in fixtures.ts.
 */

test.describe.configure({ timeout: 90_000 });

const publicPages: Array<[string, Parameters<typeof m>[1]]> = [
  ['/', 'route.home'],
  ['/login', 'login.title'],
  ['/password-reset', 'reset.title'],
  ['/password-reset/' + 'x'.repeat(43), 'reset.invalid'],
];

for (const locale of ['en', 'fr', 'ru'] as Locale[]) {
  for (const [path, ready] of publicPages) {
    test(`public page ${path} has no axe violations (${locale})`, async ({ page }) => {
      await useLocale(page, locale);
      await go(page, path);
      // Wait for the page's own content (after the lazy chunk and the session check).
      if (ready === 'route.home') await expect(page.locator('main h1')).toBeVisible();
      else await expect(page.getByText(m(locale, ready)).first()).toBeVisible();
      await expectNoViolations(page, `${locale} ${path}`);
    });
  }
}

const signedInPages = [
  '/dashboard',
  '/agenda',
  '/user/profile',
  '/admin/users',
  '/admin/companies',
  '/admin/translations',
  '/admin/integration-status',
  '/admin/default-collectors',
  '/instructions/adobe_analytics',
  '/instructions/matomo_analytics',
  '/instructions/firebase_analytics',
  '/instructions/piano_analytics',
  '/instructions/salesforce_crm',
  '/analytics',
  '/analytics/access',
  '/analytics/custom-dimension',
  '/crm/order-feed',
  '/crm/order-feed/warnings/missingPrice',
  '/marketing/sources',
  '/marketing/collector',
  '/marketing/utm-management',
  '/marketing/commissions',
  '/mfa-setup',
];

for (const path of signedInPages) {
  test(`signed-in page ${path} has no axe violations`, async ({ page }) => {
    await go(page, `/login?redirect=${encodeURIComponent(path)}`);
    await signIn(page, login('ROLE_ADMIN'));
    await expectSignedInShell(page);
    await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
    await expect(page.locator('main h1')).toBeVisible();
    // Pages that load data: wait until no loader is left.
    await expect(page.locator('.spinner-wrap')).toHaveCount(0);
    await expectNoViolations(page, path);
  });
}

test('the authenticator set-up with its QR code and a refused code has no axe violations', async ({ page }) => {
  await go(page, '/login?redirect=%2Fmfa-setup');
  const admin = login('ROLE_ADMIN');
  await signIn(page, admin);
  await expectSignedInShell(page);
  // The set-up asks for the current password first (re-authentication).
  await page.locator('main input[autocomplete="current-password"]').fill(admin.password);
  await page.locator('main').getByRole('button').first().click();
  await expect(page.locator('.qr-code')).toBeVisible();
  await page.locator('input[autocomplete="one-time-code"]').fill('12');
  await page.locator('input[autocomplete="one-time-code"]').press('Enter');
  await expect(page.locator('.field-invalid')).toBeVisible();
  await expectNoViolations(page, '/mfa-setup with its QR code');
});

test('the open account menu has no axe violations', async ({ page }) => {
  await go(page, '/login');
  await signIn(page, login('ROLE_ADMIN'));
  await expectSignedInShell(page);
  // The page under the menu is whole first (its heading, its data).
  await expect(page.locator('main h1')).toBeVisible();
  await expect(page.locator('.spinner-wrap')).toHaveCount(0);
  await page.getByRole('button', { name: /account menu/ }).click();
  await expect(page.getByRole('link', { name: m('en', 'nav.profile') })).toBeVisible();
  await expectNoViolations(page, 'user menu open');
});

test('the access-denied page has no axe violations', async ({ page }) => {
  await go(page, '/login?redirect=%2Fadmin%2Fusers');
  await signIn(page, login('ROLE_USER', 'Acme Retail'));
  await expectSignedInShell(page);
  await expect(page.locator('main h1')).toBeVisible();
  await expectNoViolations(page, 'forbidden');
});
