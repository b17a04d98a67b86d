import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRecord } from '../../functions/data/companies';
import { clientBudgets, worstCaseMs } from '../../functions/platform/clients/budget';
import { startLocalStack, type LocalStack } from '../../localstack/stack';
import { makeCompany, makeUser, type TestUser } from './helpers/accounts';
import { Browser } from './helpers/browser';

/**
 * The portal when a dependency is down (docs/reliability.md): the emulator is killed as an outage
 * would kill the service, and the caller reads 503 with Retry-After and the `unavailable` code
 * (a message in its language) within the client's time budget, never a 500 after the SDK's long
 * retries. This file runs its own stack: the shared one must keep its emulators.
 */

let stack: LocalStack;
let company: CompanyRecord;
let user: TestUser;

beforeAll(async () => {
  stack = await startLocalStack({ ports: 'free', web: 'none', seed: false, quiet: true });
  company = await makeCompany('Faults', { country: 'GB' });
  user = await makeUser('ROLE_USER', company);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

function expectUnavailable(answer: { status: number; headers: Headers; body: unknown }, what: string): void {
  expect(answer.status, what).toBe(503);
  expect(Number(answer.headers.get('retry-after')), `${what}: Retry-After`).toBeGreaterThan(0);
  expect((answer.body as { code?: string }).code, what).toBe('unavailable');
}

describe('a dependency that is down', () => {
  it('Cognito, then DynamoDB: the caller reads 503 unavailable with Retry-After, within the clients\' time budget', async () => {
    const signedIn = new Browser(stack.url);
    expect((await signedIn.post('/api/security/login', { username: user.login, password: user.password })).status).toBe(200);
    expect((await signedIn.get('/api/users/current')).status).toBe(200);

    // Cognito down: a sign-in is not "invalid login" (the user would doubt the password) nor a 500.
    await stack.killEmulator('cognito');
    expectUnavailable(await new Browser(stack.url).post('/api/security/login', { username: user.login, password: user.password }), 'sign-in');

    // DynamoDB down: every request of a signed-in user reads its user record first.
    await stack.killEmulator('dynamodb');
    const started = Date.now();
    expectUnavailable(await signedIn.get('/api/users/current'), 'a read');
    // A refused connection fails at once; a hung one at the budget. Either way before Lambda's 10 s.
    expect(Date.now() - started).toBeLessThan(worstCaseMs(clientBudgets.dynamodb) + 2_000);
    expectUnavailable(await signedIn.post('/api/users/current/preferences', { healthAlerts: false }), 'a write');

    // DynamoDB hung: the port accepts and never answers. Without the budget this waited for ever (the
    // SDK's default); with it the request gives up, is tried once more, and the caller reads 503.
    const port = Number(new URL(stack.endpoints.dynamodb).port);
    const hung = createServer(() => undefined);
    await new Promise<void>((resolve) => hung.listen(port, '127.0.0.1', resolve));
    try {
      const hungAt = Date.now();
      expectUnavailable(await signedIn.get('/api/users/current'), 'a read from a hung DynamoDB');
      expect(Date.now() - hungAt).toBeGreaterThanOrEqual(clientBudgets.dynamodb.requestMs);
    } finally {
      hung.close();
    }
  }, 90_000);
});
