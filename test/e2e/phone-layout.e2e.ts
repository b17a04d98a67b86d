import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { PAGE_TOUR, TOUR_LOGINS, tourPath, type TourRole } from '../support/page-tour';
import { go, portalUrl, seeded, type Locale } from './fixtures';

// Every page of the page table at a phone's width (390 CSS px), in each language, as the role
// that uses it: nothing may make the page scroll sideways (long words, wide tables, charts, images).
const PHONE = { width: 390, height: 844 };
const LOCALES: Locale[] = ['en', 'fr', 'ru'];
const ROLES: TourRole[] = [null, 'ROLE_USER', 'ROLE_ADMIN'];

test('the phone tour covers every page of the page table', () => {
  // The table's paths as written in web/src/app/pages.tsx (a .tsx module the test runner does not load).
  const table = readFileSync(new URL('../../web/src/app/pages.tsx', import.meta.url), 'utf8');
  const paths = [...table.matchAll(/\bpath: '([^']+)'/g)].map((match) => match[1]);
  expect(paths.length).toBeGreaterThan(20);
  expect(PAGE_TOUR.map((page) => page.pattern).sort()).toEqual(paths.sort());
});

/** Signs in through the API (the browser context keeps the cookies) and reads the customer's id. */
async function signInAs(page: Page, role: TourRole): Promise<{ userId: string }> {
  const admin = seeded().find((s) => s.login === TOUR_LOGINS.ROLE_ADMIN)!;
  await page.request.post(`${portalUrl()}/api/security/login`, { data: { username: admin.login, password: admin.password } });
  const list = (await (await page.request.get(`${portalUrl()}/api/users?q=${encodeURIComponent(TOUR_LOGINS.ROLE_USER)}`)).json()) as { users: { id: string; login: string }[] };
  const userId = list.users.find((u) => u.login === TOUR_LOGINS.ROLE_USER)!.id;
  await page.context().clearCookies();
  if (role) {
    const who = seeded().find((s) => s.login === TOUR_LOGINS[role])!;
    const answer = await page.request.post(`${portalUrl()}/api/security/login`, { data: { username: who.login, password: who.password } });
    expect(answer.status()).toBe(200);
  }
  return { userId };
}

for (const role of ROLES) {
  for (const locale of LOCALES) {
    test(`no sideways scroll at 390 px: ${role ?? 'signed out'}, ${locale}`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.setViewportSize(PHONE);
      await page.addInitScript({ content: `localStorage.setItem('locale', ${JSON.stringify(locale)});` });
      const ids = await signInAs(page, role);
      const overflowing: string[] = [];
      for (const stop of PAGE_TOUR.filter((p) => p.role === role)) {
        const path = tourPath(stop, ids);
        await test.step(path, async () => {
          await go(page, path);
          await expect(page.locator('html')).toHaveAttribute('lang', locale);
          // The page has its data when its heading shows and nothing is loading any more.
          await expect(page.locator('h1').first()).toBeVisible();
          await expect(page.locator('.spinner-wrap, [aria-busy="true"]')).toHaveCount(0);
          const width = await page.evaluate<number>('document.scrollingElement.scrollWidth');
          if (width > PHONE.width) {
            // Name the widest leaves too (tag.class and their right edge): the failure says what to fix.
            const culprits = await page.evaluate<string[]>(`[...document.querySelectorAll('body *')]
              .filter((el) => el.getBoundingClientRect().right > ${PHONE.width} + 1 && ![...el.children].some((child) => child.getBoundingClientRect().right > ${PHONE.width} + 1))
              .slice(0, 3).map((el) => el.tagName.toLowerCase() + (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\\s+/).join('.') : '') + ' ' + Math.round(el.getBoundingClientRect().right) + ' px')`);
            overflowing.push(`${path}: ${width} px (${culprits.join(', ')})`);
          }
          // PHONE_SHOTS=dir keeps a full-page screenshot of each page, to look at.
          if (process.env.PHONE_SHOTS) await page.screenshot({ path: `${process.env.PHONE_SHOTS}/${locale}${path.replace(/\W+/g, '_')}.png`, fullPage: true });
        });
      }
      expect(overflowing, `pages wider than ${PHONE.width} px (${locale})`).toEqual([]);
    });
  }
}
