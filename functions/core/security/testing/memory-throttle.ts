import type { Counter, CounterKey } from '../../../data/throttles';
import type { ThrottleStore } from '../throttle';

/** An in-memory ThrottleStore with the table's semantics, for unit tests of the use cases. */
export function memoryThrottleStore(): ThrottleStore & { counters: Map<string, Counter> } {
  const counters = new Map<string, Counter>();
  const id = (key: CounterKey) => `${key.scope}|${key.subject.trim().toLowerCase()}|${key.window}`;
  return {
    counters,
    readCounter: async (key) => counters.get(id(key)) ?? null,
    countAttempt: async (key, nowMs, _expiresAt, restartBefore = 0) => {
      const current = counters.get(id(key));
      const next = { count: current && current.lastAt >= restartBefore ? current.count + 1 : 1, lastAt: nowMs };
      counters.set(id(key), next);
      return next.count;
    },
    clearCounter: async (key) => void counters.delete(id(key)),
  };
}
