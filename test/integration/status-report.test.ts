import { beforeAll, describe, expect, it } from 'vitest';
import { saveHealthState, getHealthState } from '../../functions/data/data-health';
import { reindexCompanySteps } from '../../functions/data/report-rows';
import { markCompanyDeleting, updateCompany, type CompanyRecord } from '../../functions/data/companies';
import type { StatusReportPage, StatusReportRow } from '../../shared/domain/types';
import { makeCompany, makeUser, signedIn, uniqueSuffix } from './helpers/accounts';
import type { Browser } from './helpers/browser';
import { localStack, useLocalEnv } from '../support/local-stack';

/**
 * GET /api/integration-status/report through the local gateway: a page at a time, sorted,
 * searched and filtered on the server (docs/architecture.md, "Admin lists: the status report").
 * Other test files write companies into the same table: each test searches for its own tag.
 */

let stack: ReturnType<typeof localStack>;
let admin: Browser;
beforeAll(async () => {
  useLocalEnv();
  stack = localStack();
  const home = await makeCompany('Report home');
  admin = await signedIn(stack.url, await makeUser('ROLE_ADMIN', home));
});

const report = (query: string) => admin.get<StatusReportPage>(`/api/integration-status/report?${query}`);

/** Every page of a report query, `limit` a page, as the client walks it. */
async function walk(query: string, limit: number): Promise<StatusReportRow[]> {
  const seen: StatusReportRow[] = [];
  let cursor = '';
  do {
    const answer = await report(`${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(answer.status).toBe(200);
    seen.push(...answer.body.rows);
    cursor = answer.body.next ?? '';
  } while (cursor);
  return seen;
}

const label = (row: StatusReportRow) => `${row.companyName.split(' ')[0]}/${row.stepType}/${row.status}`;

/** Sets a company's data health as the daily check stores it, and its report rows as the check moves them. */
async function setHealth(company: CompanyRecord, status: 'failing' | 'warning' | 'healthy'): Promise<void> {
  const state = await getHealthState(company.id);
  expect(await saveHealthState(state, { kinds: { feed: { status, checkedAt: new Date().toISOString() } }, alerted: {}, lastMailDay: null, mutes: {} })).toBe(true);
  await reindexCompanySteps(company.id);
}

describe('GET /api/integration-status/report, a page at a time', () => {
  it('sorts by company, step and status in either direction, each step once across pages, and records each change', async () => {
    const tag = `rep${uniqueSuffix()}`.toLowerCase();
    const beta = await makeCompany(`Beta ${tag}`, { integrationSteps: ['sources', 'collector', 'status_feed'], product: 'affiliate' });
    const alpha = await makeCompany(`Alpha ${tag}`, { integrationSteps: ['google_analytics', 'collector'] });
    const customer = await signedIn(stack.url, await makeUser('ROLE_USER', alpha));
    expect((await customer.post('/api/integration-status/update', { stepType: 'collector', status: 'done' })).status).toBe(200);

    const byCompany = await walk(`q=${tag}`, 2);
    expect(byCompany.map(label)).toEqual(['Alpha/google_analytics/TBD', 'Alpha/collector/done', 'Beta/sources/TBD', 'Beta/collector/TBD', 'Beta/status_feed/TBD']);
    expect(byCompany[1]!.updated).toMatch(/^\d{4}-/);
    expect(byCompany[0]!.updated).toBeNull();
    expect(byCompany.filter((r) => r.companyId === beta.id).map((r) => r.product)).toEqual(['affiliate', 'affiliate', 'affiliate']);
    expect((await walk(`q=${tag}&dir=desc`, 2)).map(label)).toEqual([...byCompany.map(label)].reverse());
    // Ties (one step type, one status) are broken by the company's name.
    expect((await walk(`q=${tag}&sort=step`, 3)).map(label)).toEqual(['Alpha/google_analytics/TBD', 'Beta/sources/TBD', 'Alpha/collector/done', 'Beta/collector/TBD', 'Beta/status_feed/TBD']);
    expect((await walk(`q=${tag}&sort=status&dir=asc`, 1)).map(label)).toEqual(['Alpha/google_analytics/TBD', 'Beta/sources/TBD', 'Beta/collector/TBD', 'Beta/status_feed/TBD', 'Alpha/collector/done']);
    // Completed hidden; one step type; one status; one company (its edit page links to its rows).
    expect((await walk(`q=${tag}&completed=hidden`, 2)).map(label)).not.toContain('Alpha/collector/done');
    expect((await walk(`q=${tag}&completed=hidden`, 2))).toHaveLength(4);
    expect((await walk(`q=${tag}&step=collector`, 1)).map(label)).toEqual(['Alpha/collector/done', 'Beta/collector/TBD']);
    expect((await walk(`q=${tag}&status=done`, 5)).map(label)).toEqual(['Alpha/collector/done']);
    expect((await report(`company=${beta.id}&sort=step&dir=desc`)).body).toEqual({ rows: expect.any(Array), next: null });
    expect((await report(`company=${beta.id}&sort=step&dir=desc`)).body.rows.map(label)).toEqual(['Beta/status_feed/TBD', 'Beta/collector/TBD', 'Beta/sources/TBD']);
  });

  it('searches company, step and status, any case, up to 128 characters; markup is only text; a rename moves the rows', async () => {
    const tag = `srh${uniqueSuffix()}`.toLowerCase();
    const company = await makeCompany(`Société <b>${tag}</b>`, { integrationSteps: ['google_analytics', 'sources'] });
    expect((await walk(`q=${encodeURIComponent(`SOCIETE <B>${tag.toUpperCase()}`)}`, 50)).map((r) => r.stepType)).toEqual(['google_analytics', 'sources']);
    expect((await walk(`q=${tag}+google+analytics`, 50)).map((r) => r.stepType)).toEqual([]);
    expect((await walk(`company=${company.id}&q=GOOGLE`, 50)).map((r) => r.stepType)).toEqual(['google_analytics']);
    const long = `${tag}${'x'.repeat(128 - tag.length)}`;
    expect(long).toHaveLength(128);
    expect(await report(`q=${long}`)).toMatchObject({ status: 200, body: { rows: [] } });
    const refused = await report(`q=${long}x`);
    expect(refused.status).toBe(400);
    expect((refused.body as unknown as { errors: unknown }).errors).toEqual({ q: 'validation.search.tooLong' });
    // The markup comes back as the name's text, never as HTML of the answer.
    expect((await walk(`q=${encodeURIComponent(`<b>${tag}`)}`, 50))[0]!.companyName).toBe(`${company.name}`);

    await updateCompany(company, { name: `Renamed ${tag}` });
    expect((await walk(`q=${encodeURIComponent('<b>')}${tag}`, 50))).toEqual([]);
    expect((await walk(`q=renamed+${tag}`, 50)).map((r) => r.companyName)).toEqual([`Renamed ${tag}`, `Renamed ${tag}`]);
  });

  it('puts the failing companies first, then warning, unknown and healthy, in the column order asked', async () => {
    const tag = `hlt${uniqueSuffix()}`.toLowerCase();
    const healthy = await makeCompany(`A ${tag}`, { integrationSteps: ['sources'] });
    const failing = await makeCompany(`B ${tag}`, { integrationSteps: ['sources', 'collector'] });
    await makeCompany(`C ${tag}`, { integrationSteps: ['sources'] });
    const warning = await makeCompany(`D ${tag}`, { integrationSteps: ['sources'] });
    await setHealth(healthy, 'healthy');
    await setHealth(failing, 'failing');
    await setHealth(warning, 'warning');
    const names = (rows: StatusReportRow[]) => rows.map((r) => `${r.companyName.split(' ')[0]}:${r.health}`);
    expect(names(await walk(`q=${tag}`, 2))).toEqual(['A:healthy', 'B:failing', 'B:failing', 'C:unknown', 'D:warning']);
    expect(names(await walk(`q=${tag}&health=first`, 1))).toEqual(['B:failing', 'B:failing', 'D:warning', 'C:unknown', 'A:healthy']);
    expect(names(await walk(`q=${tag}&health=first&dir=desc`, 2))).toEqual(['B:failing', 'B:failing', 'D:warning', 'C:unknown', 'A:healthy']);
    expect((await walk(`q=${tag}&health=first&sort=step&dir=desc`, 3)).map(label)).toEqual(['B/collector/TBD', 'B/sources/TBD', 'D/sources/TBD', 'C/sources/TBD', 'A/sources/TBD']);
    // The health recovers: the rows move back.
    await setHealth(failing, 'healthy');
    expect(names(await walk(`q=${tag}&health=first`, 5))).toEqual(['D:warning', 'C:unknown', 'A:healthy', 'B:healthy', 'B:healthy']);
  });

  it('a step or company deleted between two pages is not shown; a cursor of another query is refused', async () => {
    const tag = `del${uniqueSuffix()}`.toLowerCase();
    const first = await makeCompany(`A ${tag}`, { integrationSteps: ['sources', 'collector'] });
    const second = await makeCompany(`B ${tag}`, { integrationSteps: ['sources', 'collector'] });
    const page1 = await report(`q=${tag}&limit=1`);
    expect(page1.body.rows.map(label)).toEqual(['A/sources/TBD']);
    // Taken off the list, and a company deleted, between the pages.
    await updateCompany(first, { integrationSteps: ['sources'] });
    await markCompanyDeleting(second.id, second.version, new Date().toISOString());
    const rest: StatusReportRow[] = [];
    let cursor = page1.body.next;
    while (cursor) {
      const page = await report(`q=${tag}&limit=1&cursor=${cursor}`);
      expect(page.status).toBe(200);
      rest.push(...page.body.rows);
      cursor = page.body.next;
    }
    expect(rest).toEqual([]);
    for (const other of [`q=${tag}&limit=1&dir=desc`, `q=${tag}&limit=1&sort=step`, `q=${tag}x&limit=1`, `q=${tag}&limit=1&completed=hidden`, `q=${tag}&limit=1&health=first`]) {
      const refused = await report(`${other}&cursor=${page1.body.next}`);
      expect(refused.status).toBe(400);
      expect((refused.body as unknown as { errors: unknown }).errors).toEqual({ cursor: 'validation.invalid' });
    }
  });

  it('is refused to customers and managers', async () => {
    const company = await makeCompany('Report refused');
    for (const role of ['ROLE_USER', 'ROLE_MANAGER'] as const) {
      const client = await signedIn(stack.url, await makeUser(role, company));
      expect((await client.get('/api/integration-status/report')).status).toBe(403);
    }
  });
});
