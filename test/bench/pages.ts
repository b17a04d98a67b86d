/**
 * `npm run bench:pages`: Lighthouse (mobile preset: simulated slow 4G and a 4x slower CPU) on
 * every page of the page table, as the role that uses it, against the BUILT app served gzipped by
 * the local gateway (as CloudFront serves it). Expects `npm run build:web`; builds nothing.
 *
 * Prints page, role, and the medians of performance, cumulative layout shift and accessibility
 * over the runs, with the load average (simulated throttling makes the performance score move with
 * the machine's load), and exits 1 when a page misses a goal: performance >= 90, CLS <= 0.05,
 * accessibility 100. Options: --runs N (default 3), --pages /dashboard,/crm/order-feed (patterns
 * or paths of test/support/page-tour.ts), --save DIR (each run's Lighthouse JSON, to see what shifts),
 * --smoke (the tour's first page, one run, goals printed but not enforced: test/bench/smoke.ts). Chromium is Debian's (CHROME_PATH, default
 * /usr/bin/chromium), launched by chrome-launcher: nothing is downloaded.
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { UsersAdminList } from '../../shared/domain/types';
import { startLocalStack } from '../../localstack/stack';
import { HttpClient } from '../support/http-client';
import { PAGE_TOUR, TOUR_LOGINS, tourPath, type TourRole } from '../support/page-tour';
import { GOALS, launchChrome, lighthouseRuns, loadAverage as load, median, sessionCookie } from './lighthouse';
import { smoke } from './smoke';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, pages: { type: 'string' }, save: { type: 'string' }, smoke: { type: 'boolean', default: false } },
});
const runs = smoke ? 1 : Number(values.runs);
const wanted = values.pages?.split(',').map((p) => p.trim()).filter(Boolean);

if (!existsSync('web/dist/index.html')) {
  console.error('web/dist is missing: run `npm run build:web` first');
  process.exit(2);
}

const stack = await startLocalStack({ ports: 'free', web: 'dist', seed: true, quiet: true });
const chrome = await launchChrome();

/** Signs the role in through the API and returns the Cookie header Lighthouse sends. */
async function cookieFor(role: TourRole): Promise<string | undefined> {
  if (!role) return undefined;
  const login = stack.credentials.find((c) => c.login === TOUR_LOGINS[role]);
  if (!login) throw new Error(`No seeded login ${TOUR_LOGINS[role]}`);
  return sessionCookie(stack.url, login.login, login.password);
}

async function customerId(): Promise<string> {
  const cookie = (await cookieFor('ROLE_ADMIN'))!;
  const answer = await new HttpClient(stack.url).get<UsersAdminList>('/api/users', { headers: { cookie } });
  const list = answer.body;
  const found = list.users.find((u) => u.login === TOUR_LOGINS.ROLE_USER);
  if (!found) throw new Error(`${TOUR_LOGINS.ROLE_USER} is not in /api/users`);
  return found.id;
}

interface Row {
  path: string;
  role: string;
  performance: number;
  cls: number;
  accessibility: number;
  misses: string[];
}

const rows: Row[] = [];
const startLoad = load();
try {
  const ids = { userId: await customerId() };
  const tour = PAGE_TOUR.filter((page) => !wanted || wanted.includes(page.pattern) || wanted.includes(tourPath(page, ids))).slice(0, smoke ? 1 : undefined);
  if (tour.length === 0) throw new Error(`No page of the tour matches --pages ${values.pages}`);
  console.log(`Lighthouse ${runs}x mobile on ${tour.length} pages; load average ${startLoad}`);
  for (const page of tour) {
    const path = tourPath(page, ids);
    const cookie = await cookieFor(page.role);
    const scores = await lighthouseRuns(Number(chrome.port), stack.url + path, cookie, runs, values.save);
    const row: Row = {
      path,
      role: page.role ?? 'signed out',
      performance: median(scores.performance),
      cls: median(scores.cls),
      accessibility: median(scores.accessibility),
      misses: [],
    };
    if (row.performance < GOALS.performance) row.misses.push('performance');
    if (row.cls > GOALS.cls) row.misses.push('CLS');
    if (row.accessibility < GOALS.accessibility) row.misses.push('accessibility');
    rows.push(row);
    console.log(`  ${path.padEnd(42)} ${row.role.padEnd(11)} perf ${String(row.performance).padStart(3)} (${scores.performance.join(' ')})  CLS ${row.cls.toFixed(3)}  a11y ${row.accessibility}${row.misses.length ? `  MISSES ${row.misses.join(', ')}` : ''}`);
  }
} finally {
  await chrome.kill();
  await stack.stop();
}

console.log(`\n| page | role | performance | CLS | accessibility |\n|---|---|---|---|---|`);
for (const row of rows) console.log(`| ${row.path} | ${row.role} | ${row.performance} | ${row.cls.toFixed(3)} | ${row.accessibility} |`);
console.log(`\nMedians of ${runs} runs; load average (1, 5, 15 min) ${startLoad} at the start, ${load()} at the end.`);
console.log(`Goals: performance >= ${GOALS.performance}, CLS <= ${GOALS.cls}, accessibility ${GOALS.accessibility}.`);
const missed = rows.filter((row) => row.misses.length > 0);
if (smoke) {
  console.log('Smoke run: the goals are not enforced (one run on a busy machine says nothing about speed).');
  process.exit(0);
}
if (missed.length > 0) {
  console.log(`${missed.length} page(s) miss a goal: ${missed.map((row) => `${row.path} (${row.misses.join(', ')})`).join('; ')}`);
  process.exit(1);
}
console.log('Every page meets the goals.');
