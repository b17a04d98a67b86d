/**
 * The local stand-in for Lambda's Node.js runtime, one process per function instance
 * (lambda-pool.ts forks it with the function's environment and NODE_OPTIONS): loads the bundle
 * as Lambda does (`index.handler` of an ES module), reports a load failure as Lambda's init
 * error, then runs one invocation at a time with the event and a Lambda context.
 * Built by lambda-bundles.ts to .lambda-bundles/runtime.mjs: plain node runs it, no tsx.
 *
 *   node runtime.mjs <bundle file> <function name> <memory MB> [<compile cache dir>]
 *
 * The compile cache (Node's, `module.enableCompileCache`): the V8 code the function's first
 * instance compiled as it loaded the bundle (its modules' top level: V8 compiles a function's body
 * at its first call, and that is not kept) is written there once it is loaded; the function's
 * later instances (the pool's cold starts) read it instead of compiling the same code again. The
 * bundle itself is untouched.
 */
import { enableCompileCache, flushCompileCache } from 'node:module';
import { pathToFileURL } from 'node:url';
import { lambdaContext } from './lambda-context';

/** The event and the answer are JSON text, as Lambda's runtime API carries them (parsed and serialised once, here). */
export type RuntimeRequest = { type: 'invoke'; id: number; payload: string; requestId: string; deadline: number };
export type RuntimeError = { errorType: string; errorMessage: string; stack?: string };
export type RuntimeReply =
  | { type: 'ready' }
  | { type: 'init-error'; error: RuntimeError }
  | { type: 'result'; id: number; payload: string; ms: number; cpuMs: number }
  | { type: 'error'; id: number; error: RuntimeError; ms: number; cpuMs: number };

const asError = (error: unknown, type?: string): RuntimeError => {
  const e = error instanceof Error ? error : new Error(String(error));
  return { errorType: type ?? e.name, errorMessage: e.message, ...(e.stack ? { stack: e.stack } : {}) };
};

const send = (reply: RuntimeReply) => process.send?.(reply);

async function main(): Promise<void> {
  const [file, functionName = 'local', memory = '512', compileCache] = process.argv.slice(2);
  if (!file || !process.send) throw new Error('usage: node runtime.mjs <bundle> <function> <memory MB> [<compile cache>] (forked with IPC)');
  if (compileCache) enableCompileCache(compileCache);
  let handler: (event: unknown, context: unknown) => unknown;
  try {
    const mod = (await import(pathToFileURL(file).href)) as { handler?: unknown };
    if (typeof mod.handler !== 'function') throw Object.assign(new Error(`${file} does not export a function named handler`), { name: 'Runtime.HandlerNotFound' });
    handler = mod.handler as typeof handler;
  } catch (error) {
    send({ type: 'init-error', error: asError(error, (error as Error)?.name === 'Runtime.HandlerNotFound' ? undefined : 'Runtime.ImportModuleError') });
    // Lambda stops an instance whose init failed; the pool starts another for the next request.
    setImmediate(() => process.exit(1));
    return;
  }
  process.on('message', (request: RuntimeRequest) => {
    if (request.type !== 'invoke') return;
    const startedAt = Date.now();
    const began = performance.now();
    const cpu = process.cpuUsage();
    // The handler's own time and CPU, measured here: the pool tells them from the process hop (docs/reliability.md).
    const ms = () => performance.now() - began;
    const cpuMs = () => {
      const { user, system } = process.cpuUsage(cpu);
      return (user + system) / 1000;
    };
    const context = lambdaContext({ functionName, requestId: request.requestId, timeoutMs: request.deadline - startedAt, memoryMb: Number(memory), startedAt });
    Promise.resolve()
      .then(() => handler(JSON.parse(request.payload), context))
      // Lambda answers the JSON of the handler's value: what cannot be serialised fails here too.
      .then((result) => send({ type: 'result', id: request.id, payload: JSON.stringify(result === undefined ? null : result), ms: ms(), cpuMs: cpuMs() }))
      .catch((error: unknown) => send({ type: 'error', id: request.id, error: asError(error), ms: ms(), cpuMs: cpuMs() }));
  });
  // The pool's close: exit as Lambda's shutdown does, so what exits with the process (a --cpu-prof profile) is written.
  process.once('SIGTERM', () => process.exit(0));
  send({ type: 'ready' });
  // Written once loaded (Node would write it only at exit, and the pool's SIGKILL skips that): by
  // the function's first instance, started with the stack, before the load's cold starts.
  if (compileCache) flushCompileCache();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
