import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createSource } from '../../functions/core/sources/sources';
import type { CompanyRecord } from '../../functions/data/companies';
import { putTraffic } from '../../functions/data/traffic';
import { putNewRule } from '../../functions/data/traffic-rules';
import { ensureCompany, ensureUser } from '../../localstack/seed';
import { mailsTo } from '../support/mailbox';
import { expectSignedInShell, go, m, sesUrl, signIn, stackEnv, useLocale, type Locale } from './fixtures';

/**
 * The UTM page's journey on a company of its own whose integration includes utm_rules: search a
 * draft rule, create it, see its traffic linked, link the rest from a suggestion (the step
 * completes, one team mail), delete a rule after its confirmation; axe in the three languages.
 */
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const who = { login: `utm-${Date.now()}@acme.test`, password: 'Utm-journey-123' };
let company: CompanyRecord;

test.beforeAll(async () => {
  Object.assign(process.env, stackEnv());
  company = await ensureCompany({ name: `UTM journey ${Date.now()}`, product: '360', country: 'FR', integrationSteps: ['sources', 'utm_rules'] });
  await putTraffic(company.id, [
    { utmSource: 'google', utmMedium: 'cpc', utmCampaign: 'brand', sessions: 1500 },
    { utmSource: 'Google', utmMedium: 'CPC', utmCampaign: 'generic', sessions: 300 },
    { utmSource: 'newsletter', utmMedium: 'email', utmCampaign: 'june', sessions: 1040 },
  ]);
  const source = { channel: 'Paid Search', businessModel: 'CPC', deduplication: 'Last Paid Click', utmSource: '', utmMedium: '', utmCampaign: '', agency: '' } as const;
  await createSource(company, { id: randomUUID(), name: 'Google Ads', ...source });
  await createSource(company, { id: randomUUID(), name: 'Newsletter', ...source, channel: 'Email', businessModel: 'Free' });
  await ensureUser({ login: who.login, password: who.password, role: 'ROLE_USER', firstName: 'Uma', lastName: 'Utm', companyId: company.id });
});

async function open(page: Page, locale: Locale = 'en', user: { login: string; password: string } = who) {
  await useLocale(page, locale);
  await go(page, `/login?redirect=${encodeURIComponent('/marketing/utm-management')}`);
  await signIn(page, user, locale);
  await expectSignedInShell(page, locale);
  await expect(page.locator('main h1')).toHaveText(m(locale, 'route.utmManagement'));
  await expect(page.locator('.spinner-wrap')).toHaveCount(0);
}

const row = (page: Page, locale: Locale, dimension: 'utmSource' | 'utmMedium' | 'utmCampaign') => {
  const name = m(locale, `utm.dimension.${dimension}`);
  return {
    type: page.getByRole('combobox', { name: m(locale, 'utm.form.typeOf').replace('{dimension}', name) }),
    value: page.getByRole('textbox', { name: m(locale, 'utm.form.valueOf').replace('{dimension}', name) }),
  };
};

test('a customer searches a draft rule, creates it, links the rest from a suggestion and deletes a rule', async ({ page }) => {
  await open(page);
  const status = page.locator('.utm-side .card').first();
  await expect(status).toContainText('Unlinked UTM combinations');
  await expect(status).toContainText('3 UTM combinations of 3 not linked');
  await expect(status).toContainText('2,840 of 2,840 sessions not linked');

  const create = page.getByRole('button', { name: 'Create', exact: true });
  const search = page.getByRole('button', { name: 'Search', exact: true });
  const source = row(page, 'en', 'utmSource');
  await expect(create).toBeDisabled();
  await expect(source.value).toBeDisabled();
  await expect(source.value).toHaveAttribute('placeholder', 'google');

  // The draft: utm source equal GOOGLE (any case) links both google rows.
  await source.type.selectOption('equal');
  await source.value.fill('GOOGLE');
  await expect(create).toBeDisabled(); // no source yet
  await search.click();
  await expect(page.getByText('This rule would link 2 UTM combinations (1,800 sessions)')).toBeVisible();
  await page.getByLabel('Source', { exact: true }).selectOption({ label: 'Google Ads' });
  await expect(create).toBeEnabled();
  await create.click();

  // Reset to 'any' with empty values; the rule is listed; its traffic is no longer unlinked.
  await expect(source.type).toHaveValue('any');
  await expect(source.value).toHaveValue('');
  await expect(source.value).toBeDisabled();
  const rules = page.locator('.card', { has: page.getByRole('heading', { name: 'UTM rules', exact: true }) }).locator('table');
  await expect(rules.getByRole('row')).toHaveCount(2);
  await expect(rules).toContainText('Google Ads');
  await expect(rules).toContainText('equal GOOGLE'); // the quotes are the <q> element's
  await expect(status).toContainText('1 UTM combination of 3 not linked');
  const traffic = page.locator('.card', { has: page.getByRole('heading', { name: 'Unlinked traffic' }) });
  await expect(traffic.locator('tbody tr')).toHaveCount(1);
  await expect(traffic.locator('tbody tr')).toContainText('newsletter');

  // The suggestion fills the form; choosing the source and creating links the last combination.
  await page.getByRole('button', { name: 'Use a rule for newsletter / email / june' }).first().click();
  await expect(source.type).toHaveValue('equal');
  await expect(source.value).toHaveValue('newsletter');
  await expect(row(page, 'en', 'utmCampaign').value).toHaveValue('june');
  await page.getByLabel('Source', { exact: true }).selectOption({ label: 'Newsletter' });
  await create.click();
  await expect(status).toContainText('Stage completed');
  await expect(traffic).toContainText('All your traffic is linked to a source.');
  await expect.poll(async () => (await mailsTo(sesUrl(), stackEnv().INTEGRATION_MAILBOX ?? '')).filter((mail) => mail.subject.includes(company.name)).length).toBe(1);

  // Delete the Google Ads rule, after the confirmation: its UTMs are unlinked again.
  await rules.getByRole('button', { name: 'Delete the rule of Google Ads' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this UTM rule?' });
  await expect(dialog).toContainText('Deleting a UTM rule unlinks its UTMs.');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await expect(rules.getByRole('row')).toHaveCount(2);
  await expect(rules).not.toContainText('Google Ads');
  await expect(traffic.locator('tbody tr')).toHaveCount(2);
  await expect(status).toContainText('2 UTM combinations of 3 not linked');
});

for (const locale of ['en', 'fr', 'ru'] as Locale[]) {
  test(`the UTM page has no axe violations (${locale}), search results and dialog included`, async ({ page }) => {
    await open(page, locale);
    await row(page, locale, 'utmMedium').type.selectOption('contains');
    await row(page, locale, 'utmMedium').value.fill('c');
    await page.getByRole('button', { name: m(locale, 'utm.form.search'), exact: true }).click();
    await expect(page.locator('.utm-search table')).toBeVisible();
    await page.getByRole('checkbox').check();
    const check = async (label: string) => {
      const result = await new AxeBuilder({ page, axeSource })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
        .analyze();
      expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), label).toEqual([]);
    };
    await check(`${locale} page`);
    await page.locator('.card', { has: page.getByRole('heading', { name: m(locale, 'utm.rules.title'), exact: true }) }).getByRole('button').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await check(`${locale} dialog`);
  });
}

test.describe('a rule whose traffic another source links already', () => {
  const them = { login: `utm-overlap-${Date.now()}@acme.test`, password: 'Utm-overlap-123' };
  test.beforeAll(async () => {
    const other = await ensureCompany({ name: `UTM overlap ${Date.now()}`, product: '360', country: 'FR', integrationSteps: ['sources', 'utm_rules'] });
    await putTraffic(other.id, [
      { utmSource: 'google', utmMedium: 'cpc', utmCampaign: 'brand', sessions: 1500 },
      { utmSource: 'google', utmMedium: 'cpc', utmCampaign: 'brand_fr', sessions: 620 },
      { utmSource: 'google', utmMedium: 'cpc', utmCampaign: 'generic', sessions: 300 },
      { utmSource: 'bing', utmMedium: 'cpc', utmCampaign: 'brand', sessions: 80 },
    ]);
    const fields = { channel: 'Paid Search', businessModel: 'CPC', deduplication: 'Last Paid Click', utmSource: '', utmMedium: '', utmCampaign: '', agency: '' } as const;
    await createSource(other, { id: randomUUID(), name: 'Google Ads', ...fields });
    const brand = await createSource(other, { id: randomUUID(), name: 'Brand Search', ...fields });
    const at = new Date().toISOString();
    await putNewRule({
      id: randomUUID(), companyId: other.id, sourceId: brand.id, version: 1, created: at, updated: at,
      rule: [{ type: 'any', utm: 'utmSource', value: '' }, { type: 'any', utm: 'utmMedium', value: '' }, { type: 'contains', utm: 'utmCampaign', value: 'brand' }],
    });
    await ensureUser({ login: them.login, password: them.password, role: 'ROLE_USER', firstName: 'Olga', lastName: 'Overlap', companyId: other.id });
  });

  for (const locale of ['en', 'ru'] as Locale[]) {
    test(`the page shows before saving which traffic would be linked to two sources (${locale}); Cancel keeps the form, Create anyway saves`, async ({ page }) => {
      await useLocale(page, locale);
      await go(page, `/login?redirect=${encodeURIComponent('/marketing/utm-management')}`);
      await signIn(page, them, locale);
      await expect(page.locator('.spinner-wrap')).toHaveCount(0);
      const rules = page.locator('.card', { has: page.getByRole('heading', { name: m(locale, 'utm.rules.title'), exact: true }) }).locator('tbody tr');
      await expect(rules).toHaveCount(1);
      await page.getByLabel(m(locale, 'utm.form.source'), { exact: true }).selectOption({ label: 'Google Ads' });
      const source = row(page, locale, 'utmSource');
      await source.type.selectOption('equal');
      await source.value.fill('Google');
      await page.getByRole('button', { name: m(locale, 'utm.form.create'), exact: true }).click();

      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog.getByTestId('utm-overlap-row')).toHaveCount(2); // google/cpc/generic is linked to no other source
      await expect(dialog.getByTestId('utm-overlap-row').first()).toContainText('google / cpc / brand');
      await expect(dialog.getByTestId('utm-overlap-row').first()).toContainText('Brand Search');
      await expect(dialog.getByTestId('utm-overlap-row').nth(1)).toContainText('brand_fr');
      if (locale === 'en') {
        await expect(dialog.getByRole('heading')).toHaveText('2 traffic combinations would be linked to two sources');
        const result = await new AxeBuilder({ page, axeSource }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
        expect(result.violations.map((v) => v.id)).toEqual([]);
      }
      for (const width of [1366, 390]) {
        await page.setViewportSize({ width, height: width > 600 ? 800 : 844 });
        await page.screenshot({ path: `test-results/screens/utm-overlap-${locale}-${width}.png` });
      }
      await page.setViewportSize({ width: 1366, height: 800 });

      // Cancel: nothing saved, the draft is kept.
      await dialog.getByRole('button', { name: m(locale, 'confirmDialog.cancel') }).click();
      await expect(dialog).toBeHidden();
      await expect(source.value).toHaveValue('Google');
      await expect(rules).toHaveCount(1);

      // Create anyway: saved with the overlap accepted; the form starts again.
      await page.getByRole('button', { name: m(locale, 'utm.form.create'), exact: true }).click();
      await dialog.getByRole('button', { name: m(locale, 'utm.overlap.confirm') }).click();
      await expect(dialog).toBeHidden();
      await expect(rules).toHaveCount(2);
      await expect(source.value).toHaveValue('');

      // The same rule again is refused before anything is sent, naming the source that has it.
      await page.getByLabel(m(locale, 'utm.form.source'), { exact: true }).selectOption({ label: 'Brand Search' });
      await source.type.selectOption('equal');
      await source.value.fill(' GOOGLE ');
      await page.getByRole('button', { name: m(locale, 'utm.form.create'), exact: true }).click();
      await expect(page.getByText(m(locale, 'utm.duplicate.text').replace('{source}', 'Google Ads'))).toBeVisible();
      await expect(rules).toHaveCount(2);
      // Leave the company as the next language's run expects it.
      await rules.filter({ hasText: 'Google Ads' }).getByRole('button').click();
      await page.getByRole('dialog').getByRole('button', { name: m(locale, 'confirmDialog.delete') }).click();
      await expect(rules).toHaveCount(1);
    });
  }
});

test.describe('the traffic import card (issue 29: a company created with its View ID)', () => {
  const importer = { login: `utm-import-${Date.now()}@acme.test`, password: 'Utm-import-123' };
  // A sandbox property of its own, read as 100001 (6 UTM combinations).
  const viewId = `100001${String(Date.now() % 10_000_000).padStart(7, '0')}`;
  test.beforeAll(async () => {
    Object.assign(process.env, stackEnv());
    const imported = await ensureCompany({ name: `UTM import ${Date.now()}`, product: '360', country: 'FR', viewId, integrationSteps: ['utm_rules'] });
    await ensureUser({ login: importer.login, password: importer.password, role: 'ROLE_USER', firstName: 'Ivo', lastName: 'Import', companyId: imported.id });
  });

  test('"Import now" imports the stored property and says when', async ({ page }) => {
    await open(page, 'en', importer);
    const card = page.locator('.card', { has: page.getByRole('heading', { name: 'Traffic import' }) });
    await expect(card).toContainText(`Not imported yet from property ${viewId}`);
    await expect(page.getByText('No traffic has been imported from your analytics tool yet.')).toBeVisible();
    await card.getByRole('button', { name: 'Import now' }).click();
    await expect(card).toContainText('Imported: 6 UTM combinations.');
    await expect(card.locator('.utm-import-last')).toHaveText(new RegExp(`^Last import: \\d\\d/\\d\\d/\\d{4} \\d\\d:\\d\\d, 6 combinations from property ${viewId}$`));
    await expect(page.locator('.utm-side .card').first()).toContainText('6 UTM combinations of 6 not linked');
  });

  test('in French: the last import in the French format, and "Importer à nouveau"', async ({ page }) => {
    await open(page, 'fr', importer);
    const carte = page.locator('.card', { has: page.getByRole('heading', { name: 'Import du trafic' }) });
    await expect(carte.locator('.utm-import-last')).toHaveText(new RegExp(`^Dernier import\u00a0: \\d\\d/\\d\\d/\\d{4} \\d\\d:\\d\\d, 6 combinaisons de la propriété ${viewId}$`));
    await carte.getByRole('button', { name: 'Importer à nouveau' }).click();
    await expect(carte).toContainText('Importé\u00a0: 6 combinaisons UTM.');
  });
});
