import { describe, expect, it } from 'vitest';
import { TooManyRequestsError } from '../../platform/errors';
import { memoryThrottleStore } from './testing/memory-throttle';
import {
  assertMayTrySignIn,
  clearSignInFailures,
  countSignInFailure,
  SIGN_IN_CEILING_GRACE,
  SIGN_IN_LOGIN_CEILING,
  type ThrottleStore,
} from './throttle';

/** Sign-in throttling with a fake moving clock (docs/auth.md, "Throttling"). */

const HOUR_START = 1_800_000_000_000 - (1_800_000_000_000 % 3_600_000);
const LOGIN = 'ann@portal.test';

/** One try: refused (429), or tried and wrong (counted). */
async function tryWrong(store: ThrottleStore, client: string, nowMs: number, login = LOGIN): Promise<'refused' | 'tried'> {
  try {
    await assertMayTrySignIn(store, { login, client }, nowMs);
  } catch (error) {
    if (error instanceof TooManyRequestsError) return 'refused';
    throw error;
  }
  await countSignInFailure(store, { login, client }, nowMs);
  return 'tried';
}

/** Every client tries as often as it is let through, every `stepSeconds`, for `seconds`: the tries that got through. */
async function bruteForce(store: ThrottleStore, clients: string[], fromMs: number, seconds: number, stepSeconds = 5): Promise<number> {
  let tried = 0;
  for (let t = 0; t < seconds; t += stepSeconds) {
    for (const client of clients) if ((await tryWrong(store, client, fromMs + t * 1000)) === 'tried') tried++;
  }
  return tried;
}

const addresses = (count: number, prefix = '203.0.113.') => Array.from({ length: count }, (_, i) => `${prefix}${i + 1}`);

describe('sign-in throttling', () => {
  it('slows a brute force from one client: 12 guesses in its first hour, then 4 an hour', async () => {
    const store = memoryThrottleStore();
    // 5 free, then waits of 30 s, 1, 2, 4, 8 min, then 15 min: 5 + 7 tries in the first hour.
    expect(await bruteForce(store, ['198.51.100.7'], HOUR_START, 3600)).toBe(12);
    expect(await bruteForce(store, ['198.51.100.7'], HOUR_START + 3_600_000, 3600)).toBe(4);
  });

  it('never refuses a client that has not failed, whatever other clients did to the login', async () => {
    const store = memoryThrottleStore();
    // One address backs off, then many reach the login's ceiling.
    await bruteForce(store, ['198.51.100.7'], HOUR_START, 600);
    await bruteForce(store, addresses(40), HOUR_START, 600);
    expect(await tryWrong(store, '198.51.100.7', HOUR_START + 600_000)).toBe('refused');
    // The owner, elsewhere: its first tries go through (a mistyped password or two included).
    const owner = { login: LOGIN, client: '192.0.2.55' };
    for (let i = 0; i < SIGN_IN_CEILING_GRACE; i++) {
      await expect(assertMayTrySignIn(store, owner, HOUR_START + 600_000 + i)).resolves.toBe(i > 0);
      if (i < SIGN_IN_CEILING_GRACE - 1) await countSignInFailure(store, owner, HOUR_START + 600_000 + i);
    }
    // A success forgets the owner's own failures.
    await clearSignInFailures(store, owner);
    await expect(assertMayTrySignIn(store, owner, HOUR_START + 600_010)).resolves.toBe(false);
  });

  it('bounds a brute force from many clients by the login’s ceiling: 100 + 3 per address an hour', async () => {
    const store = memoryThrottleStore();
    const clients = addresses(60);
    const tried = await bruteForce(store, clients, HOUR_START, 3600, 10);
    // Without the ceiling each address would get its 12 (720 in all).
    expect(tried).toBeLessThanOrEqual(SIGN_IN_LOGIN_CEILING.max + SIGN_IN_CEILING_GRACE * clients.length);
    expect(tried).toBeGreaterThanOrEqual(SIGN_IN_LOGIN_CEILING.max);
    // Past the ceiling an address that used its grace waits for the next clock hour.
    const refused = await assertMayTrySignIn(store, { login: LOGIN, client: clients[0]! }, HOUR_START + 3_599_000).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TooManyRequestsError);
    expect((refused as TooManyRequestsError).retryAfterSeconds).toBe(1);
  });

  it('keeps the ceiling per login: other logins from fresh addresses are not held back', async () => {
    const store = memoryThrottleStore();
    await bruteForce(store, addresses(40), HOUR_START, 600);
    expect(await tryWrong(store, '203.0.113.1', HOUR_START + 600_000, 'bob@portal.test')).toBe('tried');
  });
});

describe('throttle counters with a moving clock (mutation testing found these unchecked)', () => {
  /** The memory store, recording what each count asked the table for. */
  function recordingStore() {
    const store = memoryThrottleStore();
    const counted: { scope: string; window: number; nowMs: number; expiresAt: number; restartBefore: number | undefined }[] = [];
    const countAttempt = store.countAttempt;
    store.countAttempt = async (key, nowMs, expiresAt, restartBefore) => {
      counted.push({ scope: key.scope, window: key.window, nowMs, expiresAt, restartBefore });
      return countAttempt(key, nowMs, expiresAt, restartBefore);
    };
    return { store, counted };
  }

  it('forgets failures after an hour without one, not before: the table keeps them that long', async () => {
    const { store, counted } = recordingStore();
    const at = HOUR_START + 1234;
    await countSignInFailure(store, { login: LOGIN, client: '198.51.100.7' }, at);
    const pair = counted.find((c) => c.scope === 'sign-in-login-client')!;
    expect(pair).toMatchObject({ window: 0, restartBefore: at - 3_600_000, expiresAt: Math.floor((at + 3_600_000) / 1000) });
    // The login's ceiling counts in clock hours, and its item outlives its hour.
    const ceiling = counted.find((c) => c.scope === SIGN_IN_LOGIN_CEILING.scope)!;
    expect(ceiling).toMatchObject({ window: Math.floor(at / 3_600_000), expiresAt: Math.floor(at / 1000) + 7200 });
  });

  it('waits 30 s after the fifth failure, refuses at 29 s with the seconds left, lets through at 30 s', async () => {
    const store = memoryThrottleStore();
    const client = '198.51.100.7';
    for (let i = 0; i < 5; i++) await countSignInFailure(store, { login: LOGIN, client }, HOUR_START);
    const refused = await assertMayTrySignIn(store, { login: LOGIN, client }, HOUR_START + 29_000).catch((e: unknown) => e);
    expect((refused as TooManyRequestsError).retryAfterSeconds).toBe(1);
    await expect(assertMayTrySignIn(store, { login: LOGIN, client }, HOUR_START + 30_000)).resolves.toBe(true);
  });

  it('still backs off 59 min 59 s after the last failure, and has forgotten it at the hour', async () => {
    const store = memoryThrottleStore();
    const client = '198.51.100.7';
    // 15 failures: the wait is capped at 15 minutes, well inside the hour.
    for (let i = 0; i < 15; i++) await countSignInFailure(store, { login: LOGIN, client }, HOUR_START);
    await expect(assertMayTrySignIn(store, { login: LOGIN, client }, HOUR_START + 899_000)).rejects.toBeInstanceOf(TooManyRequestsError);
    await expect(assertMayTrySignIn(store, { login: LOGIN, client }, HOUR_START + 900_000)).resolves.toBe(true);
    // One more failure an hour minus a second later still counts on top of the 15 ...
    await countSignInFailure(store, { login: LOGIN, client }, HOUR_START + 3_599_000);
    await expect(assertMayTrySignIn(store, { login: LOGIN, client }, HOUR_START + 3_600_000)).rejects.toBeInstanceOf(TooManyRequestsError);
    // ... and more than an hour after it, all are forgotten: the next failure is the first again (free).
    await countSignInFailure(store, { login: LOGIN, client }, HOUR_START + 7_199_001);
    await expect(assertMayTrySignIn(store, { login: LOGIN, client }, HOUR_START + 7_199_002)).resolves.toBe(true);
  });

  it('treats the login case-blind and trimmed, so " Ann@Portal.test" shares ann’s counters', async () => {
    const store = memoryThrottleStore();
    const client = '198.51.100.7';
    for (let i = 0; i < 6; i++) await countSignInFailure(store, { login: ` Ann@Portal.TEST `, client }, HOUR_START);
    await expect(assertMayTrySignIn(store, { login: LOGIN, client }, HOUR_START + 1000)).rejects.toBeInstanceOf(TooManyRequestsError);
  });

  /** `count` failures of `client` on LOGIN at `atMs`. */
  async function fail(store: ThrottleStore, client: string, atMs: number, count = 1) {
    for (let i = 0; i < count; i++) await countSignInFailure(store, { login: LOGIN, client }, atMs);
  }

  it('is past the login’s ceiling at exactly 100 failures in the hour, and refuses a client at exactly its 3 of grace', async () => {
    const store = memoryThrottleStore();
    // 99 failures from others: below the ceiling, a client with 3 failures of its own may still try.
    for (const client of addresses(33, '192.0.2.')) await fail(store, client, HOUR_START, 3);
    await fail(store, '198.51.100.7', HOUR_START, SIGN_IN_CEILING_GRACE);
    // 99 + 3 = 102 >= 100: past the ceiling; the client has used its grace (3, not 4).
    await expect(assertMayTrySignIn(store, { login: LOGIN, client: '198.51.100.7' }, HOUR_START + 1000)).rejects.toBeInstanceOf(TooManyRequestsError);
    // With 2 failures of its own, one more try.
    await fail(store, '198.51.100.8', HOUR_START, SIGN_IN_CEILING_GRACE - 1);
    await expect(assertMayTrySignIn(store, { login: LOGIN, client: '198.51.100.8' }, HOUR_START + 1000)).resolves.toBe(true);
  });

  it('counts exactly 100 failures as past the ceiling', async () => {
    const store = memoryThrottleStore();
    for (const client of addresses(32, '192.0.2.')) await fail(store, client, HOUR_START, 3); // 96
    await fail(store, '198.51.100.7', HOUR_START, SIGN_IN_CEILING_GRACE); // 99
    await expect(assertMayTrySignIn(store, { login: LOGIN, client: '198.51.100.7' }, HOUR_START + 1000)).resolves.toBe(true);
    await fail(store, '192.0.2.200', HOUR_START); // 100
    await expect(assertMayTrySignIn(store, { login: LOGIN, client: '198.51.100.7' }, HOUR_START + 1000)).rejects.toBeInstanceOf(TooManyRequestsError);
  });

  it('counts a client’s grace only from failures of the last hour: an hour to the millisecond still counts', async () => {
    const store = memoryThrottleStore();
    const client = '198.51.100.7';
    const failedAt = HOUR_START + 30 * 60_000;
    await fail(store, client, failedAt, SIGN_IN_CEILING_GRACE);
    // The next clock hour, others push the login past its ceiling.
    for (const other of addresses(34, '192.0.2.')) await fail(store, other, HOUR_START + 3_600_000, 3);
    await expect(assertMayTrySignIn(store, { login: LOGIN, client }, failedAt + 3_600_000)).rejects.toBeInstanceOf(TooManyRequestsError);
    // A millisecond later its failures are forgotten: a client without failures is never refused.
    await expect(assertMayTrySignIn(store, { login: LOGIN, client }, failedAt + 3_600_001)).resolves.toBe(true);
  });
});

