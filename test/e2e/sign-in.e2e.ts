import { expect, test } from '@playwright/test';
import { DEMO_USERS } from '../../localstack/seed';
import { expectSignedInShell, go, login, m, portalUrl, seeded, signIn, useLocale, type Locale } from './fixtures';

test.describe('sign-in', () => {
  test('a signed-out visitor is sent to sign-in and comes back to the page asked for', async ({ page }) => {
    await go(page, '/agenda?view=all');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fagenda%3Fview%3Dall$/);
    await signIn(page, login('ROLE_USER', 'Acme Retail'));
    await expect(page).toHaveURL(portalUrl() + '/agenda?view=all');
    await expectSignedInShell(page);
  });

  test('the button waits for both fields, and a wrong password says so without telling which', async ({ page }) => {
    await go(page, '/login');
    const submit = page.getByRole('button', { name: m('en', 'login.submit') });
    await expect(submit).toBeDisabled();
    // The header is hidden on the sign-in page.
    await expect(page.getByRole('navigation', { name: m('en', 'nav.label') })).toHaveCount(0);
    const customer = login('ROLE_USER', 'Acme Retail');
    await signIn(page, { login: customer.login, password: 'not-the-password' });
    await expect(page.getByText(m('en', 'login.invalid'))).toBeVisible();
    await page.reload();
    await signIn(page, { login: 'nobody@portal.test', password: 'whatever-it-is' });
    await expect(page.getByText(m('en', 'login.invalid'))).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an external redirect value is ignored', async ({ page }) => {
    await go(page, '/login?redirect=' + encodeURIComponent('//evil.example/steal'));
    await signIn(page, login('ROLE_USER', 'Acme Retail'));
    await expect(page).toHaveURL(portalUrl() + '/dashboard');
  });

  test('a signed-in visitor of the sign-in page goes on to the redirect value', async ({ page }) => {
    await go(page, '/login');
    await signIn(page, login('ROLE_USER', 'Globex Affiliates'));
    await expect(page).toHaveURL(portalUrl() + '/dashboard');
    await go(page, '/login?redirect=%2Fuser%2Fprofile');
    await expect(page).toHaveURL(portalUrl() + '/user/profile');
  });

  test('sign-out ends the session', async ({ page }) => {
    await go(page, '/login');
    await signIn(page, login('ROLE_USER', 'Acme Retail'));
    await expectSignedInShell(page);
    await page.getByRole('button', { name: /account menu/ }).click();
    await page.getByRole('link', { name: m('en', 'nav.logout') }).click();
    await expect(page).toHaveURL(/\/login/);
    await go(page, '/dashboard');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
  });

  test('the first sign-in with a temporary password asks for a new one', async ({ page }) => {
    const newcomer = seeded().find((s) => s.role.includes('temporary'));
    // The seed is part of the stack: a missing newcomer is a failure, not a skip.
    expect(newcomer, 'the seed has a temporary-password user').toBeTruthy();
    await go(page, '/login');
    await signIn(page, newcomer!);
    await expect(page.getByRole('heading', { name: m('en', 'login.newPassword.title') })).toBeVisible();
    const save = page.getByRole('button', { name: m('en', 'login.newPassword.submit') });
    await page.getByLabel(m('en', 'login.newPassword.password'), { exact: true }).fill('short');
    await page.getByLabel(m('en', 'login.newPassword.repeat')).fill('short');
    await expect(save).toBeDisabled();
    await page.getByLabel(m('en', 'login.newPassword.password'), { exact: true }).fill('My-own-pass-1');
    await page.getByLabel(m('en', 'login.newPassword.repeat')).fill('My-own-pass-2');
    await expect(page.getByText(m('en', 'validation.passwordsDoNotMatch'))).toBeVisible();
    await page.getByLabel(m('en', 'login.newPassword.repeat')).fill('My-own-pass-1');
    await save.click();
    await expect(page).toHaveURL(portalUrl() + '/dashboard');
    await expectSignedInShell(page);
  });

  // Every login of the seed (localstack/seed.ts) signs in and sees the shell, in each language:
  // one test each, so no test's time grows with the seed.
  const permanent = DEMO_USERS.filter((user) => !user.temporary);
  test('the seed has the permanent logins the tests expect', () => {
    expect(permanent.length).toBeGreaterThan(0);
    expect(seeded().filter((s) => !s.role.includes('temporary')).map((s) => s.login).sort()).toEqual(permanent.map((u) => u.login).sort());
  });
  for (const locale of ['en', 'fr', 'ru'] as Locale[]) {
    for (const user of permanent) {
      test(`${user.login} sees the shell in ${locale}`, async ({ browser }) => {
        const who = seeded().find((s) => s.login === user.login);
        expect(who, `${user.login} was seeded`).toBeTruthy();
        const context = await browser.newContext();
        const page = await context.newPage();
        await useLocale(page, locale);
        await go(page, '/login');
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await signIn(page, who!, locale);
        await expect(page).toHaveURL(portalUrl() + '/dashboard');
        await expectSignedInShell(page, locale);
        await expect(page).toHaveTitle(new RegExp(m(locale, 'route.dashboard')));
        const admin = page.getByRole('navigation', { name: m(locale, 'nav.label') }).getByRole('button', { name: m(locale, 'nav.admin'), exact: true });
        await expect(admin).toHaveCount(who!.role === 'ROLE_ADMIN' ? 1 : 0);
        const switcher = page.getByRole('combobox', { name: m(locale, 'company.label') });
        await expect(switcher).toHaveCount(who!.role === 'ROLE_USER' ? 0 : 1);
        await context.close();
      });
    }
  }
});
