import { beforeAll, describe, expect, it } from 'vitest';
import { listAudit } from '../../functions/data/audit';
import { getCompany, type CompanyRecord } from '../../functions/data/companies';
import type { Company } from '../../shared/domain/types';
import { cleanRecords, feedText, xmlChunks } from '../../shared/feed/testing/generate';
import { localStack, useLocalEnv } from '../support/local-stack';
import { makeCompany, makeUser, signedIn } from './helpers/accounts';
import type { Browser } from './helpers/browser';
import { finished, startCheck, upload } from './helpers/order-feed';

/**
 * The match threshold (docs/order-feed.md, "Match rate") through the local gateway: an
 * administrator sets it on PUT /api/companies/{id}, the company's feed checks compare with it
 * (the sandbox analytics provider knows every order id except those ending in 7), a customer
 * cannot set it, bad values get the field message.
 */

let stack: ReturnType<typeof localStack>;
let admin: Browser;
let company: CompanyRecord;
let customer: Browser;

// Every third order unknown to analytics: about a third of the tested day (asserted below, 10 % < share < 50 %).
const feed = feedText(
  xmlChunks([...cleanRecords({ now: new Date(), orders: 300, seed: 11 })].map((r, i) => ({ ...r, fields: { ...r.fields, id: `A${100000 + i}${i % 3 === 0 ? '7' : '1'}` } }))),
);

beforeAll(async () => {
  useLocalEnv();
  stack = localStack();
  admin = await signedIn(stack.url, await makeUser('ROLE_ADMIN', await makeCompany('Threshold admin home')));
  company = await makeCompany('Threshold shop', { viewId: `100001${Math.floor(Math.random() * 900_000) + 100_000}` });
  customer = await signedIn(stack.url, await makeUser('ROLE_USER', company));
});

const setThreshold = async (matchThreshold: unknown) => {
  const { version } = (await getCompany(company.id))!;
  return admin.request<Company & { errors?: Record<string, string> }>('PUT', `/api/companies/${company.id}`, { json: { version, matchThreshold } });
};

/** The warning's count of a check of the feed, and the tested day's share missing from analytics. */
const checkFeed = async () => {
  const done = await finished(customer, (await startCheck(customer, { upload_key: await upload(customer, feed), type: 'xml' })).id);
  expect(done.status).toBe('done');
  const { ordersInFeed, notInGA } = done.result!.possibleImported!;
  return { warned: done.result!.counts.gaOrdersDontMatchXml ?? 0, share: notInGA / ordersInFeed };
};

describe('the match threshold', () => {
  it('is the default 20 until an administrator sets it; the same feed warns at 10 % and not at 50 %', async () => {
    const answered = await admin.get<Company>(`/api/companies/${company.id}`);
    expect(answered.body.matchThreshold).toBe(20);

    const at10 = await setThreshold(10);
    expect(at10.status).toBe(200);
    expect(at10.body.matchThreshold).toBe(10);
    const strict = await checkFeed();
    expect(strict.share).toBeGreaterThan(0.1);
    expect(strict.share).toBeLessThan(0.5);
    expect(strict.warned).toBeGreaterThan(0);

    expect((await setThreshold(50)).status).toBe(200);
    expect((await checkFeed()).warned).toBe(0);

    const updates = (await listAudit({ of: `company#${company.id}`, kind: 'company' }, null, 25)).entries.filter((e) => e.action === 'update');
    expect(updates.map((e) => [e.before.matchThreshold ?? null, e.after.matchThreshold])).toEqual([
      [10, 50],
      [null, 10],
    ]);
  });

  it('refuses bad values with the field message and changes nothing', async () => {
    const before = (await getCompany(company.id))!;
    // Out of range or not whole: the field's own message; not a number at all: the platform's type check (functions/platform/body.ts).
    const cases: Array<[unknown, string]> = [[0, 'validation.company.matchThreshold'], [101, 'validation.company.matchThreshold'], [12.5, 'validation.company.matchThreshold'], ['30', 'validation.invalid'], [null, 'validation.company.matchThreshold']];
    for (const [value, message] of cases) {
      const answer = await setThreshold(value);
      expect(answer.status, JSON.stringify(value)).toBe(400);
      expect(answer.body.errors, JSON.stringify(value)).toEqual({ matchThreshold: message });
    }
    expect((await getCompany(company.id))!.version).toBe(before.version);
    expect((await getCompany(company.id))!.matchThreshold).toBe(before.matchThreshold);
  });

  it('a customer cannot set it: the admin route refuses them, their own company update ignores it', async () => {
    const before = (await getCompany(company.id))!;
    const refused = await customer.request('PUT', `/api/companies/${company.id}`, { json: { version: before.version, matchThreshold: 90 } });
    expect(refused.status).toBe(403);
    const legacy = await customer.post('/api/companies/update', { viewId: before.viewId, version: before.version, matchThreshold: 90 });
    expect(legacy.status).toBeLessThan(500);
    expect((await getCompany(company.id))!.matchThreshold).toBe(before.matchThreshold);
  });
});
