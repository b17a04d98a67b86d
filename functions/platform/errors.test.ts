import { describe, expect, it } from 'vitest';
import { ConditionalCheckFailedException, ProvisionedThroughputExceededException } from '@aws-sdk/client-dynamodb';
import { ConflictError, dependencyDown } from './errors';

const withCode = (code: string) => Object.assign(new Error(code), { code });
const named = (name: string) => Object.assign(new Error(name), { name });

describe('dependencyDown: a dependency could not answer now (503), or something else (500 or its own answer)', () => {
  it('is true for network failures, time budgets, throttling and the services\' 5xx', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']) expect(dependencyDown(withCode(code)), code).toBe(true);
    for (const name of ['TimeoutError', 'ThrottlingException', 'ServiceUnavailable', 'InternalServerError', 'TooManyRequestsException']) expect(dependencyDown(named(name)), name).toBe(true);
    expect(dependencyDown(new ProvisionedThroughputExceededException({ message: 'slow down', $metadata: {} }))).toBe(true);
    expect(dependencyDown(Object.assign(new Error('odd'), { $metadata: { httpStatusCode: 502 } }))).toBe(true);
    // Node's fetch wraps the socket's failure; both loopback addresses refusing give an AggregateError.
    expect(dependencyDown(new TypeError('fetch failed', { cause: withCode('ECONNREFUSED') }))).toBe(true);
    expect(dependencyDown(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]))).toBe(true);
  });

  it('is false for a refusal of this request, a bug, or no error at all', () => {
    expect(dependencyDown(new ConditionalCheckFailedException({ message: 'condition', $metadata: { httpStatusCode: 400 } }))).toBe(false);
    expect(dependencyDown(Object.assign(new Error('bad'), { name: 'ValidationException', $metadata: { httpStatusCode: 400 } }))).toBe(false);
    expect(dependencyDown(new ConflictError())).toBe(false);
    expect(dependencyDown(new TypeError('x is undefined'))).toBe(false);
    expect(dependencyDown(new TypeError('fetch failed', { cause: new TypeError('bug') }))).toBe(false);
    expect(dependencyDown('ECONNREFUSED')).toBe(false);
    expect(dependencyDown(undefined)).toBe(false);
  });
});
