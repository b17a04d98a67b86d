/**
 * `npm run bench:load`: does the shipped code hold the same load as the source? Starts the local
 * stack twice, in source mode (the TypeScript in the gateway's process) and in bundled mode
 * (`LAMBDA_CODE=bundled`: the CDK's bundles, each function in its own instances,
 * localstack/lambda-pool.ts), each in a process of its own on free loopback ports, and drives
 * both with the same closed loop: CONNECTIONS signed-in customers each sending one request after
 * the other. After WARMUP seconds per mode that are not counted (the cold starts; in bundled mode
 * longer, 5 s at a time, while the pool still cold-starts instances, up to WARMUP_MAX), the DURATION
 * seconds measured per mode are cut into ROUNDS windows taken in turn (source, bundled, bundled,
 * source, ...), so a machine shared with other work loads both modes alike.
 *
 * The mix is a customer's day on the portal: 70 % reads (who am I, the sources, the integration
 * status, the meetings), 30 % writes (a new source, the alert preference). Prints, for both modes,
 * the answers a second, p50 and p99, the CPU the stack's processes spent per answer, the machine's
 * load, every non-2xx answer by status, route and code, then where the bundled invocations' time
 * went (the pool's metrics: cold starts, waits for the machine's cap, handler, the process hop),
 * and the ratios against the target (0.8): bundled / source throughput, and source / bundled CPU
 * per answer (the fair one on a shared machine), with each window pair's CPU per answer. A benchmark, not a timed test: it never
 * fails a build; it exits non-zero only when a stack cannot start or a request cannot be sent.
 * `--smoke`: 2 connections, 2 seconds.
 *
 * Internal: `--serve` is the child that runs one stack, prints its URL, and answers `metrics` on
 * its stdin with the pool's metrics since the last ask.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { addMetrics, type FunctionMetrics } from '../../localstack/lambda-pool';
import { DEFAULT_PORTS, startLocalStack } from '../../localstack/stack';
import { HttpClient } from '../support/http-client';
import { smoke, sized } from './smoke';

const CONNECTIONS = Number(process.env.CONNECTIONS ?? sized(20, 2));
const DURATION_S = Number(process.env.DURATION ?? sized(20, 2));
const WARMUP_S = Number(process.env.WARMUP ?? sized(10, 1));
/** The bundled warm-up's bound: the pool reaches the load's concurrency later on a loaded machine (a cold start takes a core). */
const WARMUP_MAX_S = Number(process.env.WARMUP_MAX ?? sized(60, 1));
const ROUNDS = Math.max(1, Math.min(DURATION_S, Number(process.env.ROUNDS ?? sized(4, 2))));
const TARGET_RATIO = 0.8;
const CUSTOMER = { login: 'customer@acme.test', password: 'Acme-pass-123' };
const READY = 'bench-load-stack ';
const METRICS = 'bench-load-metrics ';

type Mode = 'source' | 'bundled';

interface Stack {
  mode: Mode;
  url: string;
  child: ChildProcess;
  /** The pool's metrics since the last call (bundled), {} in source mode. */
  metrics(): Promise<Record<string, FunctionMetrics>>;
}

/**
 * BENCH_PORT_BASE: the stacks' ports from there (the source stack's six, then the bundled one's,
 * in DEFAULT_PORTS's order) instead of any free ones, on a machine whose users share port ranges.
 */
const PORT_BASE = process.env.BENCH_PORT_BASE ? Number(process.env.BENCH_PORT_BASE) : null;

const stackPorts = (mode: Mode): Record<string, string> => {
  if (PORT_BASE === null) return {};
  const first = PORT_BASE + (mode === 'source' ? 0 : 10);
  return Object.fromEntries(Object.values(DEFAULT_PORTS).map(({ env }, at) => [env, String(first + at)]));
};

/** One stack in a child process (so each mode has its own process and emulators). */
async function serve(mode: Mode): Promise<Stack> {
  const child = spawn(process.execPath, ['--import', 'tsx', new URL(import.meta.url).pathname, '--serve', ...(PORT_BASE === null ? [] : ['--default-ports'])], {
    env: { ...process.env, LAMBDA_CODE: mode, ...stackPorts(mode) },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const asked: ((metrics: Record<string, FunctionMetrics>) => void)[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    lines.on('line', (line) => {
      if (line.startsWith(READY)) resolve(line.slice(READY.length).trim());
      else if (line.startsWith(METRICS)) asked.shift()?.(JSON.parse(line.slice(METRICS.length)) as Record<string, FunctionMetrics>);
    });
    child.once('exit', (code) => reject(new Error(`the ${mode} stack exited (${code}) before it was ready`)));
  });
  const metrics = () =>
    new Promise<Record<string, FunctionMetrics>>((resolve) => {
      asked.push(resolve);
      child.stdin!.write('metrics\n');
    });
  return { mode, url, child, metrics };
}

async function stopStack(stack: Stack): Promise<void> {
  if (stack.child.exitCode !== null) return;
  const exited = new Promise((resolve) => stack.child.once('exit', resolve));
  stack.child.kill('SIGTERM');
  await exited;
}

/** The parts of a stack whose CPU the bench tells apart. */
type Part = 'gateway' | 'instances' | 'dynamodb' | 'other';
const PARTS: readonly Part[] = ['gateway', 'instances', 'dynamodb', 'other'];

/**
 * CPU seconds (user + system) the process tree under `root` has spent, its reaped children
 * included (Linux /proc; null elsewhere), per part: the gateway's own process (source mode runs
 * the handlers in it), the Lambda instances (`runtime.mjs`), DynamoDB Local (java), the other
 * emulators. A reaped process's time counts in its parent's part.
 */
function treeCpuSeconds(root: number): Record<Part, number> | null {
  const parents = new Map<number, number>();
  const cpu = new Map<number, number>();
  const parts = new Map<number, Part>();
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return null;
  }
  for (const entry of entries) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // After "pid (comm) ": state ppid ... utime(11) stime(12) cutime(13) cstime(14), in clock ticks.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const pid = Number(entry);
      parents.set(pid, Number(fields[1]));
      cpu.set(pid, [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0) / 100);
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      parts.set(pid, pid === root ? 'gateway' : command.includes('runtime.mjs') ? 'instances' : command.startsWith('java') ? 'dynamodb' : 'other');
    } catch {
      // The process ended meanwhile.
    }
  }
  const inTree = (pid: number): boolean => {
    for (let at: number | undefined = pid; at !== undefined && at > 1; at = parents.get(at)) if (at === root) return true;
    return false;
  };
  if (!cpu.has(root)) return null;
  const total: Record<Part, number> = { gateway: 0, instances: 0, dynamodb: 0, other: 0 };
  for (const [pid, seconds] of cpu) if (inTree(pid)) total[parts.get(pid) ?? 'other'] += seconds;
  return total;
}

interface Sample {
  ms: number;
  status: number;
  route: string;
  /** The answer's `code`, when it has one (what a non-2xx is). */
  code?: string;
  write: boolean;
}

/** Unique names across warm-up and rounds: a repeated name is the API's 409 `nameTaken`, not load. */
const run = randomUUID().slice(0, 8);
let sent = 0;

/** One request of the mix, as the customer's browser sends it. */
function request(client: HttpClient, n: number): { route: string; write: boolean; send: () => Promise<{ status: number; body: unknown }> } {
  const pick = n % 10;
  if (pick < 7) {
    const path = ['/api/users/current', '/api/sources', '/api/integration-status', '/api/meetings'][pick % 4]!;
    return { route: `GET ${path}`, write: false, send: () => client.get(path) };
  }
  if (pick < 9) {
    const body = { id: randomUUID(), name: `Load ${run} ${n}`, channel: 'Email', businessModel: 'Free', deduplication: 'Post Click' };
    return { route: 'POST /api/sources', write: true, send: () => client.post('/api/sources', body) };
  }
  return { route: 'POST /api/users/current/preferences', write: true, send: () => client.post('/api/users/current/preferences', { healthAlerts: n % 20 === 9 }) };
}

async function signIn(url: string): Promise<HttpClient> {
  const client = new HttpClient(url);
  const answer = await client.post('/api/security/login', { username: CUSTOMER.login, password: CUSTOMER.password });
  if (answer.status !== 200) throw new Error(`sign-in answered ${answer.status}: ${answer.text.slice(0, 200)}`);
  return client;
}

/** CONNECTIONS loops, each one request after the other, until `until`. */
async function load(clients: HttpClient[], until: number, samples: Sample[] | null): Promise<void> {
  await Promise.all(
    clients.map(async (client) => {
      while (Date.now() < until) {
        const { route, write, send } = request(client, sent++);
        const started = performance.now();
        const { status, body } = await send();
        const code = (body as { code?: unknown } | undefined)?.code;
        samples?.push({ ms: performance.now() - started, status, route, write, ...(typeof code === 'string' ? { code } : {}) });
      }
    }),
  );
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;

/** What one mode gathered over its windows. */
interface Tally {
  stack: Stack;
  clients: HttpClient[];
  samples: Sample[];
  seconds: number;
  cpuSeconds: Record<Part, number> | null;
  loads: number[];
  pool: Record<string, FunctionMetrics>;
  /** Each window's CPU per answer (ms), in the order taken: the interleaved pairs of the two modes. */
  windows: number[];
}

async function window(tally: Tally, seconds: number): Promise<void> {
  const { stack } = tally;
  if (stack.mode === 'bundled') await stack.metrics();
  tally.loads.push(loadavg()[0]!);
  const cpuBefore = treeCpuSeconds(stack.child.pid!);
  const answersBefore = tally.samples.length;
  const started = Date.now();
  await load(tally.clients, started + seconds * 1000, tally.samples);
  tally.seconds += (Date.now() - started) / 1000;
  const cpuAfter = treeCpuSeconds(stack.child.pid!);
  const answers = tally.samples.length - answersBefore;
  if (cpuBefore && cpuAfter) tally.windows.push((PARTS.reduce((sum, part) => sum + cpuAfter[part] - cpuBefore[part], 0) * 1000) / Math.max(1, answers));
  const spent = tally.cpuSeconds;
  tally.cpuSeconds =
    cpuBefore === null || cpuAfter === null || spent === null ? null : (Object.fromEntries(PARTS.map((part) => [part, spent[part] + cpuAfter[part] - cpuBefore[part]])) as Record<Part, number>);
  if (stack.mode === 'bundled') {
    for (const [name, m] of Object.entries(await stack.metrics())) tally.pool[name] = addMetrics(tally.pool[name], m);
  }
}

function row(t: Tally): string {
  const sorted = t.samples.map((s) => s.ms).sort((a, b) => a - b);
  const failed = t.samples.filter((s) => s.status < 200 || s.status >= 300).length;
  const spent = t.cpuSeconds;
  const perAnswer = (seconds: number) => ((seconds * 1000) / Math.max(1, t.samples.length)).toFixed(1);
  const cpu = spent === null ? '   n/a' : perAnswer(PARTS.reduce((sum, part) => sum + spent[part], 0)).padStart(6);
  const load = t.loads.reduce((a, b) => a + b, 0) / Math.max(1, t.loads.length);
  return `  ${t.stack.mode.padEnd(8)} ${(t.samples.length / t.seconds).toFixed(1).padStart(8)} /s   p50 ${percentile(sorted, 50).toFixed(0).padStart(5)} ms   p99 ${percentile(sorted, 99).toFixed(0).padStart(5)} ms   CPU ${cpu} ms/answer   load ${load.toFixed(1).padStart(4)}   ${t.samples.length} answers (${t.samples.filter((s) => s.write).length} writes), ${failed} not 2xx${
    spent === null ? '' : `\n           CPU ms/answer by part: ${PARTS.map((part) => `${part} ${perAnswer(spent[part])}`).join(', ')}`
  }`;
}

/** Every non-2xx answer by status, route and code: the load's own conflicts or a fault. */
function notOk(t: Tally): string[] {
  const counts = new Map<string, number>();
  for (const s of t.samples.filter((sample) => sample.status < 200 || sample.status >= 300)) {
    const key = `${s.status} ${s.route}${s.code ? ` (${s.code})` : ''}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]).map(([key, n]) => `    ${t.stack.mode.padEnd(8)} ${String(n).padStart(5)} x ${key}`);
}

/** Per function and in all: mean ms per invocation spent waiting for the cap, loading (cold), in the handler, and in the hop. */
function poolLines(pool: Record<string, FunctionMetrics>): string[] {
  const all = Object.values(pool).reduce<FunctionMetrics | undefined>(addMetrics, undefined);
  const line = (name: string, m: FunctionMetrics) => {
    const per = (ms: number) => (ms / Math.max(1, m.invocations - m.throttled)).toFixed(1).padStart(7);
    const hop = m.totalMs - m.queuedMs - m.coldMs - m.handlerMs;
    const later = m.invocations - m.throttled - m.firstCalls;
    const cpu = (ms: number, calls: number) => (calls > 0 ? (ms / calls).toFixed(1) : '-').padStart(7);
    return `    ${name.padEnd(26)} ${String(m.invocations).padStart(6)} ${String(m.coldStarts).padStart(5)} ${String(m.evicted).padStart(7)} ${String(m.queued).padStart(6)} ${per(m.queuedMs)} ${per(m.coldMs)} ${per(m.handlerMs)} ${per(hop)} ${per(m.totalMs)} ${String(m.firstCalls).padStart(6)} ${cpu(m.firstCpuMs, m.firstCalls)} ${cpu(m.handlerCpuMs - m.firstCpuMs, later)}`;
  };
  return [
    `    ${'function'.padEnd(26)} ${'calls'.padStart(6)} ${'cold'.padStart(5)} ${'evicted'.padStart(7)} ${'queued'.padStart(6)} ${'queue'.padStart(7)} ${'load'.padStart(7)} ${'handler'.padStart(7)} ${'hop'.padStart(7)} ${'total'.padStart(7)} ${'first'.padStart(6)} ${'CPU 1st'.padStart(7)} ${'CPU'.padStart(7)}`,
    `    (ms per call; first: calls that were their instance's first; CPU: the handler's in its instance, first calls and the others)`,
    ...Object.entries(pool)
      .sort((a, b) => b[1].invocations - a[1].invocations)
      .map(([name, m]) => line(name, m)),
    ...(all ? [line('(all)', all)] : []),
  ];
}

/**
 * WARMUP seconds of the load, then, while the last 5 s still started instances, 5 s more (up to
 * WARMUP_MAX): the windows measure a pool at the load's concurrency, not its cold starts, which
 * `npm run bench:cold` measures. Source mode has none: its warm-up is WARMUP.
 */
async function warmUp(tally: Tally): Promise<void> {
  const started = Date.now();
  await tally.stack.metrics();
  await load(tally.clients, started + WARMUP_S * 1000, null);
  const coldStarts = async () => Object.values(await tally.stack.metrics()).reduce((sum, m) => sum + m.coldStarts, 0);
  for (let cold = await coldStarts(); cold > 0 && Date.now() - started < WARMUP_MAX_S * 1000; cold = await coldStarts()) {
    await load(tally.clients, Date.now() + 5_000, null);
  }
  console.log(`  ${tally.stack.mode}: warmed up in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

async function main(): Promise<void> {
  const windowS = DURATION_S / ROUNDS;
  console.log(
    `bench:load: ${CONNECTIONS} connections, ${WARMUP_S} s warm-up then ${DURATION_S} s measured per mode in ${ROUNDS} windows of ${windowS.toFixed(1)} s taken in turn${smoke ? ' (smoke)' : ''}`,
  );
  const tallies: Tally[] = [];
  try {
    for (const mode of ['source', 'bundled'] as const) {
      const t0 = Date.now();
      const stack = await serve(mode);
      tallies.push({ stack, clients: [], samples: [], seconds: 0, cpuSeconds: { gateway: 0, instances: 0, dynamodb: 0, other: 0 }, loads: [], pool: {}, windows: [] });
      console.log(`  ${mode}: stack ready in ${((Date.now() - t0) / 1000).toFixed(1)} s (load ${loadavg()[0]!.toFixed(1)})`);
    }
    for (const tally of tallies) {
      // One after the other: sign-in's reserved concurrency (10) throttles beyond, as Lambda would.
      for (let i = 0; i < CONNECTIONS; i++) tally.clients.push(await signIn(tally.stack.url));
      await warmUp(tally);
    }
    // ABBA: each mode goes first as often as second.
    for (let round = 0; round < ROUNDS; round++) {
      for (const tally of round % 2 === 0 ? tallies : [...tallies].reverse()) await window(tally, windowS);
    }
  } finally {
    await Promise.all(tallies.map((t) => stopStack(t.stack)));
  }
  const [source, bundled] = tallies as [Tally, Tally];
  console.log('\n  mode      answers      latency                   stack CPU (2 cores)     machine');
  console.log(row(source));
  console.log(row(bundled));
  const failures = [...notOk(source), ...notOk(bundled)];
  if (failures.length > 0) console.log(`\n  Not 2xx, by status, route and code:\n${failures.join('\n')}`);
  console.log(`\n  Bundled invocations (localstack/lambda-pool.ts), measured windows only:\n${poolLines(bundled.pool).join('\n')}`);
  const pairs = source.windows.map((ms, at) => `${ms.toFixed(1)} / ${bundled.windows[at]?.toFixed(1) ?? '-'}`);
  if (pairs.length > 0) console.log(`\n  CPU ms/answer per window pair, source / bundled: ${pairs.join(', ')}`);
  const verdict = (ratio: number) => `${ratio.toFixed(2)}x (target >= ${TARGET_RATIO}x: ${ratio >= TARGET_RATIO ? 'met' : 'NOT MET'})`;
  console.log(`\n  bundled / source throughput: ${verdict(bundled.samples.length / bundled.seconds / (source.samples.length / source.seconds))}`);
  // The fair figure on a shared machine: the kernel shares the cores by runnable process, so the
  // bundled stack's many instances get more of them than source mode's one gateway; its CPU per answer does not depend on that.
  const cpuPerAnswer = (t: Tally) => (t.cpuSeconds === null ? null : PARTS.reduce((sum, part) => sum + t.cpuSeconds![part], 0) / Math.max(1, t.samples.length));
  const [sourceCpu, bundledCpu] = [cpuPerAnswer(source), cpuPerAnswer(bundled)];
  if (sourceCpu !== null && bundledCpu) console.log(`  source / bundled CPU per answer: ${verdict(sourceCpu / bundledCpu)}`);
}

if (process.argv.includes('--serve')) {
  const stack = await startLocalStack({ ports: process.argv.includes('--default-ports') ? 'default' : 'free', web: 'none', seed: true, quiet: true });
  const stop = () => void stack.stop().finally(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  createInterface({ input: process.stdin }).on('line', (line) => {
    if (line.trim() === 'metrics') console.log(`${METRICS}${JSON.stringify(stack.takeLambdaMetrics() ?? {})}`);
  });
  console.log(`${READY}${stack.url}`);
} else {
  await main();
}
