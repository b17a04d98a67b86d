/**
 * Feed engine bench: `npm run bench:feeds [-- --sizes 100000,1000000] [--runs 3] [--dir DIR]
 * [--variants all|none|name,name] [--smoke]`. `--smoke`: 1,000 orders, one run, one variant per format
 * (test/bench/smoke.ts).
 *
 * Generates (once, reused across runs: keyed by size and generator version) order feeds in DIR
 * (default: <tmpdir>/feed-bench, never in the repo): the bench's own friendly XML and CSV at each
 * size, and each variant of the realistic corpus (shared/feed/testing/realistic.ts: CRLF, tabs,
 * attributes, namespaces, CDATA, Cyrillic and accented text, windows-1251, UTF-16, all-quoted
 * CSV...) at the smallest size. The biggest XML feed is also read under
 * NODE_OPTIONS=--max-old-space-size=32, by the parser alone and through the full checker.
 *
 * Stage rows (parser alone, checker, csv-floor.ts's string-free prototype pass, the 32 MB heap
 * runs): each a child process reading as the command does, best of --runs. A stage is a part of
 * the check, so it gets no yardstick ratio (comparing a stage with xmllint's whole process made
 * "parser 3.05x" look like a win that was not one, issue 32); its column is its share of the whole
 * command's median time on the same file, both whole processes.
 *
 * Whole process, as a user runs it: the `feed-check` command (dist/cli/feed-check.mjs, built by
 * `npm run prefeed-check`, node start-up, reading, decoding and every rule included) against a
 * yardstick on the same file, in turn (A B A B ...): XML against `xmllint --stream --noout`,
 * CSV against udsv's streaming parser, parse only (a dev dependency). The ratio (yardstick time
 * / ours) is taken pair by pair; the table gives the medians. Targets: 0.8 for both. Times are CPU times (user + system): the machine is shared.
 */
import { createRequire } from 'node:module';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { esbuildSettings } from '../../../lib/bundling';
import { CORPUS_VARIANT_NAMES, CORPUS_VARIANTS, type CorpusVariant } from '../../../shared/feed/testing/realistic';
import { ensureCorpusFeed, ensureFeed } from './generate';
import { smoke } from '../smoke';

const TARGET_RATIO = 0.8;
const TARGET_CSV_RATIO = 0.8;
const root = path.resolve(import.meta.dirname, '..', '..', '..');

interface Args {
  sizes: number[];
  runs: number;
  dir: string;
  variants: CorpusVariant[];
}

/** A smoke run's variants: the first of each format, enough to see the corpus path still runs. */
const SMOKE_VARIANTS = (['xml', 'csv'] as const).flatMap((format) => CORPUS_VARIANT_NAMES.find((v) => CORPUS_VARIANTS[v].format === format) ?? []);

function parseArgs(argv: string[]): Args {
  const args: Args = { sizes: smoke ? [1000] : [300_000, 1_000_000], runs: smoke ? 1 : 5, dir: path.join(tmpdir(), 'feed-bench'), variants: smoke ? SMOKE_VARIANTS : CORPUS_VARIANT_NAMES };
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
    } else if (argv[i] === '--variants' && value) {
      args.variants = value === 'all' ? CORPUS_VARIANT_NAMES : value === 'none' ? [] : (value.split(',') as CorpusVariant[]);
      const unknown = args.variants.filter((v) => !CORPUS_VARIANT_NAMES.includes(v));
      if (unknown.length > 0) throw new Error(`Unknown variant ${unknown.join(', ')} (one of ${CORPUS_VARIANT_NAMES.join(', ')})`);
      i++;
    } else if (argv[i] !== '--smoke') throw new Error(`Unknown argument ${argv[i]} (use --sizes N,N --runs N --dir DIR --variants all|none|name,name --smoke)`);
  }
  if (args.sizes.some((n) => !Number.isInteger(n) || n <= 0)) throw new Error('--sizes takes positive integers');
  return args;
}

interface Measure {
  orders: number;
  ms: number;
  /** CPU time (user + system) of the whole child process, node start-up included. */
  cpuMs: number;
  heapPeak: number;
  maxRss: number;
  wallMs: number;
}

interface Feed {
  label: string;
  format: 'xml' | 'csv';
  file: string;
  /** The bench's own friendly feed (csv-floor.ts reads only that CSV). */
  bench?: boolean;
  /** The biggest XML feed: also read under a 32 MB heap. */
  biggest?: boolean;
  /** The encoding udsv's yardstick decodes the CSV in (UTF-8 when not given). */
  decodeAs?: string;
}

/** How udsv-parse.ts decodes a corpus CSV, as the engine would (UTF-8 with or without a mark needs nothing). */
const UDSV_DECODING: Partial<Record<(typeof CORPUS_VARIANTS)[CorpusVariant]['encoding'], string>> = {
  'windows-1251': 'windows-1251',
  'windows-1252': 'windows-1252',
  'utf-16le-bom': 'utf-16le',
};

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

/** Least CPU time of `runs` runs, peak memory over all of them; the first failure wins. */
function best(runs: number, run: () => Measure | { error: string }, before?: () => void): Measure | { error: string } {
  let result: Measure | undefined;
  for (let i = 0; i < runs; i++) {
    before?.();
    const m = run();
    if ('error' in m) return m;
    result = result === undefined ? m : { ...(m.cpuMs < result.cpuMs ? m : result), heapPeak: Math.max(m.heapPeak, result.heapPeak), maxRss: Math.max(m.maxRss, result.maxRss) };
  }
  return result as Measure;
}

const mb = (bytes: number) => (bytes / 1e6).toFixed(1);

/**
 * CPU time (user + system) of one whole process, in ms; its exit code must be one of `ok`. CPU
 * time, not wall time: the machine is shared, and a busy neighbour stretches wall time far more
 * than CPU time. Read with bash's `times` (the children's line), which every Linux and macOS has.
 */
function timed(command: string, args: string[], ok: number[] = [0]): number {
  const script = '"$@" >/dev/null; status=$?; times; exit $status';
  const run = spawnSync('bash', ['-c', script, 'bench', command, ...args], { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', maxBuffer: 1 << 20 });
  if (run.status === null || !ok.includes(run.status)) throw new Error(`${command} ${args.join(' ')} failed (${run.status ?? run.signal}): ${run.stderr.slice(0, 500)}`);
  // `times` prints the shell's user and system time, then its children's: "0m1.234s 0m0.056s".
  const children = run.stdout.trim().split('\n').at(-1) ?? '';
  const seconds = [...children.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
  if (seconds.length !== 2) throw new Error(`bash times printed ${JSON.stringify(run.stdout)}`);
  return ((seconds[0] as number) + (seconds[1] as number)) * 1000;
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
  await build({ entryPoints: [path.join(import.meta.dirname, 'child.ts')], bundle: true, platform: 'node', format: 'esm', target: esbuildSettings().target, outfile: childBundle, logLevel: 'error' });
  const floorBundle = path.join(bundleDir, 'csv-floor.mjs');
  await build({ entryPoints: [path.join(import.meta.dirname, 'csv-floor.ts')], bundle: true, platform: 'node', format: 'esm', target: esbuildSettings().target, outfile: floorBundle, logLevel: 'error' });
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
    await build({ entryPoints: [path.join(import.meta.dirname, 'udsv-parse.ts')], bundle: true, platform: 'node', format: 'esm', target: esbuildSettings().target, outfile: udsvBundle, logLevel: 'error' });
  } catch {
    log('udsv is not installed (npm install, it is a dev dependency): the CSV ratio is skipped.');
  }
  const wholeRows: string[][] = [];
  const wholeHeader = ['feed', 'MB', 'feed-check CPU s', 'yardstick (whole process)', 'yardstick CPU s', 'ratio (median of pairs)', 'ratio min-max', 'target'];
  /** The whole command on a feed, in turn with its yardstick when there is one; returns the command's median ms. */
  const whole = (feed: Feed): number => {
    // Exit code 1 (warnings) is a normal outcome of a check.
    const ours = () => timed(process.execPath, [cli, feed.file, '--type', feed.format, '--json'], [0, 1]);
    const yardstick = feed.format === 'xml' ? (hasXmllint ? { name: 'xmllint --stream', run: () => timed('xmllint', ['--stream', '--noout', feed.file]) } : undefined)
      : udsvBundle ? { name: 'udsv parse only', run: () => timed(process.execPath, [udsvBundle, feed.file, ...(feed.decodeAs ? [feed.decodeAs] : [])]) } : undefined;
    const target = feed.format === 'xml' ? TARGET_RATIO : TARGET_CSV_RATIO;
    if (!yardstick) {
      ours();
      const alone = median(Array.from({ length: args.runs }, ours));
      wholeRows.push([feed.label, mb(statSync(feed.file).size), (alone / 1000).toFixed(2), 'none installed', '', '', '', String(target)]);
      return alone;
    }
    const p = paired(args.runs, ours, yardstick.run);
    wholeRows.push([feed.label, mb(statSync(feed.file).size), (p.ours / 1000).toFixed(2), yardstick.name, (p.yardstick / 1000).toFixed(2), p.ratio.toFixed(2), `${p.min.toFixed(2)}-${p.max.toFixed(2)}`, String(target)]);
    log(`  ${feed.label} whole feed-check: ${(p.ours / 1000).toFixed(2)} CPU s vs ${yardstick.name} ${(p.yardstick / 1000).toFixed(2)} CPU s, ratio ${p.ratio.toFixed(2)} (target ${target})`);
    return p.ours;
  };

  const rows: string[][] = [];
  const header = ['feed', 'stage', 'MB', 'orders', 'wall s', 'in-process s', 'CPU s', 'MB/s', 'orders/s', 'CPU share of feed-check', 'peak RSS MB', 'peak heap MB'];
  let failed = false;
  /** A stage row: `wholeMs` is the whole command's median CPU time on the same file (both whole processes' CPU time: like with like). */
  const record = (feed: Feed, stage: string, m: Measure | { error: string }, wholeMs: number) => {
    const size = statSync(feed.file).size;
    if ('error' in m) {
      failed = true;
      rows.push([feed.label, stage, mb(size), 'FAILED', m.error, '', '', '', '', '', '', '']);
      return;
    }
    const s = m.wallMs / 1000;
    const share = m.cpuMs / wholeMs;
    rows.push([feed.label, stage, mb(size), String(m.orders), s.toFixed(2), (m.ms / 1000).toFixed(2), (m.cpuMs / 1000).toFixed(2), (size / 1e6 / s).toFixed(1), Math.round(m.orders / s).toLocaleString('en-US'), share.toFixed(2), mb(m.maxRss), mb(m.heapPeak)]);
    log(`  ${feed.label} ${stage}: ${(m.cpuMs / 1000).toFixed(2)} CPU s (${share.toFixed(2)} of the whole check's CPU), RSS ${mb(m.maxRss)} MB, heap ${mb(m.heapPeak)} MB`);
  };

  const feeds: Feed[] = [];
  for (const size of args.sizes) {
    const label = `${size.toLocaleString('en-US')} orders`;
    feeds.push({ label: `${label} XML`, format: 'xml', file: await ensureFeed(args.dir, 'xml', size, log), bench: true, biggest: size === Math.max(...args.sizes) });
    feeds.push({ label: `${label} CSV`, format: 'csv', file: await ensureFeed(args.dir, 'csv', size, log), bench: true });
  }
  const variantSize = Math.min(...args.sizes);
  for (const variant of args.variants) {
    const style = CORPUS_VARIANTS[variant];
    feeds.push({ label: `${variantSize.toLocaleString('en-US')} ${variant}`, format: style.format, file: await ensureCorpusFeed(args.dir, variant, variantSize, log), decodeAs: UDSV_DECODING[style.encoding] });
  }

  for (const feed of feeds) {
    log(`measuring ${feed.label} ...`);
    const wholeMs = whole(feed);
    record(feed, 'parser', best(args.runs, () => runChild(childBundle, 'parser', feed.format, feed.file, undefined)), wholeMs);
    if (checkerBundle) record(feed, 'checker', best(args.runs, () => runChild(childBundle, 'checker', feed.format, feed.file, checkerBundle)), wholeMs);
    // What a check that hands the rules offsets instead of strings could reach (csv-floor.ts: a prototype, not the engine; the bench's own CSV only).
    if (feed.bench && feed.format === 'csv') record(feed, 'string-free floor (prototype)', best(args.runs, () => runMeasured([floorBundle, feed.file])), wholeMs);
    if (feed.biggest) {
      // Memory proof, not speed: one run each.
      record(feed, 'parser, 32 MB heap', runChild(childBundle, 'parser', 'xml', feed.file, undefined, 32), wholeMs);
      if (checkerBundle) record(feed, 'checker, 32 MB heap', runChild(childBundle, 'checker', 'xml', feed.file, checkerBundle, 32), wholeMs);
    }
  }
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] as number)).join(' | ')} |`;
  log('');
  log(line(header));
  log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) log(line(row));
  log(`\nStages: each a whole child process reading as the command does (least CPU of ${args.runs}); CPU share of feed-check = its CPU time / the whole command's median CPU time on the same file (a part of the check, so no yardstick ratio).`);
  log('in-process = read + parse (+ rules) inside the child, without node start-up; MB/s and orders/s use the wall time.');
  log(`Peak RSS from the child (getrusage), peak heap = V8 used heap sampled after every chunk. Files in ${args.dir}.`);
  if (wholeRows.length > 0) {
    const wholeWidths = wholeHeader.map((h, i) => Math.max(h.length, ...wholeRows.map((r) => (r[i] ?? '').length)));
    const wholeLine = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(wholeWidths[i] as number)).join(' | ')} |`;
    log('\nWhole process against whole process (the feed-check command vs a yardstick, in turn; CPU time, user + system; medians of the times and of the pairwise ratios):\n');
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
