import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations, expectSignedInShell, go, login, m, portalUrl, signIn, useLocale, type Locale } from './fixtures';

/**
 * The audit history in the browser (docs/product.md, "Audit history"): the admin page with its
 * filters, and the History sections of a user's and a company's edit pages showing edits made just
 * before, each field by its label in the user's language.
 */
test.describe.configure({ timeout: 60_000 });

async function asAdmin(page: Page, locale: Locale, path: string) {
  await useLocale(page, locale);
  await go(page, `/login?redirect=${encodeURIComponent(path)}`);
  await signIn(page, login('ROLE_ADMIN'), locale);
  // Signed in once the shell shows: API calls of the page's own request context need its cookie.
  await expectSignedInShell(page, locale);
}

for (const locale of ['en', 'fr', 'ru'] as const) {
  test(`the admin page lists the admin's own sign-in and filters by kind (${locale})`, async ({ page }) => {
    await asAdmin(page, locale, '/admin/audit');
    await expect(page.getByRole('heading', { level: 1, name: m(locale, 'route.adminAudit') })).toBeVisible();
    await page.getByLabel(m(locale, 'audit.filter.kind'), { exact: true }).selectOption('sign-in');
    const firstRow = page.getByRole('table').getByRole('row').nth(1);
    await expect(firstRow).toContainText(login('ROLE_ADMIN').login);
    await expect(firstRow).toContainText(`${m(locale, 'audit.kind.sign-in')} · ${m(locale, 'audit.action.signed-in')}`);
    await page.getByLabel(m(locale, 'audit.filter.kind'), { exact: true }).selectOption('translations');
    // Days typed in the language's one format (dd/mm/yyyy, dd.mm.yyyy), not a browser date input.
    const day = (d: string) => (locale === 'ru' ? d.replaceAll('/', '.') : d);
    await page.getByLabel(m(locale, 'audit.filter.from'), { exact: true }).fill(day('01/01/2000'));
    await page.getByLabel(m(locale, 'audit.filter.to'), { exact: true }).fill(day('02/01/2000'));
    await expect(page.getByText(m(locale, 'audit.empty'))).toBeVisible();
  });
}

test('the edit pages show the record’s history, newest first, each field by its label (French)', async ({ page }) => {
  const fr = (id: Parameters<typeof m>[1]) => m('fr', id);
  await asAdmin(page, 'fr', '/admin/users');
  const users = (await (await page.request.get(`${portalUrl()}/api/users?q=${encodeURIComponent(login('ROLE_USER').login)}`)).json()) as { users: Array<{ id: string; login: string; version: number; firstName: string }> };
  const target = users.users.find((u) => u.login === login('ROLE_USER').login)!;
  const name = `Audited${Date.now() % 100000}`;
  const edit = await page.request.put(`${portalUrl()}/api/users/${target.id}`, { data: { version: target.version, data: [{ field: 'firstName', value: name }] } });
  expect(edit.status()).toBe(200);
  await go(page, `/admin/users/edit/${target.id}`);
  const section = page.getByRole('region', { name: fr('audit.section.title'), exact: true });
  await expect(section).toBeVisible();
  const newest = section.getByRole('row').nth(1);
  // French typography: a no-break space before the colon (the message audit.change).
  await expect(newest).toContainText(`${fr('audit.kind.user')} · ${fr('audit.action.update')}`);
  await expect(newest).toContainText(`${fr('adminUsers.field.firstName')}\u00a0: ${target.firstName} → ${name}`);
  await expect(newest).not.toContainText('firstName');
  await expect(newest).toContainText(login('ROLE_ADMIN').login);

  // A company of its own (the seeded ones stay as other tests expect them): created, then its country changed.
  const created = await page.request.post(`${portalUrl()}/api/companies`, { data: { name: `Audit e2e ${Date.now() % 100000}`, country: 'FR', integrationSteps: ['sources'] } });
  expect(created.status()).toBe(201);
  const company = (await created.json()) as { id: string; version: number };
  expect((await page.request.put(`${portalUrl()}/api/companies/${company.id}`, { data: { version: company.version, country: 'GB' } })).status()).toBe(200);
  await go(page, `/admin/companies/edit/${company.id}`);
  const history = page.getByRole('region', { name: fr('audit.section.title'), exact: true });
  await expect(history.getByRole('row').nth(1)).toContainText(`${fr('companies.field.country')}\u00a0: FR → GB`);
  await expect(history.getByRole('row').nth(2)).toContainText(`${fr('audit.kind.company')} · ${fr('audit.action.create')}`);
  await expect(history).toContainText(`${fr('companies.field.name')}\u00a0:`);
  await expect(history).not.toContainText('country:');
});

/**
 * /company/history (docs/product.md, "The company's history"): a customer reads its company's own
 * changes in its language: its own by login, the seed's as automatic; a kind filter; no overflow on a phone.
 */
for (const [locale, company, width] of [
  ['en', 'Acme Retail', 1366],
  ['fr', 'Globex Affiliates', 390],
  ['ru', 'Acme Retail', 390],
] as const satisfies ReadonlyArray<readonly [Locale, string, number]>) {
  test(`a customer reads the company's own history (${locale}, ${width} px)`, async ({ page }, testInfo) => {
    const customer = login('ROLE_USER', company);
    await useLocale(page, locale);
    await go(page, '/login');
    await signIn(page, customer, locale);
    await expectSignedInShell(page, locale);
    const source = `History ${locale} ${Date.now() % 100000}`;
    const made = await page.request.post(`${portalUrl()}/api/collectors`, { data: { source, accessEmail: 'history@e2e.test' } });
    expect(made.status()).toBe(201);
    const collector = (await made.json()) as { id: string; version: number };
    expect((await page.request.delete(`${portalUrl()}/api/collectors/${collector.id}`, { data: { version: collector.version } })).status()).toBe(200);
    await page.setViewportSize({ width, height: 900 });
    if (width > 800) {
      await page.getByRole('button', { name: m(locale, 'nav.dataFlow') }).click();
      await page.getByRole('link', { name: m(locale, 'route.companyHistory') }).click();
    } else {
      await go(page, '/company/history');
    }
    await expect(page.getByRole('heading', { level: 1, name: m(locale, 'route.companyHistory') })).toBeVisible();
    await page.getByLabel(m(locale, 'audit.filter.kind'), { exact: true }).selectOption('collector');
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows.nth(1)).toContainText(`${m(locale, 'audit.kind.collector')} · ${m(locale, 'audit.action.delete')}`);
    await expect(rows.nth(1)).toContainText(customer.login);
    await expect(rows.nth(1)).toContainText(source);
    await expect(rows.nth(2)).toContainText(`${m(locale, 'audit.kind.collector')} · ${m(locale, 'audit.action.create')}`);
    await page.screenshot({ path: testInfo.outputPath(`company-history-${locale}-${width}.png`), fullPage: true });
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
    await expectNoViolations(page, `${locale} /company/history`);
    // The seed made the company: the platform's own work, shown as automatic, never as a login.
    await page.getByLabel(m(locale, 'audit.filter.kind'), { exact: true }).selectOption('company');
    await expect(rows.last()).toContainText(m(locale, 'audit.who.system'));
    await expect(page.getByRole('table')).not.toContainText('system');
  });
}
