import { defineConfig } from 'vitest/config';

// The tests Stryker runs (stryker.config.json, `npm run test:mutation`): the node unit tests of the
// mutated directories, and the data layer's tests against DynamoDB Local (the `data` project of
// vitest.config.ts: one DynamoDB Local per run, a table per file, ~0.1 s per file). Integration tests
// start a whole local stack (seconds per test, minutes per run) and the feed's memory test takes
// 20 s: run once per mutant they would make a run last days.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'mutation',
          environment: 'node',
          include: ['shared/domain/**/*.test.ts', 'shared/feed/rules/**/*.test.ts', 'shared/schemas/**/*.test.ts', 'functions/core/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'data',
          environment: 'node',
          include: ['functions/data/**/*.test.ts'],
          globalSetup: ['test/support/data-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
