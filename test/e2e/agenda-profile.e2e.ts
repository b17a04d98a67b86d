import { expect, test, type Page } from '@playwright/test';
import { expectSignedInShell, go, login, m, signIn, useLocale, type Locale, expectNoViolations } from './fixtures';

/**
 * The agenda and the profile in the browser, on the seed (Acme Retail has a past meeting, the
 * next one 'Tracking review', and 'Data quality check (J+7)' later). The administrator works on
 * a meeting of its own making and deletes it again, so the seed's meetings stay as they are.
 */
test.describe.configure({ mode: 'serial', timeout: 60_000 });
// Meetings are stored in UTC and shown in the browser's zone: run in Paris (UTC+1 in winter), not the machine's.
test.use({ timezoneId: 'Europe/Paris' });

/** axe as accessibility.e2e.ts runs it, here on the agenda with real meetings (editable, and with the dialog open). */

const row = (page: Page, name: string) => page.locator('li.timeline-item', { has: page.getByText(name, { exact: true }) });
const names = (page: Page) => page.locator('li.timeline-item').locator('.inline-edit-name, .timeline-title').allTextContents();

async function switchTo(page: Page, company: string): Promise<string> {
  const switcher = page.getByRole('combobox', { name: m('en', 'company.label') });
  const before = await switcher.inputValue();
  await switcher.selectOption({ label: company });
  await expect(switcher).toBeEnabled();
  return before;
}

test('an administrator adds a meeting, edits its name, duration and date inline, and deletes it after confirming', async ({ page }) => {
  await go(page, '/login');
  await signIn(page, login('ROLE_ADMIN'));
  await expectSignedInShell(page);
  const team = await switchTo(page, 'Acme Retail');
  const switcher = page.getByRole('combobox', { name: m('en', 'company.label') });
  await expect(switcher).not.toHaveValue(team);
  await go(page, '/agenda');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Agenda' })).toBeVisible();
  await expect(row(page, 'Tracking review')).toBeVisible();
  const before = (await names(page)).length;
  await expectNoViolations(page, 'admin agenda');

  // Add: 'New Meeting', 30 min, a week ahead (between the next meeting and the later one).
  await page.getByRole('button', { name: 'Add a meeting' }).click();
  await expect(page.locator('li.timeline-item')).toHaveCount(before + 1);
  const fresh = row(page, 'New Meeting');
  await expect(fresh).toContainText('30 min');
  await expect(fresh.getByRole('img', { name: 'Upcoming meeting' })).toBeVisible();

  // Name: click, type, Enter saves at once.
  await fresh.getByRole('button', { name: 'Edit the name of “New Meeting”' }).click();
  const nameInput = page.getByRole('textbox', { name: 'Meeting name' });
  await nameInput.fill('E2E sync');
  await nameInput.press('Enter');
  const mine = row(page, 'E2E sync');
  await expect(mine.getByRole('button', { name: 'Edit the name of “E2E sync”' })).toBeFocused();
  // An empty value reverts to the previous one (blur leaves edit mode, nothing is sent).
  await mine.getByRole('button', { name: 'Edit the name of “E2E sync”' }).click();
  await page.getByRole('textbox', { name: 'Meeting name' }).fill('');
  await page.getByRole('textbox', { name: 'Meeting name' }).blur();
  await expect(mine.getByRole('button', { name: 'Edit the name of “E2E sync”' })).toBeVisible();

  // Duration: a select of the five durations; a pick saves.
  await mine.getByRole('button', { name: /edit the duration of “E2E sync”/ }).click();
  const duration = page.getByRole('combobox', { name: 'Duration' });
  await expect(duration.locator('option')).toHaveText(['30 min', '45 min', '1 h', '1 h 15 min', '1 h 30 min']);
  await duration.selectOption('1h15m');
  await expect(mine.getByRole('button', { name: /edit the duration of “E2E sync”/ })).toHaveText('1 h 15 min');

  // Date: far ahead, so the reloaded list puts it last.
  await mine.getByRole('button', { name: /edit the date and time of “E2E sync”/ }).click();
  const when = page.getByLabel('Date and time', { exact: true });
  // Typed as the page writes it, a comma after the day read too (the browser's local time; the calendar link below checks the UTC instant).
  await when.fill('15/01/2031, 09:30');
  await when.press('Enter');
  await expect(mine.getByRole('button', { name: /edit the date and time of “E2E sync”/ })).toHaveText('15/01/2031 09:30');
  await expect.poll(async () => (await names(page)).at(-1)).toBe('E2E sync');

  // Everything was stored: a reload shows the same.
  await page.reload();
  await expect(row(page, 'E2E sync')).toContainText('1 h 15 min');
  await expect(row(page, 'E2E sync')).toContainText('15/01/2031 09:30');
  const link = new URL((await row(page, 'E2E sync').getByRole('link', { name: /Google Calendar/ }).getAttribute('href'))!);
  expect(link.hostname).toBe('calendar.google.com');
  expect(link.searchParams.get('action')).toBe('TEMPLATE');
  expect(link.searchParams.get('text')).toMatch(/^Acme Retail x .+ - E2E sync$/);
  // 09:30 in Paris is 08:30 UTC; 1 h 15 min later it ends.
  expect(link.searchParams.get('dates')).toBe('20310115T083000Z/20310115T094500Z');
  const marked = new URL((await row(page, 'Data quality check (J+7)').getByRole('link', { name: /Google Calendar/ }).getAttribute('href'))!);
  expect(marked.searchParams.get('text')).toMatch(/ - Data quality check$/);

  // Delete: the confirmation first; Cancel keeps it, Delete removes it.
  await row(page, 'E2E sync').getByRole('button', { name: 'Delete “E2E sync”' }).click();
  const dialog = page.getByRole('dialog', { name: 'Are you sure you want to delete "E2E sync"?' });
  await expect(dialog).toBeVisible();
  await expectNoViolations(page, 'delete confirmation');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, 'E2E sync')).toBeVisible();
  await row(page, 'E2E sync').getByRole('button', { name: 'Delete “E2E sync”' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(row(page, 'E2E sync')).toHaveCount(0);
  await expect(page.locator('li.timeline-item')).toHaveCount(before);

  // Back to the administrator's own company for the tests that follow.
  await switcher.selectOption(team);
  await expect(switcher).toHaveValue(team);
  await expect(switcher).toBeEnabled();
});

for (const locale of ['en', 'fr', 'ru'] as Locale[]) {
  test(`a customer sees the agenda read-only (${locale})`, async ({ page }) => {
    await useLocale(page, locale);
    await go(page, '/login');
    await signIn(page, login('ROLE_USER', 'Acme Retail'), locale);
    await expectSignedInShell(page, locale);
    await go(page, '/agenda');
    await expect(page.getByRole('heading', { level: 1, name: m(locale, 'route.agenda') })).toBeVisible();
    await expect(row(page, 'Tracking review')).toBeVisible();
    expect(await names(page)).toEqual(['Kick-off', 'Tracking review', 'Data quality check (J+7)']);
    await expect(row(page, 'Kick-off').getByRole('img', { name: m(locale, 'agenda.state.past') })).toBeVisible();
    await expect(row(page, 'Tracking review').getByRole('img', { name: m(locale, 'agenda.state.next') })).toBeVisible();
    await expect(row(page, 'Data quality check (J+7)').getByRole('img', { name: m(locale, 'agenda.state.upcoming') })).toBeVisible();
    // Dates day/month/year plus hours:minutes in the language's format (en-GB and fr: 24/11/2026; ru: 24.11.2026),
    // in the browser's zone: the seed's 10:00 UTC is 11:00 in Paris.
    await expect(row(page, 'Tracking review').locator('time')).toHaveText(locale === 'ru' ? /^\d\d\.\d\d\.\d{4} 11:00$/ : /^\d\d\/\d\d\/\d{4} 11:00$/);
    await expect(row(page, 'Tracking review')).toContainText(m(locale, 'agenda.duration.45m'));
    // No editing for customers: no edit buttons, no delete, no plus.
    await expect(page.locator('button.inline-edit')).toHaveCount(0);
    await expect(page.getByRole('button', { name: m(locale, 'agenda.add') })).toHaveCount(0);
    await expect(page.getByRole('button', { name: m(locale, 'confirmDialog.delete') })).toHaveCount(0);
    // Everyone can add a meeting to their calendar.
    const calendar = row(page, 'Kick-off').getByRole('link', { name: m(locale, 'agenda.addToCalendarLabel').replace('{name}', 'Kick-off') });
    await expect(calendar).toHaveText(m(locale, 'agenda.addToCalendar'));
    await expect(calendar).toHaveAttribute('href', /^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE&/);
    await expectNoViolations(page, `${locale} customer agenda`);
  });
}

test('the profile shows the account and the next meeting, and the to-do list survives a reload', async ({ page }) => {
  await go(page, '/login');
  const customer = login('ROLE_USER', 'Acme Retail');
  await signIn(page, customer);
  await expectSignedInShell(page);
  await go(page, '/user/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Dashboard');
  await expect(page.getByText('Acme Retail', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: customer.login })).toHaveAttribute('href', `mailto:${customer.login}`);
  const next = page.locator('.next-meeting');
  await expect(next).toContainText('Tracking review');
  await expect(next).toContainText('45 min');
  await expect(next.getByRole('link', { name: 'Open the agenda' })).toHaveAttribute('href', '/agenda');
  await expectNoViolations(page, 'customer profile');

  const add = page.getByRole('button', { name: 'Add', exact: true });
  await expect(add).toBeDisabled();
  await page.getByRole('textbox', { name: 'New task' }).fill('Send the logo');
  await add.click();
  await page.getByRole('button', { name: 'Mark “Send the logo” as done' }).click();
  await page.getByRole('button', { name: 'Edit “Complete all integration steps”' }).click();
  const edit = page.getByRole('textbox', { name: 'Task title' });
  await edit.fill('');
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await edit.fill('Complete every step');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Delete “Provide access to the analytics tool”' }).click();
  // Asked first, as every delete: Cancel keeps the item, Delete removes it.
  const confirm = page.getByRole('dialog', { name: 'Delete “Provide access to the analytics tool”?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Provide access to the analytics tool')).toBeVisible();
  await page.getByRole('button', { name: 'Delete “Provide access to the analytics tool”' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();

  await page.reload();
  await expect(page.getByText('Send the logo')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark “Send the logo” as not done' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Complete every step')).toBeVisible();
  await expect(page.getByText('Provide access to the analytics tool')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mark “Sign in to the tracking product” as not done' })).toHaveAttribute('aria-pressed', 'true');
  // The dashboard shows the same list (same browser storage).
  await go(page, '/dashboard');
  await expect(page.getByText('Send the logo')).toBeVisible();
});
