import { AsyncLocalStorage } from 'node:async_hooks';
import { countAttempt, type CounterKey } from '../../data/throttles';
import type { AnalyticsProvider } from './types';

/**
 * The daily job's share of the analytics provider's quotas (docs/analytics.md, "The daily job and
 * the provider's quotas"). Every provider call the re-check worker makes takes a token first:
 * one counter per Google Cloud project and minute, one per project and day, one per GA property
 * and hour (fixed windows of functions/data/throttles.ts: an atomic ADD, so the concurrent workers
 * share them). A full minute waits for the next one; a full day or a property's full hour defers
 * the company (its message fails and SQS delivers it again later), as does a wait past the worker's
 * deadline. Requests (a user's check on a step page) are not metered: they are a person's few clicks.
 */

export interface QuotaLimits {
  projectRequestsPerMinute: number;
  projectRequestsPerDay: number;
  propertyRequestsPerHour: number;
}

/** A provider call the quotas do not allow now: the company is checked again on a later delivery. */
export class QuotaDeferredError extends Error {
  constructor(readonly quota: 'project-day' | 'property-hour' | 'project-minute') {
    super(`The analytics quota (${quota}) is used up for now: the company is checked again later`);
    this.name = 'QuotaDeferredError';
  }
}

export interface QuotaDeps {
  count(key: CounterKey, nowMs: number, expiresAt: number): Promise<number>;
  now(): number;
  sleep(ms: number): Promise<void>;
}

const defaults: QuotaDeps = {
  count: (key, nowMs, expiresAt) => countAttempt(key, nowMs, expiresAt),
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** All companies share the service account's one project. */
const PROJECT = 'project';

export interface QuotaGate {
  /** Takes a token for one call to this property; waits for the next minute, or throws QuotaDeferredError. */
  take(propertyId: string): Promise<void>;
}

/** The gate of one worker invocation: `deadline` (epoch ms) is when it must stop waiting. */
export function quotaGate(limits: QuotaLimits, deadline: number, deps: QuotaDeps = defaults): QuotaGate {
  const counted = (scope: string, subject: string, length: number, now: number) =>
    deps.count({ scope, subject, window: Math.floor(now / length) }, now, Math.ceil((Math.floor(now / length) + 2) * (length / 1000)));
  return {
    async take(propertyId) {
      for (;;) {
        const now = deps.now();
        if ((await counted('ga-project-minute', PROJECT, MINUTE, now)) <= limits.projectRequestsPerMinute) break;
        const next = (Math.floor(now / MINUTE) + 1) * MINUTE;
        if (next >= deadline) throw new QuotaDeferredError('project-minute');
        await deps.sleep(next - now);
      }
      const now = deps.now();
      if ((await counted('ga-project-day', PROJECT, DAY, now)) > limits.projectRequestsPerDay) throw new QuotaDeferredError('project-day');
      if ((await counted('ga-property-hour', propertyId, HOUR, now)) > limits.propertyRequestsPerHour) throw new QuotaDeferredError('property-hour');
    },
  };
}

/** The provider with every call metered by `gate` (each method's first argument is the property). */
export function meteredProvider(provider: AnalyticsProvider, gate: QuotaGate): AnalyticsProvider {
  const metered = {} as Record<keyof AnalyticsProvider, unknown>;
  for (const name of Object.keys(provider) as Array<keyof AnalyticsProvider>) {
    const call = provider[name] as (propertyId: string, ...rest: unknown[]) => Promise<unknown>;
    metered[name] = async (propertyId: string, ...rest: unknown[]) => {
      await gate.take(propertyId);
      return call.call(provider, propertyId, ...rest);
    };
  }
  return metered as AnalyticsProvider;
}

const scope = new AsyncLocalStorage<QuotaGate>();

/** Runs `work` with every provider call inside it metered by `gate` (the worker, one company at a time). */
export const withQuota = <T>(gate: QuotaGate, work: () => Promise<T>): Promise<T> => scope.run(gate, work);

/** The gate of the work running now, if it is metered (`analyticsProvider` reads it). */
export const currentQuota = (): QuotaGate | undefined => scope.getStore();
