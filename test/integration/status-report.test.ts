import { beforeAll, describe, expect, it } from 'vitest';
import { makeCompany, makeUser, signedIn } from './helpers/accounts';
import { localStack, useLocalEnv } from '../support/local-stack';

/** GET /api/integration-status/report through the local gateway. */

let stack: ReturnType<typeof localStack>;
beforeAll(() => {
  useLocalEnv();
  stack = localStack();
});

describe('GET /api/integration-status/report', () => {
  it('lists every company’s steps with names, sorted by company, and the changes made', async () => {
    const b = await makeCompany('Report Beta', { integrationSteps: ['sources', 'collector', 'status_feed'], product: 'affiliate' });
    const a = await makeCompany('Report Alpha', { integrationSteps: ['google_analytics', 'collector'] });
    const customer = await signedIn(stack.url, await makeUser('ROLE_USER', a));
    expect((await customer.post('/api/integration-status/update', { stepType: 'collector', status: 'done' })).status).toBe(200);
    const admin = await signedIn(stack.url, await makeUser('ROLE_ADMIN', a));
    const answer = await admin.get('/api/integration-status/report');
    expect(answer.status).toBe(200);
    const rows: Array<{ companyId: string; companyName: string; product: string; stepType: string; status: string; updated: string | null }> = answer.body;
    const names = rows.map((r) => r.companyName);
    expect([...names].sort((x, y) => x.localeCompare(y))).toEqual(names);
    const ofA = rows.filter((r) => r.companyId === a.id);
    expect(ofA.map((r) => [r.companyName, r.stepType, r.status])).toEqual([
      [a.name, 'google_analytics', 'TBD'],
      [a.name, 'collector', 'done'],
    ]);
    expect(ofA[0]!.updated).toBeNull();
    expect(ofA[1]!.updated).toMatch(/^\d{4}-/);
    // Each row names its company's product: the page calls an affiliate company's feed step a lead feed.
    expect(rows.filter((r) => r.companyId === b.id).map((r) => r.product)).toEqual(['affiliate', 'affiliate', 'affiliate']);
    expect(ofA.every((r) => r.product === '360')).toBe(true);
  });

  it('is refused to customers and managers', async () => {
    const company = await makeCompany('Report refused');
    for (const role of ['ROLE_USER', 'ROLE_MANAGER'] as const) {
      const client = await signedIn(stack.url, await makeUser(role, company));
      expect((await client.get('/api/integration-status/report')).status).toBe(403);
    }
  });
});
