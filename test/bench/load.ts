/**
 * `npm run bench:load`: does the shipped code hold the same load as the source? Starts the local
 * stack twice, in source mode (the TypeScript in the gateway's process) then in bundled mode
 * (`LAMBDA_CODE=bundled`: the CDK's bundles, each function in its own instances,
 * localstack/lambda-pool.ts), each in a process of its own on free loopback ports, and drives
 * both with the same closed loop: CONNECTIONS signed-in customers each sending one request after
 * the other for DURATION seconds, after WARMUP seconds that are not counted (the cold starts).
 *
 * The mix is a customer's day on the portal: 70 % reads (who am I, the sources, the integration
 * status, the meetings), 30 % writes (a new source, the alert preference). Prints, for both modes,
 * the answers a second, p50 and p99, the non-2xx answers, and the ratio bundled / source against
 * the target (0.8). A benchmark, not a timed test: it never fails a build; it exits non-zero only
 * when a stack cannot start or a request cannot be sent. `--smoke`: 2 connections, 2 seconds.
 *
 * Internal: `--serve` is the child that runs one stack and prints its URL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import { HttpClient } from '../support/http-client';
import { smoke, sized } from './smoke';

const CONNECTIONS = Number(process.env.CONNECTIONS ?? sized(20, 2));
const DURATION_S = Number(process.env.DURATION ?? sized(20, 2));
const WARMUP_S = Number(process.env.WARMUP ?? sized(10, 1));
const TARGET_RATIO = 0.8;
const CUSTOMER = { login: 'customer@acme.test', password: 'Acme-pass-123' };
const READY = 'bench-load-stack ';

type Mode = 'source' | 'bundled';

/** One stack in a child process (so each mode has a fresh process and its own emulators). */
async function serve(mode: Mode): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', new URL(import.meta.url).pathname, '--serve'], {
    env: { ...process.env, LAMBDA_CODE: mode },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const url = await new Promise<string>((resolve, reject) => {
    lines.on('line', (line) => {
      if (line.startsWith(READY)) resolve(line.slice(READY.length).trim());
    });
    child.once('exit', (code) => reject(new Error(`the ${mode} stack exited (${code}) before it was ready`)));
  });
  return { url, child };
}

interface Sample {
  ms: number;
  ok: boolean;
  write: boolean;
}

/** One request of the mix, as the customer's browser sends it. */
function request(client: HttpClient, n: number): { write: boolean; send: () => Promise<{ status: number }> } {
  const pick = n % 10;
  if (pick < 7) {
    const path = ['/api/users/current', '/api/sources', '/api/integration-status', '/api/meetings'][pick % 4]!;
    return { write: false, send: () => client.get(path) };
  }
  if (pick < 9) {
    const body = { id: randomUUID(), name: `Load ${n}`, channel: 'Email', businessModel: 'Free', deduplication: 'Post Click' };
    return { write: true, send: () => client.post('/api/sources', body) };
  }
  return { write: true, send: () => client.post('/api/users/current/preferences', { healthAlerts: n % 20 === 9 }) };
}

async function signIn(url: string): Promise<HttpClient> {
  const client = new HttpClient(url);
  const answer = await client.post('/api/security/login', { username: CUSTOMER.login, password: CUSTOMER.password });
  if (answer.status !== 200) throw new Error(`sign-in answered ${answer.status}: ${answer.text.slice(0, 200)}`);
  return client;
}

/** CONNECTIONS loops, each one request after the other, until `until`. */
async function load(clients: HttpClient[], until: number, samples: Sample[] | null): Promise<void> {
  let n = 0;
  await Promise.all(
    clients.map(async (client) => {
      while (Date.now() < until) {
        const { write, send } = request(client, n++);
        const started = performance.now();
        const { status } = await send();
        samples?.push({ ms: performance.now() - started, ok: status >= 200 && status < 300, write });
      }
    }),
  );
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;

interface Figures {
  mode: Mode;
  perSecond: number;
  p50: number;
  p99: number;
  answers: number;
  writes: number;
  failed: number;
}

async function measure(mode: Mode): Promise<Figures> {
  const t0 = Date.now();
  const { url, child } = await serve(mode);
  console.log(`  ${mode}: stack ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  try {
    // One after the other: sign-in's reserved concurrency (10) throttles beyond, as Lambda would.
    const clients: HttpClient[] = [];
    for (let i = 0; i < CONNECTIONS; i++) clients.push(await signIn(url));
    await load(clients, Date.now() + WARMUP_S * 1000, null);
    const samples: Sample[] = [];
    const started = Date.now();
    await load(clients, started + DURATION_S * 1000, samples);
    const seconds = (Date.now() - started) / 1000;
    const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
    return {
      mode,
      perSecond: samples.length / seconds,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      answers: samples.length,
      writes: samples.filter((s) => s.write).length,
      failed: samples.filter((s) => !s.ok).length,
    };
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

async function main(): Promise<void> {
  console.log(`bench:load: ${CONNECTIONS} connections, ${WARMUP_S} s warm-up then ${DURATION_S} s measured per mode${smoke ? ' (smoke)' : ''}`);
  const source = await measure('source');
  const bundled = await measure('bundled');
  const row = (f: Figures) =>
    `  ${f.mode.padEnd(8)} ${f.perSecond.toFixed(1).padStart(8)} /s   p50 ${f.p50.toFixed(0).padStart(5)} ms   p99 ${f.p99.toFixed(0).padStart(5)} ms   ${f.answers} answers (${f.writes} writes), ${f.failed} not 2xx`;
  console.log('\n  mode      answers      latency');
  console.log(row(source));
  console.log(row(bundled));
  const ratio = bundled.perSecond / source.perSecond;
  console.log(`\n  bundled / source throughput: ${ratio.toFixed(2)}x (target >= ${TARGET_RATIO}x: ${ratio >= TARGET_RATIO ? 'met' : 'NOT MET'})`);
  if (source.failed + bundled.failed > 0) console.log('  Some answers were not 2xx: see the stacks\' logs above.');
}

if (process.argv.includes('--serve')) {
  const { startLocalStack } = await import('../../localstack/stack');
  const stack = await startLocalStack({ ports: 'free', web: 'none', seed: true, quiet: true });
  const stop = () => void stack.stop().finally(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  console.log(`${READY}${stack.url}`);
} else {
  await main();
}
