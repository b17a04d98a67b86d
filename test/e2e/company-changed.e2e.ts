import { expect, test, type Page } from '@playwright/test';
import type { CompanyRecord } from '../../functions/data/companies';
import { listCollectors } from '../../functions/data/collectors';
import { ensureCompany, ensureUser } from '../../localstack/seed';
import { expectNoViolations, expectSignedInShell, go, m, signIn, stackEnv } from './fixtures';

/**
 * Two tabs of one session (docs/auth.md, X-Portal-Company): tab 1 shows the collectors of A, tab 2
 * switches to B, tab 1 saves. Nothing is written anywhere, a notice says why, tab 1 now shows B
 * and the form still holds what was typed. At 1366 and 390 px (screenshots of the notice).
 */
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const who = { login: `switch-${Date.now()}@acme.test`, password: 'Switch-tabs-123' };
let a: CompanyRecord;
let b: CompanyRecord;

test.beforeAll(async () => {
  Object.assign(process.env, stackEnv());
  a = await ensureCompany({ name: `Tabs A ${Date.now()}`, product: '360', country: 'FR' });
  b = await ensureCompany({ name: `Tabs B ${Date.now()}`, product: '360', country: 'FR' });
  await ensureUser({ login: who.login, password: who.password, role: 'ROLE_MANAGER', firstName: 'Tab', lastName: 'Two', companyId: a.id, managedCompanyIds: [a.id, b.id] });
});

const switcher = (page: Page) => page.getByRole('combobox', { name: m('en', 'company.label') });

test('a save in a tab whose company was switched in another tab writes nothing and says so', async ({ context }) => {
  const tab1 = await context.newPage();
  await go(tab1, `/login?redirect=${encodeURIComponent('/marketing/collector')}`);
  await signIn(tab1, who);
  await expectSignedInShell(tab1);
  await expect(switcher(tab1)).toHaveValue(a.id);
  const tab2 = await context.newPage();
  await go(tab2, '/dashboard');
  await expectSignedInShell(tab2);

  // Each round: tab 2 switches, tab 1 (at the given width) still shows the other company and saves.
  for (const [width, height, shown, switchedTo] of [[1366, 900, a, b], [390, 844, b, a]] as const) {
    await tab1.setViewportSize({ width, height });
    await switcher(tab2).selectOption(switchedTo.id);
    await expect(switcher(tab2)).toHaveValue(switchedTo.id);

    const source = `Typed on ${shown.name}`;
    await tab1.getByLabel('Source', { exact: true }).fill(source);
    await tab1.getByLabel('Access e-mail', { exact: true }).fill('tabs@example.com');
    const refused = tab1.waitForResponse((r) => r.url().endsWith('/api/collectors') && r.request().method() === 'POST');
    await tab1.getByRole('button', { name: 'Add collector' }).click();
    const answer = await refused;
    expect(answer.status()).toBe(409);
    expect(answer.request().headers()['x-portal-company']).toBe(shown.id);

    const notice = tab1.getByTestId('company-changed');
    await expect(notice).toContainText(m('en', 'company.changedTitle'));
    await expect(notice).toContainText(`This page now shows ${switchedTo.name}`);
    // The page was read again with the current company; what was typed is still there.
    if (width > 960) await expect(switcher(tab1)).toHaveValue(switchedTo.id);
    await expect(tab1.getByLabel('Source', { exact: true })).toHaveValue(source);
    await notice.scrollIntoViewIfNeeded();
    await tab1.screenshot({ path: `test-results/e2e-artifacts/company-changed-${width}.png` });
    await expectNoViolations(tab1, `company changed notice at ${width} px`);
    expect(await listCollectors(a.id)).toEqual([]);
    expect(await listCollectors(b.id)).toEqual([]);

    // Dismissed, and the same save now lands in the company shown.
    await notice.getByRole('button', { name: m('en', 'company.changedDismiss') }).click();
    await expect(notice).toHaveCount(0);
  }

  const saved = tab1.waitForResponse((r) => r.url().endsWith('/api/collectors') && r.request().method() === 'POST');
  await tab1.getByRole('button', { name: 'Add collector' }).click();
  expect((await saved).status()).toBe(201);
  expect((await listCollectors(a.id)).map((c) => c.source)).toEqual([`Typed on ${b.name}`]);
  expect(await listCollectors(b.id)).toEqual([]);

  // A switch in the tab itself is no conflict: the user is read again before the page's data.
  await tab1.setViewportSize({ width: 1366, height: 900 });
  const refusals: string[] = [];
  tab1.on('response', (r) => {
    if (r.status() === 409) refusals.push(r.url());
  });
  // The list is read a page at a time (its query after the path), for the company switched to. A
  // read of the old company still in flight may answer after the switch (a busy machine): the wait
  // is for the new company's read, which times the test out if it never comes.
  const listed = tab1.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/collectors' && r.request().method() === 'GET' && r.request().headers()['x-portal-company'] === b.id,
  );
  await switcher(tab1).selectOption(b.id);
  expect((await listed).status()).toBe(200);
  await expect(tab1.getByRole('row').filter({ hasText: `Typed on ${b.name}` })).toHaveCount(0);
  expect(refusals).toEqual([]);
  await expect(tab1.getByTestId('company-changed')).toHaveCount(0);
});
