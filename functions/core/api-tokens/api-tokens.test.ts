import { describe, expect, it } from 'vitest';
import { API_TOKENS_PER_COMPANY } from '../../../shared/domain/api-tokens';
import type { ApiTokenRecord } from '../../data/api-tokens';
import type { WriteOutcome } from '../../data/company-items';
import { createApiToken, listCompanyApiTokens, parseBearer, revokeApiToken, secretMatches, type ApiTokenDeps } from './api-tokens';

const NOW = '2026-11-28T12:00:00.000Z';
const ID = '00000000-0000-4000-8000-00000000000a';
const SECRET = 'S'.repeat(43);

/** One company's token items in memory, with the table's optimistic lock on delete. */
function store(records: ApiTokenRecord[] = []) {
  const items = new Map(records.map((record) => [record.id, record]));
  let ids = 0;
  const deps: ApiTokenDeps = {
    listApiTokens: async (companyId) => [...items.values()].filter((record) => record.companyId === companyId),
    countApiTokens: async (companyId) => [...items.values()].filter((record) => record.companyId === companyId).length,
    putNewApiToken: async (record) => (items.set(record.id, record), record),
    deleteApiToken: async (companyId, id, version): Promise<WriteOutcome<null>> => {
      const record = items.get(id);
      if (!record || record.companyId !== companyId) return { ok: false, reason: 'missing' };
      if (record.version !== version) return { ok: false, reason: 'stale' };
      items.delete(id);
      return { ok: true, value: null };
    },
    newId: () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`,
    newSecret: () => SECRET,
    now: () => new Date(NOW),
  };
  return { items, deps };
}

const record = (over: Partial<ApiTokenRecord>): ApiTokenRecord => ({
  id: ID,
  companyId: 'c1',
  name: 'BI',
  created: NOW,
  expires: '2026-12-28T12:00:00.000Z',
  lastUsedAt: null,
  secretHash: 'ab',
  version: 1,
  ...over,
});

describe('company API tokens', () => {
  it('creates a token living the days asked; its secret is answered once and only its hash is kept', async () => {
    const { items, deps } = store();
    const created = await createApiToken('c1', { name: 'Looker', days: 90 }, deps);
    const id = '00000000-0000-4000-8000-000000000001';
    expect(created).toEqual({
      token: { id, name: 'Looker', created: NOW, expires: '2027-02-26T12:00:00.000Z', lastUsedAt: null, version: 1 },
      secret: `pt1.c1.${id}.${SECRET}`,
    });
    const kept = items.get(id)!;
    expect(kept).toMatchObject({ companyId: 'c1', lastUsedAt: null, version: 1 });
    expect(JSON.stringify(kept)).not.toContain(SECRET);
    expect(secretMatches(SECRET, kept.secretHash)).toBe(true);
    expect(parseBearer(created.secret)).toEqual({ companyId: 'c1', tokenId: id, secret: SECRET });
  });

  it('refuses the token after the company limit with 409, and creates nothing', async () => {
    const full = Array.from({ length: API_TOKENS_PER_COMPANY }, (_, i) => record({ id: `t${i}` }));
    const { items, deps } = store(full);
    await expect(createApiToken('c1', { name: 'one more', days: 30 }, deps)).rejects.toMatchObject({
      status: 409,
      errors: { name: 'validation.apiToken.tooMany' },
      message: 'This company has as many API tokens as it may: revoke one first',
    });
    expect(items.size).toBe(API_TOKENS_PER_COMPANY);
    // One fewer: the last one allowed.
    items.delete('t0');
    await expect(createApiToken('c1', { name: 'the last', days: 30 }, deps)).resolves.toBeTruthy();
    expect(items.size).toBe(API_TOKENS_PER_COMPANY);
  });

  it('lists the company\'s tokens newest first, ties by id, without the secret\'s hash', async () => {
    const { deps } = store([
      record({ id: 'b', created: '2026-11-01T00:00:00.000Z' }),
      record({ id: 'c', created: '2026-11-20T00:00:00.000Z', lastUsedAt: '2026-11-21T00:00:00.000Z' }),
      record({ id: 'a', created: '2026-11-01T00:00:00.000Z', lastUsedAt: undefined as unknown as null }),
      record({ id: 'z', companyId: 'c2' }),
    ]);
    const listed = await listCompanyApiTokens('c1', deps);
    expect(listed.map((token) => token.id)).toEqual(['c', 'a', 'b']);
    expect(listed[0]).toEqual({ id: 'c', name: 'BI', created: '2026-11-20T00:00:00.000Z', expires: '2026-12-28T12:00:00.000Z', lastUsedAt: '2026-11-21T00:00:00.000Z', version: 1 });
    // An item stored before lastUsedAt existed reads as never used.
    expect(listed[1]!.lastUsedAt).toBeNull();
  });

  it('revokes on the version read; a stale version is a 409, an unknown or malformed id a 404', async () => {
    const { items, deps } = store([record({ version: 3 })]);
    await expect(revokeApiToken('c1', ID, 2, deps)).rejects.toMatchObject({ status: 409, message: 'This token was changed meanwhile: reload the page' });
    await expect(revokeApiToken('c2', ID, 3, deps)).rejects.toMatchObject({ status: 404, message: 'No such API token' });
    expect(items.has(ID)).toBe(true);
    expect(await revokeApiToken('c1', ID, 3, deps)).toEqual({ id: ID });
    expect(items.has(ID)).toBe(false);
    await expect(revokeApiToken('c1', ID, 3, deps)).rejects.toMatchObject({ status: 404, message: 'No such API token' });
  });

  it('answers 404 for an id that is no token id, without asking the table', async () => {
    const { deps } = store();
    const asked: string[] = [];
    const watching = { ...deps, deleteApiToken: async (companyId: string, id: string, version: number) => (asked.push(id), deps.deleteApiToken(companyId, id, version)) };
    for (const id of ['x', `${ID}0`, `0${ID}`, ID.toUpperCase(), ID.replaceAll('-', '_')]) {
      await expect(revokeApiToken('c1', id, 1, watching)).rejects.toMatchObject({ status: 404, message: 'No such API token' });
    }
    expect(asked).toEqual([]);
  });

  it('reads a bearer string of ours only: prefix, company, token id and a 43-character secret, nothing around them', () => {
    const good = `pt1.c-1.${ID}.${SECRET}`;
    expect(parseBearer(good)).toEqual({ companyId: 'c-1', tokenId: ID, secret: SECRET });
    for (const bad of [`x${good}`, `${good}x`, `pt2.c-1.${ID}.${SECRET}`, `pt1.c_1.${ID}.${SECRET}`, `pt1..${ID}.${SECRET}`, `pt1.${'c'.repeat(65)}.${ID}.${SECRET}`, `pt1.c-1.${ID.toUpperCase()}.${SECRET}`, `pt1.c-1.${ID}.${SECRET.slice(1)}`, `pt1.c-1.${ID}.${SECRET.slice(1)}+`, `pt1xc-1.${ID}.${SECRET}`]) {
      expect(parseBearer(bad), bad).toBeNull();
    }
    expect(parseBearer(`pt1.${'c'.repeat(64)}.${ID}.${'_-'.repeat(21)}9`)).not.toBeNull();
  });

  it('matches a secret against its stored hash only, whatever the stored text', async () => {
    const { items, deps } = store();
    const { token } = await createApiToken('c1', { name: 'BI', days: 30 }, deps);
    const hash = items.get(token.id)!.secretHash;
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(secretMatches(`${SECRET.slice(1)}T`, hash)).toBe(false);
    expect(secretMatches(SECRET, hash.slice(2))).toBe(false);
    expect(secretMatches(SECRET, '')).toBe(false);
  });
});
