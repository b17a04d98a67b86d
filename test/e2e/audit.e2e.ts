import { expect, test, type Page } from '@playwright/test';
import { expectSignedInShell, go, login, m, portalUrl, signIn, useLocale, type Locale } from './fixtures';

/**
 * The audit history in the browser (docs/product.md, "Audit history"): the admin page with its
 * filters, and the History section of a user's edit page showing an edit made just before.
 */
test.describe.configure({ timeout: 60_000 });

async function asAdmin(page: Page, locale: Locale, path: string) {
  await useLocale(page, locale);
  await go(page, `/login?redirect=${encodeURIComponent(path)}`);
  await signIn(page, login('ROLE_ADMIN'), locale);
  // Signed in once the shell shows: API calls of the page's own request context need its cookie.
  await expectSignedInShell(page, locale);
}

for (const locale of ['en', 'fr', 'ru'] as const) {
  test(`the admin page lists the admin's own sign-in and filters by kind (${locale})`, async ({ page }) => {
    await asAdmin(page, locale, '/admin/audit');
    await expect(page.getByRole('heading', { level: 1, name: m(locale, 'route.adminAudit') })).toBeVisible();
    await page.getByLabel(m(locale, 'audit.filter.kind'), { exact: true }).selectOption('sign-in');
    const firstRow = page.getByRole('table').getByRole('row').nth(1);
    await expect(firstRow).toContainText(login('ROLE_ADMIN').login);
    await expect(firstRow).toContainText(`${m(locale, 'audit.kind.sign-in')} · ${m(locale, 'audit.action.signed-in')}`);
    await page.getByLabel(m(locale, 'audit.filter.kind'), { exact: true }).selectOption('translations');
    await page.getByLabel(m(locale, 'audit.filter.from'), { exact: true }).fill('2000-01-01');
    await page.getByLabel(m(locale, 'audit.filter.to'), { exact: true }).fill('2000-01-02');
    await expect(page.getByText(m(locale, 'audit.empty'))).toBeVisible();
  });
}

test('the user edit page shows the history of that user, newest first', async ({ page }) => {
  await asAdmin(page, 'en', '/admin/users');
  const users = (await (await page.request.get(`${portalUrl()}/api/users`)).json()) as { users: Array<{ id: string; login: string; version: number; firstName: string }> };
  const target = users.users.find((u) => u.login === login('ROLE_USER').login)!;
  const name = `Audited${Date.now() % 100000}`;
  const edit = await page.request.put(`${portalUrl()}/api/users/${target.id}`, { data: { version: target.version, data: [{ field: 'firstName', value: name }] } });
  expect(edit.status()).toBe(200);
  await go(page, `/admin/users/edit/${target.id}`);
  const section = page.getByRole('region', { name: 'History' });
  await expect(section).toBeVisible();
  const newest = section.getByRole('row').nth(1);
  await expect(newest).toContainText('User · changed');
  await expect(newest).toContainText(`firstName: ${target.firstName} → ${name}`);
  await expect(newest).toContainText(login('ROLE_ADMIN').login);
});
