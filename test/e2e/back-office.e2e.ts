import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectSignedInShell, go, login, signIn } from './fixtures';

/**
 * The back office's links, filters and exports on the seed (Acme Retail: sources and feed done,
 * Matomo not mandatory). The company made here carries a unique suffix and is deleted again.
 */
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const table = (page: Page) => page.getByRole('table');
const bodyRows = (page: Page) => table(page).locator('tbody tr');
const companyCells = (page: Page) => table(page).locator('tbody tr td:first-child');
const filter = (page: Page, name: string) => page.getByRole('combobox', { name, exact: true });

async function asAdmin(page: Page) {
  await go(page, '/login');
  await signIn(page, login('ROLE_ADMIN'));
  await expectSignedInShell(page);
}

test('the status report searches and filters by step and status in the URL, and links each company to its page and back', async ({ page }) => {
  await asAdmin(page);
  await go(page, '/admin/integration-status');
  await expect(bodyRows(page).first()).toBeVisible();

  // The server searches (a company's name), so the list never holds every company.
  await page.getByRole('searchbox', { name: 'Search the report' }).fill('Acme Retail');
  await expect(page).toHaveURL(/[?&]q=Acme\+Retail/);
  // The URL changes before the server's answer replaces the rows: wait for the rows themselves (a
  // busy machine answered after the rows were read).
  await expect.poll(async () => new Set(await companyCells(page).allTextContents())).toEqual(new Set(['Acme Retail']));
  expect(await companyCells(page).count()).toBeGreaterThan(3);

  await filter(page, 'Status').selectOption({ label: 'Completed' });
  await expect(page).toHaveURL(/[?&]status=done/);
  await expect(bodyRows(page)).toHaveCount(3);
  // The status, then a step completed another way shows the customer's note under it.
  for (const row of await bodyRows(page).all()) await expect(row.locator('td').nth(2)).toHaveText(/^Completed/);
  await filter(page, 'Integration Step').selectOption({ label: 'Sources' });
  await expect(page).toHaveURL(/[?&]step=sources/);
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText('Sources');

  // The company's name opens its edit page; Back keeps the filters.
  await bodyRows(page).first().getByRole('link', { name: 'Acme Retail' }).click();
  await expect(page).toHaveURL(/\/admin\/companies\/edit\//);
  await expect(page.getByLabel('Company name')).toHaveValue('Acme Retail');
  await page.goBack();
  await expect(page.getByRole('searchbox', { name: 'Search the report' })).toHaveValue('Acme Retail');
  await expect(filter(page, 'Status')).toHaveValue('done');
  await expect(filter(page, 'Integration Step')).toHaveValue('sources');
  await expect(bodyRows(page)).toHaveCount(1);

  // The company's page lists its users (links to them) and links to its rows of the report.
  await bodyRows(page).first().getByRole('link', { name: 'Acme Retail' }).click();
  const customer = login('ROLE_USER', 'Acme Retail').login;
  await page.getByRole('link', { name: customer }).click();
  await expect(page).toHaveURL(/\/admin\/users\/edit\//);
  await expect(page.getByRole('link', { name: 'Acme Retail' })).toBeVisible();
  await page.getByRole('link', { name: 'Acme Retail' }).click();
  await page.getByRole('link', { name: 'Integration status' }).click();
  await expect(page).toHaveURL(/\/admin\/integration-status\?company=/);
  await expect(filter(page, 'Status')).toHaveValue('');
  // One company's rows: its name, and the way back to every company.
  await expect(page.getByRole('button', { name: 'All companies' })).toBeVisible();
  await expect.poll(async () => new Set(await companyCells(page).allTextContents())).toEqual(new Set(['Acme Retail']));
});

test('the companies list downloads as a formula-safe CSV', async ({ page }) => {
  const name = `=SUM(1+1) ${Date.now().toString(36)}`;
  await asAdmin(page);
  await go(page, '/admin/companies');
  await page.getByLabel('Company name').fill(name);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText(`Company “${name}” created`)).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^Companies \d{4}-\d\d-\d\d\.csv$/);
  const bytes = readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\r\n');
  expect(lines[0]).toBe('"Company";"Product";"Country";"View ID";"Custom Dimension";"Order Feed URL"');
  expect(lines).toContain(`"'${name}";"360";"Russia";"";"";""`);
  expect(lines.some((line) => line.startsWith('"Acme Retail";'))).toBe(true);

  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('dialog', { name: `Are you sure you want to delete "${name}"?` }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`Company “${name}” deleted`)).toBeVisible();
});
