import { describe, expect, it, vi } from 'vitest';
import type { CompanyRecord } from '../../data/companies';
import type { Counter, CounterKey } from '../../data/throttles';
import { TooManyRequestsError } from '../../platform/errors';
import type { ThrottleStore } from '../security/throttle';
import { sendValidation, VALIDATION_MAILS_PER_COMPANY, type Actor, type StepDeps } from './steps';

/** The Validate mail with fakes around it (the gateway runs it for real: test/integration/integration-status.test.ts). */

const company = { id: 'c1', name: 'Acme', product: '360', integrationSteps: ['collector'] } as unknown as CompanyRecord;
const actor = { user: { firstName: 'Jane', login: 'jane@acme.test' }, role: 'ROLE_USER' } as Actor;

/** Counters in memory, counted as the table store does (one per key, incremented). */
function memoryThrottle(): ThrottleStore {
  const counts = new Map<string, number>();
  const id = (key: CounterKey) => `${key.scope}|${key.subject}|${key.window}`;
  return {
    readCounter: async (key) => (counts.has(id(key)) ? ({ count: counts.get(id(key)) } as unknown as Counter) : null),
    countAttempt: async (key) => {
      const next = (counts.get(id(key)) ?? 0) + 1;
      counts.set(id(key), next);
      return next;
    },
    clearCounter: async (key) => void counts.delete(id(key)),
  };
}

function fakes(nowMs: () => number) {
  const deps: StepDeps = {
    listSteps: async () => [{ companyId: 'c1', stepType: 'collector', status: 'done', updated: null, version: 2 }],
    transitionStep: async () => null,
    countSources: async () => 0,
    latestReportWarnings: async () => null,
    lastAnalyticsChecks: async () => ({ access: null, dimension: null }),
    sendMail: vi.fn(async () => undefined),
    integrationMailbox: () => 'integration@portal.test',
    appUrl: () => 'https://portal.test',
    now: () => new Date(nowMs()),
    throttle: memoryThrottle(),
  };
  return deps;
}

describe('sendValidation', () => {
  it('mails the team at most VALIDATION_MAILS_PER_COMPANY.max times an hour; then 429 with the wait until the next hour', async () => {
    const hour = 3_600_000;
    let now = 1000 * hour + 10 * 60_000; // ten minutes into an hour
    const deps = fakes(() => now);
    for (let i = 0; i < VALIDATION_MAILS_PER_COMPANY.max; i++) expect(await sendValidation(company, actor, deps)).toEqual({ status: 'sent' });
    const refused = await sendValidation(company, actor, deps).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TooManyRequestsError);
    expect((refused as TooManyRequestsError).retryAfterSeconds).toBe(50 * 60);
    expect(deps.sendMail).toHaveBeenCalledTimes(VALIDATION_MAILS_PER_COMPANY.max);
    // The next hour: one more.
    now += hour;
    expect(await sendValidation(company, actor, deps)).toEqual({ status: 'sent' });
    expect(deps.sendMail).toHaveBeenCalledTimes(VALIDATION_MAILS_PER_COMPANY.max + 1);
  });
});
