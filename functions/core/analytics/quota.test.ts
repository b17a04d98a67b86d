import { describe, expect, it } from 'vitest';
import type { CounterKey } from '../../data/throttles';
import { currentQuota, meteredProvider, QuotaDeferredError, quotaGate, withQuota, type QuotaDeps } from './quota';
import { sandboxProvider } from './sandbox-provider';

const LIMITS = { projectRequestsPerMinute: 3, projectRequestsPerDay: 5, propertyRequestsPerHour: 2 };

/** Counters in memory, as functions/data/throttles.ts keeps them: one per scope, subject and window. */
function fakeDeps(start = Date.UTC(2026, 10, 28, 3, 0, 10)) {
  const counters = new Map<string, number>();
  const slept: number[] = [];
  let now = start;
  const deps: QuotaDeps = {
    count: async (key: CounterKey) => {
      const id = `${key.scope}/${key.subject}/${key.window}`;
      counters.set(id, (counters.get(id) ?? 0) + 1);
      return counters.get(id)!;
    },
    now: () => now,
    sleep: async (ms) => {
      slept.push(ms);
      now += ms;
    },
  };
  return { deps, slept, counters, advance: (ms: number) => (now += ms) };
}

describe('quotaGate', () => {
  it('lets the minute’s share through, then waits for the next minute (not a second more)', async () => {
    const { deps, slept } = fakeDeps();
    const gate = quotaGate({ ...LIMITS, projectRequestsPerDay: 100, propertyRequestsPerHour: 100 }, Number.MAX_SAFE_INTEGER, deps);
    for (let i = 0; i < 3; i++) await gate.take(`p${i}`);
    expect(slept).toEqual([]);
    await gate.take('p3');
    expect(slept).toEqual([50_000]);
  });

  it('defers the company when the wait would pass the worker’s deadline', async () => {
    const { deps, slept } = fakeDeps();
    const gate = quotaGate({ ...LIMITS, projectRequestsPerDay: 100, propertyRequestsPerHour: 100 }, deps.now() + 20_000, deps);
    for (let i = 0; i < 3; i++) await gate.take(`p${i}`);
    await expect(gate.take('p3')).rejects.toEqual(new QuotaDeferredError('project-minute'));
    expect(slept).toEqual([]);
  });

  it('defers past the project’s day and past a property’s hour; another property goes on', async () => {
    const { deps, advance } = fakeDeps();
    const gate = quotaGate({ ...LIMITS, projectRequestsPerMinute: 100 }, Number.MAX_SAFE_INTEGER, deps);
    await gate.take('a');
    await gate.take('a');
    await expect(gate.take('a')).rejects.toMatchObject({ quota: 'property-hour' });
    await gate.take('b');
    advance(3_600_000);
    await gate.take('a');
    await expect(gate.take('c')).rejects.toMatchObject({ quota: 'project-day' });
  });
});

describe('meteredProvider and withQuota', () => {
  it('takes a token for the property before each call; only inside withQuota is a gate current', async () => {
    const taken: string[] = [];
    const gate = { take: async (propertyId: string) => void taken.push(propertyId) };
    expect(currentQuota()).toBeUndefined();
    const access = await withQuota(gate, async () => {
      expect(currentQuota()).toBe(gate);
      const provider = meteredProvider(sandboxProvider, gate);
      await provider.customDimensions('100001123');
      return provider.checkAccess('100001456');
    });
    expect(access).toEqual(await sandboxProvider.checkAccess('100001456'));
    expect(taken).toEqual(['100001123', '100001456']);
    const refusing = meteredProvider(sandboxProvider, { take: async () => Promise.reject(new QuotaDeferredError('project-day')) });
    await expect(refusing.utmTraffic('100001123')).rejects.toBeInstanceOf(QuotaDeferredError);
  });
});
