import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRecord } from '../../functions/data/companies';
import type { AffiliateCommission, CommissionsPage, Source } from '../../shared/domain/types';
import { makeCompany, makeUser, signedIn } from './helpers/accounts';
import { Browser } from './helpers/browser';
import { localStack, useLocalEnv } from '../support/local-stack';

/** The affiliate commission calls through the local gateway: GET/POST /api/affiliate-commissions, DELETE /api/affiliate-commissions/{id}. */

let stack: ReturnType<typeof localStack>;

beforeAll(() => {
  useLocalEnv();
  stack = localStack();
});

type Answer = AffiliateCommission & { code?: string; errors?: Record<string, string> };

const as = async (role: 'ROLE_USER' | 'ROLE_MANAGER' | 'ROLE_ADMIN', company: CompanyRecord): Promise<Browser> =>
  signedIn(stack.url, await makeUser(role, company));
const addSource = async (client: Browser, name: string, businessModel: string): Promise<Source> => {
  const answer = await client.post<Source>('/api/sources', { id: randomUUID(), name, channel: 'Affiliate', businessModel, deduplication: 'Last Paid Click' });
  expect(answer.status).toBe(201);
  return answer.body;
};
const create = (client: Browser, json: Record<string, unknown>) => client.post<Answer>('/api/affiliate-commissions', json);
const remove = (client: Browser, id: string, json: Record<string, unknown>) =>
  client.request<{ id: string; code?: string }>('DELETE', `/api/affiliate-commissions/${encodeURIComponent(id)}`, { json });
const list = async (client: Browser): Promise<AffiliateCommission[]> => {
  const answer = await client.get<CommissionsPage>('/api/affiliate-commissions');
  expect(answer.status).toBe(200);
  return answer.body.commissions;
};

describe('affiliate commissions', () => {
  it('creates on a CPO source, lists by source name with the version, deletes on the version read', async () => {
    const company = await makeCompany('Commissions main', { product: 'affiliate' });
    const client = await as('ROLE_USER', company);
    const awin = await addSource(client, 'Awin', 'CPO');
    await addSource(client, 'Effiliation', 'CPO');
    const percent = await create(client, { sourceName: 'Effiliation', type: 'percent', commission: 15 });
    expect(percent.status).toBe(201);
    const fixed = await create(client, { sourceName: 'Awin', type: 'fixed', commission: 2.5 });
    expect(fixed.status).toBe(201);
    expect(fixed.body).toMatchObject({ sourceName: 'Awin', sourceId: awin.id, type: 'fixed', commission: 2.5, version: 1 });
    const rows = await list(client);
    expect(rows.map((r) => [r.sourceName, r.type, r.commission])).toEqual([
      ['Awin', 'fixed', 2.5],
      ['Effiliation', 'percent', 15],
    ]);
    expect(Object.keys(rows[0]!).sort()).toEqual(['commission', 'id', 'sourceId', 'sourceName', 'type', 'version']);

    expect((await remove(client, fixed.body.id, { version: 2 })).status).toBe(409);
    expect((await remove(client, fixed.body.id, {})).status).toBe(400);
    const deleted = await remove(client, fixed.body.id, { version: 1 });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id: fixed.body.id });
    expect((await list(client)).map((r) => r.sourceName)).toEqual(['Effiliation']);
    expect((await remove(client, fixed.body.id, { version: 1 })).status).toBe(404);
  });

  it('refuses bad input (missing fields, non-numeric or out-of-range commission, unknown or non-CPO source) and stores nothing', async () => {
    const company = await makeCompany('Commissions bad input');
    const client = await as('ROLE_USER', company);
    await addSource(client, 'Criteo', 'CPO');
    await addSource(client, 'Google Ads', 'CPC');
    const ok = { sourceName: 'Criteo', type: 'percent', commission: 10 };
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ sourceName: undefined }, 'sourceName', 'validation.required'],
      [{ type: undefined }, 'type', 'validation.required'],
      [{ commission: undefined }, 'commission', 'validation.required'],
      [{ commission: 'ten' }, 'commission', 'validation.commission.number'],
      [{ commission: '12' }, 'commission', 'validation.commission.number'],
      [{ commission: [] }, 'commission', 'validation.commission.number'],
      [{ commission: true }, 'commission', 'validation.commission.number'],
      [{ commission: 0 }, 'commission', 'validation.commission.percent'],
      [{ commission: 100.5 }, 'commission', 'validation.commission.percent'],
      [{ type: 'fixed', commission: -3 }, 'commission', 'validation.commission.fixed'],
      [{ type: 'share' }, 'type', 'validation.commission.type'],
      [{ sourceName: 'Google Ads' }, 'sourceName', 'validation.commission.notCpo'],
      [{ sourceName: 'Nobody' }, 'sourceName', 'validation.commission.unknownSource'],
      [{ sourceName: 'x'.repeat(121) }, 'sourceName', 'validation.source.nameTooLong'],
    ];
    for (const [over, field, message] of cases) {
      const answer = await create(client, { ...ok, ...over });
      expect(answer.status, JSON.stringify(over)).toBe(400);
      expect(answer.body.errors?.[field], JSON.stringify(answer.body)).toBe(message);
    }
    expect(await list(client)).toEqual([]);
    expect((await create(client, { ...ok, commission: 100 })).status).toBe(201);
  });

  it('keeps companies apart: B can neither read, nor use A’s sources, nor delete A’s commissions', async () => {
    const [a, b] = [await makeCompany('Commissions iso A'), await makeCompany('Commissions iso B')];
    const [clientA, clientB] = [await as('ROLE_USER', a), await as('ROLE_MANAGER', b)];
    await addSource(clientA, 'Only in A', 'CPO');
    const commission = (await create(clientA, { sourceName: 'Only in A', type: 'fixed', commission: 4 })).body;
    expect(await list(clientB)).toEqual([]);
    const borrowed = await create(clientB, { sourceName: 'Only in A', type: 'fixed', commission: 4, company: a.id, companyId: a.id });
    expect(borrowed.status).toBe(400);
    expect((await remove(clientB, commission.id, { version: 1 })).status).toBe(404);
    expect(await list(clientA)).toEqual([commission]);
    expect((await new Browser(stack.url).get('/api/affiliate-commissions')).status).toBe(401);
  });

  it('two creates at once make two commissions', async () => {
    const company = await makeCompany('Commissions twice');
    const client = await as('ROLE_USER', company);
    await addSource(client, 'Awin', 'CPO');
    const answers = await Promise.all([1, 2].map(() => create(client, { sourceName: 'Awin', type: 'percent', commission: 5 })));
    expect(answers.map((x) => x.status)).toEqual([201, 201]);
    expect(await list(client)).toHaveLength(2);
  });

  it('refuses a commission of the other type on a source (fixed or percent, not both), keeps several of one type', async () => {
    const company = await makeCompany('Commissions one type', { product: 'affiliate' });
    const client = await as('ROLE_USER', company);
    await addSource(client, 'Awin', 'CPO');
    await addSource(client, 'Admitad', 'CPO');
    expect((await create(client, { sourceName: 'Awin', type: 'fixed', commission: 3 })).status).toBe(201);
    expect((await create(client, { sourceName: 'Awin', type: 'fixed', commission: 5 })).status).toBe(201);
    const before = await list(client);
    const refused = await create(client, { sourceName: 'Awin', type: 'percent', commission: 10 });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'conflict', errors: { type: 'validation.commission.otherType' } });
    expect((refused.body as unknown as { message: string }).message).toBe('"Awin" has fixed commissions already: a source has either fixed or percent commissions, not both');
    expect(await list(client)).toEqual(before);
    // Another source chooses its own type.
    expect((await create(client, { sourceName: 'Admitad', type: 'percent', commission: 10 })).status).toBe(201);
  });
});
