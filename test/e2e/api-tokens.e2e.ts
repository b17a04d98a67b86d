import { expect, test } from '@playwright/test';
import { expectNoViolations, expectSignedInShell, go, login, m, portalUrl, signIn, useLocale, type Locale } from './fixtures';

/**
 * /company/api-tokens in the three languages (docs/auth.md, "API tokens"): a company's user makes
 * a token from the Data Flow menu, reads its secret once, the secret reads the company's sources
 * over `Authorization: Bearer`, then revokes it with the confirmation and the secret stops working.
 * Screenshots at 1366 and 390 px go to the test's output folder.
 */
test.describe.configure({ timeout: 60_000 });

const withName = (text: string, name: string) => text.replace('{name}', name);

const bearerGet = (secret: string, path: string) => fetch(`${portalUrl()}${path}`, { headers: { authorization: `Bearer ${secret}` } });

for (const [locale, company, width, height] of [
  ['en', 'Acme Retail', 1366, 900],
  ['fr', 'Globex Affiliates', 390, 844],
  ['ru', 'Acme Retail', 390, 844],
] as const satisfies ReadonlyArray<readonly [Locale, string, number, number]>) {
  test(`a customer makes, uses and revokes an API token (${locale}, ${width} px)`, async ({ page }, testInfo) => {
    await useLocale(page, locale);
    await go(page, '/login');
    await signIn(page, login('ROLE_USER', company), locale);
    await expectSignedInShell(page, locale);
    await page.setViewportSize({ width, height });
    if (width > 800) {
      await page.getByRole('button', { name: m(locale, 'nav.dataFlow') }).click();
      await page.getByRole('link', { name: m(locale, 'route.apiTokens') }).click();
    } else {
      await go(page, '/company/api-tokens');
    }
    await expect(page.getByRole('heading', { level: 1, name: m(locale, 'route.apiTokens') })).toBeVisible();

    // A name is required: said in the language, nothing made.
    await page.getByRole('button', { name: m(locale, 'apiTokens.create') }).click();
    await expect(page.getByRole('alert').filter({ hasText: m(locale, 'validation.required') })).toBeVisible();

    const name = `BI ${locale} ${Date.now()}`;
    await page.getByLabel(m(locale, 'apiTokens.name')).fill(name);
    await page.getByLabel(m(locale, 'apiTokens.lifetime')).selectOption('30');
    await page.getByRole('button', { name: m(locale, 'apiTokens.create') }).click();
    await expect(page.getByText(withName(m(locale, 'apiTokens.createdTitle'), name))).toBeVisible();
    const secret = await page.getByLabel(m(locale, 'apiTokens.secret'), { exact: true }).inputValue();
    expect(secret).toMatch(/^pt1\./);
    const row = page.locator('tr[data-testid^="api-token-row-"]').filter({ hasText: name });
    await expect(row).toContainText(m(locale, 'apiTokens.neverUsed'));
    await page.screenshot({ path: testInfo.outputPath(`api-tokens-${locale}-${width}.png`), fullPage: true });
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
    await expectNoViolations(page, `${locale} /company/api-tokens`);

    // The secret reads the company's data, nothing else.
    expect((await bearerGet(secret, '/api/sources')).status).toBe(200);
    expect((await bearerGet(secret, '/api/users/current')).status).toBe(403);

    // Once copied, the secret leaves the page for good.
    await page.getByRole('button', { name: m(locale, 'apiTokens.done') }).click();
    await expect(page.getByLabel(m(locale, 'apiTokens.secret'), { exact: true })).toHaveCount(0);
    await page.reload();
    await expect(row).toBeVisible();
    await expect(page.locator('main')).not.toContainText(secret.split('.')[3]!);

    await row.getByRole('button', { name: withName(m(locale, 'apiTokens.revokeLabel'), name) }).click();
    const dialog = page.getByRole('dialog', { name: withName(m(locale, 'apiTokens.revokeConfirm'), name) });
    await expect(dialog).toContainText(m(locale, 'apiTokens.revokeDescription'));
    await dialog.getByRole('button', { name: m(locale, 'apiTokens.revoke') }).click();
    await expect(row).toHaveCount(0);
    expect((await bearerGet(secret, '/api/sources')).status).toBe(401);
  });
}
