import { randomUUID } from 'node:crypto';
import { expect, request, test, type Page } from '@playwright/test';
import { expectSignedInShell, go, login, m, portalUrl, signIn } from './fixtures';

/**
 * Issue 24: unsaved changes are asked about before they are lost (an in-app link, Back, a reload),
 * a saved form leaves without a question, and a save says so on the page it returns to.
 */
test.describe.configure({ timeout: 90_000 });

// Whatever happened in the company test, the other files see the seeded name again.
test.afterAll(async () => {
  const api = await request.newContext({ baseURL: portalUrl() });
  const admin = login('ROLE_ADMIN');
  await api.post('/api/security/login', { data: { username: admin.login, password: admin.password } });
  const companies = ((await (await api.get('/api/companies?q=Acme%20Retail')).json()) as { companies: { id: string; name: string; version: number }[] }).companies;
  const renamed = companies.find((company) => company.name === 'Acme Retail (e2e)');
  if (renamed) await api.put(`/api/companies/${renamed.id}`, { data: { version: renamed.version, name: 'Acme Retail' } });
  await api.dispose();
});

async function asAdmin(page: Page, path: string) {
  await go(page, `/login?redirect=${encodeURIComponent(path)}`);
  await signIn(page, login('ROLE_ADMIN'));
  await expectSignedInShell(page);
}

const leaveDialog = (page: Page) => page.getByRole('dialog', { name: m('en', 'unsavedChanges.title') });
const home = (page: Page) => page.getByRole('link', { name: m('en', 'nav.home').replace('{brand}', m('en', 'app.brand')) });

/** A reload of a page with unsaved changes: the browser's own question, answered "stay". */
async function reloadIsAsked(page: Page) {
  const asked = new Promise<string>((resolve) => page.once('dialog', (dialog) => (resolve(dialog.type()), void dialog.dismiss())));
  void page.reload().catch(() => undefined);
  expect(await asked).toBe('beforeunload');
}

test('a user edit form asks before its changes are lost, and a save is confirmed', async ({ page }) => {
  await asAdmin(page, '/admin/users');
  const email = `e2e-unsaved-${randomUUID().slice(0, 8)}@portal.test`;
  await page.getByLabel('Login (e-mail)').fill(email);
  // The half-filled create form is asked about too.
  await home(page).click();
  await expect(leaveDialog(page)).toBeVisible();
  await leaveDialog(page).getByRole('button', { name: m('en', 'confirmDialog.cancel') }).click();
  await expect(page).toHaveURL(portalUrl() + '/admin/users');
  await expect(page.getByLabel('Login (e-mail)')).toHaveValue(email);

  await page.getByRole('button', { name: 'Generate' }).click();
  await page.getByLabel('First name').fill('Una');
  await page.getByLabel('Last name').fill('Saved');
  // The picker asks the server as one types (issue 30): the company's name, as the users page takes it.
  await page.getByLabel('Main company').fill('Acme Retail');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText(`User ${email} created.`)).toBeVisible();

  await page.getByRole('link', { name: `Edit ${email}` }).click();
  await expect(page).toHaveURL(/\/admin\/users\/edit\//);
  const editUrl = page.url();
  await page.getByLabel('Last name').fill('Unsaved');

  // An in-app link: the app's dialog; staying keeps the typed value.
  await page.getByRole('link', { name: 'Back to users' }).click();
  await expect(leaveDialog(page)).toBeVisible();
  await expect(leaveDialog(page)).toContainText(m('en', 'unsavedChanges.description'));
  await leaveDialog(page).getByRole('button', { name: m('en', 'confirmDialog.cancel') }).click();
  await expect(page).toHaveURL(editUrl);
  await expect(page.getByLabel('Last name')).toHaveValue('Unsaved');

  // A reload: the browser's question.
  await reloadIsAsked(page);
  await expect(page.getByLabel('Last name')).toHaveValue('Unsaved');

  // Leaving on purpose goes.
  await home(page).click();
  await leaveDialog(page).getByRole('button', { name: m('en', 'unsavedChanges.leave') }).click();
  await expect(page).toHaveURL(portalUrl() + '/dashboard');

  // A save returns to the list without a question, and says so (a status message).
  await page.goto(editUrl);
  await page.getByLabel('Last name').fill('Saved again');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page).toHaveURL(portalUrl() + '/admin/users');
  await expect(leaveDialog(page)).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: `User ${email} saved` })).toBeVisible();

  // The admin's set-password is confirmed the same way.
  await page.goto(editUrl);
  await page.getByLabel('New password').fill('Una-new-pass-1');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(portalUrl() + '/admin/users');
  await expect(page.getByRole('status').filter({ hasText: `The password of ${email} was changed` })).toBeVisible();
  // The notice belongs to the list: another page does not show it.
  await home(page).click();
  await expect(page.getByText(`The password of ${email} was changed`)).toBeHidden();
});

test('a company save is confirmed on the companies list', async ({ page }) => {
  await asAdmin(page, '/admin/companies');
  await page.getByRole('link', { name: 'Acme Retail', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/companies\/edit\//);
  const name = page.getByLabel('Company name');
  await name.fill('Acme Retail (e2e)');
  await page.getByRole('button', { name: m('en', 'companies.save') }).click();
  await expect(page).toHaveURL(portalUrl() + '/admin/companies');
  await expect(page.getByRole('status').filter({ hasText: 'Company Acme Retail (e2e) saved' })).toBeVisible();
  // Put the seed back for the other files.
  await page.getByRole('link', { name: 'Acme Retail (e2e)', exact: true }).click();
  await page.getByLabel('Company name').fill('Acme Retail');
  await page.getByRole('button', { name: m('en', 'companies.save') }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Company Acme Retail saved' })).toBeVisible();
});

test('the translations editor asks before a typed catalogue is lost (menu, history, reload)', async ({ page }) => {
  await asAdmin(page, '/dashboard');
  // Reached in the app, so that Back stays in the app.
  await page.goto(portalUrl() + '/admin/translations');
  await home(page).click();
  await expect(page).toHaveURL(portalUrl() + '/dashboard');
  await page.goBack();
  await expect(page).toHaveURL(portalUrl() + '/admin/translations');
  const area = page.getByLabel('Messages in EN (JSON)');
  await expect(area).toBeVisible();
  const original = await area.inputValue();
  const edited = original.replace('"Dashboard"', '"Dashboard (being edited)"');
  await area.fill(edited);

  await home(page).click();
  await expect(leaveDialog(page)).toBeVisible();
  await leaveDialog(page).getByRole('button', { name: m('en', 'confirmDialog.cancel') }).click();
  await expect(page).toHaveURL(portalUrl() + '/admin/translations');
  await expect(area).toHaveValue(edited);

  // The browser's history (Back and Forward) moves in the app as well: here Forward to the dashboard.
  await page.goForward().catch(() => undefined);
  await expect(leaveDialog(page)).toBeVisible();
  await leaveDialog(page).getByRole('button', { name: m('en', 'confirmDialog.cancel') }).click();
  await expect(page).toHaveURL(portalUrl() + '/admin/translations');
  await expect(area).toHaveValue(edited);

  await reloadIsAsked(page);
  await expect(area).toHaveValue(edited);

  // Discarding the edit lets the page go without a question.
  await page.getByRole('button', { name: m('en', 'translations.discard') }).click();
  await home(page).click();
  await expect(page).toHaveURL(portalUrl() + '/dashboard');
  await expect(leaveDialog(page)).toBeHidden();

  // Leaving through the history on purpose goes: Back, typed, then Forward and Leave.
  await page.goBack();
  await expect(page).toHaveURL(portalUrl() + '/admin/translations');
  await area.fill(edited);
  await page.goForward().catch(() => undefined);
  await leaveDialog(page).getByRole('button', { name: m('en', 'unsavedChanges.leave') }).click();
  await expect(page).toHaveURL(portalUrl() + '/dashboard');
  await expect(leaveDialog(page)).toBeHidden();
});
