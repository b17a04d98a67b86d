/**
 * Cold-start bench: `npm run bench:cold [-- --runs 7 --sdk bundled|external|both --only id,id --keep --smoke]`.
 *
 * Bundles every handler of the route table (and the jobs) alone, with exactly the esbuild
 * build of the CDK (lib/bundling.ts: an entry plus chunks), plus a bare reference handler that
 * only creates a DynamoDB document client, built the same way. Each round starts one fresh
 * `node` process per entry (the Lambda NODE_OPTIONS included) with the local stack's environment
 * (localstack/provision.ts `localEnv`, so a handler that checks its variables at load loads as it
 * does under `npm start`). The process imports the bundle, which reads the chunks it imports
 * statically (not those behind `import()`, loaded when used: the table shows both sizes), checks
 * it exports `handler` and prints a mark: the cold start is the time from the spawn to that mark
 * (min, median, max over --runs rounds, run order shuffled per round). The process also reports
 * the import alone, without node's own start-up: the ratio rule below is on that figure, which
 * the bundle decides.
 *
 * `--smoke`: one round, no warm-up, no ratio verdict: the run fails only when a bundle cannot be
 * built or loaded (the "bench smoke" stage of `npm test`, test/run-all.sh).
 *
 * Rule: target ratio (handler median / reference median) <= 1.3; a handler above 1.5 fails
 * the run (exit 1): the 0.2 between target and failure is the noise margin of a shared machine.
 * A handler above 1.5 is measured again, alternating with the reference for 2 x --runs rounds,
 * and only fails if that confirmation pass is still above 1.5 (one busy moment of a shared
 * machine must not fail the bench).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { HANDLER_FILE, bundleAwsSdk, esbuildBuildOptions, esbuildSettings, jobNodeOptions, routeNodeOptions } from '../../lib/bundling';
import { feedRecheckEntry } from '../../lib/jobs';
import { localEnv } from '../../localstack/provision';
import { fromRoot, repoRoot } from '../../lib/paths';
import { handlerModule, routes, type RouteDef } from '../../shared/routes';

const TARGET = 1.3;
const FAIL_ABOVE = 1.5;
const REFERENCE = 'reference (bare DynamoDB client)';

interface Args {
  runs: number;
  sdk: 'bundled' | 'external' | 'both';
  only: Set<string> | undefined;
  keep: boolean;
  smoke: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { runs: 7, sdk: bundleAwsSdk ? 'bundled' : 'external', only: undefined, keep: false, smoke: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    if (arg === '--runs') args.runs = Math.max(3, Number.parseInt(value(), 10));
    else if (arg === '--sdk') {
      const v = value();
      if (v !== 'bundled' && v !== 'external' && v !== 'both') throw new Error('--sdk is bundled, external or both');
      args.sdk = v;
    } else if (arg === '--only') args.only = new Set(value().split(','));
    else if (arg === '--keep') args.keep = true;
    else if (arg === '--smoke') args.smoke = true;
    else throw new Error(`Unknown argument ${arg}`);
  }
  return args;
}

interface Target {
  name: string;
  entry: string;
  /** NODE_OPTIONS its function runs with (lib/bundling.ts): routes and the reference none, jobs their source maps. */
  nodeOptions: string;
}

interface Result {
  name: string;
  /** KB a cold start reads (entry and its static chunks), and all the build's JavaScript. */
  kb: number;
  allKb: number;
  /** Median import time inside the process (the ratio's figure). */
  medianMs: number | undefined;
  /** Spawn to handler-ready, over the rounds. */
  start?: { min: number; median: number; max: number };
  error?: string;
  /** Ratio of the confirmation pass (handler and reference alternating), when there was one. */
  confirmedRatio?: number;
}

/** What the bench measures: the reference, every existing route handler, the jobs. */
function targets(only: Set<string> | undefined): { list: Target[]; skipped: string[] } {
  const list: Target[] = [{ name: REFERENCE, entry: fromRoot('test/bench/reference-handler.ts'), nodeOptions: routeNodeOptions }];
  const skipped: string[] = [];
  const candidates: Target[] = [
    ...(routes as readonly RouteDef[]).map((route) => ({ name: route.id, entry: fromRoot(`${handlerModule(route)}.ts`), nodeOptions: routeNodeOptions })),
    { name: 'job:feed-recheck', entry: feedRecheckEntry, nodeOptions: jobNodeOptions },
  ];
  for (const candidate of candidates) {
    if (only && !only.has(candidate.name)) continue;
    if (existsSync(candidate.entry)) list.push(candidate);
    else skipped.push(`${candidate.name} (${path.relative(repoRoot, candidate.entry)})`);
  }
  return { list, skipped };
}

/**
 * The local stack's environment (every variable a handler may check at load), with endpoints
 * nothing listens on: loading a handler makes no call.
 */
const childEnv: NodeJS.ProcessEnv = {
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  NODE_OPTIONS: '',
  ...localEnv(
    {
      endpoints: { dynamodb: 'http://127.0.0.1:9', s3: 'http://127.0.0.1:9', ses: 'http://127.0.0.1:9', cognito: 'http://127.0.0.1:9' },
      appUrl: 'http://127.0.0.1:9',
    },
    { poolId: 'us-east-1_bench', clientId: 'bench' },
  ),
};

const READY = 'handler-ready';
const probe = `const t0 = performance.now(); const m = await import(process.env.BENCH_MODULE);
if (typeof m.handler !== 'function') throw new Error('no handler export');
process.stdout.write('${READY} ' + (performance.now() - t0));`;

interface Sample {
  /** Spawn to the ready mark: node's start-up, the import, the handler check. */
  startMs: number;
  /** The import alone, measured inside the process. */
  importMs: number;
}

/** One cold start: a fresh node process imports the bundle and prints the ready mark. */
function loadOnce(file: string, nodeOptions: string): Promise<Sample> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, [...nodeOptions.split(' ').filter(Boolean), '--input-type=module', '-e', probe], {
      env: { ...childEnv, BENCH_MODULE: `file://${file}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    let sample: Sample | undefined;
    // A handler may keep a timer alive after load: the mark is what counts, then the process goes.
    const kill = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const match = new RegExp(`${READY} ([\\d.]+)`).exec(out);
      if (match && !sample) {
        sample = { startMs: performance.now() - t0, importMs: Number.parseFloat(match[1]!) };
        child.kill('SIGKILL');
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(kill);
      if (sample) resolve(sample);
      else {
        const lines = (err || `exit ${code} without the ready mark`).trim().split('\n');
        // Node prints the failing source line first: the error's own line says more.
        reject(new Error(lines.find((line) => /^\w*Error\b/.test(line)) ?? lines.slice(0, 4).join(' | ')));
      }
    });
  });
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

function shuffle<T>(items: T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/**
 * What a cold start reads of a build: the entry and the chunks it imports statically (the
 * chunks behind `import()` load later, if ever), and all its JavaScript.
 */
function loadedSize(metafile: Metafile, outdir: string): { kb: number; allKb: number } {
  const outputs = metafile.outputs;
  const entry = Object.keys(outputs).find((file) => path.resolve(file) === path.join(outdir, HANDLER_FILE));
  if (!entry) throw new Error(`no ${HANDLER_FILE} in the build`);
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of outputs[file]?.imports ?? []) if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
  };
  visit(entry);
  const js = Object.keys(outputs).filter((file) => file.endsWith('.mjs'));
  const bytes = (files: Iterable<string>) => [...files].reduce((sum, file) => sum + (outputs[file]?.bytes ?? 0), 0);
  return { kb: bytes(seen) / 1024, allKb: bytes(js) / 1024 };
}

type Bundles = Map<string, { file: string; kb: number; allKb: number } | { error: string }>;

const outdirOf = (dir: string, t: Target): string => path.join(dir, t.name.replace(/[^\w-]+/g, '_'));

/**
 * Smoke run: every entry in ONE esbuild pass with the same settings (chunks shared between
 * handlers), which takes seconds where the per-handler builds take minutes on a busy machine.
 * Each entry still loads as its own `index.mjs` in its own process; the sizes are not the
 * deployed ones, so a smoke run prints them but they mean nothing.
 */
async function bundleTogether(list: Target[], dir: string, sdkBundled: boolean): Promise<Bundles> {
  const out: Bundles = new Map();
  const base = esbuildBuildOptions(list[0]!.entry, dir, esbuildSettings(sdkBundled));
  const entryPoints = Object.fromEntries(list.map((t) => [path.join(path.relative(dir, outdirOf(dir, t)), 'index'), t.entry]));
  try {
    const { metafile } = await build({ ...base, entryPoints, metafile: true });
    for (const t of list) out.set(t.name, { file: path.join(outdirOf(dir, t), HANDLER_FILE), ...loadedSize(metafile, outdirOf(dir, t)) });
  } catch (error) {
    for (const t of list) out.set(t.name, { error: `bundle failed: ${(error as Error).message.split('\n')[0]}` });
  }
  return out;
}

async function bundleAll(list: Target[], dir: string, sdkBundled: boolean): Promise<Bundles> {
  const settings = esbuildSettings(sdkBundled);
  const out: Bundles = new Map();
  // Two at a time: the machine is shared.
  const queue = [...list];
  const worker = async () => {
    for (let t = queue.shift(); t; t = queue.shift()) {
      const outdir = outdirOf(dir, t);
      const file = path.join(outdir, HANDLER_FILE);
      try {
        const { metafile } = await build({ ...esbuildBuildOptions(t.entry, outdir, settings), metafile: true });
        out.set(t.name, { file, ...loadedSize(metafile, outdir) });
      } catch (error) {
        out.set(t.name, { error: `bundle failed: ${(error as Error).message.split('\n')[0]}` });
      }
    }
  };
  await Promise.all([worker(), worker()]);
  return out;
}

async function benchVariant(list: Target[], root: string, sdkBundled: boolean, runs: number, smoke: boolean): Promise<Result[]> {
  const dir = path.join(root, sdkBundled ? 'sdk-bundled' : 'sdk-external');
  mkdirSync(dir, { recursive: true });
  // External SDK: the bundles resolve @aws-sdk/* from the repo's node_modules, as they would
  // from the runtime's /var/runtime/node_modules on Lambda.
  symlinkSync(path.join(repoRoot, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  const bundles = await (smoke ? bundleTogether : bundleAll)(list, dir, sdkBundled);

  const samples = new Map<string, Sample[]>();
  const errors = new Map<string, string>();
  for (const [name, b] of bundles) if ('error' in b) errors.set(name, b.error);
  const loadable = list.filter((t) => !errors.has(t.name));
  // One unmeasured round (not in a smoke run) warms the file cache so round 1 is not an outlier. The reference is
  // the denominator of every ratio, so it is sampled three times per round (start, middle,
  // end of the shuffled order): its median then follows the machine's load over the round.
  const reference = loadable.find((t) => t.name === REFERENCE);
  for (let round = smoke ? 1 : 0; round <= runs; round++) {
    const order = shuffle(loadable.filter((t) => t !== reference));
    if (reference) {
      order.splice(Math.floor(order.length / 2), 0, reference);
      order.unshift(reference);
      order.push(reference);
    }
    for (const t of order) {
      if (errors.has(t.name)) continue;
      const b = bundles.get(t.name) as { file: string };
      try {
        const sample = await loadOnce(b.file, t.nodeOptions);
        if (round > 0) samples.set(t.name, [...(samples.get(t.name) ?? []), sample]);
      } catch (error) {
        errors.set(t.name, `load failed: ${(error as Error).message}`);
      }
    }
    process.stderr.write(round === 0 ? `  [${sdkBundled ? 'sdk bundled' : 'sdk external'}] warm-up done\n` : `  round ${round}/${runs}\n`);
  }
  const results: Result[] = list.map((t) => {
    const b = bundles.get(t.name);
    const kb = b && 'kb' in b ? b.kb : 0;
    const allKb = b && 'allKb' in b ? b.allKb : 0;
    const error = errors.get(t.name);
    if (error) return { name: t.name, kb, allKb, medianMs: undefined, error };
    const mine = samples.get(t.name)!;
    const starts = mine.map((x) => x.startMs);
    return {
      name: t.name,
      kb,
      allKb,
      medianMs: median(mine.map((x) => x.importMs)),
      start: { min: Math.min(...starts), median: median(starts), max: Math.max(...starts) },
    };
  });

  const referenceResult = results.find((r) => r.name === REFERENCE);
  const refFile = (bundles.get(REFERENCE) as { file?: string } | undefined)?.file;
  if (smoke || !referenceResult?.medianMs || !refFile) return results;
  for (const r of results) {
    if (r.name === REFERENCE || r.medianMs === undefined || r.medianMs / referenceResult.medianMs <= FAIL_ABOVE) continue;
    const file = (bundles.get(r.name) as { file: string }).file;
    const mine: number[] = [];
    const ref: number[] = [];
    for (let round = 0; round < runs * 2; round++) {
      ref.push((await loadOnce(refFile, routeNodeOptions)).importMs);
      mine.push((await loadOnce(file, list.find((t) => t.name === r.name)!.nodeOptions)).importMs);
    }
    r.confirmedRatio = median(mine) / median(ref);
    process.stderr.write(`  confirmation pass ${r.name}: ${r.confirmedRatio.toFixed(2)}\n`);
  }
  return results;
}

function report(results: Result[], label: string, smoke: boolean): { failed: string[]; flagged: string[] } {
  const reference = results.find((r) => r.name === REFERENCE);
  if (!reference?.medianMs) throw new Error(`The reference handler could not be measured: ${reference?.error ?? 'unknown'}`);
  const width = Math.max(...results.map((r) => r.name.length), 10);
  const lines = [
    '',
    `Cold start, ${label}: one fresh node process per handler and round, spawn to handler-ready (min / median / max ms), and the median import alone (node ${process.versions.node}; routes with NODE_OPTIONS '${routeNodeOptions}', jobs '${jobNodeOptions}')`,
    `${'handler'.padEnd(width)}  ${'KB read'.padStart(8)}  ${'KB all'.padStart(8)}  ${'start min/median/max ms'.padStart(23)}  ${'import'.padStart(7)}  ${'ratio'.padStart(6)}`,
  ];
  const failed: string[] = [];
  const flagged: string[] = [];
  for (const r of results) {
    if (r.medianMs === undefined) {
      lines.push(`${r.name.padEnd(width)}  ${r.kb.toFixed(1).padStart(8)}  ${r.allKb.toFixed(1).padStart(8)}  ${'-'.padStart(23)}  ${'-'.padStart(7)}  ${'-'.padStart(6)}  ERROR ${r.error}`);
      failed.push(r.name);
      continue;
    }
    const firstRatio = r.medianMs / reference.medianMs;
    const ratio = r.confirmedRatio ?? firstRatio;
    let flag = r.confirmedRatio === undefined ? '' : `  (confirmation pass: ${r.confirmedRatio.toFixed(2)})`;
    if (smoke) {
      // A smoke run says whether the bench runs, nothing about speed.
    } else if (ratio > FAIL_ABOVE) {
      flag += `  FAIL (> ${FAIL_ABOVE})`;
      failed.push(r.name);
    } else if (ratio > TARGET) {
      flag += `  above target (> ${TARGET})`;
      flagged.push(r.name);
    }
    const start = r.start ? `${r.start.min.toFixed(0)} / ${r.start.median.toFixed(0)} / ${r.start.max.toFixed(0)}` : '-';
    lines.push(
      `${r.name.padEnd(width)}  ${r.kb.toFixed(1).padStart(8)}  ${r.allKb.toFixed(1).padStart(8)}  ${start.padStart(23)}  ${r.medianMs.toFixed(1).padStart(7)}  ${firstRatio.toFixed(2).padStart(6)}${flag}`,
    );
  }
  const measured = results.filter((r) => r.medianMs !== undefined && r.name !== REFERENCE);
  const started = results.filter((r) => r.start);
  lines.push(
    `Total: ${started.length} entries, sum of median cold starts ${(started.reduce((sum, r) => sum + r.start!.median, 0) / 1000).toFixed(2)} s ` +
      `(min ${(started.reduce((sum, r) => sum + r.start!.min, 0) / 1000).toFixed(2)}, max ${(started.reduce((sum, r) => sum + r.start!.max, 0) / 1000).toFixed(2)})`,
  );
  if (measured.length) {
    const ratios = measured.map((r) => r.confirmedRatio ?? r.medianMs! / reference.medianMs!);
    lines.push(
      `${measured.length} handler(s): ratio median ${median(ratios).toFixed(2)}, max ${Math.max(...ratios).toFixed(2)}; ` +
        `read at a cold start ${(measured.reduce((s, r) => s + r.kb, 0) / 1024).toFixed(1)} MB of ${(measured.reduce((s, r) => s + r.allKb, 0) / 1024).toFixed(1)} MB built`,
    );
  }
  console.log(lines.join('\n'));
  return { failed, flagged };
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const { list, skipped } = targets(args.only);
  for (const s of skipped) console.warn(`warning: skipped, handler module not written yet: ${s}`);
  if (args.smoke) {
    args.runs = 1;
    console.log('Smoke run: every bundle built and started once; no speed verdict, fails only when one cannot load.');
  } else console.log(
    `Rule: each handler's import time / the reference's should be <= ${TARGET} (target); above ${TARGET} is flagged, above ${FAIL_ABOVE} fails the bench (exit 1): the margin absorbs timing noise.`,
  );
  console.log(`Bundling: lib/bundling.ts settings (AWS SDK ${bundleAwsSdk ? 'bundled' : 'external'} in the CDK); ${args.runs} measured runs each.`);

  const root = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
  let failed: string[] = [];
  try {
    const variants = args.sdk === 'both' ? [true, false] : [args.sdk === 'bundled'];
    const medians = new Map<boolean, Result[]>();
    for (const sdkBundled of variants) {
      const results = await benchVariant(list, root, sdkBundled, args.runs, args.smoke);
      medians.set(sdkBundled, results);
      const verdict = report(results, `AWS SDK ${sdkBundled ? 'bundled' : 'external (node_modules)'}`, args.smoke);
      // Only the variant the CDK deploys decides the exit code.
      if (sdkBundled === bundleAwsSdk) {
        failed = verdict.failed;
        if (verdict.flagged.length) console.log(`Above target (flagged, not failing): ${verdict.flagged.join(', ')}`);
      }
    }
    if (args.sdk === 'both') {
      const b = medians.get(true)!;
      const e = medians.get(false)!;
      console.log('\nSDK bundled vs external, per handler (median import ms, bundled / external):');
      for (const r of b) {
        const other = e.find((x) => x.name === r.name);
        if (r.medianMs === undefined || other?.medianMs === undefined) continue;
        console.log(`  ${r.name}: ${r.medianMs.toFixed(1)} / ${other.medianMs.toFixed(1)} (${(r.medianMs / other.medianMs).toFixed(2)}x)`);
      }
    }
  } finally {
    if (args.keep) console.log(`Bundles kept in ${root}`);
    else rmSync(root, { recursive: true, force: true });
  }
  if (skipped.length) console.log(`${skipped.length} handler module(s) skipped (not written yet).`);
  if (failed.length) {
    console.log(`FAILED: ${failed.join(', ')}`);
    process.exitCode = 1;
  } else console.log(args.smoke ? 'OK: every bundle loaded.' : 'OK: no handler above the failure threshold.');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
