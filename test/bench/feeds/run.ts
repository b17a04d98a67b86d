/**
 * Feed engine bench: `npm run bench:feeds [-- --sizes 100000,1000000] [--runs 3] [--dir DIR]`.
 *
 * Generates (once, reused across runs: keyed by size and generator version) realistic order
 * feeds, XML and CSV, in DIR (default: <tmpdir>/feed-bench, never in the repo), then measures
 * each run in a child process: wall time, throughput (MB/s, orders/s), peak RSS and peak heap.
 * XML is compared with `xmllint --stream --noout` on the same file (ratio = xmllint time /
 * our time; target >= 0.8). The biggest XML feed is also read under
 * NODE_OPTIONS=--max-old-space-size=32, by the parser alone and through the full checker.
 * The CSV stage rows (parser alone, checker, and csv-floor.ts, a string-free prototype pass) take
 * udsv's median time as their yardstick.
 * Each figure is the best of --runs runs (a shared machine adds noise, never speed); each of
 * our XML runs is paired with an xmllint run right before it, so both see the same load.
 *
 * Whole process, as a user runs it: the `feed-check` command (dist/cli/feed-check.mjs, built by
 * `npm run prefeed-check`, node start-up, reading, decoding and every rule included) against a
 * yardstick on the same file, in turn (A B A B ...): XML against `xmllint --stream --noout`,
 * CSV against udsv's streaming parser, parse only (a dev dependency). The ratio (yardstick time
 * / ours) is taken pair by pair; the table gives the medians. Targets: 0.8 (XML), 0.9 (CSV).
 */
import { createRequire } from 'node:module';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { ensureFeed } from './generate';

const TARGET_RATIO = 0.8;
const TARGET_CSV_RATIO = 0.9;
const root = path.resolve(import.meta.dirname, '..', '..', '..');

interface Args {
  sizes: number[];
  runs: number;
  dir: string;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { sizes: [300_000, 1_000_000], runs: 5, dir: path.join(tmpdir(), 'feed-bench') };
  for (let i = 0; i < argv.length; i++) {
    const value = argv[i + 1];
    if (argv[i] === '--sizes' && value) {
      args.sizes = value.split(',').map((s) => Number.parseInt(s, 10));
      i++;
    } else if (argv[i] === '--runs' && value) {
      args.runs = Math.max(1, Number.parseInt(value, 10) || 1);
      i++;
    } else if (argv[i] === '--dir' && value) {
      args.dir = path.resolve(value);
      i++;
    } else throw new Error(`Unknown argument ${argv[i]} (use --sizes N,N --runs N --dir DIR)`);
  }
  if (args.sizes.some((n) => !Number.isInteger(n) || n <= 0)) throw new Error('--sizes takes positive integers');
  return args;
}

interface Measure {
  orders: number;
  ms: number;
  heapPeak: number;
  maxRss: number;
  wallMs: number;
}

function runChild(bundle: string, mode: 'parser' | 'checker', format: 'xml' | 'csv', file: string, checker: string | undefined, maxOldSpace?: number): Measure | { error: string } {
  return runMeasured([bundle, mode, format, file, ...(checker ? [checker] : [])], maxOldSpace);
}

/** A node process that prints one JSON line of Measure (child.ts, csv-floor.ts). */
function runMeasured(args: string[], maxOldSpace?: number): Measure | { error: string } {
  const env = { ...process.env, NODE_OPTIONS: maxOldSpace ? `--max-old-space-size=${maxOldSpace}` : '' };
  const started = performance.now();
  const child = spawnSync(process.execPath, args, { env, encoding: 'utf8', maxBuffer: 1 << 20 });
  const wallMs = performance.now() - started;
  if (child.status !== 0) return { error: (child.stderr || `exit ${child.status} ${child.signal ?? ''}`).trim().split('\n').slice(-3).join(' | ') };
  return { ...(JSON.parse(child.stdout.trim()) as Omit<Measure, 'wallMs'>), wallMs };
}

/** Best wall time of `runs` runs, peak memory over all of them; the first failure wins. */
function best(runs: number, run: () => Measure | { error: string }, before?: () => void): Measure | { error: string } {
  let result: Measure | undefined;
  for (let i = 0; i < runs; i++) {
    before?.();
    const m = run();
    if ('error' in m) return m;
    result = result === undefined ? m : { ...(m.wallMs < result.wallMs ? m : result), heapPeak: Math.max(m.heapPeak, result.heapPeak), maxRss: Math.max(m.maxRss, result.maxRss) };
  }
  return result as Measure;
}

function xmllint(file: string): number {
  const started = performance.now();
  const run = spawnSync('xmllint', ['--stream', '--noout', file], { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`xmllint failed on ${file}: ${run.stderr.slice(0, 500)}`);
  return performance.now() - started;
}

const mb = (bytes: number) => (bytes / 1e6).toFixed(1);

/** Wall time of one whole process, in ms; its exit code must be one of `ok`. */
function timed(command: string, args: string[], ok: number[] = [0]): number {
  const started = performance.now();
  const run = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8', maxBuffer: 1 << 20 });
  const ms = performance.now() - started;
  if (run.status === null || !ok.includes(run.status)) throw new Error(`${command} ${args.join(' ')} failed (${run.status ?? run.signal}): ${run.stderr.slice(0, 500)}`);
  return ms;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

interface Paired {
  ours: number;
  yardstick: number;
  /** Median of the pairwise ratios yardstick / ours. */
  ratio: number;
  min: number;
  max: number;
}

/** ours and the yardstick in turn, `runs` pairs after one warm-up pair (page cache, disk). */
function paired(runs: number, ours: () => number, yardstick: () => number): Paired {
  yardstick();
  ours();
  const a: number[] = [];
  const b: number[] = [];
  const ratios: number[] = [];
  for (let i = 0; i < runs; i++) {
    const y = yardstick();
    const o = ours();
    a.push(o);
    b.push(y);
    ratios.push(y / o);
  }
  return { ours: median(a), yardstick: median(b), ratio: median(ratios), min: Math.min(...ratios), max: Math.max(...ratios) };
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  mkdirSync(args.dir, { recursive: true });
  const log = (line: string) => console.log(line);

  const hasXmllint = spawnSync('xmllint', ['--version'], { stdio: 'ignore' }).status === 0;
  if (!hasXmllint) log('xmllint not found: install it with `apt-get install -y libxml2-utils` (as root); the XML ratio is skipped.');

  // Bundles: plain node runs them, so no TypeScript compile lands in the figures.
  const bundleDir = path.join(args.dir, 'bundles');
  mkdirSync(bundleDir, { recursive: true });
  const childBundle = path.join(bundleDir, 'child.mjs');
  await build({ entryPoints: [path.join(import.meta.dirname, 'child.ts')], bundle: true, platform: 'node', format: 'esm', target: 'node20', outfile: childBundle, logLevel: 'error' });
  const floorBundle = path.join(bundleDir, 'csv-floor.mjs');
  await build({ entryPoints: [path.join(import.meta.dirname, 'csv-floor.ts')], bundle: true, platform: 'node', format: 'esm', target: 'node20', outfile: floorBundle, logLevel: 'error' });
  const checkerSource = path.join(root, 'shared', 'feed', 'checker.ts');
  let checkerBundle: string | undefined;
  if (existsSync(checkerSource)) {
    checkerBundle = path.join(bundleDir, 'checker.mjs');
    await build({ entryPoints: [checkerSource], bundle: true, platform: 'neutral', format: 'esm', target: 'es2022', outfile: checkerBundle, logLevel: 'error' });
  } else log('shared/feed/checker.ts does not exist yet: the end-to-end checker runs are skipped.');

  // The command as `npm run feed-check` runs it: its own build step, then plain node.
  const built = spawnSync('npm', ['run', '-s', 'prefeed-check'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  if (built.status !== 0) throw new Error('npm run prefeed-check failed');
  const cli = path.join(root, 'dist', 'cli', 'feed-check.mjs');
  let udsvBundle: string | undefined;
  try {
    createRequire(import.meta.url).resolve('udsv');
    udsvBundle = path.join(bundleDir, 'udsv-parse.mjs');
    await build({ entryPoints: [path.join(import.meta.dirname, 'udsv-parse.ts')], bundle: true, platform: 'node', format: 'esm', target: 'node20', outfile: udsvBundle, logLevel: 'error' });
  } catch {
    log('udsv is not installed (npm install, it is a dev dependency): the CSV ratio is skipped.');
  }
  const wholeRows: string[][] = [];
  const wholeHeader = ['feed', 'MB', 'feed-check s', 'yardstick', 'yardstick s', 'ratio (median of pairs)', 'ratio min-max', 'target'];
  const whole = (label: string, file: string, format: 'xml' | 'csv', yardstickName: string, yardstick: () => number, target: number) => {
    // Exit code 1 (warnings) is a normal outcome of a check.
    const p = paired(args.runs, () => timed(process.execPath, [cli, file, '--type', format, '--json'], [0, 1]), yardstick);
    wholeRows.push([label, mb(statSync(file).size), (p.ours / 1000).toFixed(2), yardstickName, (p.yardstick / 1000).toFixed(2), p.ratio.toFixed(2), `${p.min.toFixed(2)}-${p.max.toFixed(2)}`, String(target)]);
    log(`  ${label} whole feed-check: ${(p.ours / 1000).toFixed(2)} s vs ${yardstickName} ${(p.yardstick / 1000).toFixed(2)} s, ratio ${p.ratio.toFixed(2)} (target ${target})`);
    return p.yardstick;
  };

  const rows: string[][] = [];
  const header = ['feed', 'run', 'MB', 'orders', 'wall s', 'in-process s', 'MB/s', 'orders/s', 'yardstick s', 'ratio', 'peak RSS MB', 'peak heap MB'];
  let failed = false;
  const record = (label: string, run: string, file: string, m: Measure | { error: string }, yardstick?: number) => {
    const size = statSync(file).size;
    if ('error' in m) {
      failed = true;
      rows.push([label, run, mb(size), 'FAILED', m.error, '', '', '', '', '', '', '']);
      return;
    }
    const s = m.wallMs / 1000;
    const ratio = yardstick === undefined ? '' : (yardstick / m.wallMs).toFixed(2);
    rows.push([label, run, mb(size), String(m.orders), s.toFixed(2), (m.ms / 1000).toFixed(2), (size / 1e6 / s).toFixed(1), Math.round(m.orders / s).toLocaleString('en-US'), yardstick === undefined ? '' : (yardstick / 1000).toFixed(2), ratio, mb(m.maxRss), mb(m.heapPeak)]);
    log(`  ${label} ${run}: ${s.toFixed(2)} s${ratio ? `, ratio ${ratio}` : ''}, RSS ${mb(m.maxRss)} MB, heap ${mb(m.heapPeak)} MB`);
  };

  for (const size of args.sizes) {
    const xml = await ensureFeed(args.dir, 'xml', size, log);
    const csv = await ensureFeed(args.dir, 'csv', size, log);
    const label = `${size.toLocaleString('en-US')} orders`;
    log(`measuring ${label} ...`);
    if (hasXmllint) whole(`${label} XML`, xml, 'xml', 'xmllint --stream', () => timed('xmllint', ['--stream', '--noout', xml]), TARGET_RATIO);
    // udsv's median there is also the reference of the CSV stage rows: the parser alone against it
    // shows how much of udsv's time is left for the rules (docs/feed-engine.md).
    let udsv: number | undefined;
    if (udsvBundle) {
      const bundle = udsvBundle;
      udsv = whole(`${label} CSV`, csv, 'csv', 'udsv parse only', () => timed(process.execPath, [bundle, csv]), TARGET_CSV_RATIO);
    }
    // xmllint runs right before each of our XML runs; its best time is the reference.
    let lint: number | undefined;
    const lintOnce = () => {
      if (!hasXmllint) return;
      const ms = xmllint(xml);
      lint = lint === undefined ? ms : Math.min(lint, ms);
    };
    lintOnce(); // also warms the page cache, so neither side pays the disk
    const xmlParser = best(args.runs, () => runChild(childBundle, 'parser', 'xml', xml, undefined), lintOnce);
    const csvParser = best(args.runs, () => runChild(childBundle, 'parser', 'csv', csv, undefined));
    record(`${label} XML`, 'parser', xml, xmlParser, lint);
    record(`${label} CSV`, 'parser', csv, csvParser, udsv);
    if (checkerBundle) {
      record(`${label} XML`, 'checker', xml, best(args.runs, () => runChild(childBundle, 'checker', 'xml', xml, checkerBundle)), lint);
      record(`${label} CSV`, 'checker', csv, best(args.runs, () => runChild(childBundle, 'checker', 'csv', csv, checkerBundle)), udsv);
    }
    // What a check that hands the rules offsets instead of strings could reach (csv-floor.ts: a prototype, not the engine).
    record(`${label} CSV`, 'string-free floor (prototype)', csv, best(args.runs, () => runMeasured([floorBundle, csv])), udsv);
    if (size === Math.max(...args.sizes)) {
      // Memory proof, not speed: one run each.
      record(`${label} XML`, 'parser, 32 MB heap', xml, runChild(childBundle, 'parser', 'xml', xml, undefined, 32), lint);
      if (checkerBundle) record(`${label} XML`, 'checker, 32 MB heap', xml, runChild(childBundle, 'checker', 'xml', xml, checkerBundle, 32), lint);
    }
  }

  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] as number)).join(' | ')} |`;
  log('');
  log(line(header));
  log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) log(line(row));
  log(`\nratio = yardstick wall time / ours (both whole processes, node start-up included; ours best of ${args.runs}): XML against xmllint --stream --noout (its best), CSV against udsv's parse (the median of the whole-process pairs below).`);
  log('in-process = read + parse (+ rules) inside the child, without node start-up; MB/s and orders/s use the wall time.');
  log(`Peak RSS from the child (getrusage), peak heap = V8 used heap sampled after every chunk. Files in ${args.dir}.`);
  if (wholeRows.length > 0) {
    const wholeWidths = wholeHeader.map((h, i) => Math.max(h.length, ...wholeRows.map((r) => (r[i] ?? '').length)));
    const wholeLine = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(wholeWidths[i] as number)).join(' | ')} |`;
    log('\nWhole process (the feed-check command vs a yardstick, in turn; medians of the times and of the pairwise ratios):\n');
    log(wholeLine(wholeHeader));
    log(`|${wholeWidths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
    for (const row of wholeRows) log(wholeLine(row));
  }
  if (failed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
