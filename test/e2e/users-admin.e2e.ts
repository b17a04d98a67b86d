import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { generatedPasswordLength } from '../../shared/schemas/users';
import { latestMailTo } from '../support/mailbox';
import { expectSignedInShell, go, login, m, portalUrl, sesUrl, signIn, useLocale, type Locale, expectNoViolations } from './fixtures';

/**
 * The users admin in the browser: an administrator creates a user, who receives the welcome
 * e-mail and signs in with its temporary password (and chooses their own); the list's search,
 * team toggle, sorting and delete confirmation; the edit page. Each test makes its own users.
 */
test.describe.configure({ timeout: 60_000 });

/** The accessibility test's axe pass (WCAG 2.1 A/AA + label-content-name-mismatch) on states it does not reach: the open dialog, the edit page. */

const unique = (tag: string) => `e2e-${tag}-${randomUUID().slice(0, 8)}@portal.test`;

async function asAdmin(page: Page, locale: Locale = 'en') {
  await useLocale(page, locale);
  await go(page, '/login?redirect=%2Fadmin%2Fusers');
  await signIn(page, login('ROLE_ADMIN'), locale);
  await expect(page.getByRole('heading', { level: 1, name: m(locale, 'route.adminUsers') })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
}

/** Fills the create form and creates the user; answers the password the form holds. */
async function createUser(page: Page, who: { login: string; first: string; last: string; role?: string; company: string; managed?: string[] }) {
  await page.getByLabel('Login (e-mail)').fill(who.login);
  await page.getByRole('button', { name: 'Generate' }).click();
  const password = await page.getByLabel('Password', { exact: true }).inputValue();
  await page.getByLabel('First name').fill(who.first);
  await page.getByLabel('Last name').fill(who.last);
  if (who.role) await page.getByLabel('Role').selectOption(who.role);
  await page.getByLabel('Main company').fill(who.company);
  // The managed companies are found by a search the server answers.
  for (const name of who.managed ?? []) {
    const managed = page.getByRole('group', { name: 'Managed companies' });
    await managed.getByRole('searchbox', { name: 'Find companies to add' }).fill(name);
    await managed.getByLabel(name).check();
  }
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText(`User ${who.login} created.`)).toBeVisible();
  return password;
}

const row = (page: Page, email: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name: email, exact: true }) });

test('an administrator creates a user who reads the welcome e-mail and signs in with the temporary password', async ({ page, browser }) => {
  await asAdmin(page);
  const create = page.getByRole('button', { name: 'Create', exact: true });
  await expect(create).toBeDisabled();
  const email = unique('welcome');
  const since = Date.now();
  const password = await createUser(page, { login: email, first: 'Wendy', last: 'Welcome', company: 'Globex Affiliates' });
  expect(password).toMatch(new RegExp(`^[A-Za-z0-9]{${generatedPasswordLength()}}$`));
  await expect(page.locator('.us-secret')).toHaveText(password);
  await expect(row(page, email)).toContainText('Welcome Wendy');
  // The portal's one English date format (web/src/i18n/dates.tsx): dd/mm/yyyy.
  await expect(row(page, email)).toContainText(new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date()));
  // The form is empty again: Create waits for the next user.
  await expect(create).toBeDisabled();
  // ...so the focus goes to the outcome (with the password), never to the page's body.
  await expect(page.locator(':focus')).toContainText(password);

  // Globex Affiliates is a Russian company: the Russian welcome template.
  const mail = await latestMailTo(sesUrl(), email, { since, timeoutMs: 10_000 });
  expect(mail.subject).toBe('Ваш доступ к порталу интеграции');
  expect(mail.body.text).toContain('Wendy Welcome');
  const sent = /Временный пароль: (\S+)/.exec(mail.body.text ?? '')?.[1];
  expect(sent).toBe(password);
  expect(mail.body.text).toContain(`${portalUrl()}/login`);

  // The new user signs in with the e-mail's password and is asked for their own.
  const context = await browser.newContext();
  const newcomer = await context.newPage();
  await go(newcomer, '/login');
  await signIn(newcomer, { login: email, password: sent! });
  await expect(newcomer.getByRole('heading', { name: m('en', 'login.newPassword.title') })).toBeVisible();
  await newcomer.getByLabel(m('en', 'login.newPassword.password'), { exact: true }).fill('Wendy-own-pass-1');
  await newcomer.getByLabel(m('en', 'login.newPassword.repeat')).fill('Wendy-own-pass-1');
  await newcomer.getByRole('button', { name: m('en', 'login.newPassword.submit') }).click();
  await expect(newcomer).toHaveURL(portalUrl() + '/dashboard');
  await expectSignedInShell(newcomer);
  await context.close();

  // A second create with the same login is refused under the field.
  await page.getByLabel('Login (e-mail)').fill(email.toUpperCase());
  await page.getByLabel('Password', { exact: true }).fill('Another-pass-12');
  await page.getByLabel('Main company').fill('Acme Retail');
  await create.click();
  await expect(page.getByText('A user with this login already exists')).toBeVisible();
});

test('the list searches, hides the team, sorts, and deletes after the confirmation', async ({ page }) => {
  await asAdmin(page);
  const email = unique('list');
  await createUser(page, { login: email, first: 'Lars', last: 'Aardvark', role: 'ROLE_MANAGER', company: 'Acme Retail', managed: ['Globex Affiliates'] });
  await expect(row(page, email)).toContainText('Manager');
  await expect(row(page, email)).toContainText('Globex Affiliates');
  await expect(row(page, 'admin@portal.test')).toContainText('All companies');
  // The protected administrator has no delete button.
  await expect(row(page, 'admin@portal.test').getByRole('button', { name: /Delete/ })).toHaveCount(0);

  const search = page.getByRole('searchbox', { name: 'Search users' });
  await expect(search).toHaveAttribute('placeholder', 'Start typing email, name or company');
  await expect(search).toHaveAttribute('maxlength', '128');
  await search.fill('AARDVARK');
  await expect(page.getByRole('row')).toHaveCount(2);
  await search.fill('no-such-user-xyz');
  await expect(page.getByText('No results found for "no-such-user-xyz"')).toBeVisible();
  await search.fill('');

  await page.getByRole('button', { name: 'Team visible' }).click();
  await expect(page.getByRole('button', { name: 'Team hidden' })).toHaveAttribute('aria-pressed', 'true');
  await expect(row(page, 'admin@portal.test')).toHaveCount(0);
  await page.getByRole('button', { name: 'Team hidden' }).click();
  await expect(row(page, 'admin@portal.test')).toHaveCount(1);

  // Name sorts by last name; a second click reverses.
  const firstEmail = () => page.getByRole('row').nth(1).getByRole('link').first().textContent();
  await page.getByRole('button', { name: 'Name' }).click();
  await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(firstEmail).toBe(email);
  await page.getByRole('button', { name: 'Name' }).click();
  await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(firstEmail).not.toBe(email);

  await row(page, email).getByRole('button', { name: `Delete ${email}` }).click();
  const dialog = page.getByRole('dialog', { name: `Are you sure you want to delete "${email}"?` });
  await expect(dialog).toContainText('The user will be permanently removed and will no longer be able to access the tool.');
  const width = await dialog.evaluate((el) => el.getBoundingClientRect().width);
  expect(width).toBe(500);
  await expectNoViolations(page, 'delete confirmation');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, email)).toHaveCount(1);
  await row(page, email).getByRole('button', { name: `Delete ${email}` }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`User ${email} deleted.`)).toBeVisible();
  await expect(row(page, email)).toHaveCount(0);
});

test('the edit page updates the info and, separately, the password', async ({ page, browser }) => {
  await asAdmin(page);
  const email = unique('edit');
  await createUser(page, { login: email, first: 'Eddie', last: 'Edit', company: 'Acme Retail' });
  await row(page, email).getByRole('link', { name: `Edit ${email}` }).click();
  await expect(page).toHaveURL(/\/admin\/users\/edit\//);
  const update = page.getByRole('button', { name: 'Update' });
  const change = page.getByRole('button', { name: 'Change password' });
  await expect(update).toBeDisabled();
  await expect(change).toBeDisabled();
  await expectNoViolations(page, 'user edit page');
  await page.getByLabel('Last name').fill('Edited');
  await expect(update).toBeEnabled();
  await page.getByLabel('New password').fill('short');
  await expect(update).toBeDisabled();
  await expect(change).toBeDisabled();
  await page.getByLabel('New password').fill('');
  await update.click();
  await expect(page).toHaveURL(portalUrl() + '/admin/users');
  await expect(row(page, email)).toContainText('Edited Eddie');

  await row(page, email).getByRole('link', { name: `Edit ${email}` }).click();
  await page.getByLabel('New password').fill('Eddie-new-pass-1');
  await change.click();
  await expect(page).toHaveURL(portalUrl() + '/admin/users');
  const context = await browser.newContext();
  const user = await context.newPage();
  await go(user, '/login');
  await signIn(user, { login: email, password: 'Eddie-new-pass-1' });
  await expect(user).toHaveURL(portalUrl() + '/dashboard');
  await context.close();
});

for (const locale of ['fr', 'ru'] as Locale[]) {
  test(`the users admin speaks ${locale}`, async ({ page }) => {
    await asAdmin(page, locale);
    await expect(page.getByRole('heading', { name: m(locale, 'adminUsers.create.title') })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: m(locale, 'adminUsers.search.label') })).toHaveAttribute('placeholder', m(locale, 'adminUsers.search.placeholder'));
    await expect(page.getByRole('columnheader', { name: m(locale, 'adminUsers.column.created') })).toBeVisible();
    await expect(row(page, 'admin@portal.test')).toContainText(m(locale, 'adminUsers.allCompanies'));
    await row(page, 'customer@globex.test').getByRole('button', { name: m(locale, 'adminUsers.deleteUser').replace('{name}', 'customer@globex.test') }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(m(locale, 'adminUsers.delete.description'));
    await dialog.getByRole('button', { name: m(locale, 'confirmDialog.cancel') }).click();
    await expect(dialog).toBeHidden();
  });
}
