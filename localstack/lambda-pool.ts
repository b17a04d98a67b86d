/**
 * Runs the bundles of `LAMBDA_CODE=bundled` as Lambda runs functions: an instance is a process
 * of its own (localstack/lambda-runtime.ts) started at the first invocation (a cold start) with
 * the function's environment and NODE_OPTIONS (lib/bundling.ts), handling one invocation at a
 * time; a concurrent one starts another instance. An instance whose bundle fails to load, that
 * crashes or passes the function's timeout is stopped and the invocation fails, as on AWS.
 * Idle instances beyond `maxInstances` are stopped, oldest first (Lambda reclaims them too).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { HandlerResolver } from './gateway';
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

interface Instance {
  child: ChildProcess;
  ready: Promise<void>;
  busy: boolean;
  lastUsed: number;
  pending: Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>;
}

export interface LambdaPool {
  has(name: string): boolean;
  /** Runs one invocation of `name` and returns its JSON result (throws LambdaFunctionError). */
  invoke(name: string, event: unknown, requestId?: string): Promise<unknown>;
  /** Starts an instance of `name` (a cold start) and resolves once its bundle is loaded. */
  warm(name: string): Promise<void>;
  close(): Promise<void>;
}

export interface LambdaPoolOptions {
  functions: ReadonlyMap<string, LambdaBundle>;
  /** .lambda-bundles/runtime.mjs */
  runtime: string;
  /** The functions' environment (the local stack's, as the CDK gives every function the same). */
  env: Record<string, string>;
  maxInstances?: number;
}

export function lambdaPool(options: LambdaPoolOptions): LambdaPool {
  const instances = new Map<string, Instance[]>();
  const maxInstances = options.maxInstances ?? 12;
  let nextId = 1;
  let closed = false;

  const all = () => [...instances.values()].flat();
  const remove = (name: string, instance: Instance) => {
    const list = instances.get(name) ?? [];
    instances.set(
      name,
      list.filter((i) => i !== instance),
    );
  };
  const stop = (name: string, instance: Instance) => {
    remove(name, instance);
    if (instance.child.exitCode === null && instance.child.signalCode === null) instance.child.kill('SIGKILL');
  };

  function start(fn: LambdaBundle): Instance {
    // Over the cap: stop the idle instance used longest ago (of any function).
    const idle = all().filter((i) => !i.busy).sort((a, b) => a.lastUsed - b.lastUsed);
    for (let excess = all().length + 1 - maxInstances; excess > 0 && idle.length > 0; excess--) {
      const victim = idle.shift()!;
      const owner = [...instances.entries()].find(([, list]) => list.includes(victim))?.[0];
      if (owner) stop(owner, victim);
    }
    const child = fork(options.runtime, [fn.file, fn.name, String(fn.memoryMb)], {
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
        NODE_OPTIONS: fn.nodeOptions,
      },
      execArgv: [],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'json',
    });
    const instance: Instance = { child, ready: Promise.resolve(), busy: false, lastUsed: Date.now(), pending: new Map() };
    let initError: RuntimeError | null = null;
    instance.ready = new Promise<void>((resolve, reject) => {
      child.on('message', (reply: RuntimeReply) => {
        if (reply.type === 'ready') resolve();
        else if (reply.type === 'init-error') {
          initError = reply.error;
          reject(new LambdaFunctionError(fn.name, reply.error));
        } else {
          const waiting = instance.pending.get(reply.id);
          instance.pending.delete(reply.id);
          if (reply.type === 'result') waiting?.resolve(reply.result);
          else waiting?.reject(new LambdaFunctionError(fn.name, reply.error));
        }
      });
      child.on('exit', (code, signal) => {
        remove(fn.name, instance);
        const error = initError ?? { errorType: 'Runtime.ExitError', errorMessage: `the instance exited (${signal ?? `code ${code}`})` };
        reject(new LambdaFunctionError(fn.name, error));
        for (const waiting of instance.pending.values()) waiting.reject(new LambdaFunctionError(fn.name, error));
        instance.pending.clear();
      });
      child.on('error', (error) => reject(new LambdaFunctionError(fn.name, { errorType: 'Runtime.StartError', errorMessage: error.message })));
    });
    // Nobody may be waiting yet (the instance is being started): the rejection is read through `ready`.
    instance.ready.catch(() => undefined);
    instances.set(fn.name, [...(instances.get(fn.name) ?? []), instance]);
    return instance;
  }

  return {
    has: (name) => options.functions.has(name),
    async invoke(name, event, requestId = randomUUID()) {
      const fn = options.functions.get(name);
      if (!fn) throw new Error(`No bundle for the function ${name}`);
      if (closed) throw new Error('The local Lambda pool is closed');
      const instance = (instances.get(name) ?? []).find((i) => !i.busy) ?? start(fn);
      instance.busy = true;
      instance.lastUsed = Date.now();
      try {
        await instance.ready;
        const id = nextId++;
        return await new Promise<unknown>((resolve, reject) => {
          const timer = setTimeout(() => {
            // Lambda stops the instance at its timeout; the next invocation is a cold start.
            reject(new LambdaFunctionError(name, { errorType: 'Sandbox.Timedout', errorMessage: `Task timed out after ${fn.timeoutMs / 1000} seconds` }));
            stop(name, instance);
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
          });
          const request: RuntimeRequest = { type: 'invoke', id, event, requestId, deadline: Date.now() + fn.timeoutMs };
          instance.child.send(request);
        });
      } finally {
        instance.busy = false;
        instance.lastUsed = Date.now();
      }
    },
    async warm(name) {
      const fn = options.functions.get(name);
      if (!fn) throw new Error(`No bundle for the function ${name}`);
      await ((instances.get(name) ?? [])[0] ?? start(fn)).ready;
    },
    async close() {
      closed = true;
      const children = all().map((i) => i.child);
      instances.clear();
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
}

/** The gateway's handler of a route whose bundle exists: an invocation of its function. */
export function bundleResolver(pool: Pick<LambdaPool, 'has' | 'invoke'>): HandlerResolver {
  return async (route) => (pool.has(route.id) ? (event, context) => pool.invoke(route.id, event, context.awsRequestId) : null);
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
