import { expect, test } from '@playwright/test';
import { expectNoViolations, expectSignedInShell, go, login, m, signIn, useLocale, type Locale } from './fixtures';

/**
 * /company/webhooks in the three languages (docs/product.md, "Webhooks"): a company's user adds an
 * endpoint from the Data Flow menu, reads its secret once, sends a test event and reads the try in
 * the delivery log (a `.invalid` host: the guard's DNS refusal, tried again later), makes a new
 * secret (the old one's overlap said), then deletes it with the confirmation. Deliveries to a real
 * receiver are test/integration/webhooks.test.ts's. Screenshots at 1366 and 390 px go to the output folder.
 */
test.describe.configure({ timeout: 90_000 });

const withName = (text: string, name: string) => text.replace('{name}', name);

for (const [locale, company, width, height] of [
  ['en', 'Acme Retail', 1366, 900],
  ['fr', 'Globex Affiliates', 390, 844],
  ['ru', 'Acme Retail', 390, 844],
] as const satisfies ReadonlyArray<readonly [Locale, string, number, number]>) {
  test(`a customer adds, tests, re-keys and deletes a webhook (${locale}, ${width} px)`, async ({ page }, testInfo) => {
    await useLocale(page, locale);
    await go(page, '/login');
    await signIn(page, login('ROLE_USER', company), locale);
    await expectSignedInShell(page, locale);
    await page.setViewportSize({ width, height });
    if (width > 800) {
      await page.getByRole('button', { name: m(locale, 'nav.dataFlow') }).click();
      await page.getByRole('link', { name: m(locale, 'route.webhooks') }).click();
    } else {
      await go(page, '/company/webhooks');
    }
    await expect(page.getByRole('heading', { level: 1, name: m(locale, 'route.webhooks') })).toBeVisible();

    // An http address is refused in the language, nothing added.
    const name = `Hook ${locale} ${Date.now()}`;
    await page.getByLabel(m(locale, 'webhooks.name')).fill(name);
    await page.getByLabel(m(locale, 'webhooks.url')).fill('http://hooks.invalid/portal');
    await page.getByRole('button', { name: m(locale, 'webhooks.create') }).click();
    await expect(page.getByRole('alert').filter({ hasText: m(locale, 'validation.webhook.url') })).toBeVisible();

    await page.getByLabel(m(locale, 'webhooks.url')).fill(`https://hooks.invalid/portal/${locale}`);
    await page.getByRole('button', { name: m(locale, 'webhooks.create') }).click();
    await expect(page.getByText(withName(m(locale, 'webhooks.secretTitle'), name))).toBeVisible();
    const secret = await page.getByLabel(m(locale, 'webhooks.secret'), { exact: true }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: m(locale, 'webhooks.done') }).click();
    await expect(page.getByLabel(m(locale, 'webhooks.secret'), { exact: true })).toHaveCount(0);

    const row = page.locator('tr[data-testid^="webhook-row-"]').filter({ hasText: name });
    await row.getByRole('button', { name: withName(m(locale, 'webhooks.showLabel'), name) }).click();
    await expect(page.getByRole('heading', { name: withName(m(locale, 'webhooks.logTitle'), name) })).toBeVisible();
    await expect(page.getByText(m(locale, 'webhooks.logEmpty'))).toBeVisible();
    await page.getByRole('button', { name: m(locale, 'webhooks.sendTest') }).click();
    await expect(page.getByText(m(locale, 'webhooks.testSent'))).toBeVisible();
    const attempt = page.locator('tr[data-testid^="webhook-attempt-"]').first();
    await expect(async () => {
      await page.getByRole('button', { name: m(locale, 'webhooks.refresh') }).click();
      await expect(attempt).toContainText(m(locale, 'webhooks.error.dns'), { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await expect(attempt).toContainText(m(locale, 'webhooks.state.pending'));
    await expect(attempt).toContainText(m(locale, 'webhooks.event.webhook.test'));
    await page.screenshot({ path: testInfo.outputPath(`webhooks-${locale}-${width}.png`), fullPage: true });
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
    await expectNoViolations(page, `${locale} /company/webhooks`);

    await page.getByRole('button', { name: m(locale, 'webhooks.rotate') }).click();
    const rotate = page.getByRole('dialog', { name: withName(m(locale, 'webhooks.rotateConfirm'), name) });
    await rotate.getByRole('button', { name: m(locale, 'webhooks.rotateGo') }).click();
    await expect(page.getByText(m(locale, 'webhooks.secretOverlap'))).toBeVisible();
    const next = await page.getByLabel(m(locale, 'webhooks.secret'), { exact: true }).inputValue();
    expect(next).toMatch(/^whsec_/);
    expect(next).not.toBe(secret);
    await page.getByRole('button', { name: m(locale, 'webhooks.done') }).click();

    await row.getByRole('button', { name: withName(m(locale, 'webhooks.deleteLabel'), name) }).click();
    const dialog = page.getByRole('dialog', { name: withName(m(locale, 'webhooks.deleteConfirm'), name) });
    await expect(dialog).toContainText(m(locale, 'webhooks.deleteDescription'));
    await dialog.getByRole('button', { name: m(locale, 'webhooks.delete') }).click();
    await expect(row).toHaveCount(0);
  });
}
