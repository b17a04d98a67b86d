import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { expectSignedInShell, go, login, m, signIn, useLocale, type Locale } from './fixtures';

// axe on every page that exists, WCAG 2.1 A and AA: no violation at all.
async function expectNoViolations(page: Page, label: string) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, `${label}: axe violations`).toEqual([]);
}

for (const locale of ['en', 'fr', 'ru'] as Locale[]) {
  test(`public pages have no axe violations (${locale})`, async ({ page }) => {
    await useLocale(page, locale);
    const pages: Array<[string, Parameters<typeof m>[1]]> = [
      ['/', 'route.home'],
      ['/login', 'login.title'],
      ['/password-reset', 'reset.title'],
      ['/password-reset/' + 'x'.repeat(43), 'reset.invalid'],
    ];
    for (const [path, ready] of pages) {
      await go(page, path);
      // Wait for the page's own content (after the lazy chunk and the session check).
      if (ready === 'route.home') await expect(page.locator('main h1')).toBeVisible();
      else await expect(page.getByText(m(locale, ready)).first()).toBeVisible();
      await expectNoViolations(page, `${locale} ${path}`);
    }
  });
}

test('signed-in pages have no axe violations', async ({ page }) => {
  await go(page, '/login');
  await signIn(page, login('ROLE_ADMIN'));
  await expectSignedInShell(page);
  const paths = [
    '/dashboard', '/agenda', '/user/profile', '/admin/users', '/admin/companies', '/admin/translations',
    '/admin/integration-status', '/admin/default-collectors', '/instructions/matomo_analytics', '/analytics',
    '/analytics/access', '/analytics/custom-dimension', '/crm/order-feed', '/marketing/sources',
    '/marketing/collector', '/marketing/utm-management', '/marketing/commissions',
  ];
  for (const path of paths) {
    await go(page, path);
    await expectSignedInShell(page);
    await expect(page.locator('main h1')).toBeVisible();
    await expectNoViolations(page, path);
  }
  // The open menus too.
  await page.getByRole('button', { name: /Account menu/ }).click();
  await expectNoViolations(page, 'user menu open');
});

test('the access-denied page has no axe violations', async ({ page }) => {
  await go(page, '/login');
  await signIn(page, login('ROLE_USER', 'Acme Retail'));
  await expectSignedInShell(page);
  await go(page, '/admin/users');
  await expect(page.locator('main h1')).toBeVisible();
  await expectNoViolations(page, 'forbidden');
});
