import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompany, type CompanyRecord } from '../../functions/data/companies';
import { createUser, type UserRecord } from '../../functions/data/users';
import type { AdminUser, CompaniesAdminList, UsersAdminList } from '../../shared/domain/types';
import { makeCompany, makeUser, signedIn, uniqueSuffix, type TestUser } from './helpers/accounts';
import type { Browser } from './helpers/browser';
import { localStack, useLocalEnv } from '../support/local-stack';

/**
 * The admin lists the server pages, sorts and searches (GET /api/users, GET /api/companies;
 * docs/architecture.md, "Admin lists"), and the session answers that do not grow with the platform.
 * Other test files write users and companies into the same table: each test searches for its own
 * suffix, so its pages hold only its own records.
 */

let stack: ReturnType<typeof localStack>;
let home: CompanyRecord;
let admin: Browser;
let adminUser: TestUser;

beforeAll(async () => {
  useLocalEnv();
  stack = localStack();
  home = await makeCompany('Lists home');
  adminUser = await makeUser('ROLE_ADMIN', home);
  admin = await signedIn(stack.url, adminUser);
});

/** A user stored through the data layer (no identity: the lists read the table only). */
const storeUser = (tag: string, over: Partial<UserRecord> = {}) =>
  createUser({ id: randomUUID(), login: `${tag}-${uniqueSuffix()}@lists.test`, cognitoUsername: randomUUID(), firstName: 'Ann', lastName: 'Same', roles: ['ROLE_USER'], companyId: home.id, managedCompanyIds: [home.id], ...over });

/** Every page of a users query, `limit` a page, as the client walks it. */
async function walkUsers(query: string, limit: number): Promise<AdminUser[]> {
  const seen: AdminUser[] = [];
  let cursor = '';
  do {
    const answer = await admin.get<UsersAdminList>(`/api/users?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(answer.status).toBe(200);
    seen.push(...answer.body.users);
    cursor = answer.body.next ?? '';
  } while (cursor);
  return seen;
}

describe('GET /api/users, a page at a time', () => {
  it('pages through ties (one last name) in a stable order, each user once, either direction', async () => {
    const tag = `tie${uniqueSuffix()}`.toLowerCase();
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await storeUser(tag));
    const byId = made.map((u) => u.id).sort();
    const asc = await walkUsers(`q=${tag}&sort=lastName&dir=asc`, 2);
    expect(asc.map((u) => u.id)).toEqual(byId);
    const desc = await walkUsers(`q=${tag}&sort=lastName&dir=desc`, 2);
    expect(desc.map((u) => u.id)).toEqual([...byId].reverse());
  });

  it('sorts by login, company and managed companies; searches first name, role and company, any case; hides the team', async () => {
    const tag = `srt${uniqueSuffix()}`.toLowerCase();
    const zeta = await makeCompany(`Zeta ${tag}`);
    const alpha = await makeCompany(`Alpha ${tag}`);
    const a = await storeUser(`a-${tag}`, { companyId: zeta.id, managedCompanyIds: [zeta.id] });
    const b = await storeUser(`b-${tag}`, { companyId: alpha.id, managedCompanyIds: [alpha.id], firstName: `Bea${tag}`, roles: ['ROLE_MANAGER'] });
    const ids = (users: AdminUser[]) => users.map((u) => u.id);
    expect(ids(await walkUsers(`q=${tag}&sort=login`, 50))).toEqual([a.id, b.id]);
    expect(ids(await walkUsers(`q=${tag}&sort=login&dir=desc`, 50))).toEqual([b.id, a.id]);
    expect(ids(await walkUsers(`q=${tag}&sort=company`, 50))).toEqual([b.id, a.id]);
    expect(ids(await walkUsers(`q=${tag}&sort=managedCompanies&dir=desc`, 50))).toEqual([a.id, b.id]);
    expect(ids(await walkUsers(`q=BEA${tag.toUpperCase()}`, 50))).toEqual([b.id]);
    expect(ids(await walkUsers(`q=${encodeURIComponent(`zeta ${tag}`)}`, 50))).toEqual([a.id]);
    expect(ids(await walkUsers(`q=${tag}&sort=login`, 50)).length).toBe(2);
    const managers = await walkUsers(`q=${encodeURIComponent(`alpha ${tag}`)}`, 50);
    expect(managers.map((u) => [u.id, u.role])).toEqual([[b.id, 'ROLE_MANAGER']]);
    // The team company's users: shown, or left out with team=hidden.
    const teamTag = `team${uniqueSuffix()}`.toLowerCase();
    const team = await createCompany({ name: `Team ${teamTag}`, product: '360', country: 'FR', isDefault: true });
    const member = await storeUser(teamTag, { companyId: team.id, managedCompanyIds: [team.id] });
    expect(ids(await walkUsers(`q=${teamTag}`, 50))).toEqual([member.id]);
    expect(ids(await walkUsers(`q=${teamTag}&team=hidden`, 50))).toEqual([]);
  });

  it('a user deleted between two pages: the next page goes on after the last one shown, none shown twice', async () => {
    const tag = `del${uniqueSuffix()}`.toLowerCase();
    for (let i = 0; i < 5; i++) await storeUser(`${i}-${tag}`);
    const first = await admin.get<UsersAdminList>(`/api/users?q=${tag}&limit=2`);
    const rest = await walkUsers(`q=${tag}`, 50);
    const gone = rest[3]!;
    expect((await admin.request('DELETE', `/api/users/${gone.id}`, { json: { version: gone.version } })).status).toBe(200);
    const second = await admin.get<UsersAdminList>(`/api/users?q=${tag}&limit=2&cursor=${first.body.next}`);
    expect(second.body.users.map((u) => u.id)).toEqual([rest[2]!.id, rest[4]!.id]);
    expect(second.body.next).toBeNull();
  });

  it('refuses a cursor of another query, a search over 128 characters, an unknown sort; takes markup as text', async () => {
    const tag = `cur${uniqueSuffix()}`.toLowerCase();
    for (let i = 0; i < 3; i++) await storeUser(`${i}-${tag}`);
    const { body } = await admin.get<UsersAdminList>(`/api/users?q=${tag}&limit=1`);
    expect(body.next).toEqual(expect.any(String));
    for (const other of [`q=${tag}&limit=1&sort=lastName`, `q=${tag}x&limit=1`, `q=${tag}&limit=1&dir=desc`]) {
      const refused = await admin.get(`/api/users?${other}&cursor=${body.next}`);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'validation', errors: { cursor: 'validation.invalid' } });
    }
    // A users cursor is no companies cursor either.
    expect((await admin.get(`/api/companies?cursor=${body.next}`)).status).toBe(400);
    expect((await admin.get(`/api/users?q=${'x'.repeat(128)}`)).status).toBe(200);
    const long = await admin.get(`/api/users?q=${'x'.repeat(129)}`);
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ errors: { q: 'validation.search.tooLong' } });
    expect((await admin.get('/api/users?sort=password')).status).toBe(400);
    const marked = await storeUser(`m-${tag}`, { firstName: `<img src=x onerror=alert(1)>${tag}` });
    const found = await admin.get<UsersAdminList>(`/api/users?q=${encodeURIComponent(`<img src=x onerror=alert(1)>${tag}`)}`);
    expect(found.status).toBe(200);
    expect(found.headers.get('content-type')).toMatch(/application\/json/);
    expect(found.body.users.map((u) => [u.id, u.firstName])).toEqual([[marked.id, `<img src=x onerror=alert(1)>${tag}`]]);
  });
});

describe('GET /api/companies, a page at a time, and its type-ahead', () => {
  it('pages, sorts by each column and searches any field; a few rows for a type-ahead', async () => {
    const tag = `co${uniqueSuffix()}`.toLowerCase();
    const made: CompanyRecord[] = [];
    for (const [i, country] of (['RU', 'FR', 'DE', 'GB'] as const).entries()) {
      made.push(await createCompany({ name: `${tag} ${i}`, product: i % 2 ? 'affiliate' : '360', country, viewId: `${7000 + i}${Date.now() % 100000}`, orderFeedUrl: `https://shop${i}.${tag}.test/feed.xml` }));
    }
    const names = async (query: string) => (await admin.get<CompaniesAdminList>(`/api/companies?q=${tag}&${query}`)).body.companies.map((c) => c.name);
    expect(await names('sort=name')).toEqual(made.map((c) => c.name));
    expect(await names('sort=country')).toEqual([made[2]!, made[1]!, made[3]!, made[0]!].map((c) => c.name));
    expect(await names('sort=country&dir=desc')).toEqual([made[0]!, made[3]!, made[1]!, made[2]!].map((c) => c.name));
    expect(await names('sort=viewId')).toEqual(made.map((c) => c.name));
    expect(await names('sort=product')).toEqual([made[0]!, made[2]!, made[1]!, made[3]!].sort((a, b) => (a.product === b.product ? a.id.localeCompare(b.id) : a.product.localeCompare(b.product))).map((c) => c.name));
    const one = async (q: string) => (await admin.get<CompaniesAdminList>(`/api/companies?q=${encodeURIComponent(q)}`)).body.companies.map((c) => c.id);
    expect(await one(`SHOP2.${tag.toUpperCase()}`)).toEqual([made[2]!.id]);
    expect(await one(made[3]!.viewId!)).toEqual([made[3]!.id]);
    const typeAhead = await admin.get<CompaniesAdminList>(`/api/companies?q=${tag}&limit=3`);
    expect(typeAhead.body.companies).toHaveLength(3);
    expect(typeAhead.body.next).toEqual(expect.any(String));
    const rest = await admin.get<CompaniesAdminList>(`/api/companies?q=${tag}&limit=3&cursor=${typeAhead.body.next}`);
    expect(rest.body).toEqual({ companies: [expect.objectContaining({ id: made[3]!.id })], next: null });
    expect((await admin.get('/api/companies?limit=51')).status).toBe(400);
    expect((await admin.get(`/api/companies?sort=created`)).status).toBe(400);
  });
});

// The session answers and the lists at 1,000 more companies: test/integration/platform-scale.test.ts
// (loaded in bulk through the data layer, as bench:scale does).
