import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import type { DataHealth } from '../../shared/domain/data-health';
import { createSource } from '../../functions/core/sources/sources';
import type { CompanyRecord } from '../../functions/data/companies';
import { deleteSourceWithRules } from '../../functions/data/sources';
import { putNewRule } from '../../functions/data/traffic-rules';
import { ensureCompany, ensureUser } from '../../localstack/seed';
import { expectSignedInShell, fm, go, login, m, signIn, stackEnv, useLocale, type Locale } from './fixtures';

/**
 * Screens that explain themselves (issue 29): the dashboard's health summary says which kind and
 * why, with its fix page; the status report reads as blocks on a phone; the audit shows a UTM
 * rule's source by name and its conditions in words; another company's View ID reads as a
 * conflict; every control of the main pages is at least 24 x 24 px to tap at 390 px.
 */
test.describe.configure({ timeout: 90_000 });

const stamp = Date.now();
const customer = { login: `screens-${stamp}@acme.test`, password: 'Screens-pass-123' };
let own: CompanyRecord;
const takenViewId = String(700_000_000 + (stamp % 99_999_999));

test.beforeAll(async () => {
  Object.assign(process.env, stackEnv());
  own = await ensureCompany({ name: `Screens own ${stamp}`, product: '360', country: 'FR', integrationSteps: ['google_analytics', 'sources', 'utm_rules'] });
  await ensureCompany({ name: `Screens other ${stamp}`, product: '360', country: 'FR', viewId: takenViewId });
  await ensureUser({ login: customer.login, password: customer.password, role: 'ROLE_USER', firstName: 'Sam', lastName: 'Screens', companyId: own.id });
});

async function signInAs(page: Page, who: { login: string; password: string }, locale: Locale, path: string) {
  await useLocale(page, locale);
  await go(page, `/login?redirect=${encodeURIComponent(path)}`);
  await signIn(page, who, locale);
  // On a phone the navigation is in the menu: leaving the sign-in page says the sign-in is through.
  await expect(page).not.toHaveURL(/\/login/);
  if ((page.viewportSize()?.width ?? 1280) > 600) await expectSignedInShell(page, locale);
  await expect(page.locator('main h1')).toBeVisible();
}

const HEALTH: DataHealth = {
  companyId: 'stub',
  items: [
    { kind: 'feed', status: 'failing', lastCheck: new Date().toISOString(), reason: { key: 'health.feed.failed', values: { code: 'status', http: 404 } }, history: [] },
    { kind: 'analytics-access', status: 'healthy', lastCheck: new Date().toISOString(), reason: { key: 'health.access.ok' }, history: [] },
    { kind: 'analytics-coverage', status: 'warning', lastCheck: new Date().toISOString(), reason: { key: 'health.coverage.below', values: { percent: 80 } }, history: [] },
    { kind: 'utm-linking', status: 'unknown', lastCheck: null, history: [] },
  ],
};

for (const locale of ['en', 'fr'] as const) {
  test(`the dashboard's health summary names each failing or warning kind, why, and the page that fixes it (${locale})`, async ({ page }) => {
    await page.route('**/api/data-health', (route) => route.fulfill({ json: { ...HEALTH, companyId: own.id } }));
    await signInAs(page, customer, locale, '/dashboard');
    // The dashboard's own marker of a validated integration (set by Validate in this browser).
    await page.evaluate(`localStorage.setItem(${JSON.stringify(`portal.verified.${own.id}`)}, new Date().toISOString())`);
    await page.reload();
    const card = page.locator('section.health-summary');
    const lines = card.getByRole('listitem');
    await expect(lines).toHaveCount(2);
    const sep = locale === 'fr' ? '\u00a0: ' : ': ';
    await expect(lines.nth(0)).toContainText(`${m(locale, 'dataHealth.kind.feed')}${sep}`);
    await expect(lines.nth(0)).toContainText(fm(locale, 'health.feed.failed', { code: 'status', http: 404 }));
    await expect(lines.nth(1)).toContainText(`${m(locale, 'dataHealth.kind.analytics-coverage')}${sep}`);
    await expect(card).not.toContainText(/\bhealth\.[a-z]/);
    await lines.nth(1).getByRole('link', { name: m(locale, 'dataHealth.fix.analytics-coverage') }).click();
    await expect(page).toHaveURL(/\/analytics\/custom-dimension$/);
  });
}

test('the status report on a phone: each row a block with company, step, status and health; filters like the portal’s', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, login('ROLE_ADMIN'), 'en', `/admin/integration-status?company=${own.id}`);
  const rows = page.locator('table.status-report-table tbody tr');
  await expect(rows).toHaveCount(3);
  const first = rows.first();
  await expect(first).toContainText(own.name);
  for (const label of ['Integration Step', 'Status', 'Health']) await expect(first.locator(`td[data-label="${label}"]`)).toBeVisible();
  // Every value of the row is on the screen, none beyond a sideways scroll.
  for (const cell of await first.locator('td').all()) {
    const box = (await cell.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  await expect(first.locator('td[data-label="Health"]')).toHaveText(/\S/);
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
  // The filters are the portal's selects (the same class, so the same look, as every other form).
  for (const select of await page.locator('.co-filter select').all()) await expect(select).toHaveClass(/\bselect\b/);
});

/** The audit page's own filters (the header has a company choice too): this test's company, UTM rules. */
async function filterRules(page: Page) {
  const filters = page.locator('.audit-filters');
  // Typed: the company filters once the server's matches hold the typed name.
  await filters.getByLabel(m('en', 'audit.filter.company')).fill(own.name);
  await filters.getByLabel(m('en', 'audit.filter.kind')).selectOption({ label: m('en', 'audit.kind.rule') });
}

test('the audit shows a UTM rule’s source by name and its conditions in words, the source marked once deleted', async ({ page }) => {
  const source = await createSource(own, {
    id: randomUUID(), name: 'Screens Ads', channel: 'Paid Search', businessModel: 'CPC', deduplication: 'Last Paid Click', utmSource: '', utmMedium: '', utmCampaign: '', agency: '',
  });
  const at = new Date().toISOString();
  await putNewRule({
    id: randomUUID(), companyId: own.id, sourceId: source.id, version: 1, created: at, updated: at,
    rule: [{ type: 'equal', utm: 'utmSource', value: 'google' }, { type: 'any', utm: 'utmMedium', value: '' }, { type: 'contains', utm: 'utmCampaign', value: 'brand' }],
  });
  await signInAs(page, login('ROLE_ADMIN'), 'en', '/admin/audit');
  await filterRules(page);
  const entry = page.locator('table.audit-table tbody tr').first();
  await expect(entry).toContainText('Source:  → Screens Ads');
  await expect(entry).toContainText('utm_source equals google, utm_medium any, utm_campaign contains brand');
  await expect(entry).not.toContainText(source.id);
  await expect(entry).not.toContainText('{');

  expect((await deleteSourceWithRules(own.id, source.id, source.version)).ok).toBe(true);
  await page.reload();
  await filterRules(page);
  await expect(page.locator('table.audit-table')).toContainText('Screens Ads (deleted source)');
});

for (const locale of ['en', 'fr', 'ru'] as const) {
  test(`another company’s View ID reads as a conflict in two sentences, not Access denied (${locale})`, async ({ page }) => {
    await signInAs(page, customer, locale, '/analytics/access');
    await page.getByRole('textbox', { name: new RegExp(m(locale, 'analytics.viewId').replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i') }).fill(takenViewId);
    await page.getByRole('button', { name: m(locale, 'analytics.check') }).click();
    const card = page.locator('section', { has: page.getByText(m(locale, 'analytics.viewIdConflict'), { exact: true }) });
    await expect(card).toBeVisible();
    const message = m(locale, 'validation.analytics.viewIdTaken');
    await expect(card).toContainText(message);
    // Two punctuated sentences.
    expect(message.match(/[.!?](\s|$)/g)).toHaveLength(2);
    await expect(page.getByText(m(locale, 'analytics.access.denied'), { exact: true })).toHaveCount(0);
  });
}

test('an administrator typing a View ID another company holds reads two punctuated sentences', async ({ page }) => {
  await signInAs(page, login('ROLE_ADMIN'), 'en', '/admin/companies');
  await page.getByLabel(m('en', 'companies.field.viewId')).first().fill(takenViewId);
  const warning = page.locator('.co-blocking[role="alert"]');
  await expect(warning).toHaveText(`${m('en', 'companies.warning.viewIdExists')} ${m('en', 'companies.warning.viewIdMove')}`);
  await expect(warning).toHaveText(/^[^.]+\. [^.]+\.$/);
});

/** Everything a finger may tap (WCAG 2.5.8): a link inside a sentence is exempt, as is a visually hidden input whose label is the target. */
async function smallTargets(page: Page): Promise<string[]> {
  // A string: the test's TypeScript has no DOM types (it runs in the page).
  return page.evaluate(`(() => {
    const out = [];
    for (const el of document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=switch], [role=checkbox], [tabindex]:not([tabindex="-1"])')) {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (box.width <= 1 || box.height <= 1 || style.visibility === 'hidden' || el.closest('[aria-hidden="true"]')) continue;
      const inSentence = el.tagName === 'A' && style.display === 'inline' && (el.parentElement?.textContent ?? '').trim().length > (el.textContent ?? '').trim().length;
      if (inSentence) continue;
      if (box.width < 24 || box.height < 24) out.push(el.tagName.toLowerCase() + ' "' + (el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 40) + '" ' + box.width.toFixed(1) + 'x' + box.height.toFixed(1));
    }
    return out;
  })()`);
}

const MAIN_PAGES = {
  customer: ['/dashboard', '/analytics', '/marketing/sources', '/marketing/collector', '/marketing/utm-management', '/crm/order-feed', '/data-health', '/agenda', '/user/profile'],
  admin: ['/admin/users', '/admin/companies', '/admin/integration-status', '/admin/audit', '/admin/default-collectors'],
} as const;

for (const [role, paths] of Object.entries(MAIN_PAGES)) {
  test(`every control of the main pages is at least 24 x 24 px at 390 px (${role})`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, role === 'admin' ? login('ROLE_ADMIN') : login('ROLE_USER', 'Acme Retail'), 'en', '/dashboard');
    const found: string[] = [];
    for (const path of paths) {
      await go(page, path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.locator('main h1')).toBeVisible();
      await expect(page.locator('.spinner-wrap')).toHaveCount(0);
      found.push(...(await smallTargets(page)).map((what) => `${path}: ${what}`));
    }
    expect(found).toEqual([]);
  });
}
