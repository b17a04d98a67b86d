import { afterEach, describe, expect, it, vi } from 'vitest';
import { handlerTracing, tracedJob, tracingEnabled } from './tracing';

/** X-Ray tracing is switched on by the CDK only (lib/constructs/portal-function.ts); local runs never load the Tracer. */
afterEach(() => vi.unstubAllEnvs());

describe('tracing', () => {
  it('is off outside a deployed function, even with POWERTOOLS_TRACE_ENABLED', () => {
    vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', '');
    vi.stubEnv('POWERTOOLS_TRACE_ENABLED', 'true');
    expect(tracingEnabled()).toBe(false);
    vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', 'Portal-prod-Api-Fn');
    vi.stubEnv('POWERTOOLS_TRACE_ENABLED', '');
    expect(tracingEnabled()).toBe(false);
    vi.stubEnv('POWERTOOLS_TRACE_ENABLED', 'true');
    expect(tracingEnabled()).toBe(true);
  });

  it('runs a job as is when off, and returns its answer and error when on (no X-Ray segment: the job still runs)', async () => {
    const job = tracedJob('feed-check', async (n: number) => ({ outcome: `done ${n}` }));
    expect(await job(1)).toEqual({ outcome: 'done 1' });
    vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', 'Portal-prod-Jobs-Worker');
    vi.stubEnv('POWERTOOLS_TRACE_ENABLED', 'true');
    vi.stubEnv('AWS_XRAY_CONTEXT_MISSING', 'IGNORE_ERROR');
    expect(await job(2)).toEqual({ outcome: 'done 2' });
    await expect(tracedJob('feed-check', async () => Promise.reject(new Error('boom')))()).rejects.toThrow('boom');
  });

  it('leaves the handler pipeline untouched when off', async () => {
    const middleware = handlerTracing('security-login');
    const request = { event: {}, context: {}, response: undefined, error: undefined, internal: {} } as never;
    await middleware.before!(request);
    await middleware.after!(request);
    expect((request as { internal: object }).internal).toEqual({});
  });
});
