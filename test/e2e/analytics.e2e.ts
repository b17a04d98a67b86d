import { expect, request, test, type Page } from '@playwright/test';
import { SANDBOX_DENIED_MESSAGE, SANDBOX_PROPERTIES } from '../../functions/core/analytics/sandbox-provider';
import { expectSignedInShell, go, login, m, portalUrl, signIn, useLocale, type Locale, expectNoViolations } from './fixtures';

/**
 * The Google Analytics verification pages in the browser, over the local stack's SANDBOX
 * provider (property ids of functions/core/analytics/sandbox-provider.ts, docs/analytics.md).
 * An administrator creates a company whose steps include ga_access and ga_dimension and works
 * on it: the field rules, a denied run, a low-coverage run, then a granted and set-up-well run
 * that completes both steps on the dashboard. Serial: each run builds on the company's state.
 */
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const COMPANY = 'Analytics Sandbox Co';
/** A company with the default step list: google_analytics but none of the hidden ga_* steps. */
const DEFAULT_STEPS_COMPANY = 'Analytics Default Steps Co';
const COMPANY_STEPS: Record<string, string[]> = {
  [COMPANY]: ['google_analytics', 'ga_access', 'ga_dimension', 'sources'],
  [DEFAULT_STEPS_COMPANY]: ['google_analytics', 'sources', 'collector', 'status_feed'],
};

// The next files see the seed's companies only (sorted lists, the admin's current company): the
// deletion also sends the administrator back to the default company.
test.afterAll(async () => {
  const api = await request.newContext({ baseURL: portalUrl() });
  const admin = login('ROLE_ADMIN');
  await api.post('/api/security/login', { data: { username: admin.login, password: admin.password } });
  // Every page of the companies list (it is paged by the server).
  const companies = (await Promise.all(Object.keys(COMPANY_STEPS).map(async (name) => ((await (await api.get(`/api/companies?q=${encodeURIComponent(name)}`)).json()) as { companies: Array<{ id: string; name: string; version: number }> }).companies))).flat();
  for (const ours of companies.filter((c) => c.name in COMPANY_STEPS)) {
    expect((await api.delete(`/api/companies/${ours.id}`, { data: { version: ours.version } })).status()).toBe(200);
  }
  await api.dispose();
});

/** Signs the administrator in on the analytics company (created on first use). */
async function openAs(page: Page, path: string, locale: Locale = 'en', name = COMPANY) {
  await useLocale(page, locale);
  await go(page, '/login');
  await signIn(page, login('ROLE_ADMIN'), locale);
  await expectSignedInShell(page, locale);
  const companies = ((await (await page.request.get(`${portalUrl()}/api/companies?q=${encodeURIComponent(name)}`)).json()) as { companies: Array<{ id: string; name: string }> }).companies;
  let company = companies.find((c) => c.name === name);
  if (!company) {
    const created = await page.request.post(`${portalUrl()}/api/companies`, {
      data: { name, product: '360', country: 'FR', integrationSteps: COMPANY_STEPS[name] },
    });
    expect(created.status(), await created.text()).toBe(201);
    company = (await created.json()) as { id: string; name: string };
  }
  const switched = await page.request.post(`${portalUrl()}/api/users/change-current-company`, { data: { company: company.id } });
  expect(switched.status(), await switched.text()).toBe(200);
  await go(page, path);
  await expect(page.locator('main h1')).toBeVisible();
  await expect(page.locator('.spinner-wrap')).toHaveCount(0);
}

/**
 * The sandbox's properties never change their coverage, so a company moves to another property to
 * be set up well; only an administrator moves a stored View ID (docs/analytics.md, "Which resource
 * a check is about"): the admin company edit, as the companies page sends it.
 */
async function moveViewId(page: Page, viewId: string) {
  const current = (await (await page.request.get(`${portalUrl()}/api/users/find-current-company`)).json()) as { id: string; version: number };
  const moved = await page.request.put(`${portalUrl()}/api/companies/${current.id}`, { data: { version: current.version, viewId } });
  expect(moved.status(), await moved.text()).toBe(200);
}

const t = (locale: Locale) => (id: Parameters<typeof m>[1]) => m(locale, id);
const statusCard = (page: Page, label: string) => page.locator('section.step-card-status', { has: page.locator('.eyebrow', { hasText: label }) });

async function runCheck(page: Page, viewId: string, dimension: string, locale: Locale = 'en') {
  const say = t(locale);
  await page.getByLabel(say('analytics.viewId'), { exact: true }).fill(viewId);
  await page.getByLabel(say('analytics.dimension'), { exact: true }).fill(dimension);
  await page.getByRole('button', { name: say('analytics.check'), exact: true }).click();
  await expect(page.getByRole('button', { name: say('analytics.check'), exact: true })).toBeEnabled({ timeout: 20_000 });
}

test('field rules: Check disabled per the spec, Verification Type switches', async ({ page }) => {
  await openAs(page, '/analytics');
  const say = t('en');
  const check = page.getByRole('button', { name: say('analytics.check'), exact: true });
  const viewId = page.getByLabel(say('analytics.viewId'), { exact: true });
  const dimension = page.getByLabel(say('analytics.dimension'), { exact: true });
  const method = page.getByLabel(say('analytics.method'), { exact: true });
  const action = page.getByLabel(say('analytics.eventAction'), { exact: true });
  const both = page.getByRole('radio', { name: say('analytics.type.accessdimension') });
  const accessOnly = page.getByRole('radio', { name: say('analytics.type.access') });

  await expect(both).toBeChecked();
  await expect(check).toBeDisabled();
  await viewId.fill('1000');
  await dimension.fill('1');
  await expect(check).toBeDisabled();
  await viewId.fill('10000');
  await expect(check).toBeEnabled();
  await dimension.fill('');
  await expect(check).toBeDisabled();
  await dimension.fill('1');

  await expect(action).toBeDisabled();
  await method.selectOption('events');
  await expect(action).toBeEnabled();
  await expect(check).toBeDisabled();
  await action.fill('purchase');
  await expect(check).toBeEnabled();

  await accessOnly.check();
  await expect(method).toBeDisabled();
  await expect(action).toBeDisabled();
  await dimension.fill('');
  await expect(check).toBeEnabled();
  await expect(statusCard(page, say('analytics.status.dimension'))).toHaveCount(0);
  await dimension.pressSequentially('2');
  await expect(both).toBeChecked();
  await expect(method).toBeEnabled();
  await expect(action).toBeEnabled();
});

test('a denied property: Access Denied with Google’s message, no dimension check', async ({ page }) => {
  await openAs(page, '/analytics');
  const say = t('en');
  await runCheck(page, SANDBOX_PROPERTIES.denied, '1');
  const access = statusCard(page, say('analytics.status.access'));
  await expect(access.getByRole('status')).toHaveText(say('analytics.access.denied'));
  await expect(access).toContainText(SANDBOX_DENIED_MESSAGE);
  await expect(access).toContainText(say('analytics.access.followInstructions'));
  await expect(statusCard(page, say('analytics.status.dimension')).getByRole('status')).toHaveText(say('analytics.dimension.todo'));
  await expect(page.locator('.analytics-report')).toHaveCount(0);
  await expectNoViolations(page, '/analytics denied');
});

test('low coverage: access granted and its traffic imported, the dimension almost there, axe clean with the report open', async ({ page }) => {
  await openAs(page, '/analytics');
  const say = t('en');
  await runCheck(page, SANDBOX_PROPERTIES.low, '1');
  const access = statusCard(page, say('analytics.status.access'));
  await expect(access.getByRole('status')).toHaveText(say('analytics.access.granted'));
  await expect(access).toContainText('3 UTM combinations of the last 30 days were imported.');
  await expect(access.getByRole('link', { name: say('analytics.importedLink') })).toHaveAttribute('href', '/marketing/utm-management');
  const dimension = statusCard(page, say('analytics.status.dimension'));
  await expect(dimension.getByRole('status')).toHaveText(say('analytics.dimension.low'));
  const report = page.locator('.analytics-report');
  await expect(report).toContainText('Dimension 1: client_id');
  await expect(report.locator('.analytics-figure-warning')).toContainText('70%');
  await expect(report.locator('.analytics-figure-warning')).toContainText('7,000 of 10,000 with the dimension set');
  await expect(report.locator('.analytics-figure-danger')).toContainText('50%');
  await expect(report.locator('.analytics-figure-danger')).toContainText('100 of 200 with the dimension set');
  await expectNoViolations(page, '/analytics low');

  // The imported traffic is on the UTM page.
  await page.getByRole('link', { name: say('analytics.importedLink') }).click();
  await expect(page.getByRole('cell', { name: 'partner_x', exact: true }).first()).toBeVisible();
});

test('granted and set up well: both steps completed on the dashboard', async ({ page }) => {
  await openAs(page, '/analytics');
  const say = t('en');
  // Access was completed by the low-coverage run; the dimension is still to be done.
  const steps = async () =>
    ((await (await page.request.get(`${portalUrl()}/api/integration-status`)).json()) as { steps: Array<{ stepType: string; status: string }> }).steps;
  const status = (list: Array<{ stepType: string; status: string }>, type: string) => list.find((s) => s.stepType === type)?.status;
  const before = await steps();
  expect([status(before, 'ga_access'), status(before, 'ga_dimension')]).toEqual(['done', 'TBD']);
  // 100001 itself is the seed's Acme Retail's: a property of its own read as 100001.
  const setUpWell = `${SANDBOX_PROPERTIES.success}7303`;
  await moveViewId(page, setUpWell);
  await go(page, '/analytics');
  await expect(page.locator('.spinner-wrap')).toHaveCount(0);
  await runCheck(page, setUpWell, '1');
  const dimension = statusCard(page, say('analytics.status.dimension'));
  await expect(dimension.getByRole('status')).toHaveText(say('analytics.dimension.success'));
  await expect(page.locator('.analytics-figure-success')).toHaveCount(2);
  // Access done and the dimension set up well: no separate access card any more.
  await expect(statusCard(page, say('analytics.status.access'))).toHaveCount(0);

  await dimension.getByRole('link', { name: say('analytics.backToDashboard') }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const step = (name: string) => page.locator('li.step-card', { has: page.getByRole('heading', { level: 3, name, exact: true }) });
  await expect(step(m('en', 'step.name.ga_access')).locator('.badge')).toHaveText(m('en', 'step.status.done'));
  await expect(step(m('en', 'step.name.ga_dimension')).locator('.badge')).toHaveText(m('en', 'step.status.done'));

  // Back on the single-purpose pages: Stage Completed until a new check.
  await go(page, '/analytics/access');
  await expect(statusCard(page, say('analytics.status.access')).getByRole('status')).toHaveText(say('analytics.access.completed'));
  await go(page, '/analytics/custom-dimension');
  await expect(statusCard(page, say('analytics.status.dimension')).getByRole('status')).toHaveText(say('analytics.dimension.completed'));
});

test('events and non-standard values: labels collapsible, the first ten values listed', async ({ page }) => {
  await openAs(page, '/analytics/custom-dimension');
  const say = t('en');
  await page.getByLabel(say('analytics.method'), { exact: true }).selectOption('events');
  await page.getByLabel(say('analytics.eventAction'), { exact: true }).fill('purchase');
  await runCheck(page, SANDBOX_PROPERTIES.nonStandard, '1');
  await expect(statusCard(page, say('analytics.status.dimension')).getByRole('status')).toHaveText(say('analytics.dimension.success'));
  // Not the company's stored property: its report, and the page says the step is not changed.
  await expect(page.getByText(`This is not your company’s View ID, which is ${SANDBOX_PROPERTIES.success}7303: the step is not changed`)).toBeVisible();
  const report = page.locator('.analytics-report');
  await expect(report).toContainText(/100 events named purchase, \d+ distinct values of the dimension\./);
  const details = report.locator('details');
  await expect(details.locator('table')).toBeHidden();
  await details.locator('summary').click();
  await expect(details.locator('tbody tr').first()).toBeVisible();
  await expect(report.locator('.callout-warning')).toContainText('12 values are not in the standard format');
  await expect(report.locator('.callout-warning tbody tr')).toHaveCount(10);
  await expectNoViolations(page, '/analytics/custom-dimension events report');
});

test('the low-coverage run in Russian', async ({ page }) => {
  await openAs(page, '/analytics', 'ru');
  const say = t('ru');
  await runCheck(page, SANDBOX_PROPERTIES.low, '1', 'ru');
  await expect(statusCard(page, say('analytics.status.dimension')).getByRole('status')).toHaveText(say('analytics.dimension.low'));
  await expect(page.locator('.analytics-figure-warning .analytics-figure-percent')).toHaveText(/^70\s%$/);
  await expectNoViolations(page, '/analytics low (ru)');
});

test('a company without the hidden steps: the pages opened later say what the checks found, as the dashboard does', async ({ page }) => {
  // Each test company owns its property (sandbox ids 100001nnnn read as 100001): another's is refused.
  const viewId = `${SANDBOX_PROPERTIES.low}7302`;
  await openAs(page, '/analytics', 'en', DEFAULT_STEPS_COMPANY);
  const say = t('en');
  await runCheck(page, viewId, '1');
  await expect(statusCard(page, say('analytics.status.dimension')).getByRole('status')).toHaveText(say('analytics.dimension.low'));

  // Low coverage: the Google Analytics step stays to do; the pages show the last checks, with their time.
  await go(page, '/analytics/access');
  const access = statusCard(page, say('analytics.status.access'));
  await expect(access.getByRole('status')).toHaveText(say('analytics.access.granted'));
  await expect(access).toContainText(/Last check: \d\d\/\d\d\/\d{4} \d\d:\d\d\./);
  await go(page, '/analytics/custom-dimension');
  await expect(statusCard(page, say('analytics.status.dimension')).getByRole('status')).toHaveText(say('analytics.dimension.low'));

  // Set up well: the dashboard's Google Analytics step is done, and every analytics page says Stage Completed.
  await moveViewId(page, `${SANDBOX_PROPERTIES.success}7302`);
  await go(page, '/analytics');
  await expect(page.locator('.spinner-wrap')).toHaveCount(0);
  await runCheck(page, `${SANDBOX_PROPERTIES.success}7302`, '1');
  await expect(statusCard(page, say('analytics.status.dimension')).getByRole('status')).toHaveText(say('analytics.dimension.success'));
  await go(page, '/dashboard');
  const step = page.locator('li.step-card', { has: page.getByRole('heading', { level: 3, name: m('en', 'step.name.google_analytics'), exact: true }) });
  await expect(step.locator('.badge')).toHaveText(m('en', 'step.status.done'));
  for (const [path, label, completed] of [
    ['/analytics/access', 'analytics.status.access', 'analytics.access.completed'],
    ['/analytics/custom-dimension', 'analytics.status.dimension', 'analytics.dimension.completed'],
    ['/analytics', 'analytics.status.dimension', 'analytics.dimension.completed'],
  ] as const) {
    await go(page, path);
    await expect(statusCard(page, say(label)).getByRole('status'), path).toHaveText(say(completed));
  }
});
