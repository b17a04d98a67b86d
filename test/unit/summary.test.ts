import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain .mjs script without types (run by test/run-all.sh)
import { countTests, failureCauses, stageTimes, summarize } from '../summary.mjs';

const tests = (passed: number, failed: number, failedIn: Record<string, number> = {}) => ({ passed, failed, skipped: 2, failedIn });

describe('npm test summary', () => {
  it('counts failed tests and failed stages without a test report separately, and both in the closing line', () => {
    const { lines, ok } = summarize(tests(500, 3, { 'integration tests': 3 }), ['lint', 'integration tests']);
    expect(lines).toEqual([
      'Failed stages: lint, integration tests (tests failed: 3; stages failed without a failed test: 1)',
      'Summary: 500 passed, 4 failed, 2 skipped',
    ]);
    expect(ok).toBe(false);
  });

  it('never closes on 0 failed when a stage failed (a crash before any report)', () => {
    const { lines, ok } = summarize(tests(500, 0, { 'browser tests': 0 }), ['browser tests']);
    expect(lines.at(-1)).toBe('Summary: 500 passed, 1 failed, 2 skipped');
    expect(ok).toBe(false);
  });

  it('passes only when no stage and no test failed', () => {
    expect(summarize(tests(10, 0), [])).toEqual({ lines: ['Summary: 10 passed, 0 failed, 2 skipped'], ok: true });
  });

  it('adds vitest and Playwright reports', () => {
    expect(
      countTests({
        vitest: [{ numPassedTests: 5, numFailedTests: 1, numPendingTests: 1, numTodoTests: 0 }],
        playwright: [{ stats: { expected: 3, flaky: 1, unexpected: 2, skipped: 1 } }],
      }),
    ).toEqual({ passed: 9, failed: 3, skipped: 2 });
  });

  it('repeats why a stage failed without a failed test: unhandled errors and timed-out hooks, colours removed', () => {
    const log = [
      ' \u001b[32m✓\u001b[39m web/src/a.test.tsx (3 tests) 20ms',
      '⎯⎯⎯⎯ Unhandled Errors ⎯⎯⎯⎯',
      'Vitest caught 1 unhandled error during the test run.',
      'TypeError: Cannot read properties of null (reading \'focus\')',
      ' ❯ web/src/ui/dialog.tsx:40:12',
      'This error originated in "web/src/ui/dialog.test.tsx" test file.',
      ' Test Files  157 passed (157)',
      'Error: Hook timed out in 120000ms.',
    ].join('\n');
    expect(failureCauses(log)).toEqual([
      '⎯⎯⎯⎯ Unhandled Errors ⎯⎯⎯⎯',
      "TypeError: Cannot read properties of null (reading 'focus')",
      'This error originated in "web/src/ui/dialog.test.tsx" test file.',
      'Error: Hook timed out in 120000ms.',
    ]);
    expect(failureCauses('all good\n')).toEqual([]);
    expect(failureCauses(Array.from({ length: 30 }, (_, i) => `Error: ${i}`).join('\n'), 3)).toEqual(['Error: 0', 'Error: 1', 'Error: 2', '... and 27 more lines']);
  });

  it('prints every stage with its wall and CPU seconds, their totals and the load after each', () => {
    expect(stageTimes('typecheck\t24\t31\t1.50\nbundles\t200\t150\t3.20\n')).toBe(
      'Stages (wall/CPU s): typecheck 24/31, bundles 200/150; total 224/181 s; load after each stage: 1.50 3.20',
    );
    // Stages side by side: the total wall is the run's, not the stages' sum.
    expect(stageTimes('lint\t24\t31\t1.50\ntypecheck\t30\t30\t3.20\n', 35)).toMatch(/; total 35\/61 s;/);
    expect(stageTimes('')).toBeNull();
  });
});
