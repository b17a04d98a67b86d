/**
 * `npm run screens -- --out DIR`: the journeys to look at, as screenshots. Every page of the page
 * table (test/support/page-tour.ts) as the role that uses it, then the journeys of the other
 * kinds of company (an affiliate company's customer, whose feed is a lead feed; a manager; a new
 * company with all 12 steps, opened by the administrator), each in EN, FR and RU at 1366 and
 * 390 px, full page, once the page has its data. Expects `npm run build:web`; starts its own local
 * stack on free ports with Debian's Chromium (CHROMIUM_PATH), nothing downloaded.
 *
 * Options: --out DIR (default test-results/screens), --locales en,fr,ru, --widths 1366,390,
 * --only <text> (journeys or paths containing it), --smoke (the first journey's first page, EN at
 * 390 px: test/bench/smoke.ts; fails only when no page opened). Writes DIR/<width>/<locale>/<journey>_<path>.png
 * and prints what it could not open. Not a test: it is how we look at the product as a whole.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type APIRequestContext, type Page } from '@playwright/test';
import { STEP_TYPES, type UsersAdminList } from '../../shared/domain/types';
import { startLocalStack } from '../../localstack/stack';
import { PAGE_TOUR, TOUR_LOGINS, tourPath } from '../support/page-tour';
import { smoke } from './smoke';

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: 'test-results/screens' },
    locales: { type: 'string', default: 'en,fr,ru' },
    widths: { type: 'string', default: '1366,390' },
    only: { type: 'string' },
    smoke: { type: 'boolean', default: false },
  },
});
const locales = smoke ? ['en'] : values.locales.split(',');
const widths = smoke ? [390] : values.widths.split(',').map(Number);

interface Journey {
  name: string;
  login: string;
  paths: string[];
  /** Before the pages: e.g. the administrator switching to the new company. */
  prepare?: (api: APIRequestContext, url: string) => Promise<void>;
}

const CUSTOMER_PAGES = ['/dashboard', '/analytics', '/analytics/access', '/analytics/custom-dimension', '/marketing/sources', '/marketing/collector', '/marketing/utm-management', '/marketing/commissions', '/crm/order-feed', '/data-health', '/agenda', '/user/profile'];

const stack = await startLocalStack({ ports: 'free', web: 'dist', seed: true, quiet: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const password = (login: string) => {
  const found = stack.credentials.find((c) => c.login === login);
  if (!found) throw new Error(`No seeded login ${login}`);
  return found.password;
};
const problems: string[] = [];
/** Pages that opened and settled: a smoke run fails when none did (the tour or the stack is broken). */
let opened = 0;

async function signIn(api: APIRequestContext, login: string) {
  const answer = await api.post(`${stack.url}/api/security/login`, { data: { username: login, password: password(login) } });
  if (answer.status() !== 200) throw new Error(`Sign-in of ${login}: ${answer.status()} ${await answer.text()}`);
}

async function settle(page: Page) {
  await page.locator('h1').first().waitFor({ timeout: 20_000 });
  // A locator, not waitForFunction: the portal's CSP (script-src 'self') refuses the evaluated string.
  await page.locator('.spinner-wrap, [aria-busy="true"]').first().waitFor({ state: 'detached', timeout: 20_000 });
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
}

try {
  // The customer's user id for the user edit page of the tour.
  const admin = await browser.newContext();
  await signIn(admin.request, TOUR_LOGINS.ROLE_ADMIN);
  const users = (await (await admin.request.get(`${stack.url}/api/users?q=${encodeURIComponent(TOUR_LOGINS.ROLE_USER)}`)).json()) as UsersAdminList;
  const userId = users.users.find((u) => u.login === TOUR_LOGINS.ROLE_USER)!.id;
  await admin.close();

  const journeys = ([
    { name: 'signed-out', login: '', paths: PAGE_TOUR.filter((p) => p.role === null).map((p) => tourPath(p, { userId })) },
    { name: 'customer-360', login: TOUR_LOGINS.ROLE_USER, paths: PAGE_TOUR.filter((p) => p.role === 'ROLE_USER').map((p) => tourPath(p, { userId })) },
    { name: 'admin', login: TOUR_LOGINS.ROLE_ADMIN, paths: PAGE_TOUR.filter((p) => p.role === 'ROLE_ADMIN').map((p) => tourPath(p, { userId })) },
    { name: 'customer-affiliate', login: 'customer@globex.test', paths: [...CUSTOMER_PAGES, '/crm/order-feed/warnings/missingPrice'] },
    { name: 'manager', login: 'manager@portal.test', paths: ['/dashboard', '/crm/order-feed', '/user/profile'] },
    {
      name: 'new-company-12-steps',
      login: TOUR_LOGINS.ROLE_ADMIN,
      paths: [...CUSTOMER_PAGES, '/instructions/salesforce_crm'],
      prepare: async (api, url) => {
        const name = 'Screens Twelve Steps';
        const list = ((await (await api.get(`${url}/api/companies?q=${encodeURIComponent(name)}`)).json()) as { companies: Array<{ id: string; name: string }> }).companies;
        let company = list.find((c) => c.name === name);
        if (!company) {
          const created = await api.post(`${url}/api/companies`, { data: { name, product: 'affiliate', country: 'FR', integrationSteps: [...STEP_TYPES] } });
          if (created.status() !== 201) throw new Error(`Company: ${created.status()} ${await created.text()}`);
          company = (await created.json()) as { id: string; name: string };
        }
        const switched = await api.post(`${url}/api/users/change-current-company`, { data: { company: company.id } });
        if (switched.status() !== 200) throw new Error(`Switch: ${switched.status()} ${await switched.text()}`);
      },
    },
  ] satisfies Journey[]).filter((j: Journey) => !values.only || j.name.includes(values.only) || j.paths.some((p) => p.includes(values.only!)));

  let count = 0;
  for (const journey of smoke ? journeys.slice(0, 1) : journeys) {
    for (const locale of locales) {
      for (const width of widths) {
        const context = await browser.newContext({ viewport: { width, height: width < 800 ? 844 : 900 } });
        await context.addInitScript({ content: `localStorage.setItem('locale', ${JSON.stringify(locale)});` });
        if (journey.login) await signIn(context.request, journey.login);
        await journey.prepare?.(context.request, stack.url);
        const page = await context.newPage();
        const dir = join(values.out, String(width), locale);
        mkdirSync(dir, { recursive: true });
        const paths = journey.paths.filter((p) => !values.only || journey.name.includes(values.only) || p.includes(values.only));
        for (const path of smoke ? paths.slice(0, 1) : paths) {
          try {
            await page.goto(stack.url + path);
            await settle(page);
            opened++;
            if (new URL(page.url()).pathname !== path) problems.push(`${journey.name} ${locale} ${width}: ${path} ended on ${page.url()}`);
            const overflow = await page.evaluate<number>('document.scrollingElement.scrollWidth - window.innerWidth');
            if (overflow > 0) problems.push(`${journey.name} ${locale} ${width}: ${path} scrolls sideways by ${overflow} px`);
          } catch (error) {
            problems.push(`${journey.name} ${locale} ${width}: ${path}: ${(error as Error).message.split('\n')[0]}`);
          }
          await page.screenshot({ path: join(dir, `${journey.name}${path.replace(/\W+/g, '_')}.png`), fullPage: true });
          count++;
        }
        await context.close();
      }
    }
  }
  console.log(`${count} screenshots in ${values.out}`);
} finally {
  await browser.close();
  await stack.stop();
}
if (problems.length) console.log(`What to look at first:\n${problems.map((p) => `- ${p}`).join('\n')}`);
// A smoke run says whether the tool runs; what the screenshots show is for a person to look at.
if (smoke ? opened === 0 : problems.length > 0) process.exitCode = 1;
