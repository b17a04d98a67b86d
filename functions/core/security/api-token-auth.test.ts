import { describe, expect, it } from 'vitest';
import type { ApiTokenRecord } from '../../data/api-tokens';
import type { CompanyRecord } from '../../data/companies';
import type { Counter, CounterKey } from '../../data/throttles';
import { TooManyRequestsError, UnauthenticatedError } from '../../platform/errors';
import { createApiToken, type ApiTokenDeps } from '../api-tokens/api-tokens';
import { API_TOKEN_RATE, authenticateApiToken, type ApiTokenAuthDeps } from './api-token-auth';

const NOW = Date.parse('2026-11-28T12:00:00.000Z');
const company = { id: 'company-a', name: 'A' } as CompanyRecord;

/** One company's tokens in memory, made by the real use case, and a counter store like the table's. */
async function setUp() {
  const tokens = new Map<string, ApiTokenRecord>();
  const counters = new Map<string, Counter>();
  const uses: string[] = [];
  const manage: ApiTokenDeps = {
    listApiTokens: async () => [...tokens.values()],
    countApiTokens: async () => tokens.size,
    putNewApiToken: async (record) => (tokens.set(record.id, record), record),
    deleteApiToken: async () => ({ ok: true, value: null }),
    newId: () => '00000000-0000-4000-8000-000000000001',
    newSecret: () => 'S'.repeat(43),
    now: () => new Date(NOW),
  };
  const { secret } = await createApiToken(company.id, { name: 'BI', days: 30 }, manage);
  const key = (k: CounterKey) => `${k.scope}/${k.subject}/${k.window}`;
  const deps: ApiTokenAuthDeps = {
    getApiToken: async (companyId, id) => (companyId === company.id ? (tokens.get(id) ?? null) : null),
    getCompany: async (id) => (id === company.id ? company : null),
    recordApiTokenUse: async (_companyId, id, at) => {
      uses.push(at);
      tokens.set(id, { ...tokens.get(id)!, lastUsedAt: at });
      return true;
    },
    throttles: {
      readCounter: async (k) => counters.get(key(k)) ?? null,
      countAttempt: async (k, nowMs) => {
        const next = { count: (counters.get(key(k))?.count ?? 0) + 1, lastAt: nowMs };
        counters.set(key(k), next);
        return next.count;
      },
      clearCounter: async (k) => void counters.delete(key(k)),
    },
  };
  return { secret, tokens, uses, deps };
}

describe('API token authentication', () => {
  it('answers the token\'s company for the right secret, and refuses any other string alike (401)', async () => {
    const { secret, deps } = await setUp();
    expect(await authenticateApiToken(secret, NOW, deps)).toMatchObject({ company: { id: 'company-a' }, token: { name: 'BI' } });
    for (const wrong of [`${secret.slice(0, -1)}T`, secret.replace('company-a', 'company-b'), 'pt1.x', '']) {
      await expect(authenticateApiToken(wrong, NOW, deps)).rejects.toBeInstanceOf(UnauthenticatedError);
    }
  });

  it('refuses it from its expiry on, and once its company is gone', async () => {
    const { secret, deps } = await setUp();
    await expect(authenticateApiToken(secret, NOW + 30 * 86_400_000 - 1, deps)).resolves.toBeTruthy();
    await expect(authenticateApiToken(secret, NOW + 30 * 86_400_000, deps)).rejects.toBeInstanceOf(UnauthenticatedError);
    await expect(authenticateApiToken(secret, NOW, { ...deps, getCompany: async () => null })).rejects.toBeInstanceOf(UnauthenticatedError);
  });

  it('writes its last use at most once per five minutes', async () => {
    const { secret, uses, deps } = await setUp();
    await authenticateApiToken(secret, NOW, deps);
    await authenticateApiToken(secret, NOW + 60_000, deps);
    await authenticateApiToken(secret, NOW + 4 * 60_000, deps);
    expect(uses).toEqual([new Date(NOW).toISOString()]);
    await authenticateApiToken(secret, NOW + 5 * 60_000 + 1, deps);
    expect(uses).toHaveLength(2);
  });

  it('answers 429 past its rate in a minute, with the seconds left of that minute', async () => {
    const { secret, deps } = await setUp();
    for (let i = 0; i < API_TOKEN_RATE.max; i++) await authenticateApiToken(secret, NOW, deps);
    const refused = await authenticateApiToken(secret, NOW + 1000, deps).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TooManyRequestsError);
    expect((refused as TooManyRequestsError).retryAfterSeconds).toBe(59);
    await expect(authenticateApiToken(secret, NOW + 60_000, deps)).resolves.toBeTruthy();
  });
});
