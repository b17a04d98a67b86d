import { randomUUID } from 'node:crypto';
import { expect, request, test, type Browser, type Page } from '@playwright/test';
import { expectSignedInShell, go, login, portalUrl, signIn } from './fixtures';

/**
 * The one editable table (web/src/ui/edit-table.tsx, use-row-edit.ts) in the browser: a refused row
 * edit keeps what was typed and names the field; two administrators saving one row get a choice;
 * and the list pages show the error's text when their list cannot be read (ui/list-state.tsx).
 */
test.describe.configure({ mode: 'serial', timeout: 90_000 });

async function signInAsAdmin(page: Page, path: string) {
  await go(page, `/login?redirect=${encodeURIComponent(path)}`);
  await signIn(page, login('ROLE_ADMIN'));
  await expectSignedInShell(page);
}

async function adminPage(browser: Browser, path: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInAsAdmin(page, path);
  return page;
}

/** A default collector made through the API, for one test alone. */
async function createCollector(name: string): Promise<void> {
  const api = await request.newContext({ baseURL: portalUrl() });
  const admin = login('ROLE_ADMIN');
  await api.post('/api/security/login', { data: { username: admin.login, password: admin.password } });
  const created = await api.post('/api/default-collectors', { data: { id: randomUUID(), name, accessEmail: 'owner@portal.example', type: 'Other' } });
  expect(created.status()).toBe(201);
  await api.dispose();
}

const row = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('button', { name: `Edit ${name}`, exact: true }) });

test('a default collector row with a bad e-mail is refused in the browser, keeps what was typed and names the field', async ({ page }) => {
  const name = `Refused ${Date.now().toString(36)}`;
  await createCollector(name);
  // The platform's list is paged: the row is found by a search (kept in the URL).
  await signInAsAdmin(page, `/admin/default-collectors?q=${encodeURIComponent(name)}`);
  let puts = 0;
  page.on('request', (sent) => {
    if (sent.method() === 'PUT' && sent.url().includes('/api/default-collectors/')) puts += 1;
  });
  await row(page, name).getByRole('button', { name: `Edit ${name}` }).click();
  const editing = page.locator('tr.edit-table-editing');
  await editing.getByLabel(`Access Email of ${name}`).fill('owner(at)portal');
  await editing.getByLabel(`Comment (EN) of ${name}`).fill('typed before the refusal');
  await editing.getByRole('button', { name: `Save ${name}` }).click();
  await expect(page.getByText('Not saved: check Access Email. Your values are kept in the row.')).toBeVisible();
  await expect(editing.getByLabel(`Access Email of ${name}`)).toHaveValue('owner(at)portal');
  await expect(editing.getByLabel(`Access Email of ${name}`)).toHaveAccessibleDescription('Please enter a valid email');
  await expect(editing.getByLabel(`Comment (EN) of ${name}`)).toHaveValue('typed before the refusal');
  await expect(page.getByText('Some fields are not valid')).toHaveCount(0);
  expect(puts).toBe(0);
  await editing.getByRole('button', { name: `Cancel the edit of ${name}` }).click();
});

test('two administrators save one row: the second sees both versions and chooses (take theirs, then keep mine)', async ({ browser }) => {
  const name = `Conflict ${Date.now().toString(36)}`;
  await createCollector(name);
  // The platform's list is paged: the row is found by a search of its name (the renames keep it).
  const alice = await adminPage(browser, `/admin/default-collectors?q=${encodeURIComponent(name)}`);
  const bob = await adminPage(browser, `/admin/default-collectors?q=${encodeURIComponent(name)}`);

  const edit = async (page: Page, current: string, next: string) => {
    await row(page, current).getByRole('button', { name: `Edit ${current}` }).click();
    await page.locator('tr.edit-table-editing').getByLabel(`Source Name of ${current}`).fill(next);
  };
  const save = (page: Page, current: string) => page.locator('tr.edit-table-editing').getByRole('button', { name: `Save ${current}` }).click();

  // Round 1: both edit; Alice saves first; Bob takes hers.
  await edit(alice, name, `${name} Alice`);
  await edit(bob, name, `${name} Bob`);
  await save(alice, name);
  await expect(row(alice, `${name} Alice`)).toHaveCount(1);
  await save(bob, name);
  const conflict = bob.getByTestId('row-conflict');
  await expect(conflict).toContainText(`${name} Alice`);
  await expect(conflict).toContainText(`${name} Bob`);
  await expect(bob.getByText(/reload/i)).toHaveCount(0);
  await conflict.getByRole('button', { name: 'Take theirs' }).click();
  await expect(conflict).toHaveCount(0);
  await expect(row(bob, `${name} Alice`)).toHaveCount(1);

  // Round 2: both edit again; Alice saves first; Bob keeps his, saved on Alice's new version.
  const current = `${name} Alice`;
  await edit(bob, current, `${name} Bob 2`);
  await alice.reload();
  await edit(alice, current, `${name} Alice 2`);
  await save(alice, current);
  await expect(row(alice, `${name} Alice 2`)).toHaveCount(1);
  await save(bob, current);
  await expect(conflict).toContainText(`${name} Alice 2`);
  await conflict.getByRole('button', { name: 'Keep mine' }).click();
  await expect(conflict).toHaveCount(0);
  await expect(row(bob, `${name} Bob 2`)).toHaveCount(1);
  await alice.reload();
  await expect(row(alice, `${name} Bob 2`)).toHaveCount(1);
  await alice.context().close();
  await bob.context().close();
});

// A 500 replaces the whole page by the server's answer (spec, section 6): the list's own error state is for the other failures.
for (const [path, api] of [
  // The lists ask with their page, sort and search in the query.
  ['/admin/users', /\/api\/users(\?|$)/],
  ['/admin/companies', /\/api\/companies(\?|$)/],
  ['/admin/integration-status', /\/api\/integration-status\/report(\?|$)/],
] as const) {
  test(`${path} says "Something went wrong..." with the error's text when its list cannot be read`, async ({ page }) => {
    await page.route(api, (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ code: 'internal', message: 'The users table is being restored' }) })
        : route.fallback(),
    );
    await signInAsAdmin(page, path);
    const error = page.getByTestId('list-error');
    await expect(error).toHaveText('The users table is being restored');
    await expect(page.getByText('Something went wrong...')).toBeVisible();
  });
}
