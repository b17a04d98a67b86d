import { expect, test, type Page } from '@playwright/test';
import { expectSignedInShell, go, login, m, portalUrl, signIn, useLocale, type Locale, expectNoViolations } from './fixtures';

/**
 * The collector page's journey on the seed (Acme's customer): create from a suggestion, change a
 * status, edit inline, copy (opens in edit mode), delete after the spec's confirmation, and a
 * real stale edit rolled back. Everything it creates it deletes; it never completes the step.
 */
test.describe.configure({ mode: 'serial', timeout: 90_000 });

async function openAsCustomer(page: Page, locale: Locale) {
  await useLocale(page, locale);
  await go(page, `/login?redirect=${encodeURIComponent('/marketing/collector')}`);
  await signIn(page, login('ROLE_USER', 'Acme Retail'), locale);
  await expectSignedInShell(page, locale);
  await expect(page.getByRole('table', { name: m(locale, 'collector.caption') })).toBeVisible();
}

const row = (page: Page, source: string) => page.getByRole('row').filter({ has: page.getByText(source, { exact: true }) });
const saved = (page: Page, method: string) => page.waitForResponse((r) => r.url().includes('/api/collectors') && r.request().method() === method);

test('a customer creates a collector from a suggestion, changes a status, edits, copies and deletes', async ({ page }) => {
  await openAsCustomer(page, 'en');
  // The seed's collectors, sorted by source.
  await expect(page.getByRole('row').nth(1)).toContainText('Google Ads');
  await expect(page.getByRole('row').nth(2)).toContainText('Meta Ads');

  // A suggestion fills name, access e-mail and the English comment.
  // The platform's list is asked as one types: the first matches of the text.
  await page.getByRole('searchbox', { name: m('en', 'collector.suggestions.search') }).fill('criteo');
  await expect(page.getByLabel('Start from a suggestion').locator('option')).toHaveCount(2);
  await page.getByLabel('Start from a suggestion').selectOption({ label: 'Criteo (criteo@portal.example)' });
  await expect(page.getByLabel('Source', { exact: true })).toHaveValue('Criteo');
  await expect(page.getByLabel('Access e-mail', { exact: true })).toHaveValue('criteo@portal.example');
  await expect(page.getByLabel('Comment', { exact: true })).toHaveValue('Create an API user in Criteo Management Center with read-only rights.');
  const created = saved(page, 'POST');
  await page.getByRole('button', { name: 'Add collector' }).click();
  expect((await created).status()).toBe(201);
  await expect(page.getByText('Collector “Criteo” added.')).toBeVisible();
  await expect(page.getByLabel('Source', { exact: true })).toHaveValue('');
  await expect(page.getByRole('row').nth(1)).toContainText('Criteo'); // Criteo < Google Ads

  // A status saves at once and survives a reload.
  const statusSaved = saved(page, 'PUT');
  await page.getByLabel('Configuration of Criteo').selectOption('Ongoing');
  expect((await statusSaved).status()).toBe(200);
  await page.reload();
  await expect(page.getByLabel('Configuration of Criteo')).toHaveValue('Ongoing');
  await expect(page.getByLabel('Collection of Criteo')).toHaveValue('No');

  // Inline edit of one row.
  await page.getByRole('button', { name: 'Edit Criteo' }).click();
  await page.getByLabel('Source of Criteo').fill('Criteo Retail');
  await page.getByLabel('Status note of Criteo').fill('API user created');
  await expectNoViolations(page, 'row edited');
  const edited = saved(page, 'PUT');
  await page.getByRole('button', { name: 'Save Criteo' }).click();
  expect((await edited).status()).toBe(200);
  await expect(row(page, 'Criteo Retail')).toContainText('API user created');

  // Copy: the status note comes along, the new row opens in edit mode.
  await page.getByRole('button', { name: 'Copy Criteo Retail' }).click();
  await expect(page.getByLabel('Source of Copy of Criteo Retail')).toHaveValue('Copy of Criteo Retail');
  await expect(page.getByLabel('Status note of Copy of Criteo Retail')).toHaveValue('API user created');
  await page.getByRole('button', { name: 'Cancel the edit of Copy of Criteo Retail' }).click();
  await expect(page.getByLabel('Configuration of Copy of Criteo Retail')).toHaveValue('No');

  // Delete asks first, with the spec's warning.
  await page.getByRole('button', { name: 'Delete Copy of Criteo Retail' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Delete the collector “Copy of Criteo Retail”?');
  await expect(dialog).toContainText('Deleting a collector source removes associated data irreversibly.');
  await expectNoViolations(page, 'delete dialog');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('“Copy of Criteo Retail” deleted.')).toBeVisible();
  await expect(row(page, 'Copy of Criteo Retail')).toHaveCount(0);
  await expectNoViolations(page, 'after the journey');

  // A stale edit (someone changed the row since the page read it) is rolled back and explained.
  const list = ((await (await page.request.get(portalUrl() + '/api/collectors')).json()) as { collectors: Array<Record<string, unknown>> }).collectors;
  const criteo = list.find((c) => c.source === 'Criteo Retail')!;
  const meanwhile = await page.request.put(`${portalUrl()}/api/collectors/${criteo.id}`, { data: { ...criteo, id: undefined, collectStatus: 'Yes' } });
  expect(meanwhile.status()).toBe(200);
  const stale = saved(page, 'PUT');
  await page.getByLabel('Configuration of Criteo Retail').selectOption('Yes');
  expect((await stale).status()).toBe(409);
  await expect(page.getByText(/The change to “Criteo Retail” was not saved and the row is back as it was/)).toBeVisible();
  await expect(page.getByLabel('Configuration of Criteo Retail')).toHaveValue('Ongoing');
  await expect(page.getByLabel('Collection of Criteo Retail')).toHaveValue('Yes'); // the other change, re-read

  await page.getByRole('button', { name: 'Delete Criteo Retail' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(row(page, 'Criteo Retail')).toHaveCount(0);
});

for (const locale of ['fr', 'ru'] as const) {
  test(`the page reads in ${locale}, suggestions in the user’s language`, async ({ page }) => {
    await openAsCustomer(page, locale);
    await expect(page.getByRole('heading', { name: m(locale, 'collector.description.title') })).toBeVisible();
    await page.getByRole('searchbox', { name: m(locale, 'collector.suggestions.search') }).fill('criteo');
    await expect(page.getByLabel(m(locale, 'collector.suggestions.label')).locator('option')).toHaveCount(2);
    await page.getByLabel(m(locale, 'collector.suggestions.label')).selectOption({ label: 'Criteo (criteo@portal.example)' });
    const comment = locale === 'fr' ? 'Créez un utilisateur API dans Criteo Management Center avec des droits en lecture seule.' : 'Создайте API-пользователя в Criteo Management Center с правами только на чтение.';
    await expect(page.getByLabel(m(locale, 'collector.comment'), { exact: true })).toHaveValue(comment);
    await expect(page.getByLabel(`${m(locale, 'collector.configStatus')}${locale === 'fr' ? ' de ' : ': '}Google Ads`)).toHaveValue('Yes');
    await expectNoViolations(page, `${locale} collector page`);
    // The table's search goes to the server and stays in the URL.
    await page.getByRole('searchbox', { name: m(locale, 'collector.search') }).fill('meta');
    await expect(page).toHaveURL(/q=meta/);
    await expect(page.getByRole('table', { name: m(locale, 'collector.caption') }).getByRole('row')).toHaveCount(2);
    await page.screenshot({ path: `/tmp/h30-collectors/collector-${locale}-1366.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `/tmp/h30-collectors/collector-${locale}-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 720 });
  });
}

test('the description’s platform list fits a phone (390 px): closed categories, one opens to its names', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await useLocale(page, 'fr');
  await go(page, `/login?redirect=${encodeURIComponent('/marketing/collector')}`);
  await signIn(page, login('ROLE_USER', 'Acme Retail'), 'fr');
  const list = page.getByRole('region', { name: /^Plateformes dont nous collectons les coûts \(\d+\)$/ });
  await expect(list.locator('details')).toHaveCount(12);
  await expect(list.getByText('Kwanko', { exact: true })).toBeHidden();
  await list.locator('summary', { hasText: m('fr', 'collector.platforms.category.france') }).click();
  await expect(list.getByText('Kwanko', { exact: true })).toBeVisible();
  // Nothing wider than the phone: the page does not scroll sideways.
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
  await expectNoViolations(page, 'platform list open on a phone');
});
