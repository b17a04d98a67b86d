/**
 * `LAMBDA_CODE=bundled`: the local stack serves the code the CDK deploys, not the TypeScript
 * source. Every route and job is built here with the CDK's own build (lib/bundling.ts
 * `esbuildBuildOptions`: an entry plus lazily loaded chunks, `esmDefines`, native add-ons left
 * out, source maps) into .lambda-bundles/<function>/index.mjs, once per start, and the gateway
 * invokes each through localstack/lambda-runtime.ts in a process of its own (lambda-pool.ts).
 */
import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';
import { HANDLER_FILE, esbuildBuildOptions, esbuildSettings, jobNodeOptions, routeNodeOptions } from '../lib/bundling';
import { feedRecheckQueue, functionDefaults, jobs, jobNames, reservedConcurrency } from '../functions/platform/config/resources';
import { feedRecheckEntry, feedRecheckWorkerEntry, mailEventsEntry, outboxSweepEntry } from '../lib/jobs';
import { fromRoot } from '../lib/paths';
import { handlerModule, routes, type RouteDef } from '../shared/routes';

export type LambdaCode = 'source' | 'bundled';

/** `LAMBDA_CODE`: source (default, tsx) or bundled (the deployed artefacts). */
export function lambdaCodeFromEnv(value = process.env.LAMBDA_CODE): LambdaCode {
  if (value === undefined || value === '' || value === 'source') return 'source';
  if (value === 'bundled') return 'bundled';
  throw new Error(`LAMBDA_CODE=${value}: expected source or bundled`);
}

/**
 * Where the bundles go (gitignored): one folder per function, as one CDK asset each, under a
 * folder of this process, so a second stack (a test starting `npm start`) never rebuilds them
 * under the first one's running instances.
 */
export const BUNDLES_DIR = fromRoot('.lambda-bundles', String(process.pid));

/** The names of the scheduled re-check's two functions (lib/jobs.ts). */
export const FEED_RECHECK = 'feed-recheck';
/** The outbox's sweep (lib/jobs.ts), run every minute by the local stack as EventBridge runs it. */
export const OUTBOX_SWEEP = 'outbox-sweep';
export const FEED_RECHECK_WORKER = 'feed-recheck-worker';

export interface LambdaBundle {
  /** Route id or job name. */
  name: string;
  entry: string;
  /** The file Lambda loads (`index.handler`). */
  file: string;
  /** NODE_OPTIONS the CDK gives the function (lib/constructs/portal-function.ts). */
  nodeOptions: string;
  timeoutMs: number;
  memoryMb: number;
  /** The CDK's reserved concurrency (`reservedConcurrency`): its ceiling, beyond which Lambda throttles. None: the account's. */
  reservedConcurrency?: number;
}

/** Every function the CDK deploys whose entry exists, with the settings it deploys with. */
export function lambdaFunctions(dir = BUNDLES_DIR): LambdaBundle[] {
  const at = (name: string) => join(dir, name.replace(/[^\w-]+/g, '_'), HANDLER_FILE);
  const list: LambdaBundle[] = [
    ...(routes as readonly RouteDef[]).map((route) => ({
      name: route.id,
      entry: fromRoot(`${handlerModule(route)}.ts`),
      file: at(route.id),
      nodeOptions: routeNodeOptions,
      // lib/api.ts: PortalFunction's defaults unless the route sets its own.
      timeoutMs: (route.lambda?.timeoutSeconds ?? functionDefaults.timeoutSeconds) * 1000,
      memoryMb: route.lambda?.memoryMb ?? functionDefaults.memoryMb,
      ...(reservedConcurrency.routes[route.id] !== undefined ? { reservedConcurrency: reservedConcurrency.routes[route.id] } : {}),
    })),
    ...jobNames.map((name) => ({
      name,
      entry: fromRoot(jobs[name].entry),
      file: at(name),
      nodeOptions: jobNodeOptions,
      timeoutMs: jobs[name].timeoutSeconds * 1000,
      memoryMb: jobs[name].memoryMb ?? functionDefaults.memoryMb,
    })),
    { name: FEED_RECHECK, entry: feedRecheckEntry, file: at(FEED_RECHECK), nodeOptions: jobNodeOptions, timeoutMs: 300_000, memoryMb: 512 },
    {
      name: FEED_RECHECK_WORKER,
      entry: feedRecheckWorkerEntry,
      file: at(FEED_RECHECK_WORKER),
      nodeOptions: jobNodeOptions,
      timeoutMs: feedRecheckQueue.workerTimeoutSeconds * 1000,
      memoryMb: feedRecheckQueue.workerMemoryMb,
      reservedConcurrency: reservedConcurrency.feedRecheckWorker,
    },
    { name: 'mail-events', entry: mailEventsEntry, file: at('mail-events'), nodeOptions: jobNodeOptions, timeoutMs: 30_000, memoryMb: 512 },
    { name: OUTBOX_SWEEP, entry: outboxSweepEntry, file: at(OUTBOX_SWEEP), nodeOptions: jobNodeOptions, timeoutMs: 300_000, memoryMb: 512 },
  ];
  return list.filter((fn) => existsSync(fn.entry));
}

/** The local runtime the bundles run under (lambda-runtime.ts), built beside them. */
export const runtimeFile = (dir = BUNDLES_DIR): string => join(dir, 'runtime.mjs');

/**
 * Builds every function as the CDK does, plus the runtime. One esbuild build per function (as
 * the CDK: each asset has its own chunks), all at once: esbuild runs them on its own threads.
 * Throws naming every function whose build failed.
 */
export async function buildLambdaBundles(dir = BUNDLES_DIR): Promise<{ functions: Map<string, LambdaBundle>; runtime: string; ms: number }> {
  const started = Date.now();
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const list = lambdaFunctions(dir);
  const failures: string[] = [];
  await Promise.all([
    ...list.map(async (fn) => {
      try {
        await build({ ...esbuildBuildOptions(fn.entry, join(fn.file, '..')), logLevel: 'silent' });
      } catch (error) {
        failures.push(`${fn.name}: ${(error as Error).message.split('\n').slice(0, 3).join(' ')}`);
      }
    }),
    build({
      entryPoints: [fromRoot('localstack/lambda-runtime.ts')],
      outfile: runtimeFile(dir),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: esbuildSettings().target,
      logLevel: 'silent',
    }),
  ]);
  if (failures.length > 0) throw new Error(`Bundling failed (LAMBDA_CODE=bundled):\n  ${failures.join('\n  ')}`);
  return { functions: new Map(list.map((fn) => [fn.name, fn])), runtime: runtimeFile(dir), ms: Date.now() - started };
}
