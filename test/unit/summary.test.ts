import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain .mjs script without types (run by test/run-all.sh)
import { countTests, summarize } from '../summary.mjs';

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
});
