import { beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRecord } from '../../functions/data/companies';
import { getUser, updateUser } from '../../functions/data/users';
import { makeCompany, makeUser, signedIn } from './helpers/accounts';
import { localStack, useLocalEnv } from '../support/local-stack';

/** Current company: who may switch to what, and what the company-scoped calls then see. */

let stack: ReturnType<typeof localStack>;
let a: CompanyRecord;
let b: CompanyRecord;
let c: CompanyRecord;

beforeAll(async () => {
  useLocalEnv();
  stack = localStack();
  [a, b, c] = [await makeCompany('Current A'), await makeCompany('Current B', { product: 'affiliate', country: 'RU' }), await makeCompany('Current C')];
});

const change = (client: Awaited<ReturnType<typeof signedIn>>, company: string) =>
  client.post('/api/users/change-current-company', { company });

describe('change current company', () => {
  it('keeps customers on their main company', async () => {
    const client = await signedIn(stack.url, await makeUser('ROLE_USER', a));
    expect((await change(client, b.id)).status).toBe(403);
    expect((await change(client, a.id)).status).toBe(200);
    const current = await client.get('/api/users/find-current-company');
    expect(current.body).toMatchObject({ id: a.id, name: a.name, version: 1, integrationSteps: expect.any(Array) });
    const managed = await client.get('/api/companies/managed');
    expect(managed.body.map((x: { id: string }) => x.id)).toEqual([a.id]);
  });

  it('lets a manager switch among the managed companies only', async () => {
    const client = await signedIn(stack.url, await makeUser('ROLE_MANAGER', a, { managed: [a, c] }));
    const managed = await client.get('/api/companies/managed');
    expect(managed.body.map((x: { id: string }) => x.id).sort()).toEqual([a.id, c.id].sort());

    const switched = await change(client, c.id);
    expect(switched.status).toBe(200);
    expect(switched.body).toMatchObject({ id: c.id, name: c.name });
    expect((await client.get('/api/users/find-current-company')).body.id).toBe(c.id);
    expect((await client.get('/api/users/current')).body).toMatchObject({ company: { id: a.id }, currentCompany: { id: c.id } });

    const refused = await change(client, b.id);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('forbidden');
    expect((await client.get('/api/users/find-current-company')).body.id).toBe(c.id);
  });

  it('falls back to the main company when the stored one is no longer allowed', async () => {
    const manager = await makeUser('ROLE_MANAGER', a, { managed: [a, c] });
    const client = await signedIn(stack.url, manager);
    expect((await change(client, c.id)).status).toBe(200);
    const record = (await getUser(manager.record.id))!;
    await updateUser(record.id, record.version, { managedCompanyIds: [a.id] });
    expect((await client.get('/api/users/find-current-company')).body.id).toBe(a.id);
  });

  it('lets an admin switch to any existing company', async () => {
    const client = await signedIn(stack.url, await makeUser('ROLE_ADMIN', a));
    expect((await change(client, b.id)).status).toBe(200);
    expect((await client.get('/api/users/find-current-company')).body).toMatchObject({ id: b.id, product: 'affiliate', country: 'RU' });
    expect((await change(client, 'no-such-company')).status).toBe(404);
    // Sized by what it shows, not by the platform (issue 30): an administrator's list names the main
    // and the current company only; the switcher finds the others as one types.
    const managed = await client.get('/api/companies/managed');
    expect(managed.body.map((x: { id: string }) => x.id).sort()).toEqual([a.id, b.id].sort());
  });

  it('validates the body', async () => {
    const client = await signedIn(stack.url, await makeUser('ROLE_ADMIN', a));
    const answer = await client.post('/api/users/change-current-company', {});
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ company: 'validation.required' });
  });
});
