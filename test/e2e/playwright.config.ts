import { defineConfig } from '@playwright/test';

// `npm test` runs the browser tests as two shards side by side (test/run-shards.sh sets SHARD),
// each with its own stack: each keeps its own report and artifacts.
const shard = process.env.SHARD ? `-${process.env.SHARD}` : '';

// Browser tests: the built web app (web/dist) served by the local gateway over the embedded
// local AWS, started once by global-setup on free ports. Debian's Chromium, never a download.
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  outputDir: `../../test-results/e2e-artifacts${shard}`,
  reporter: [['list'], ['json', { outputFile: `../../test-results/e2e${shard}.json` }]],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
