import * as counters from '../../data/throttles';
import type { Counter, CounterKey } from '../../data/throttles';
import { TooManyRequestsError } from '../../platform/errors';

/**
 * Throttling of the guessable calls (docs/auth.md, "Throttling"): sign-in failures back off per
 * login and per client address; reset e-mails are capped per account and per client. Counters
 * live in the table (data/throttles.ts), one per subject and fixed window, so every Lambda
 * instance sees the same numbers. The WAF rate rules of the CDK app are the outer layer.
 */

export interface BackoffPolicy {
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

/** Five wrong passwords for one login, then 30 s, 60 s, 120 s... up to 15 minutes between tries. */
export const SIGN_IN_PER_LOGIN: BackoffPolicy = {
  scope: 'sign-in-login',
  forgetAfterSeconds: 60 * 60,
  freeFailures: 5,
  firstBackoffSeconds: 30,
  maxBackoffSeconds: 15 * 60,
};
/** One address trying many logins (credential stuffing): 50 failures, then the same backoff. */
export const SIGN_IN_PER_CLIENT: BackoffPolicy = {
  scope: 'sign-in-client',
  forgetAfterSeconds: 60 * 60,
  freeFailures: 50,
  firstBackoffSeconds: 30,
  maxBackoffSeconds: 15 * 60,
};
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
export function backoffSeconds(policy: BackoffPolicy, failures: number): number {
  if (failures < policy.freeFailures) return 0;
  const doublings = Math.min(failures - policy.freeFailures, 30);
  return Math.min(policy.maxBackoffSeconds, policy.firstBackoffSeconds * 2 ** doublings);
}

/**
 * Throws 429 (with Retry-After) while a subject is backing off. Returns whether failures are on
 * record, so a success clears them only when there is something to clear (no write otherwise).
 */
export async function assertNotBackingOff(store: ThrottleStore, policy: BackoffPolicy, subject: string, nowMs: number): Promise<boolean> {
  const counter = await store.readCounter(backoffKey(policy, subject));
  if (!counter || counter.lastAt < nowMs - policy.forgetAfterSeconds * 1000) return counter !== null;
  const until = counter.lastAt + backoffSeconds(policy, counter.count) * 1000;
  if (until > nowMs) throw new TooManyRequestsError(Math.ceil((until - nowMs) / 1000));
  return true;
}

export async function countFailure(store: ThrottleStore, policy: BackoffPolicy, subject: string, nowMs: number): Promise<void> {
  const forgetMs = policy.forgetAfterSeconds * 1000;
  await store.countAttempt(backoffKey(policy, subject), nowMs, seconds(nowMs + forgetMs), nowMs - forgetMs);
}

export async function clearFailures(store: ThrottleStore, policy: BackoffPolicy, subject: string): Promise<void> {
  await store.clearCounter(backoffKey(policy, subject));
}

/** Counts one use; false once the cap of the window is passed (the caller then skips the work). */
export async function withinCap(store: ThrottleStore, policy: CapPolicy, subject: string, nowMs: number): Promise<boolean> {
  return (await store.countAttempt(capKey(policy, subject, nowMs), nowMs, seconds(nowMs) + 2 * policy.windowSeconds)) <= policy.max;
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
