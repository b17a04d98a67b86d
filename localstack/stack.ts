/**
 * The whole local stack: emulators -> provisioning -> process.env -> gateway (+ web) -> seed.
 * Used by `npm start` (localstack/start.ts) and by the integration tests' globalSetup.
 */
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { assertJava, freePort, isPortFree, releasePort, startEmulators, StartupError, type EmulatorEndpoints, type EmulatorName, type Emulators } from './emulators';
import { createGateway, loopbackHosts, type Gateway, type WebMode } from './gateway';
import { BUNDLES_DIR, buildLambdaBundles, FEED_RECHECK, FEED_RECHECK_WORKER, lambdaCodeFromEnv, OUTBOX_SWEEP, type LambdaCode } from './lambda-bundles';
import { bundleResolver, lambdaPool, loadEveryBundle, type FunctionMetrics, type LambdaPool } from './lambda-pool';
import { sourceJobRunner, type JobRunner } from './lambda-invoke';
import { startFeedRecheckQueue } from './feed-recheck-queue';
import { MAIL_EVENTS_FUNCTION, startSesEvents } from './ses-events';
import { localClients, provision, provisionTemplates, type LocalEnv } from './provision';
import { appAliasOriginsEnv, envNames } from '../functions/platform/config/resources';
import { webBuildMismatch } from '../lib/definitions/web-build';
import { parsePasswordMinLength } from '../shared/schemas/password-policy';

export interface SeededLogin {
  role: string;
  login: string;
  password: string;
  company: string;
}

export interface LocalStackOptions {
  /** 'default': 3000/8000/4569/8005/9229 (overridable by env); 'free': any free ports (tests). */
  ports: 'default' | 'free';
  web: WebMode;
  seed: boolean;
  quiet?: boolean;
  /** What the gateway runs: the handlers' source (tsx) or the CDK's bundles. Default: LAMBDA_CODE. */
  lambdaCode?: LambdaCode;
  /** How often the outbox's sweep runs (EventBridge's every minute); 0: never (a test that runs it itself). */
  outboxSweepMs?: number;
}

export interface LocalStack {
  /** The portal: web app and /api on one origin. */
  url: string;
  env: LocalEnv;
  endpoints: EmulatorEndpoints;
  /** What localstack/seed.ts returned ([] when not seeded). */
  credentials: SeededLogin[];
  /** Milliseconds spent starting, per phase. */
  timings: Record<string, number>;
  stop(): Promise<void>;
  /** Kills one emulator, as an outage would (the fault tests). */
  killEmulator(name: EmulatorName): Promise<void>;
  /** Starts a killed emulator again on its port, empty but for SES's templates (the fault tests' recovery). */
  restartEmulator(name: EmulatorName): Promise<void>;
  /** Runs one background or scheduled job as Lambda would, and answers its result (the outbox's sweep in the fault tests). */
  runJob(name: string, event: unknown): Promise<unknown>;
  /** Bundled mode: where the invocations' time went since the last call, per function (`npm run bench:load`); null in source mode. */
  takeLambdaMetrics(): Record<string, FunctionMetrics> | null;
}

const repoRoot = resolve(fileURLToPath(new URL('..', import.meta.url)));

/** Default ports and the variables that override them (docs/conventions.md). */
export const DEFAULT_PORTS = {
  portal: { env: 'PORT', port: 3000 },
  dynamodb: { env: 'DYNAMODB_PORT', port: 8000 },
  s3: { env: 'S3_PORT', port: 4569 },
  ses: { env: 'SES_PORT', port: 8005 },
  cognito: { env: 'COGNITO_PORT', port: 9229 },
  sqs: { env: 'SQS_PORT', port: 9324 },
} as const;

type PortName = keyof typeof DEFAULT_PORTS;

export class PortInUseError extends StartupError {
  override name = 'PortInUseError';
  constructor(readonly taken: Array<{ name: PortName; port: number; env: string }>) {
    super(
      `Port(s) already in use: ${taken.map((t) => `${t.port} (${t.name}, set ${t.env} to change it)`).join(', ')}. ` +
        'Is another `npm start` running?',
    );
  }
}

async function resolvePorts(mode: LocalStackOptions['ports']): Promise<Record<PortName, number>> {
  const names = Object.keys(DEFAULT_PORTS) as PortName[];
  const ports = {} as Record<PortName, number>;
  if (mode === 'free') {
    // Ask for all ports while holding none: the kernel rarely hands out the same one twice in a row.
    const picked = new Set<number>();
    for (const name of names) {
      let port = await freePort();
      while (picked.has(port)) port = await freePort();
      picked.add(port);
      ports[name] = port;
    }
    return ports;
  }
  for (const name of names) {
    const { env, port } = DEFAULT_PORTS[name];
    const value = process.env[env];
    const parsed = value ? Number(value) : port;
    if (!Number.isInteger(parsed) || parsed <= 0 || parsed > 65535) throw new StartupError(`${env}=${value} is not a port number`);
    ports[name] = parsed;
  }
  const taken: Array<{ name: PortName; port: number; env: string }> = [];
  for (const name of names) {
    if (!(await isPortFree(ports[name]))) taken.push({ name, port: ports[name], env: DEFAULT_PORTS[name].env });
  }
  if (taken.length > 0) throw new PortInUseError(taken);
  return ports;
}

type SeedFn = (env: Record<string, string>) => Promise<SeededLogin[]>;

/**
 * The browser checks passwords against the pool's minimum too (PASSWORD_MIN_LENGTH, default 8):
 * the dev server gets it as VITE_PASSWORD_MIN_LENGTH; a built app (web/dist) must have been built
 * with it, as the Web stack requires of a stage (lib/web.ts).
 */
function alignWebPasswordMinimum(web: WebMode): void {
  let minimum: number;
  try {
    minimum = parsePasswordMinLength(process.env[envNames.passwordMinLength], envNames.passwordMinLength);
  } catch (error) {
    throw new StartupError((error as Error).message);
  }
  const vite = process.env.VITE_PASSWORD_MIN_LENGTH;
  if (web === 'dev') {
    if (vite && vite.trim() !== String(minimum)) {
      throw new StartupError(`VITE_PASSWORD_MIN_LENGTH=${vite} differs from ${envNames.passwordMinLength}=${minimum}: set ${envNames.passwordMinLength} alone (the stack passes it on)`);
    }
    process.env.VITE_PASSWORD_MIN_LENGTH = String(minimum);
  } else if (web === 'dist' && existsSync(join(repoRoot, 'web', 'dist', 'index.html'))) {
    const mismatch = webBuildMismatch(join(repoRoot, 'web', 'dist'), { passwordMinLength: minimum }, `${envNames.passwordMinLength} asks`);
    if (mismatch) throw new StartupError(`web/dist: ${mismatch}`);
  }
}

/** localstack/seed.ts is written by the backend; until it exists the stack runs unseeded. */
async function loadSeed(): Promise<SeedFn | null> {
  const file = join(repoRoot, 'localstack', 'seed.ts');
  if (!existsSync(file)) return null;
  const mod = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as { seed?: unknown };
  if (typeof mod.seed !== 'function') throw new StartupError('localstack/seed.ts does not export a function named seed');
  return mod.seed as SeedFn;
}

/**
 * Starts the stack. On free ports, a port another program took between the pick and the listen (the
 * stacks of this repo never take each other's: their ports are claimed, localstack/port-claims.ts)
 * costs a fresh start on other ports, not the run.
 */
export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(options);
    } catch (error) {
      if (options.ports !== 'free' || attempt >= 3 || !/EADDRINUSE|Address already in use|BindException/.test(String((error as Error)?.message ?? error))) throw error;
      console.warn(`[local-stack] a port was taken before the stack listened on it: starting again on other ports (${(error as Error).message.split('\n')[0]})`);
    }
  }
}

async function startOnce(options: LocalStackOptions): Promise<LocalStack> {
  const say = (message: string) => {
    if (!options.quiet) console.log(message);
  };
  const timings: Record<string, number> = {};
  const t0 = Date.now();
  let mark = t0;
  const lap = (name: string) => {
    const now = Date.now();
    timings[name] = now - mark;
    mark = now;
  };

  const ports = await resolvePorts(options.ports);
  alignWebPasswordMinimum(options.web);
  await assertJava();
  lap('checks');

  let emulators: Emulators | null = null;
  let gateway: Gateway | null = null;
  let pool: LambdaPool | null = null;
  let queues: { close(): Promise<void> } | null = null;
  let sesEvents: { close(): Promise<void> } | null = null;
  let runJob: JobRunner | undefined;
  let sweeper: NodeJS.Timeout | undefined;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    clearInterval(sweeper);
    await gateway?.close().catch((error) => console.error('[local-stack] gateway close failed', error));
    await pool?.close();
    await queues?.close();
    await sesEvents?.close();
    if (pool) await rm(BUNDLES_DIR, { recursive: true, force: true });
    await emulators?.stop();
    for (const port of Object.values(ports)) releasePort(port);
  };

  const lambdaCode = options.lambdaCode ?? lambdaCodeFromEnv();
  // Printed even when quiet: a test run must say which code it tested.
  console.log(`Lambda code: ${lambdaCode}`);
  try {
    // Started first, as the emulators start: esbuild works on its own threads meanwhile.
    const bundling = lambdaCode === 'bundled' ? buildLambdaBundles() : null;
    bundling?.catch(() => undefined);
    say('Starting the emulators (DynamoDB Local, s3rver, aws-ses-v2-local, cognito-local)...');
    emulators = await startEmulators(
      { dynamodb: ports.dynamodb, s3: ports.s3, ses: ports.ses, cognito: ports.cognito },
      // The browser uploads feeds to S3 from the portal's origin (both loopback spellings); no other web page reaches an emulator.
      { verbose: process.env.LOCALSTACK_VERBOSE === '1', allowedOrigins: loopbackHosts(ports.portal).map((host) => `http://${host}`) },
    );
    lap('emulators');

    const url = `http://127.0.0.1:${ports.portal}`;
    const env = await provision({ endpoints: emulators.endpoints, appUrl: url });
    const sqs = await startFeedRecheckQueue(ports.sqs);
    queues = sqs;
    Object.assign(env, sqs.env);
    // Handlers send through the SES front, which publishes the simulator addresses' bounces and
    // complaints to the mail-events function (ses-events.ts); runJob is the stack's, set below.
    const front = await startSesEvents(emulators.endpoints.ses, (event) => (runJob ?? sourceJobRunner(repoRoot))(MAIL_EVENTS_FUNCTION, event));
    sesEvents = front;
    env.AWS_ENDPOINT_URL_SESV2 = front.url;
    lap('provision');

    // Handlers (and the SDK's default clients) read process.env: set it before any handler import.
    Object.assign(process.env, env);

    let resolveHandler;
    if (bundling) {
      const bundles = await bundling;
      lap('bundles');
      say(`Built ${bundles.functions.size} Lambda bundles in ${bundles.ms} ms (.lambda-bundles/)`);
      // The function's environment: the stack's, plus the loopback feed servers and webhook receivers a test stack allows.
      const allowed = (['FEED_FETCH_ALLOW', 'WEBHOOK_ALLOW'] as const).flatMap((name) => (process.env[name] ? [[name, process.env[name]!] as const] : []));
      const functionEnv: Record<string, string> = { ...env, ...Object.fromEntries(allowed) };
      const lambdas = lambdaPool({ functions: bundles.functions, runtime: bundles.runtime, env: functionEnv });
      pool = lambdas;
      const broken = await loadEveryBundle(lambdas, [...bundles.functions.keys()]);
      if (broken.length > 0) throw new StartupError(`${broken.length} Lambda bundle(s) fail to load:\n  ${broken.join('\n  ')}`);
      lap('bundle-load');
      resolveHandler = bundleResolver(lambdas);
      const source = sourceJobRunner(repoRoot);
      runJob = async (name, event) => {
        if (name !== FEED_RECHECK) return lambdas.invoke(name, event);
        // The local re-check: the dispatcher's and the worker's bundles, through the local SQS.
        const { runFeedRecheckLocally } = await import('./feed-recheck-local');
        return lambdas.has(FEED_RECHECK_WORKER)
          ? runFeedRecheckLocally(event as object, {
              dispatcher: (e) => lambdas.invoke(FEED_RECHECK, e),
              worker: (e) => lambdas.invoke(FEED_RECHECK_WORKER, e),
              sweep: (e) => lambdas.invoke(OUTBOX_SWEEP, e),
            })
          : source(name, event);
      };
    }

    gateway = await createGateway({
      web: options.web,
      root: repoRoot,
      quiet: options.quiet ?? false,
      ...(resolveHandler ? { resolveHandler } : {}),
      ...(runJob ? { runJob } : {}),
      // Only the portal's configured names are answered (421 otherwise): APP_URL's host and its aliases.
      hosts: () => [env[envNames.appUrl], ...(env[appAliasOriginsEnv] ?? '').split(',')].filter(Boolean).map((origin) => new URL(origin).host),
      headers: { uploadOrigins: [new URL(emulators.endpoints.s3).origin], widgetScriptUrl: process.env.VITE_WIDGET_SCRIPT_URL },
    });
    await gateway.listen(ports.portal);
    lap('gateway');

    let credentials: SeededLogin[] = [];
    if (options.seed) {
      const seed = await loadSeed();
      if (!seed) console.warn('[local-stack] localstack/seed.ts does not exist yet: starting without seed data');
      else credentials = await seed({ ...env });
    }
    lap('seed');
    timings.total = Date.now() - t0;

    const running = emulators;
    const jobRunner: JobRunner = (name, event) => (runJob ?? sourceJobRunner(repoRoot))(name, event);
    // The outbox's sweep, as EventBridge runs it on AWS (lib/jobs.ts): one at a time, never stacked.
    let sweeping = false;
    const sweepMs = options.outboxSweepMs ?? 60_000;
    if (sweepMs > 0) {
      sweeper = setInterval(() => {
        if (sweeping) return;
        sweeping = true;
        jobRunner(OUTBOX_SWEEP, { time: new Date().toISOString() })
          .catch((error: unknown) => console.error('[local-stack] outbox sweep failed', error))
          .finally(() => (sweeping = false));
      }, sweepMs);
      sweeper.unref();
    }
    return {
      url,
      env,
      endpoints: emulators.endpoints,
      credentials,
      timings,
      stop,
      killEmulator: (name) => running.kill(name),
      restartEmulator: async (name) => {
        await running.restart(name);
        // SES keeps its templates in memory: the restarted one gets them again, as provisioning gave them.
        if (name === 'ses') await provisionTemplates(localClients(running.endpoints).ses);
      },
      runJob: jobRunner,
      takeLambdaMetrics: () => {
        const metrics = pool?.metrics() ?? null;
        pool?.resetMetrics();
        return metrics;
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
