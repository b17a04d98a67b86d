import type { MiddlewareObj } from '@middy/core';
import { Tracer } from '@aws-lambda-powertools/tracer';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import { SERVICE_NAME } from './log';

/**
 * The Powertools Tracer of the process. Imported only through platform/tracing.ts (`import()`),
 * so that the X-Ray SDK is a chunk of its own, never read by an untraced or local run. It also
 * records outgoing HTTPS calls (AWS SDK, Google, feed fetches) as subsegments.
 */
export const tracer = new Tracer({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? SERVICE_NAME });

export function captureHandler<E, R>(name: string): MiddlewareObj<E, R> {
  // Responses are not recorded: they carry users' data; errors are (name, message, stack).
  const capture = captureLambdaHandler(tracer, { captureResponse: false }) as MiddlewareObj<E, R>;
  return {
    ...capture,
    before: async (request) => {
      await capture.before?.(request);
      tracer.putAnnotation('route', name);
    },
  };
}

export async function traceJob<R>(name: string, run: () => Promise<R>): Promise<R> {
  if (!tracer.isTracingEnabled()) return run();
  const parent = tracer.getSegment();
  if (!parent) return run();
  const segment = parent.addNewSubsegment(`## ${name}`);
  tracer.setSegment(segment);
  tracer.annotateColdStart();
  tracer.addServiceNameAnnotation();
  tracer.putAnnotation('job', name);
  try {
    return await run();
  } catch (error) {
    tracer.addErrorAsMetadata(error as Error);
    throw error;
  } finally {
    segment.close();
    tracer.setSegment(parent);
  }
}
