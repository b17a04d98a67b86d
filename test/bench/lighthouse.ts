/**
 * The Lighthouse machinery of the page benches (bench:pages, bench:scale): Debian's Chromium
 * launched by chrome-launcher (CHROME_PATH, default /usr/bin/chromium; nothing is downloaded) and
 * the mobile preset (simulated slow 4G and a 4x slower CPU) run on one page with a session cookie.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { HttpClient } from '../support/http-client';

export const GOALS = { performance: 90, cls: 0.05, accessibility: 100 };

export const median = (list: readonly number[]): number => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
export const loadAverage = (): string => loadavg().map((n) => n.toFixed(2)).join(' ');

export function launchChrome(): Promise<chromeLauncher.LaunchedChrome> {
  process.env.CHROME_PATH ??= '/usr/bin/chromium';
  return chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** Signs a login in through the API and returns the Cookie header a browser would send. */
export async function sessionCookie(url: string, login: string, password: string): Promise<string> {
  const client = new HttpClient(url);
  const answer = await client.post<{ status: string }>('/api/security/login', { username: login, password });
  if (answer.status !== 200 || answer.body.status !== 'signed-in') throw new Error(`Sign-in of ${login}: ${answer.status} ${answer.text}`);
  return Object.entries(client.cookies()).map(([name, value]) => `${name}=${value}`).join('; ');
}

export interface PageScores {
  performance: number[];
  cls: number[];
  accessibility: number[];
}

/** `runs` Lighthouse mobile runs of one page; `save`: a directory for each run's JSON (to see what shifts). */
export async function lighthouseRuns(chromePort: number, url: string, cookie: string | undefined, runs: number, save?: string): Promise<PageScores> {
  const scores: PageScores = { performance: [], cls: [], accessibility: [] };
  const path = new URL(url).pathname;
  for (let run = 0; run < runs; run++) {
    // Lighthouse sometimes loses the trace on a loaded machine (NO_NAVSTART...): that run again, twice at most.
    let lhr: Result | undefined;
    for (let attempt = 1; attempt <= 3 && !lhr; attempt++) {
      const result = await lighthouse(url, {
        port: chromePort,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
      });
      if (!result?.lhr) throw new Error(`Lighthouse gave no result for ${path}`);
      if (!result.lhr.runtimeError) lhr = result.lhr;
      else if (attempt === 3) throw new Error(`${path}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
      else console.log(`  ${path}: ${result.lhr.runtimeError.code}, running again`);
    }
    if (!lhr) throw new Error(`No Lighthouse result for ${path}`);
    if (new URL(lhr.finalDisplayedUrl).pathname !== path) throw new Error(`${path} ended on ${lhr.finalDisplayedUrl} (signed out?)`);
    if (save) {
      mkdirSync(save, { recursive: true });
      writeFileSync(join(save, `${path.replace(/\W+/g, '_')}-${run + 1}.json`), JSON.stringify(lhr));
    }
    scores.performance.push(Math.round((lhr.categories.performance?.score ?? 0) * 100));
    scores.cls.push(Number(lhr.audits['cumulative-layout-shift']?.numericValue ?? 1));
    scores.accessibility.push(Math.round((lhr.categories.accessibility?.score ?? 0) * 100));
  }
  return scores;
}
