import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { securityLogout } from '../../shared/routes';
import { createHandler } from '../pipeline/handler';
import { logger, logUnhandled, resetLoggerForTests, startJobLog } from './log';

/** Powertools writes through its own console on process.stdout / stderr (errors): capture both. */
function captureStdout(): { lines: () => Record<string, any>[]; restore: () => void } {
  const chunks: string[] = [];
  const write = ((chunk: string | Uint8Array) => {
    chunks.push(String(chunk));
    return true;
  }) as typeof process.stdout.write;
  const spies = [vi.spyOn(process.stdout, 'write').mockImplementation(write), vi.spyOn(process.stderr, 'write').mockImplementation(write)];
  return {
    lines: () =>
      chunks
        .join('')
        .split('\n')
        .filter((line) => line.trim().startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, any>),
    restore: () => spies.forEach((spy) => spy.mockRestore()),
  };
}

/** Each test: a new Logger at the default level with the prod stage; the environment put back after. */
function freshProdLogger(): void {
  const saved = { ...process.env };
  beforeEach(() => {
    process.env.STAGE = 'prod';
    delete process.env.POWERTOOLS_DEV;
    delete process.env.POWERTOOLS_LOG_LEVEL;
    delete process.env.AWS_LAMBDA_LOG_LEVEL;
    resetLoggerForTests();
  });
  afterEach(() => {
    process.env = { ...saved };
    resetLoggerForTests();
  });
}

describe('logUnhandled', () => {
  freshProdLogger();

  it('writes one JSON line at level ERROR with the route id, the correlation id and the error', () => {
    const out = captureStdout();
    try {
      logUnhandled('security-login', 'req-123', new TypeError('boom'));
    } finally {
      out.restore();
    }
    const [line, ...rest] = out.lines();
    expect(rest).toEqual([]);
    expect(line).toMatchObject({
      level: 'ERROR',
      message: 'unhandled error',
      service: 'onboarding-portal',
      stage: 'prod',
      routeId: 'security-login',
      correlationId: 'req-123',
      error: { name: 'TypeError', message: 'boom' },
    });
    expect(line!.error.stack).toMatch(/TypeError: boom/);
  });

  it('logs what was thrown even when it is not an Error', () => {
    const out = captureStdout();
    try {
      logUnhandled('users-list', undefined, { weird: true });
    } finally {
      out.restore();
    }
    expect(out.lines()[0]).toMatchObject({ correlationId: 'unknown', error: { message: '{"weird":true}' } });
  });
});

describe('the handler factory', () => {
  freshProdLogger();

  it("gives every line a request logs the route id and that request's correlation id, never the previous one's", async () => {
    const handler = createHandler(securityLogout, { handle: () => (logger().info('inside', { step: 1 }), { status: 204 }) }, null);
    const event = (requestId: string) => ({ headers: {}, requestContext: { requestId, http: { method: 'GET' } } }) as unknown as APIGatewayProxyEventV2;
    const out = captureStdout();
    try {
      await handler(event('req-1'));
      await handler(event('req-2'));
    } finally {
      out.restore();
    }
    expect(out.lines().map((line) => [line.message, line.routeId, line.correlationId, line.step])).toEqual([
      ['inside', 'security-logout', 'req-1', 1],
      ['inside', 'security-logout', 'req-2', 1],
    ]);
  });

  it('keeps each invocation its own keys when several run at once in one process (the local stack)', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const handler = createHandler(securityLogout, { handle: async () => (await gate, logger().info('inside'), { status: 204 }) }, null);
    const event = (requestId: string) => ({ headers: {}, requestContext: { requestId, http: { method: 'GET' } } }) as unknown as APIGatewayProxyEventV2;
    const out = captureStdout();
    try {
      const first = handler(event('req-1'));
      const second = handler(event('req-2'));
      // A job starting meanwhile takes no request's keys, and gives none.
      const job = (async () => {
        startJobLog('outbox-dispatch');
        await gate;
        logger().info('job line');
      })();
      release();
      await Promise.all([first, second, job]);
    } finally {
      out.restore();
    }
    const lines = out.lines().map((line) => [line.message, line.routeId, line.correlationId, line.job]);
    expect(lines).toHaveLength(3);
    expect(lines).toEqual(
      expect.arrayContaining([
        ['inside', 'security-logout', 'req-1', undefined],
        ['inside', 'security-logout', 'req-2', undefined],
        ['job line', undefined, undefined, 'outbox-dispatch'],
      ]),
    );
  });
});
