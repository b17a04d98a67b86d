import * as counters from '../../data/throttles';
import type { Counter, CounterKey } from '../../data/throttles';
import { TooManyRequestsError } from '../../platform/errors';

/**
 * Throttling of the guessable calls (docs/auth.md, "Throttling"): sign-in failures back off per
 * login and client address and per client address, under a per-login ceiling; reset e-mails are capped per account and per client. Counters
 * live in the table (data/throttles.ts), one per subject and fixed window, so every Lambda
 * instance sees the same numbers. The WAF rate rules of the CDK app are the outer layer.
 */

interface BackoffPolicy {
  readonly scope: string;
  /** Failures are forgotten after this long without one (longer than the longest wait). */
  readonly forgetAfterSeconds: number;
  /** Failures allowed in a window before the backoff starts. */
  readonly freeFailures: number;
  /** Wait after the first failure past the free ones; doubles with each further failure. */
  readonly firstBackoffSeconds: number;
  readonly maxBackoffSeconds: number;
}

export interface CapPolicy {
  readonly scope: string;
  readonly windowSeconds: number;
  readonly max: number;
}

/**
 * Wrong passwords and codes back off per login *and client address*: 5 free, then 30 s, 60 s,
 * 120 s... up to 15 minutes between tries. Keyed by the pair, so failures from one address never
 * hold back the owner signing in from another (docs/auth.md, "Throttling").
 */
const SIGN_IN_PER_LOGIN_AND_CLIENT: BackoffPolicy = {
  scope: 'sign-in-login-client',
  forgetAfterSeconds: 60 * 60,
  freeFailures: 5,
  firstBackoffSeconds: 30,
  maxBackoffSeconds: 15 * 60,
};
/** One address trying many logins (credential stuffing): 50 failures, then the same backoff. */
const SIGN_IN_PER_CLIENT: BackoffPolicy = {
  scope: 'sign-in-client',
  forgetAfterSeconds: 60 * 60,
  freeFailures: 50,
  firstBackoffSeconds: 30,
  maxBackoffSeconds: 15 * 60,
};
/**
 * The ceiling of one login across all addresses (a guess spread over many addresses): past 100
 * failures in a clock hour, an address may still fail SIGN_IN_CEILING_GRACE times of its own on
 * that login, no more, until the hour ends. A client that has not failed is never refused, so a
 * stranger cannot lock the owner out; worst case 100 + 3 guesses per attacking address an hour.
 */
export const SIGN_IN_LOGIN_CEILING: CapPolicy = { scope: 'sign-in-login-ceiling', windowSeconds: 60 * 60, max: 100 };
export const SIGN_IN_CEILING_GRACE = 3;
/**
 * Reset e-mails: 3 an hour per account; 50 an hour per client address (an office behind one
 * address may onboard many users at once). Beyond, the answer is unchanged and no mail goes.
 */
export const RESET_MAILS_PER_ACCOUNT: CapPolicy = { scope: 'reset-mail-account', windowSeconds: 60 * 60, max: 3 };
export const RESET_MAILS_PER_CLIENT: CapPolicy = { scope: 'reset-mail-client', windowSeconds: 60 * 60, max: 50 };


export interface ThrottleStore {
  readCounter(key: CounterKey): Promise<Counter | null>;
  countAttempt(key: CounterKey, nowMs: number, expiresAt: number, restartBefore?: number): Promise<number>;
  clearCounter(key: CounterKey): Promise<void>;
}

export const tableThrottleStore: ThrottleStore = counters;

/** Caps count in fixed windows; backoffs keep one decaying counter per subject (window 0). */
const capKey = (policy: CapPolicy, subject: string, nowMs: number): CounterKey => ({
  scope: policy.scope,
  subject,
  window: Math.floor(nowMs / (policy.windowSeconds * 1000)),
});
const backoffKey = (policy: BackoffPolicy, subject: string): CounterKey => ({ scope: policy.scope, subject, window: 0 });
const seconds = (ms: number) => Math.floor(ms / 1000);

/** Seconds to wait after `failures` failures (0 while within the free ones). */
function backoffSeconds(policy: BackoffPolicy, failures: number): number {
  if (failures < policy.freeFailures) return 0;
  const doublings = Math.min(failures - policy.freeFailures, 30);
  return Math.min(policy.maxBackoffSeconds, policy.firstBackoffSeconds * 2 ** doublings);
}

/** A backoff counter as stored (`null`: none) and its live part (`null` once forgotten). */
async function readBackoff(store: ThrottleStore, policy: BackoffPolicy, subject: string, nowMs: number) {
  const stored = await store.readCounter(backoffKey(policy, subject));
  const live = stored && stored.lastAt >= nowMs - policy.forgetAfterSeconds * 1000 ? stored : null;
  return { stored, live };
}

/** Throws 429 (with Retry-After) while a live counter's wait lasts. */
function assertWaitedOut(policy: BackoffPolicy, counter: Counter | null, nowMs: number): void {
  if (!counter) return;
  const until = counter.lastAt + backoffSeconds(policy, counter.count) * 1000;
  if (until > nowMs) throw new TooManyRequestsError(Math.ceil((until - nowMs) / 1000));
}

async function countFailure(store: ThrottleStore, policy: BackoffPolicy, subject: string, nowMs: number): Promise<void> {
  const forgetMs = policy.forgetAfterSeconds * 1000;
  await store.countAttempt(backoffKey(policy, subject), nowMs, seconds(nowMs + forgetMs), nowMs - forgetMs);
}

const countInWindow = (store: ThrottleStore, policy: CapPolicy, subject: string, nowMs: number) =>
  store.countAttempt(capKey(policy, subject, nowMs), nowMs, seconds(nowMs) + 2 * policy.windowSeconds);

/** Counts one use; false once the cap of the window is passed (the caller then skips the work). */
export async function withinCap(store: ThrottleStore, policy: CapPolicy, subject: string, nowMs: number): Promise<boolean> {
  return (await countInWindow(store, policy, subject, nowMs)) <= policy.max;
}

/** Who tries to sign in (`login` as typed, known or not) and from which client address. */
export interface SignInAttempt {
  login: string;
  client: string;
}

// Stryker disable next-line MethodExpression: both stores fold the whole subject to lower case again (data/throttles.ts), so upper would key the same.
const pairSubject = ({ login, client }: SignInAttempt) => JSON.stringify([login.trim().toLowerCase(), client]);

/**
 * Throws 429 (with Retry-After) while this client backs off on this login or on all logins, or
 * while the login is past its ceiling and this client has used its grace. Returns whether this
 * client has failures on record for the login, so a success clears them only when there is
 * something to clear (no write otherwise).
 */
export async function assertMayTrySignIn(store: ThrottleStore, attempt: SignInAttempt, nowMs: number): Promise<boolean> {
  const [own, fromClient, ceiling] = await Promise.all([
    readBackoff(store, SIGN_IN_PER_LOGIN_AND_CLIENT, pairSubject(attempt), nowMs),
    readBackoff(store, SIGN_IN_PER_CLIENT, attempt.client, nowMs),
    store.readCounter(capKey(SIGN_IN_LOGIN_CEILING, attempt.login, nowMs)),
  ]);
  assertWaitedOut(SIGN_IN_PER_LOGIN_AND_CLIENT, own.live, nowMs);
  assertWaitedOut(SIGN_IN_PER_CLIENT, fromClient.live, nowMs);
  const pastCeiling = (ceiling?.count ?? 0) >= SIGN_IN_LOGIN_CEILING.max;
  if (pastCeiling && (own.live?.count ?? 0) >= SIGN_IN_CEILING_GRACE) {
    throw new TooManyRequestsError(capRetryAfterSeconds(SIGN_IN_LOGIN_CEILING, nowMs));
  }
  return own.stored !== null;
}

/** A wrong password or code: counts for the pair, the client and the login's ceiling. */
export async function countSignInFailure(store: ThrottleStore, attempt: SignInAttempt, nowMs: number): Promise<void> {
  await Promise.all([
    countFailure(store, SIGN_IN_PER_LOGIN_AND_CLIENT, pairSubject(attempt), nowMs),
    countFailure(store, SIGN_IN_PER_CLIENT, attempt.client, nowMs),
    countInWindow(store, SIGN_IN_LOGIN_CEILING, attempt.login, nowMs),
  ]);
}

/** A success forgets this client's failures on the login (not the client's nor the ceiling's). */
export async function clearSignInFailures(store: ThrottleStore, attempt: SignInAttempt): Promise<void> {
  await store.clearCounter(backoffKey(SIGN_IN_PER_LOGIN_AND_CLIENT, pairSubject(attempt)));
}

/** Seconds until a cap's current window ends (its counter starts again): the Retry-After of a capped call. */
export function capRetryAfterSeconds(policy: CapPolicy, nowMs: number): number {
  const windowMs = policy.windowSeconds * 1000;
  return Math.ceil((windowMs - (nowMs % windowMs)) / 1000);
}

/** The counter keys of a client address, current windows (for operators and tests that reset them). */
export function clientCounterKeys(client: string, nowMs: number): CounterKey[] {
  return [backoffKey(SIGN_IN_PER_CLIENT, client), capKey(RESET_MAILS_PER_CLIENT, client, nowMs)];
}
