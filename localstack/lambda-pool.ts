/**
 * Runs the bundles of `LAMBDA_CODE=bundled` as Lambda runs functions: an instance is a process
 * of its own (localstack/lambda-runtime.ts) started at the first invocation (a cold start) with
 * the function's environment and NODE_OPTIONS (lib/bundling.ts), handling one invocation at a
 * time. Concurrency is per function, as on Lambda: a concurrent invocation takes a warm idle
 * instance of its function or starts another, up to the function's reserved concurrency, beyond
 * which it is throttled (TooManyRequestsException) without running. A busy instance is never
 * stopped for another; an idle one is reclaimed after `idleMs`. An instance whose bundle fails to
 * load, that crashes or passes the function's timeout is stopped and the invocation fails.
 *
 * What Lambda does not do, the machine's two bounds (docs/reliability.md, "The local Lambda pool"):
 * the processes in all (`maxInstances`, from memory: an idle instance costs memory, not CPU), and
 * the cold starts at once (`maxColdStarts`, from the cores: loading a bundle takes a core). An
 * invocation beyond either waits, and takes whatever frees first: a warm instance of its function,
 * or room to start one. So 50 concurrent updates no longer start 50 node processes on two cores
 * that each pass their timeout, and 20 connections over six functions no longer stop one
 * function's warm instances to cold-start another's.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { availableParallelism, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import type { HandlerResolver, PayloadHandler } from './gateway';
import type { LambdaBundle } from './lambda-bundles';
import type { RuntimeError, RuntimeReply, RuntimeRequest } from './lambda-runtime';

/** An invocation the function failed (its error, an init error, a crash or a timeout). */
export class LambdaFunctionError extends Error {
  override name = 'LambdaFunctionError';
  constructor(
    readonly functionName: string,
    readonly error: RuntimeError,
  ) {
    super(`${functionName}: ${error.errorType}: ${error.errorMessage}`);
    if (error.stack) this.stack = `${this.message}\n  in the function: ${error.stack}`;
  }
}

/** Lambda's answer to an invocation beyond the function's reserved concurrency: it never ran. */
export class LambdaThrottledError extends Error {
  override name = 'TooManyRequestsException';
  readonly reason = 'ReservedFunctionConcurrentInvocationLimitExceeded';
  constructor(
    readonly functionName: string,
    readonly reservedConcurrency: number,
  ) {
    super(`${functionName}: Rate Exceeded. (reserved concurrency ${reservedConcurrency}, all in use)`);
  }
}

interface Instance {
  name: string;
  child: ChildProcess;
  ready: Promise<void>;
  busy: boolean;
  lastUsed: number;
  /** Invocations it has run: its first pays for compiling the request's path. */
  calls: number;
  pending: Map<number, { resolve: (payload: string) => void; reject: (error: Error) => void; ms: (handlerMs: number, cpuMs: number) => void }>;
}

/**
 * Where one function's invocations spent their time, summed since the pool started (or the last
 * `resetMetrics`): what `npm run bench:load` prints to tell the machine's cap, cold starts and the
 * process hop apart (docs/reliability.md, "Under load").
 */
export interface FunctionMetrics {
  invocations: number;
  throttled: number;
  /** Instances started for an invocation (not by `warm`), and the invocations' wait for them to load. */
  coldStarts: number;
  coldMs: number;
  /** Idle instances of this function stopped to make room for another's (the machine's cap). */
  evicted: number;
  /** Invocations that waited for the machine to free an instance, and how long. */
  queued: number;
  queuedMs: number;
  /** Time inside the handler, as the instance measured it, and the CPU the instance spent meanwhile. */
  handlerMs: number;
  handlerCpuMs: number;
  /** Invocations that were their instance's first, and their handler's CPU (in handlerCpuMs too). */
  firstCalls: number;
  firstCpuMs: number;
  /** Time from `invoke` to its answer: the rest, beyond waits, cold starts and handler, is the hop (IPC, JSON). */
  totalMs: number;
}

/** Adds `m` into `into` (and answers it); a copy of `m` when there is nothing yet. */
export const addMetrics = (into: FunctionMetrics | undefined, m: FunctionMetrics): FunctionMetrics => {
  if (!into) return { ...m };
  for (const key of Object.keys(m) as (keyof FunctionMetrics)[]) into[key] += m[key];
  return into;
};

const noMetrics = (): FunctionMetrics => ({
  invocations: 0,
  throttled: 0,
  coldStarts: 0,
  coldMs: 0,
  evicted: 0,
  queued: 0,
  queuedMs: 0,
  handlerMs: 0,
  handlerCpuMs: 0,
  firstCalls: 0,
  firstCpuMs: 0,
  totalMs: 0,
});

export interface LambdaPool {
  has(name: string): boolean;
  /** Runs one invocation of `name` and returns its JSON result (throws LambdaFunctionError, LambdaThrottledError). */
  invoke(name: string, event: unknown, requestId?: string): Promise<unknown>;
  /** The same with the event's JSON text, answering the result's (Lambda's Invoke API payloads): what the gateway sends. */
  invokePayload(name: string, eventJson: string, requestId?: string): Promise<string>;
  /** Starts an instance of `name` (a cold start) and resolves once its bundle is loaded. */
  warm(name: string): Promise<void>;
  /** Instances per function, busy or idle (what a test or the bench reads). */
  stats(): Record<string, { busy: number; idle: number }>;
  /** Where the invocations' time went, per function (see FunctionMetrics). */
  metrics(): Record<string, FunctionMetrics>;
  resetMetrics(): void;
  close(): Promise<void>;
}

export interface LambdaPoolOptions {
  functions: ReadonlyMap<string, LambdaBundle>;
  /** .lambda-bundles/runtime.mjs */
  runtime: string;
  /** The functions' environment (the local stack's, as the CDK gives every function the same). */
  env: Record<string, string>;
  /** Processes this machine runs at once, of every function (default `defaultMaxInstances`). */
  maxInstances?: number;
  /** Instances loading their bundle at once (default: one per core). */
  maxColdStarts?: number;
  /** An instance idle this long is stopped (Lambda reclaims idle environments too). */
  idleMs?: number;
  /**
   * Node's compile cache of the instances (lambda-runtime.ts): a function's first instance writes the
   * V8 code of its bundle's top level there once loaded, its later instances read it. Default: a
   * folder beside the runtime; false: none (each instance compiles everything again).
   */
  compileCache?: string | false;
}

/** What one warm instance may hold in memory (measured about 60 MB of RSS, docs/reliability.md), with room. */
const INSTANCE_BYTES = 128 * 1024 * 1024;

/**
 * As many processes as a quarter of the memory holds (47 on 24 GB), LAMBDA_LOCAL_INSTANCES to
 * change it. Not from the cores: a warm instance waiting on DynamoDB costs no CPU, and below the
 * load's concurrency the cap stops warm instances to cold-start others (bench:load measured 0.12x).
 */
export const defaultMaxInstances = (value = process.env.LAMBDA_LOCAL_INSTANCES): number =>
  value ? Math.max(1, Number.parseInt(value, 10) || 1) : Math.max(8, Math.floor(totalmem() / 4 / INSTANCE_BYTES));

/**
 * The arguments Lambda's Node.js bootstrap starts node with (/var/runtime/bootstrap of the
 * nodejs runtimes): a tenth of the function's memory for V8's young generation (two semi-spaces),
 * the rest for its old one, so an instance meets its memory, and collects its garbage, as on AWS
 * rather than with node's defaults, sized from this machine's memory.
 */
export const lambdaNodeArgs = (memoryMb: number): string[] => {
  const newSpace = Math.floor(memoryMb / 10);
  return ['--expose-gc', '--max-http-header-size=81920', `--max-semi-space-size=${Math.floor(newSpace / 2)}`, `--max-old-space-size=${memoryMb - newSpace}`];
};

/** Lambda keeps an idle environment for minutes; 5 here. */
const DEFAULT_IDLE_MS = 5 * 60_000;

export function lambdaPool(options: LambdaPoolOptions): LambdaPool {
  const instances: Instance[] = [];
  const maxInstances = options.maxInstances ?? defaultMaxInstances();
  const maxColdStarts = options.maxColdStarts ?? availableParallelism();
  /** Instances loading their bundle now. */
  let starting = 0;
  const idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
  const compileCache = options.compileCache ?? join(dirname(options.runtime), 'compile-cache');
  /** Invocations of each function under way or waiting for an instance: its concurrency. */
  const inFlight = new Map<string, number>();
  /** Invocations waiting for the machine to free an instance, first come first served. */
  const waiting: { fn: LambdaBundle; take: (instance: Instance) => void; refuse: (error: Error) => void }[] = [];
  let nextId = 1;
  let closed = false;
  let metrics = new Map<string, FunctionMetrics>();
  const count = (name: string): FunctionMetrics => {
    let m = metrics.get(name);
    if (!m) metrics.set(name, (m = noMetrics()));
    return m;
  };

  const stop = (instance: Instance) => {
    const at = instances.indexOf(instance);
    if (at >= 0) instances.splice(at, 1);
    if (instance.child.exitCode === null && instance.child.signalCode === null) instance.child.kill('SIGKILL');
  };

  function start(fn: LambdaBundle): Instance {
    const child = fork(options.runtime, [fn.file, fn.name, String(fn.memoryMb), ...(compileCache ? [compileCache] : [])], {
      // What Lambda sets beside the function's own variables; nothing else of this process leaks in.
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        TZ: 'UTC',
        LANG: 'en_US.UTF-8',
        AWS_LAMBDA_FUNCTION_NAME: fn.name,
        AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(fn.memoryMb),
        AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
        AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x',
        ...options.env,
        // LAMBDA_LOCAL_NODE_OPTIONS adds to the CDK's, to look inside an instance (`--cpu-prof --cpu-prof-dir=…`, docs/reliability.md).
        NODE_OPTIONS: [fn.nodeOptions, process.env.LAMBDA_LOCAL_NODE_OPTIONS].filter(Boolean).join(' '),
      },
      execArgv: lambdaNodeArgs(fn.memoryMb),
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      // The event and the answer cross as the JSON text Lambda's payloads are: V8's serialiser copies
      // a string as it is, where the 'json' channel would escape and parse it a second time.
      serialization: 'advanced',
    });
    const instance: Instance = { name: fn.name, child, ready: Promise.resolve(), busy: false, lastUsed: Date.now(), calls: 0, pending: new Map() };
    let initError: RuntimeError | null = null;
    instance.ready = new Promise<void>((resolve, reject) => {
      child.on('message', (reply: RuntimeReply) => {
        if (reply.type === 'ready') resolve();
        else if (reply.type === 'init-error') {
          initError = reply.error;
          reject(new LambdaFunctionError(fn.name, reply.error));
        } else {
          const waiter = instance.pending.get(reply.id);
          instance.pending.delete(reply.id);
          waiter?.ms(reply.ms, reply.cpuMs);
          if (reply.type === 'result') waiter?.resolve(reply.payload);
          else waiter?.reject(new LambdaFunctionError(fn.name, reply.error));
        }
      });
      child.on('exit', (code, signal) => {
        stop(instance);
        const error = initError ?? { errorType: 'Runtime.ExitError', errorMessage: `the instance exited (${signal ?? `code ${code}`})` };
        reject(new LambdaFunctionError(fn.name, error));
        for (const waiter of instance.pending.values()) waiter.reject(new LambdaFunctionError(fn.name, error));
        instance.pending.clear();
        // Its place on the machine is free: a waiting invocation may start an instance.
        serveWaiting();
      });
      child.on('error', (error) => reject(new LambdaFunctionError(fn.name, { errorType: 'Runtime.StartError', errorMessage: error.message })));
    });
    // Nobody may be waiting yet (the instance is being started): the rejection is read through `ready`.
    instance.ready.catch(() => undefined);
    starting++;
    const loaded = () => {
      starting--;
      // Room for another cold start: a waiting invocation may take it.
      serveWaiting();
    };
    instance.ready.then(loaded, loaded);
    instances.push(instance);
    return instance;
  }

  /**
   * An instance for one invocation of `fn`, marked busy, or null when the machine has none to
   * give: a warm idle one of the function (the most recently used, so the others go idle and are
   * reclaimed), else a new one if fewer than `maxColdStarts` are loading, in the place of the
   * longest idle instance of another function when the machine is full. Never a busy one.
   */
  function take(fn: LambdaBundle): Instance | null {
    const warm = instances.filter((i) => !i.busy && i.name === fn.name).sort((a, b) => b.lastUsed - a.lastUsed)[0];
    const instance = warm ?? (starting < maxColdStarts ? startInRoom(fn) : null);
    if (!instance) return null;
    if (!warm) count(fn.name).coldStarts++;
    instance.busy = true;
    instance.lastUsed = Date.now();
    return instance;
  }

  /** A new instance of `fn`, in the place of the longest idle one when the machine is full; null when every one is busy. */
  function startInRoom(fn: LambdaBundle): Instance | null {
    if (instances.length >= maxInstances) {
      const victim = instances.filter((i) => !i.busy).sort((a, b) => a.lastUsed - b.lastUsed)[0];
      if (!victim) return null;
      count(victim.name).evicted++;
      stop(victim);
    }
    return start(fn);
  }

  /** First come first served, but a waiting invocation that can be served is not held back by one that cannot (another function's). */
  function serveWaiting(): void {
    for (let at = 0; at < waiting.length && !closed; ) {
      const instance = take(waiting[at]!.fn);
      if (instance) waiting.splice(at, 1)[0]!.take(instance);
      else at++;
    }
  }

  const release = (instance: Instance) => {
    instance.busy = false;
    instance.lastUsed = Date.now();
    serveWaiting();
  };

  // Lambda reclaims environments left idle; so does the pool (never a busy one).
  const reclaim = setInterval(
    () => {
      const now = Date.now();
      for (const instance of instances.filter((i) => !i.busy && now - i.lastUsed >= idleMs)) stop(instance);
    },
    Math.min(idleMs, 60_000),
  );
  reclaim.unref();

  async function run(fn: LambdaBundle, instance: Instance, payload: string, requestId: string, m: FunctionMetrics): Promise<string> {
    const loading = performance.now();
    await instance.ready;
    m.coldMs += performance.now() - loading;
    const id = nextId++;
    const first = instance.calls++ === 0;
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        // Lambda stops the instance at its timeout; the next invocation is a cold start.
        reject(new LambdaFunctionError(fn.name, { errorType: 'Sandbox.Timedout', errorMessage: `Task timed out after ${fn.timeoutMs / 1000} seconds` }));
        stop(instance);
      }, fn.timeoutMs);
      instance.pending.set(id, {
        resolve: (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
        ms: (handlerMs, cpuMs) => {
          m.handlerMs += handlerMs;
          m.handlerCpuMs += cpuMs;
          if (!first) return;
          m.firstCalls++;
          m.firstCpuMs += cpuMs;
        },
      });
      const request: RuntimeRequest = { type: 'invoke', id, payload, requestId, deadline: Date.now() + fn.timeoutMs };
      instance.child.send(request);
    });
  }

  const pool: LambdaPool = {
    has: (name) => options.functions.has(name),
    invoke: async (name, event, requestId) => JSON.parse(await pool.invokePayload(name, JSON.stringify(event ?? null), requestId)) as unknown,
    async invokePayload(name, eventJson, requestId = randomUUID()) {
      const fn = options.functions.get(name);
      if (!fn) throw new Error(`No bundle for the function ${name}`);
      if (closed) throw new Error('The local Lambda pool is closed');
      // This invocation's times, counted at its end into the metrics then current (a window's figures hold whole invocations).
      const m = noMetrics();
      m.invocations = 1;
      const concurrency = inFlight.get(name) ?? 0;
      if (fn.reservedConcurrency !== undefined && concurrency >= fn.reservedConcurrency) {
        m.throttled = 1;
        addMetrics(count(name), m);
        throw new LambdaThrottledError(name, fn.reservedConcurrency);
      }
      inFlight.set(name, concurrency + 1);
      const began = performance.now();
      let instance: Instance | undefined;
      try {
        instance = take(fn) ?? undefined;
        if (!instance) {
          m.queued = 1;
          instance = await new Promise<Instance>((resolve, reject) => waiting.push({ fn, take: resolve, refuse: reject }));
          m.queuedMs += performance.now() - began;
        }
        return await run(fn, instance, eventJson, requestId, m);
      } finally {
        m.totalMs = performance.now() - began;
        addMetrics(count(name), m);
        inFlight.set(name, (inFlight.get(name) ?? 1) - 1);
        if (instance) release(instance);
      }
    },
    async warm(name) {
      const fn = options.functions.get(name);
      if (!fn) throw new Error(`No bundle for the function ${name}`);
      // At start every function loads once (loadEveryBundle): beyond the machine's room, the longest idle make way.
      const instance = instances.find((i) => i.name === name) ?? startInRoom(fn) ?? start(fn);
      await instance.ready;
    },
    stats() {
      const counts: Record<string, { busy: number; idle: number }> = {};
      for (const instance of instances) {
        const count = (counts[instance.name] ??= { busy: 0, idle: 0 });
        if (instance.busy) count.busy++;
        else count.idle++;
      }
      return counts;
    },
    metrics: () => Object.fromEntries([...metrics].map(([name, m]) => [name, { ...m }])),
    resetMetrics() {
      metrics = new Map();
    },
    async close() {
      closed = true;
      clearInterval(reclaim);
      for (const waiter of waiting.splice(0)) waiter.refuse(new Error('The local Lambda pool is closed'));
      const children = instances.splice(0).map((i) => i.child);
      await Promise.all(
        children.map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null || child.signalCode !== null) return resolve();
              child.once('exit', () => resolve());
              child.kill('SIGTERM');
            }),
        ),
      );
    },
  };
  return pool;
}

/** The gateway's handler of a route whose bundle exists: an invocation of its function. */
export function bundleResolver(pool: Pick<LambdaPool, 'has' | 'invokePayload'>): HandlerResolver {
  return async (route): Promise<PayloadHandler | null> => (pool.has(route.id) ? { payload: (eventJson, requestId) => pool.invokePayload(route.id, eventJson, requestId) } : null);
}

/**
 * Starts one instance of every function, two at a time, and reports those whose bundle fails to
 * load (with their environment and NODE_OPTIONS): a broken bundle stops the start, not only the
 * requests that happen to reach it.
 */
export async function loadEveryBundle(pool: LambdaPool, names: readonly string[]): Promise<string[]> {
  const queue = [...names];
  const failures: string[] = [];
  const worker = async () => {
    for (let name = queue.shift(); name; name = queue.shift()) {
      await pool.warm(name).catch((error: unknown) => failures.push((error as Error).message));
    }
  };
  await Promise.all([worker(), worker()]);
  return failures;
}
