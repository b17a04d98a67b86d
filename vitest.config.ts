import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// On the bundles (LAMBDA_CODE=bundled) every function is a process of its own: a stack starts by
// building and loading 70 bundles, and a test that calls many routes starts many processes. On a
// busy 2-core machine that is minutes, not seconds: the safety nets scale with it (not speed checks).
const bundled = process.env.LAMBDA_CODE === 'bundled';

// One config, several projects: `vitest run --project unit` etc. (see package.json scripts).
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: ONE on CI's 2 cores, which left a core
    // idle through the unit/data/web/infra stage (its CPU seconds equalled its wall seconds). The
    // main process mostly waits on the workers, so two workers fill a 2-core machine.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['shared/**/*.test.ts', 'functions/**/*.test.ts', 'localstack/**/*.test.ts', 'test/unit/**/*.test.ts', 'tools/**/*.test.ts'],
          // The repositories' tests need DynamoDB Local: the `data` project below.
          exclude: ['functions/data/**'],
          // A safety net for a busy machine (CI has 2 cores; a planted lint cycle or a parser budget
          // test took over 5 s at load 25), not a speed check.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'data',
          environment: 'node',
          include: ['functions/data/**/*.test.ts'],
          // DynamoDB Local alone, once per run; each file makes its own table (functions/data/testing/table.ts).
          globalSetup: ['test/support/data-global-setup.ts'],
          isolate: false,
          // Safety nets for a busy machine (CI has 2 cores), not speed checks.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: './web/vite.config.ts',
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['web/src/test-setup.ts'],
          // Safety nets for a busy machine (CI has 2 cores), not speed checks: see test-setup.ts too.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'infra',
          environment: 'node',
          include: ['test/infra/**/*.test.ts'],
          testTimeout: 120_000,
          // Synthesising the whole app takes 10-30 s on a busy 2-core machine (beforeAll).
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/support/global-setup.ts'],
          testTimeout: bundled ? 120_000 : 30_000,
          hookTimeout: bundled ? 400_000 : 120_000,
          // One local stack per run, shared by every file; files run one after another.
          fileParallelism: false,
        },
      },
      {
        test: {
          // The CDK's bundles, proved once (docs/local-aws.md, "Lambda code"): every function loads
          // in the local Lambda runtime (the stack's start fails otherwise), every route's bundle
          // answers through the gateway, and every bundle carries only its own code. The other
          // suites run on the source.
          name: 'bundles',
          environment: 'node',
          include: ['test/bundles/**/*.test.ts'],
          globalSetup: ['test/support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 400_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
