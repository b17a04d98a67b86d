import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { findRoute } from '../shared/routes';
import { dispatch } from './gateway';
import type { LambdaBundle } from './lambda-bundles';
import { bundleResolver, lambdaPool, LambdaThrottledError, loadEveryBundle, type LambdaPool } from './lambda-pool';

let dir: string;
let pool: LambdaPool;
const bundle = (name: string, file: string, timeoutMs = 10_000): [string, LambdaBundle] => [
  name,
  { name, entry: file, file: join(dir, file), nodeOptions: name === 'job' ? '--enable-source-maps' : '', timeoutMs, memoryMb: 256 },
];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lambda-pool-'));
  await build({ entryPoints: [join(import.meta.dirname, 'lambda-runtime.ts')], outfile: join(dir, 'runtime.mjs'), bundle: true, platform: 'node', format: 'esm', logLevel: 'silent' });
  await writeFile(
    join(dir, 'ok.mjs'),
    'export const handler = async (event, context) => ({ statusCode: 200, body: JSON.stringify({ event, fn: context.functionName, left: context.getRemainingTimeInMillis() > 0, table: process.env.TABLE_NAME, nodeOptions: process.env.NODE_OPTIONS ?? "", leaked: process.env.SECRET_OF_THE_GATEWAY ?? null }) });',
  );
  await writeFile(join(dir, 'broken.mjs'), "throw new Error('planted: this bundle breaks at load');\nexport const handler = async () => 1;");
  await writeFile(join(dir, 'no-handler.mjs'), 'export const main = async () => 1;');
  await writeFile(join(dir, 'slow.mjs'), 'export const handler = () => new Promise(() => {});');
  process.env.SECRET_OF_THE_GATEWAY = 'x';
  pool = lambdaPool({
    functions: new Map([bundle('auth-me', 'ok.mjs'), bundle('job', 'ok.mjs'), bundle('broken', 'broken.mjs'), bundle('no-handler', 'no-handler.mjs'), bundle('slow', 'slow.mjs', 300)]),
    runtime: join(dir, 'runtime.mjs'),
    env: { TABLE_NAME: 'portal-test' },
  });
});

afterAll(async () => {
  await pool?.close();
  delete process.env.SECRET_OF_THE_GATEWAY;
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('lambdaPool', () => {
  it("runs a bundle in its own process with the function's environment and NODE_OPTIONS, nothing else of the gateway's", async () => {
    const route = await pool.invoke('auth-me', { hello: 1 });
    expect(JSON.parse((route as { body: string }).body)).toEqual({ event: { hello: 1 }, fn: 'auth-me', left: true, table: 'portal-test', nodeOptions: '', leaked: null });
    const job = await pool.invoke('job', {});
    expect(JSON.parse((job as { body: string }).body).nodeOptions).toBe('--enable-source-maps');
  });

  it('fails the invocation of a bundle that throws as it loads, or has no handler, and reports both at start', async () => {
    await expect(pool.invoke('broken', {})).rejects.toThrow(/broken: Runtime.ImportModuleError: planted: this bundle breaks at load/);
    await expect(pool.invoke('no-handler', {})).rejects.toThrow(/does not export a function named handler/);
    expect((await loadEveryBundle(pool, ['auth-me', 'broken', 'no-handler'])).sort()).toEqual([expect.stringMatching(/^broken: .*planted/), expect.stringMatching(/^no-handler: .*named handler/)]);
  });

  it("keeps the V8 code a function's first instance compiled as it loaded, for its next instances to read instead of compiling it again", async () => {
    await writeFile(
      join(dir, 'cached.mjs'),
      "import { getCompileCacheDir } from 'node:module';\nexport const handler = async () => ({ cacheDir: getCompileCacheDir() ?? null });",
    );
    const cache = join(dir, 'compile-cache');
    const cached = lambdaPool({ functions: new Map([bundle('cached', 'cached.mjs')]), runtime: join(dir, 'runtime.mjs'), env: {} });
    try {
      // Loaded, the instance writes the code it compiled; the next instances of the function read it.
      expect(await cached.invoke('cached', {})).toEqual({ cacheDir: expect.stringContaining(cache) });
      // Node's layout: <cache>/<node version and V8 flags>/<one file per module>.
      await vi.waitFor(async () => expect((await readdir(cache, { recursive: true })).some((name) => /\/[0-9a-f]{8}$/.test(name))).toBe(true), { timeout: 10_000 });
    } finally {
      await cached.close();
    }
  });

  it('starts an instance with the heap Lambda gives the function\'s memory (its bootstrap\'s node arguments)', async () => {
    await writeFile(join(dir, 'heap.mjs'), "import { getHeapStatistics } from 'node:v8';\nexport const handler = async () => ({ limitMb: getHeapStatistics().heap_size_limit / 2 ** 20, gc: typeof globalThis.gc });");
    const sized = lambdaPool({ functions: new Map([bundle('heap', 'heap.mjs')]), runtime: join(dir, 'runtime.mjs'), env: {} });
    try {
      // 256 MB: 231 of old generation, semi-spaces of 12 (V8's limit adds four of them); node's own limit is gigabytes.
      const { limitMb, gc } = (await sized.invoke('heap', {})) as { limitMb: number; gc: string };
      expect(limitMb).toBe(231 + 4 * 12);
      expect(gc).toBe('function');
    } finally {
      await sized.close();
    }
  });

  it("stops an instance at the function's timeout", async () => {
    await expect(pool.invoke('slow', {})).rejects.toThrow(/Task timed out/);
  });

  it('gives the gateway a 500 for a route whose bundle fails to load', async () => {
    const log = vi.fn();
    const route = findRoute('POST', '/api/security/login')!.route;
    const brokenPool = { has: () => true, invokePayload: (_name: string, eventJson: string) => pool.invokePayload('broken', eventJson) };
    const response = await dispatch(
      { method: 'POST', url: '/api/security/login', rawHeaders: ['host', '127.0.0.1'], body: Buffer.alloc(0), sourceIp: '127.0.0.1' },
      { resolveHandler: bundleResolver(brokenPool), log },
    );
    expect(response.statusCode).toBe(500);
    expect(log).toHaveBeenCalledWith(expect.stringContaining(`${route.id} threw`), expect.objectContaining({ message: expect.stringContaining('planted') }));
  });
});

describe('lambdaPool concurrency, as Lambda keeps it per function', () => {
  let gates: string;
  let held: LambdaPool;
  /** The handler answers its instance's pid once the test opens the gate (a file), so invocations overlap for sure. */
  const gated = (name: string, extra: Partial<LambdaBundle> = {}): [string, LambdaBundle] => {
    const [key, fn] = bundle(name, 'gated.mjs');
    return [key, { ...fn, ...extra }];
  };
  const open = (gate: string) => writeFile(join(gates, gate), '');
  const busy = (name: string) => held.stats()[name]?.busy ?? 0;
  const pid = (answer: unknown) => (answer as { pid: number }).pid;

  beforeAll(async () => {
    gates = await mkdtemp(join(tmpdir(), 'lambda-gates-'));
    await writeFile(
      join(dir, 'gated.mjs'),
      `import { existsSync } from 'node:fs';
export const handler = async (event) => {
  while (event.gate && !existsSync(${JSON.stringify(gates)} + '/' + event.gate)) await new Promise((r) => setTimeout(r, 5));
  return { pid: process.pid };
};`,
    );
    held = lambdaPool({
      functions: new Map([gated('reads'), gated('writes'), gated('login', { reservedConcurrency: 2 })]),
      runtime: join(dir, 'runtime.mjs'),
      env: {},
      maxInstances: 4,
      idleMs: 60_000,
    });
  });
  afterAll(async () => {
    await held?.close();
    if (gates) await rm(gates, { recursive: true, force: true });
  });

  it('runs concurrent invocations of a function in as many instances, then reuses the warm ones', async () => {
    const first = [1, 2, 3].map(() => held.invoke('reads', { gate: 'a' }));
    await vi.waitFor(() => expect(busy('reads')).toBe(3), { timeout: 20_000 });
    await open('a');
    const pids = new Set((await Promise.all(first)).map(pid));
    expect(pids.size).toBe(3);
    // Warm and idle: the next invocations take them, no cold start.
    const again = await Promise.all([held.invoke('reads', {}), held.invoke('reads', {})]);
    for (const answer of again) expect(pids).toContain(pid(answer));
    expect(held.stats().reads).toEqual({ busy: 0, idle: 3 });
  });

  it('never stops a busy instance for another function: the newcomer waits for a free place', async () => {
    // The machine holds 4: 3 idle 'reads' from above; 'writes' takes their places, never a busy one's.
    const writes = [1, 2, 3, 4].map(() => held.invoke('writes', { gate: 'b' }));
    await vi.waitFor(() => expect(busy('writes')).toBe(4), { timeout: 20_000 });
    expect(held.stats().reads).toBeUndefined();
    const read = held.invoke('reads', {});
    const settled = vi.fn();
    void read.then(settled, settled);
    await new Promise((resolve) => setImmediate(resolve));
    expect(busy('writes')).toBe(4);
    expect(settled).not.toHaveBeenCalled();
    await open('b');
    const writers = (await Promise.all(writes)).map(pid);
    expect(new Set(writers).size).toBe(4);
    expect(typeof pid(await read)).toBe('number');
  });

  it("throttles beyond the function's reserved concurrency without running it, and the gateway answers as API Gateway does", async () => {
    const two = [held.invoke('login', { gate: 'c' }), held.invoke('login', { gate: 'c' })];
    await expect(held.invoke('login', {})).rejects.toBeInstanceOf(LambdaThrottledError);
    const log = vi.fn();
    const response = await dispatch(
      { method: 'POST', url: '/api/security/login', rawHeaders: ['host', '127.0.0.1'], body: Buffer.alloc(0), sourceIp: '127.0.0.1' },
      { resolveHandler: bundleResolver({ has: () => true, invokePayload: (_name, eventJson) => held.invokePayload('login', eventJson) }), log },
    );
    expect(response.statusCode).toBe(500);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('THROTTLED'));
    await open('c');
    await Promise.all(two);
    // Its concurrency is free again.
    expect(typeof pid(await held.invoke('login', {}))).toBe('number');
  });

  it('loads at most maxColdStarts bundles at once: the next invocations wait for room or a warm instance, then run', async () => {
    // A bundle whose load waits for the gate 'e': a cold start that takes as long as the test wants.
    await writeFile(
      join(dir, 'slow-load.mjs'),
      `import { existsSync } from 'node:fs';
while (!existsSync(${JSON.stringify(gates)} + '/e')) await new Promise((r) => setTimeout(r, 5));
export const handler = async () => ({ pid: process.pid });`,
    );
    const [, fn] = bundle('slow-load', 'slow-load.mjs');
    const one = lambdaPool({ functions: new Map([['slow-load', fn]]), runtime: join(dir, 'runtime.mjs'), env: {}, maxColdStarts: 1 });
    try {
      const calls = [one.invoke('slow-load', {}), one.invoke('slow-load', {}), one.invoke('slow-load', {})];
      // Without the bound each would start a process at once (three loading on two cores).
      expect(one.stats()['slow-load']).toEqual({ busy: 1, idle: 0 });
      await open('e');
      const pids = (await Promise.all(calls)).map(pid);
      expect(pids).toHaveLength(3);
      expect(one.metrics()['slow-load']).toMatchObject({ invocations: 3, coldStarts: expect.any(Number), queued: 2 });
    } finally {
      await one.close();
    }
  });

  it('reclaims instances left idle', async () => {
    const quick = lambdaPool({ functions: new Map([gated('reads')]), runtime: join(dir, 'runtime.mjs'), env: {}, idleMs: 50 });
    try {
      await quick.invoke('reads', {});
      await vi.waitFor(() => expect(quick.stats()).toEqual({}), { timeout: 10_000 });
    } finally {
      await quick.close();
    }
  });
});
