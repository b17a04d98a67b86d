import { expect, test, type Page } from '@playwright/test';
import type { CompanyRecord } from '../../functions/data/companies';
import { ensureCompany, ensureUser } from '../../localstack/seed';
import { freshCode, totp } from '../support/totp';
import { expectSignedInShell, go, m, signIn, stackEnv, useLocale, type Locale } from './fixtures';

/**
 * What the walk of issue 29 found on journeys no browser test had taken (docs/changelog.md, "Issue 29"): the
 * authenticator set-up and sign-in end to end with codes computed from the shown key, the
 * sources page holding a long unbroken name and its sortable headers inside their boxes, and a
 * list's caption on a phone. On a
 * company and a user of its own, so the seed's data and logins stay as they are.
 */
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const who = { login: `walker-${Date.now()}@walk.test`, password: 'Walk-journeys-123' };
let company: CompanyRecord;

test.beforeAll(async () => {
  Object.assign(process.env, stackEnv());
  company = await ensureCompany({ name: `Walked ${Date.now()}`, product: '360', country: 'FR' });
  await ensureUser({ login: who.login, password: who.password, role: 'ROLE_USER', firstName: 'Wal', lastName: 'Ker', companyId: company.id });
});

async function signInTo(page: Page, path: string, locale: Locale) {
  await useLocale(page, locale);
  await go(page, `/login?redirect=${encodeURIComponent(path)}`);
  await signIn(page, who, locale);
  await expectSignedInShell(page, locale);
  await expect(page.locator('main h1')).toBeVisible();
}

/** How much wider than the window the page is (0: no sideways scrolling). */
const sideways = (page: Page) => page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');

test('a 120-letter name without a space: the created notice wraps inside the page at 1366 and 390 px', async ({ page }) => {
  await signInTo(page, '/marketing/sources', 'en');
  const name = 'N'.repeat(120);
  for (const [width, height, suffix] of [[1366, 900, ''], [390, 844, 'X']] as const) {
    await page.setViewportSize({ width, height });
    await page.getByLabel('Name', { exact: true }).fill(name.slice(0, 119) + suffix);
    await page.getByLabel('Acquisition channel', { exact: true }).fill('Affiliate');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page.getByText(`Source “${name.slice(0, 119) + suffix}” created.`)).toBeVisible();
    expect(await sideways(page), `page wider than ${width} px`).toBeLessThanOrEqual(0);
  }
});

for (const locale of ['en', 'fr', 'ru'] as const) {
  test(`sources in ${locale}: every sortable header keeps its label and mark inside its column at 1366 px`, async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInTo(page, '/marketing/sources', locale);
    // The table shows once the company has a source: one per language, named in it.
    await page.locator('main form input[name="name"]').fill(`Header check ${locale}`);
    await page.locator('main form input[name="channel"]').fill('Affiliate');
    await page.locator('main form button[type="submit"]').click();
    await expect(page.getByRole('rowheader', { name: `Header check ${locale}` })).toBeVisible();
    await expect(page.locator('table thead th')).toHaveCount(9);
    const overflowing = await page
      .locator('table thead th')
      .evaluateAll((cells) => cells.filter((cell) => cell.scrollWidth > cell.clientWidth).map((cell) => `${cell.textContent}: ${cell.scrollWidth} > ${cell.clientWidth}`));
    expect(overflowing).toEqual([]);
  });
}

test('default collectors in Russian on a phone: the caption runs across the list, not down a one-word column', async ({ page }) => {
  await signInTo(page, '/admin/default-collectors', 'ru');
  await page.setViewportSize({ width: 390, height: 844 });
  const table = page.locator('main table').first();
  await expect(table.locator('caption')).toHaveText(m('ru', 'defaultCollectors.caption'));
  const [tableWidth, captionWidth] = await table.evaluate((t) => [t.getBoundingClientRect().width, t.querySelector('caption')!.getBoundingClientRect().width]);
  expect(captionWidth).toBeGreaterThanOrEqual(tableWidth - 1);
});

test('authenticator app in French on a phone: set up from the shown key, then a sign-in asks for the code', async ({ page, browser }) => {
  await signInTo(page, '/mfa-setup', 'fr');
  await page.setViewportSize({ width: 390, height: 844 });
  // Re-authentication first: a wrong password is refused under its field.
  const password = page.locator('main input[autocomplete="current-password"]');
  await password.fill('Wrong-password-1');
  await page.locator('main').getByRole('button').first().click();
  await expect(page.locator('main .field-invalid')).toBeVisible();
  await password.fill(who.password);
  await page.locator('main').getByRole('button').first().click();
  const secret = (await page.locator('.mfa-key').textContent())!.replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

  // A wrong code is refused in French; the app's current code turns it on.
  const code = page.locator('main input[autocomplete="one-time-code"]');
  const wrong = String((Number(totp(secret)) + 500_000) % 1_000_000).padStart(6, '0');
  await code.fill(wrong);
  await code.press('Enter');
  await expect(page.getByText(m('fr', 'validation.mfaCodeWrong'))).toBeVisible();
  const used = new Set<string>([wrong]);
  await code.fill(await freshCode(secret, used));
  await code.press('Enter');
  await expect(page.getByText(m('fr', 'mfaSetup.done'))).toBeVisible();

  // A new browser (no session): the password alone no longer signs in; the next code does.
  const fresh = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const other = await fresh.newPage();
  await useLocale(other, 'fr');
  await go(other, '/login');
  await signIn(other, who, 'fr');
  await expect(other.getByRole('heading', { name: m('fr', 'login.mfa.title') })).toBeVisible();
  const otherCode = other.locator('input[autocomplete="one-time-code"]');
  await otherCode.fill(wrong);
  await other.getByRole('button', { name: m('fr', 'login.mfa.submit') }).click();
  await expect(other.getByText(m('fr', 'validation.mfaCodeWrong'))).toBeVisible();
  await otherCode.fill(await freshCode(secret, used));
  await other.getByRole('button', { name: m('fr', 'login.mfa.submit') }).click();
  await expectSignedInShell(other, 'fr');
  await expect(other).toHaveURL(/\/dashboard$/);
  await fresh.close();
});
