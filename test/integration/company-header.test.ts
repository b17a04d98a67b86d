import { beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRecord } from '../../functions/data/companies';
import { listCollectors } from '../../functions/data/collectors';
import { makeCompany, makeUser, signedIn } from './helpers/accounts';
import type { Browser } from './helpers/browser';
import { localStack, useLocalEnv } from '../support/local-stack';

/**
 * X-Portal-Company (docs/auth.md): a page names the company it shows; when the caller's current
 * company is another one by now (switched in another tab, or the shown one deleted), a
 * company-scoped call answers 409 company-changed and writes nothing. Calls without the header
 * (CLI, scripts) keep working on the current company.
 */

let stack: ReturnType<typeof localStack>;

beforeAll(() => {
  useLocalEnv();
  stack = localStack();
});

const shows = (company: CompanyRecord) => ({ headers: { 'X-Portal-Company': company.id } });
const collector = (source: string) => ({ source, accessEmail: 'access@example.com' });
const sources = async (company: CompanyRecord) => (await listCollectors(company.id)).map((c) => c.source).sort();
const change = (client: Browser, company: CompanyRecord) => client.post('/api/users/change-current-company', { company: company.id });

describe('a page that shows another company than the current one', () => {
  it('refuses a manager\'s create after another tab switched the company, and writes nowhere', async () => {
    const [a, b] = [await makeCompany('Header A'), await makeCompany('Header B')];
    const manager = await makeUser('ROLE_MANAGER', a, { managed: [a, b] });
    const tab1 = await signedIn(stack.url, manager);
    const tab2 = tab1.clone();
    // Tab 1 shows A and can write there.
    expect((await tab1.post('/api/collectors', collector('Shown A'), shows(a))).status).toBe(201);
    expect(await sources(a)).toEqual(['Shown A']);

    // Tab 2 switches to B; tab 1 still shows A.
    expect((await change(tab2, b)).status).toBe(200);
    const refused = await tab1.post('/api/collectors', collector('Meant for A'), shows(a));
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ code: 'company-changed', message: 'error.company-changed' });
    expect(await sources(a)).toEqual(['Shown A']);
    expect(await sources(b)).toEqual([]);

    // Reads are refused the same way (the page would show B's data under A's name)...
    const list = await tab1.get('/api/collectors', shows(a));
    expect(list.status).toBe(409);
    expect(list.body.code).toBe('company-changed');
    // ... and the page, reloaded with the current company, works again.
    expect((await tab1.get('/api/collectors', shows(b))).body.collectors).toEqual([]);
    expect((await tab1.post('/api/collectors', collector('Shown B'), shows(b))).status).toBe(201);
    expect(await sources(b)).toEqual(['Shown B']);
  });

  it('refuses edits and deletes too', async () => {
    const [a, b] = [await makeCompany('Header edit A'), await makeCompany('Header edit B')];
    const manager = await makeUser('ROLE_MANAGER', a, { managed: [a, b] });
    const client = await signedIn(stack.url, manager);
    const created = await client.post('/api/collectors', collector('Kept'), shows(a));
    expect(created.status).toBe(201);
    expect((await change(client, b)).status).toBe(200);
    const id = created.body.id as string;
    const edit = await client.request('PUT', `/api/collectors/${id}`, { json: { version: 1, ...collector('Edited') }, ...shows(a) });
    const remove = await client.request('DELETE', `/api/collectors/${id}`, { json: { version: 1 }, ...shows(a) });
    expect([edit.status, remove.status]).toEqual([409, 409]);
    expect((await listCollectors(a.id)).map((c) => [c.source, c.version])).toEqual([['Kept', 1]]);
  });

  it('refuses a write to a company that was deleted meanwhile (the current one fell back)', async () => {
    const [main, doomed] = [await makeCompany('Header main'), await makeCompany('Header doomed')];
    const manager = await makeUser('ROLE_MANAGER', main, { managed: [main, doomed] });
    const client = await signedIn(stack.url, manager);
    expect((await change(client, doomed)).status).toBe(200);
    const admin = await signedIn(stack.url, await makeUser('ROLE_ADMIN', main));
    expect((await admin.request('DELETE', `/api/companies/${doomed.id}`, { json: { version: doomed.version } })).status).toBe(200);

    const refused = await client.post('/api/collectors', collector('Meant for the deleted one'), shows(doomed));
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('company-changed');
    expect(await sources(main)).toEqual([]);
    expect(await sources(doomed)).toEqual([]);
  });

  it('never writes for a header naming a company the caller may not open', async () => {
    const [own, other] = [await makeCompany('Header own'), await makeCompany('Header other')];
    const customer = await signedIn(stack.url, await makeUser('ROLE_USER', own));
    for (const named of [other.id, 'no-such-company', '']) {
      const answer = await customer.post('/api/collectors', collector('Sneaky'), { headers: { 'X-Portal-Company': named } });
      expect(answer.status).toBe(409);
    }
    expect(await sources(own)).toEqual([]);
    expect(await sources(other)).toEqual([]);
  });

  it('keeps today\'s behaviour without the header (CLI, scripts): the current company', async () => {
    const [a, b] = [await makeCompany('Header none A'), await makeCompany('Header none B')];
    const manager = await makeUser('ROLE_MANAGER', a, { managed: [a, b] });
    const client = await signedIn(stack.url, manager);
    expect((await change(client, b)).status).toBe(200);
    expect((await client.post('/api/collectors', collector('Current'))).status).toBe(201);
    expect(await sources(b)).toEqual(['Current']);
    expect(await sources(a)).toEqual([]);
    // Routes that are not company-scoped ignore it (the switcher itself, the current user).
    expect((await client.get('/api/users/current', shows(a))).status).toBe(200);
    expect((await client.post('/api/users/change-current-company', { company: a.id }, shows(b))).status).toBe(200);
  });
});
