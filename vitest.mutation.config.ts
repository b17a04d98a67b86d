import { defineConfig } from 'vitest/config';

// The tests Stryker runs (stryker.config.json, `npm run test:mutation`): the node unit tests of the
// mutated directories only. Integration tests start a local stack (seconds per test, minutes per run)
// and the feed's memory test takes 20 s: run once per mutant they would make a run last days.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'mutation',
          environment: 'node',
          include: [
            'shared/domain/**/*.test.ts',
            'shared/feed/rules/**/*.test.ts',
            'shared/schemas/**/*.test.ts',
            'functions/core/**/*.test.ts',
            'functions/data/**/*.test.ts',
          ],
        },
      },
    ],
  },
});
