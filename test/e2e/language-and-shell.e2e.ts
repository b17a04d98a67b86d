import { expect, test } from '@playwright/test';
import { expectSignedInShell, go, login, m, portalUrl, signIn } from './fixtures';

test('the language menu switches EN, FR and RU and keeps the choice', async ({ page }) => {
  await go(page, '/login');
  await expect(page.getByRole('heading', { name: m('en', 'login.title') })).toBeVisible();
  // The header is hidden on /login: the language menu lives on the sign-in page itself too.
  await page.getByRole('button', { name: /choose the interface language/ }).click();
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { name: m('fr', 'login.title') })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await page.reload();
  await expect(page.getByRole('heading', { name: m('fr', 'login.title') })).toBeVisible();

  await signIn(page, login('ROLE_ADMIN'), 'fr');
  await expectSignedInShell(page, 'fr');
  await page.getByRole('button', { name: new RegExp(m('fr', 'language.label') + '|langue', 'i') }).first().click();
  await page.getByRole('button', { name: 'Русский' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page.getByRole('navigation', { name: m('ru', 'nav.label') })).toBeVisible();
  await expect(page.getByRole('button', { name: m('ru', 'nav.dataFlow') })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(m('ru', 'route.dashboard')));
});

test('a manager switches between managed companies', async ({ page }) => {
  await go(page, '/login');
  await signIn(page, login('ROLE_MANAGER'));
  await expectSignedInShell(page);
  const switcher = page.getByRole('combobox', { name: m('en', 'company.label') });
  await expect(switcher).toBeEnabled();
  await expect(switcher.locator('option')).toHaveText(['Acme Retail', 'Globex Affiliates']);
  await switcher.selectOption({ label: 'Globex Affiliates' });
  await expect(switcher).toHaveValue(await switcher.locator('option', { hasText: 'Globex Affiliates' }).getAttribute('value') ?? '');
  await page.reload();
  await expect(switcher.locator('option:checked')).toHaveText('Globex Affiliates');
});

test('an unknown path goes to the dashboard, and admin pages are for admins', async ({ page }) => {
  await go(page, '/login');
  await signIn(page, login('ROLE_USER', 'Acme Retail'));
  await expectSignedInShell(page);
  await go(page, '/no/such/page');
  await expect(page).toHaveURL(portalUrl() + '/dashboard');
  await go(page, '/admin/users');
  await expect(page.getByRole('heading', { name: m('en', 'route.adminUsers') })).toHaveCount(0);
});

test('the home page is public and offers its two links', async ({ page }) => {
  await go(page, '/');
  await expect(page).toHaveURL(portalUrl() + '/');
  await expect(page).toHaveTitle(new RegExp(m('en', 'route.home')));
});
