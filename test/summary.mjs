// Adds up the JSON reports of every stage of `npm test` into one closing line.
import { existsSync, readFileSync } from 'node:fs';

const failedStages = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of ['vitest-fast.json', 'vitest-integration.json']) {
  const path = `test-results/${file}`;
  if (!existsSync(path)) continue;
  const r = JSON.parse(readFileSync(path, 'utf8'));
  passed += r.numPassedTests ?? 0;
  failed += r.numFailedTests ?? 0;
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
}
const e2e = 'test-results/e2e.json';
if (existsSync(e2e)) {
  const s = JSON.parse(readFileSync(e2e, 'utf8')).stats ?? {};
  passed += (s.expected ?? 0) + (s.flaky ?? 0);
  failed += s.unexpected ?? 0;
  skipped += s.skipped ?? 0;
}
// A stage that failed without a test report (typecheck, build, a crash) still fails the run.
const extra = failedStages.length > 0 && failed === 0 ? failedStages.length : 0;
if (failedStages.length) console.log(`Failed stages: ${failedStages.join(', ')}`);
console.log(`Summary: ${passed} passed, ${failed + extra} failed, ${skipped} skipped`);
process.exit(failedStages.length || failed ? 1 : 0);
