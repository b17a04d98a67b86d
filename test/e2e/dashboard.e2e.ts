import { expect, test, type Page } from '@playwright/test';
import { expectSignedInShell, go, login, m, portalUrl, signIn, useLocale, type Locale } from './fixtures';

/**
 * The dashboard and the step engine in the browser, on the seed: Acme Retail is nearly complete
 * (collector and the Salesforce instructions left), its customer finishes and validates; an
 * administrator sets a step back. Tests of this file run in order and keep the seed's state.
 */
test.describe.configure({ mode: 'serial', timeout: 60_000 });

const stepCard = (page: Page, name: string) => page.locator('li.step-card', { has: page.getByRole('heading', { level: 3, name, exact: true }) });

test('a customer completes the remaining steps and validates the integration', async ({ page }) => {
  await go(page, '/login');
  await signIn(page, login('ROLE_USER', 'Acme Retail'));
  await expectSignedInShell(page);
  await expect(page.getByRole('progressbar', { name: 'Integration progress' })).toBeVisible();
  const validate = page.getByRole('button', { name: 'Validate' });

  // Salesforce: through its instruction page, whose confirmation completes the step.
  if ((await stepCard(page, 'Salesforce CRM').locator('.badge').textContent()) !== 'Completed') {
    await stepCard(page, 'Salesforce CRM').getByRole('link').click();
    await expect(page).toHaveURL(/\/instructions\/salesforce_crm$/);
    await page.getByRole('button', { name: 'Confirm by e-mail' }).click();
    await expect(page.getByText('Stage completed')).toBeVisible();
    await go(page, '/dashboard');
  }
  // Collector: its page arrives with a later release; the same call its complete button will make.
  if ((await stepCard(page, 'Collector').locator('.badge').textContent()) !== 'Completed') {
    await expect(validate).toBeDisabled();
    const answer = await page.request.post(`${portalUrl()}/api/integration-status/update`, {
      data: { stepType: 'collector', status: 'done' },
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(answer.status()).toBe(200);
    await page.reload();
  }

  await expect(page.getByRole('progressbar', { name: 'Integration progress' })).toHaveAttribute('aria-valuenow', '100');
  await expect(validate).toBeEnabled();
  await validate.click();
  const dialog = page.getByRole('dialog', { name: 'Integration was successfully verified' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button')).toHaveCount(1);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('You validated this integration')).toBeVisible();
});

test('an administrator sets a completed step back to be done', async ({ page }) => {
  await go(page, '/login');
  await signIn(page, login('ROLE_ADMIN'));
  await expectSignedInShell(page);
  const switcher = page.getByRole('combobox', { name: m('en', 'company.label') });
  const team = await switcher.inputValue();
  await switcher.selectOption({ label: 'Acme Retail' });
  const sources = stepCard(page, 'Sources');
  await expect(sources.locator('.badge')).toHaveText('Completed');
  await sources.getByRole('button', { name: 'Reset status' }).click();
  // Asked first (the customer's work is undone).
  await page.getByRole('dialog', { name: 'Set Sources back to be done?' }).getByRole('button', { name: 'Reset status' }).click();
  await expect(stepCard(page, 'Sources').locator('.badge')).toHaveText(/To be done|In process/);
  await expect(stepCard(page, 'Sources').getByRole('button', { name: 'Reset status' })).toHaveCount(0);
  // Back to the administrator's own company for the tests that follow (and wait until it is stored).
  await switcher.selectOption(team);
  await expect(switcher).toHaveValue(team);
  await expect(switcher).toBeEnabled();
  await page.reload();
  await expect(page.getByRole('combobox', { name: m('en', 'company.label') })).toHaveValue(team);
});

for (const locale of ['en', 'fr', 'ru'] as Locale[]) {
  test(`the instruction pages render in ${locale}`, async ({ page }) => {
    await useLocale(page, locale);
    await go(page, '/login');
    await signIn(page, login('ROLE_USER', 'Globex Affiliates'), locale);
    await expectSignedInShell(page, locale);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    for (const name of ['adobe_analytics', 'matomo_analytics', 'firebase_analytics', 'piano_analytics', 'salesforce_crm'] as const) {
      await go(page, `/instructions/${name}`);
      await expect(page.locator('main h1')).toHaveText(m(locale, `route.instructions.${name}`));
      // The page's own text, in the page's language (its description and its sections).
      await expect(page.locator('main .lead')).not.toBeEmpty();
      await expect(page.locator('main .instructions-content h2').first()).toBeVisible();
      // Globex's steps do not include these platforms: the status card says so.
      await expect(page.getByText(m(locale, 'instructions.status.notPart'))).toBeVisible();
    }
  });
}
