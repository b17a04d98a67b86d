// Adds up the JSON reports of every stage of `npm test` into one closing line.
// The last line is what CI reads: `Summary: P passed, F failed, S skipped`, where F counts failed
// tests plus failed stages that have no test report of their own (typecheck, lint, build, a crash);
// the lines before it say which is which and how long each stage took (wall and CPU seconds).
import { existsSync, readdirSync, readFileSync } from 'node:fs';

/** Tests of the vitest and Playwright JSON reports. */
export function countTests(reports) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const r of reports.vitest) {
    passed += r.numPassedTests ?? 0;
    failed += r.numFailedTests ?? 0;
    skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  }
  for (const r of reports.playwright) {
    const s = r.stats ?? {};
    passed += (s.expected ?? 0) + (s.flaky ?? 0);
    failed += s.unexpected ?? 0;
    skipped += s.skipped ?? 0;
  }
  return { passed, failed, skipped };
}

/** Stages with a test report: their failures are already counted as failed tests. */
export const REPORTED_STAGES = new Set(['unit, data, web and infra tests', 'integration tests', 'browser tests', 'bundles']);

/**
 * One line of every stage's seconds, from test/run-all.sh's test-results/stages.tsv (name, wall
 * seconds, CPU seconds of the stage's processes, 1-minute load average at its end). The CPU
 * seconds say what a stage costs whatever else loads the machine; the wall seconds what CI waits.
 * `wall`: the whole run's wall seconds, the total's (stages side by side overlap: their sum would
 * count the same seconds twice); without it, the stages' sum.
 */
export function stageTimes(tsv, wall) {
  const rows = tsv
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\t'))
    .map(([name, wall, cpu, load]) => ({ name, wall: Number(wall), cpu: Number(cpu), load }));
  if (rows.length === 0) return null;
  const total = (key) => rows.reduce((sum, row) => sum + row[key], 0);
  const stages = rows.map((row) => `${row.name} ${row.wall}/${row.cpu}`).join(', ');
  const loads = rows.map((row) => row.load).join(' ');
  return `Stages (wall/CPU s): ${stages}; total ${wall ?? total('wall')}/${total('cpu')} s; load after each stage: ${loads}`;
}

export function summarize(tests, failedStages) {
  // A reported stage can fail without a failed test (a crash, a run that found no test): it counts too.
  const unreported = failedStages.filter((stage) => !REPORTED_STAGES.has(stage) || tests.failedIn?.[stage] === 0);
  const lines = [];
  if (failedStages.length) lines.push(`Failed stages: ${failedStages.join(', ')} (tests failed: ${tests.failed}; stages failed without a failed test: ${unreported.length})`);
  lines.push(`Summary: ${tests.passed} passed, ${tests.failed + unreported.length} failed, ${tests.skipped} skipped`);
  return { lines, ok: failedStages.length === 0 && tests.failed === 0 };
}

/**
 * Why a stage failed, from its output (test/run-all.sh keeps one log per stage): CI shows only the
 * end of the run, and a stage that fails without a failed test (an unhandled error after a test
 * ended, a hook that timed out, a file that did not load) says why far above it.
 */
const CAUSE = /Unhandled (Error|Rejection)|This error originated in|Error: |FAIL |Failed Tests? \d|Failed Suites? \d|Test Files .*failed|timed out|✘|ERR!|error TS\d|^\s*\d+:\d+\s+error /;
export function failureCauses(log, max = 25) {
  // eslint-disable-next-line no-control-regex -- colour codes of the reporters
  const all = log.replace(/\u001b\[[0-9;]*m/g, '').split('\n');
  // The runners' own account of the failures comes first where there is one (vitest's "Failed
  // Tests" / "Unhandled Errors", Playwright's numbered failures): the log lines above it are noise.
  const account = all.findIndex((line) => /⎯ (Failed|Unhandled)|^\s+1\) /.test(line));
  const lines = account >= 0 ? all.slice(account) : all;
  const found = [...new Set(lines.filter((line) => CAUSE.test(line)).map((line) => line.trim().slice(0, 200)))];
  return found.length > max ? [...found.slice(0, max), `... and ${found.length - max} more lines`] : found;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop())) {
  const read = (path, json = true) => {
    if (!existsSync(path)) return null;
    const text = readFileSync(path, 'utf8');
    return json ? JSON.parse(text) : text;
  };
  /** A stage's reports: `<name>.json`, or one per shard (`<name>-1.json`...: test/run-shards.sh). */
  const reports = (name) =>
    existsSync('test-results') ? readdirSync('test-results').filter((file) => new RegExp(`^${name}(-\\d+)?\\.json$`).test(file)).map((file) => read(`test-results/${file}`)) : [];
  const fast = reports('vitest-fast');
  const integration = reports('vitest-integration');
  const e2e = reports('e2e');
  const bundles = reports('vitest-bundles');
  const tests = countTests({ vitest: [...fast, ...integration, ...bundles], playwright: e2e });
  const sum = (list, count) => list.reduce((total, report) => total + (count(report) ?? 0), 0);
  tests.failedIn = {
    'unit, data, web and infra tests': sum(fast, (r) => r.numFailedTests),
    'integration tests': sum(integration, (r) => r.numFailedTests),
    'browser tests': sum(e2e, (r) => r.stats?.unexpected),
    bundles: sum(bundles, (r) => r.numFailedTests),
  };
  const failedStages = process.argv.slice(2);
  const { lines, ok } = summarize(tests, failedStages);
  for (const stage of failedStages) {
    const log = read(`test-results/logs/${stage.replace(/[^a-z0-9]/gi, '-')}.log`, false);
    if (log === null) continue;
    console.log(`--- why "${stage}" failed:`);
    for (const line of failureCauses(log)) console.log(`    ${line}`);
  }
  // test/run-all.sh's start (epoch seconds).
  const started = Number(process.env.TEST_STARTED);
  const times = stageTimes(read('test-results/stages.tsv', false) ?? '', started ? Math.round(Date.now() / 1000) - started : undefined);
  if (times) console.log(times);
  for (const line of lines) console.log(line);
  process.exit(ok ? 0 : 1);
}
