import { expect, test } from '@playwright/test';
import { ensureCompany, ensureUser } from '../../localstack/seed';
import { latestMailTo, linkIn } from '../support/mailbox';
import { expectSignedInShell, go, m, portalUrl, sesUrl, signIn, stackEnv } from './fixtures';

// A user of its own, so changing its password disturbs no other test.
const who = { login: `reset-${Date.now()}@acme.test`, password: 'Old-pass-123', next: 'New-pass-456' };

test.beforeAll(async () => {
  Object.assign(process.env, stackEnv());
  const company = await ensureCompany({ name: 'Acme Retail', product: '360', country: 'FR' });
  await ensureUser({ login: who.login, password: who.password, role: 'ROLE_USER', firstName: 'Rita', lastName: 'Reset', companyId: company.id });
});

test('password reset end to end, with the link read from the mail', async ({ page }) => {
  await go(page, '/login');
  await page.getByRole('link', { name: m('en', 'login.forgot') }).click();
  await expect(page).toHaveURL(/\/password-reset$/);

  const email = page.getByLabel(m('en', 'reset.request.email'));
  const send = page.getByRole('button', { name: m('en', 'reset.request.submit') });
  // Once, on a loaded machine, this first fill was lost (the field empty in the failure's
  // screenshot; not reproduced in six loaded reruns): check the field holds it before going on.
  await expect(async () => {
    await email.fill('not-an-email');
    await expect(email).toHaveValue('not-an-email', { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await email.blur();
  await expect(page.getByText(m('en', 'validation.email'))).toBeVisible();
  await expect(send).toBeDisabled();

  const since = Date.now();
  await email.fill(who.login);
  await send.click();
  await expect(page.getByText(m('en', 'reset.request.sent').replace('{email}', who.login))).toBeVisible();

  const mail = await latestMailTo(sesUrl(), who.login, { since, timeoutMs: 10_000 });
  const link = linkIn(mail, '/password-reset/');
  if (!link) throw new Error(`no reset link in the mail: ${JSON.stringify(mail)}`);
  expect(link.startsWith(portalUrl() + '/password-reset/')).toBe(true);

  await page.goto(link);
  const change = page.getByRole('button', { name: m('en', 'reset.form.submit') });
  await expect(change).toBeDisabled();
  await page.getByLabel(m('en', 'reset.form.password'), { exact: true }).fill('short');
  await expect(change).toBeDisabled();
  await page.getByLabel(m('en', 'reset.form.password'), { exact: true }).fill(who.next);
  await page.getByLabel(m('en', 'reset.form.repeat')).fill(who.next + 'x');
  await expect(page.getByText(m('en', 'validation.passwordsDoNotMatch'))).toBeVisible();
  await expect(change).toBeDisabled();
  await page.getByLabel(m('en', 'reset.form.repeat')).fill(who.next);
  await change.click();
  await expect(page.getByText(m('en', 'reset.success'))).toBeVisible();

  // The link works once.
  await page.goto(link);
  await expect(page.getByText(m('en', 'reset.invalid'))).toBeVisible();
  await expect(page.getByRole('button', { name: m('en', 'reset.tryAgain') })).toBeVisible();

  await go(page, '/password-reset/' + 'x'.repeat(43));
  await expect(page.getByText(m('en', 'reset.invalid'))).toBeVisible();
  await go(page, '/password-reset');
  await page.getByRole('link', { name: m('en', 'login.forgot') }).count(); // page renders
  await go(page, '/login');
  await signIn(page, { login: who.login, password: who.password });
  await expect(page.getByText(m('en', 'login.invalid'))).toBeVisible();
  await signIn(page, { login: who.login, password: who.next });
  await expectSignedInShell(page);
});

test('the answer is the same for an unknown account', async ({ page }) => {
  await go(page, '/password-reset');
  await page.getByLabel(m('en', 'reset.request.email')).fill('nobody-here@acme.test');
  await page.getByRole('button', { name: m('en', 'reset.request.submit') }).click();
  await expect(page.getByText(m('en', 'reset.request.sent').replace('{email}', 'nobody-here@acme.test'))).toBeVisible();
});
