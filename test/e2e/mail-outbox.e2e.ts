import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { claimDelivery, recordDelivery, settleDelivery } from '../../functions/data/outbox';
import { mailsTo } from '../support/mailbox';
import { expectNoViolations, expectSignedInShell, go, login, m, sesUrl, signIn, stackEnv, useLocale, type Locale } from './fixtures';

/**
 * The back office's mail page (docs/reliability.md, "Mail"): a mail the outbox gave up on is
 * listed with its tries and last error, in the user's language, and "Send again" sends it (the
 * mail reaches SES; the row leaves the failed list).
 */
test.describe.configure({ timeout: 60_000 });

/** A dead delivery, made through the outbox's repository as the dispatcher leaves one after its last try. */
async function deadMail(recipient: string): Promise<void> {
  Object.assign(process.env, stackEnv());
  const id = randomUUID();
  const at = new Date().toISOString();
  const data = { user_firstname: 'Eve', url_integration: 'http://127.0.0.1/dashboard', step_name: 'Collector', company_name: 'Outbox e2e', remark: '' };
  await recordDelivery({ id, kind: 'mail', recipient, topic: 'step-notification', payload: { to: recipient, template: 'step-notification', data }, cause: 'e2e' }, at);
  const claimed = (await claimDelivery(id, at, at))!;
  await settleDelivery(id, claimed.attempts, { outcome: 'dead', at, error: 'TimeoutError: SES did not answer' });
}

async function asAdmin(page: Page, locale: Locale) {
  await useLocale(page, locale);
  await go(page, `/login?redirect=${encodeURIComponent('/admin/mail')}`);
  await signIn(page, login('ROLE_ADMIN'), locale);
  await expectSignedInShell(page, locale);
}

for (const locale of ['en', 'fr', 'ru'] as const) {
  test(`a failed mail is listed and sent again (${locale})`, async ({ page }) => {
    const recipient = `dead-${locale}-${randomUUID().slice(0, 8)}@it.portal.test`;
    await deadMail(recipient);
    await asAdmin(page, locale);
    await expect(page.getByRole('heading', { level: 1, name: m(locale, 'route.adminMail') })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: recipient });
    await expect(row).toBeVisible();
    await expect(row).toContainText(m(locale, 'adminMail.template.stepNotification'));
    await expect(row).toContainText('TimeoutError: SES did not answer');
    await expectNoViolations(page, `mail page ${locale}`);

    await row.getByRole('button', { name: m(locale, 'adminMail.resend') }).click();
    await expect(row).toHaveCount(0);
    // The outcome speaks the language, never a message id.
    await expect(page.getByRole('status').filter({ hasText: recipient })).toContainText(m(locale, 'adminMail.resent').replace('{recipient}', recipient));
    await expect.poll(async () => (await mailsTo(sesUrl(), recipient)).length).toBe(1);

    await page.getByRole('button', { name: m(locale, 'adminMail.state.pending') }).click();
    const pending = page.getByRole('button', { name: m(locale, 'adminMail.state.pending') });
    await expect(pending).toHaveAttribute('aria-pressed', 'true');
    // The chosen state reads as chosen to the eye too: it is drawn unlike the other button.
    // The test's TypeScript has no DOM types: the page's getComputedStyle is typed here for the one use.
    type Styles = { getComputedStyle(el: unknown): { backgroundColor: string } };
    const background = (name: string) => page.getByRole('button', { name }).evaluate((el) => (globalThis as unknown as Styles).getComputedStyle(el).backgroundColor);
    expect(await background(m(locale, 'adminMail.state.pending'))).not.toBe(await background(m(locale, 'adminMail.state.dead')));
    await page.screenshot({ path: `test-results/mail-outbox-${locale}.png`, fullPage: true });
  });
}
