import type { MiddlewareObj } from '@middy/core';

/**
 * X-Ray tracing of the handlers (Powertools for AWS Lambda's Tracer, functions/platform/tracer.ts),
 * loaded lazily: a function's bundle keeps the Tracer and the X-Ray SDK in a chunk of its own
 * (lib/bundling.ts, code splitting), read on the first traced invocation, so the module load a
 * cold start pays stays as it was (docs/deploy.md, "Tracing"). Only deployed functions trace:
 * the CDK sets POWERTOOLS_TRACE_ENABLED=true beside Lambda's active tracing
 * (lib/constructs/portal-function.ts); local runs and tests never load the chunk.
 */
export const tracingEnabled = (): boolean =>
  process.env.POWERTOOLS_TRACE_ENABLED === 'true' && Boolean(process.env.AWS_LAMBDA_FUNCTION_NAME);

let tracerModule: Promise<typeof import('./tracer')> | undefined;
const loadTracer = () => (tracerModule ??= import('./tracer'));

/**
 * The handler pipeline's tracing step (pipeline/handler.ts, first in the chain): a `## <route id>`
 * subsegment per request with the cold start, the service and the route as annotations, and the
 * error as metadata (never the response: answers carry personal data).
 */
export function handlerTracing<E, R>(name: string): MiddlewareObj<E, R> {
  let inner: MiddlewareObj<E, R> | undefined;
  return {
    name: 'portal-tracing',
    before: async (request) => {
      if (!tracingEnabled()) return;
      inner ??= (await loadTracer()).captureHandler<E, R>(name);
      await inner.before?.(request);
    },
    after: async (request) => {
      await inner?.after?.(request);
    },
    onError: async (request) => {
      await inner?.onError?.(request);
    },
  };
}

/** The same for a background job or scheduled handler (no middy): `export const handler = tracedJob('feed-check', async (event) => …)`. */
export function tracedJob<A extends unknown[], R>(name: string, run: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return async (...args) => {
    if (!tracingEnabled()) return run(...args);
    return (await loadTracer()).traceJob(name, () => run(...args));
  };
}
