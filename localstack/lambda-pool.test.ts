import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { findRoute } from '../shared/routes';
import { dispatch } from './gateway';
import type { LambdaBundle } from './lambda-bundles';
import { bundleResolver, lambdaPool, loadEveryBundle, type LambdaPool } from './lambda-pool';

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

  it("stops an instance at the function's timeout", async () => {
    await expect(pool.invoke('slow', {})).rejects.toThrow(/Task timed out/);
  });

  it('gives the gateway a 500 for a route whose bundle fails to load', async () => {
    const log = vi.fn();
    const route = findRoute('POST', '/api/security/login')!.route;
    const brokenPool = { has: () => true, invoke: (_name: string, event: unknown) => pool.invoke('broken', event) };
    const response = await dispatch(
      { method: 'POST', url: '/api/security/login', rawHeaders: ['host', '127.0.0.1'], body: Buffer.alloc(0), sourceIp: '127.0.0.1' },
      { resolveHandler: bundleResolver(brokenPool), log },
    );
    expect(response.statusCode).toBe(500);
    expect(log).toHaveBeenCalledWith(expect.stringContaining(`${route.id} threw`), expect.objectContaining({ message: expect.stringContaining('planted') }));
  });
});
