import { beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRecord } from '../../functions/data/companies';
import { makeCompany, makeUser, signedIn } from './helpers/accounts';
import type { Browser } from './helpers/browser';
import { localStack, useLocalEnv } from '../support/local-stack';

/** The agenda calls through the local gateway: GET/POST /api/meetings, PUT/DELETE /api/meetings/{id}. */

let stack: ReturnType<typeof localStack>;

beforeAll(() => {
  useLocalEnv();
  stack = localStack();
});

interface MeetingBody {
  id: string;
  name: string;
  duration: string;
  datetime: string;
  version: number;
}

const as = async (role: 'ROLE_USER' | 'ROLE_MANAGER' | 'ROLE_ADMIN', company: CompanyRecord): Promise<Browser> =>
  signedIn(stack.url, await makeUser(role, company));

const create = (client: Browser, body: Record<string, unknown> = {}) => client.post('/api/meetings', body);
const update = (client: Browser, id: string, body: Record<string, unknown>) =>
  client.request('PUT', `/api/meetings/${encodeURIComponent(id)}`, { json: body });
const remove = (client: Browser, id: string, body: Record<string, unknown>) =>
  client.request('DELETE', `/api/meetings/${encodeURIComponent(id)}`, { json: body });
const list = async (client: Browser): Promise<MeetingBody[]> => {
  const answer = await client.get<MeetingBody[]>('/api/meetings');
  expect(answer.status).toBe(200);
  return answer.body;
};

describe('creating meetings', () => {
  it('fills the spec defaults (New Meeting, 30m, now + 7 days) and lists by datetime ascending', async () => {
    const company = await makeCompany('Agenda defaults');
    const admin = await as('ROLE_ADMIN', company);
    const before = Date.now();
    const created = await create(admin);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'New Meeting', duration: '30m', version: 1 });
    const inSevenDays = Date.parse(created.body.datetime) - before;
    expect(inSevenDays).toBeGreaterThanOrEqual(7 * 86_400_000 - 1000);
    expect(inSevenDays).toBeLessThan(7 * 86_400_000 + 60_000);

    await create(admin, { name: 'Kick-off', duration: '1h', datetime: '2026-01-05T09:00:00+01:00' });
    await create(admin, { name: 'Feed review (J+30)', duration: '45m', datetime: '2099-06-01T14:30:00Z' });
    const customer = await as('ROLE_USER', company);
    const meetings = await list(customer);
    expect(meetings.map((m) => m.name)).toEqual(['Kick-off', 'New Meeting', 'Feed review (J+30)']);
    expect(meetings[0]).toMatchObject({ duration: '1h', datetime: '2026-01-05T08:00:00.000Z', version: 1 });
    expect(Object.keys(meetings[0]!).sort()).toEqual(['datetime', 'duration', 'id', 'name', 'version']);
  });

  it('creates twice when asked twice at once (two meetings, two ids)', async () => {
    const company = await makeCompany('Agenda twice');
    const admin = await as('ROLE_ADMIN', company);
    const [a, b] = await Promise.all([create(admin, { name: 'Twin' }), create(admin, { name: 'Twin' })]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.id).not.toBe(b.body.id);
    expect(await list(admin)).toHaveLength(2);
  });
});

describe('who may do what', () => {
  it('lets customers and managers read their company’s agenda and nothing more', async () => {
    const company = await makeCompany('Agenda roles');
    const admin = await as('ROLE_ADMIN', company);
    const meeting = (await create(admin, { name: 'Weekly' })).body;
    for (const role of ['ROLE_USER', 'ROLE_MANAGER'] as const) {
      const client = await as(role, company);
      expect((await list(client)).map((m) => m.name)).toEqual(['Weekly']);
      expect((await create(client, { name: 'Mine' })).status).toBe(403);
      expect((await update(client, meeting.id, { version: 1, name: 'Hijacked' })).status).toBe(403);
      expect((await remove(client, meeting.id, { version: 1 })).status).toBe(403);
    }
    expect(await list(admin)).toEqual([meeting]);
  });

  it('never reads or touches another company’s meetings, whatever ids the request carries', async () => {
    const a = await makeCompany('Agenda A');
    const b = await makeCompany('Agenda B');
    const adminA = await as('ROLE_ADMIN', a);
    const adminB = await as('ROLE_ADMIN', b);
    const ofB = (await create(adminB, { name: 'Secret of B' })).body;

    // Ids of B in the query and the body change nothing: the company is the session's.
    const created = await adminA.post('/api/meetings?company=' + b.id, { name: 'Of A', company: b.id, companyId: b.id });
    expect(created.status).toBe(201);
    expect((await list(adminA)).map((m) => m.name)).toEqual(['Of A']);
    expect((await update(adminA, ofB.id, { version: 1, name: 'Changed by A' })).status).toBe(404);
    expect((await remove(adminA, ofB.id, { version: 1 })).status).toBe(404);
    expect(await list(adminB)).toEqual([ofB]);
    const customerA = await as('ROLE_USER', a);
    expect(JSON.stringify(await customerA.get('/api/meetings?company=' + b.id))).not.toContain('Secret of B');
  });

  it('refuses anonymous callers', async () => {
    const { Browser } = await import('./helpers/browser');
    const anonymous = new Browser(stack.url);
    expect((await anonymous.get('/api/meetings')).status).toBe(401);
    expect((await anonymous.post('/api/meetings', {})).status).toBe(401);
  });
});

describe('editing with versions', () => {
  it('updates the changed fields, bumps the version and refuses the stale one with 409', async () => {
    const company = await makeCompany('Agenda edit');
    const admin = await as('ROLE_ADMIN', company);
    const meeting = (await create(admin, { name: 'Kick-off', datetime: '2030-03-01T10:00:00.000Z' })).body;
    const renamed = await update(admin, meeting.id, { version: 1, name: '  Kick-off call  ' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ ...meeting, name: 'Kick-off call', version: 2 });
    const moved = await update(admin, meeting.id, { version: 2, duration: '1h30m', datetime: '2030-03-02T08:15:00+01:00' });
    expect(moved.body).toMatchObject({ duration: '1h30m', datetime: '2030-03-02T07:15:00.000Z', name: 'Kick-off call', version: 3 });

    const stale = await update(admin, meeting.id, { version: 2, name: 'Overwrite' });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('conflict');
    expect((await list(admin))[0]).toEqual(moved.body);
  });

  it('20 concurrent edits of one version: exactly 1 success and 19 conflicts', async () => {
    const company = await makeCompany('Agenda race');
    const admin = await as('ROLE_ADMIN', company);
    const meeting = (await create(admin)).body;
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => update(admin, meeting.id, { version: 1, name: `Edit ${i}` })));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const winner = answers.find((a) => a.status === 200)!.body;
    expect(await list(admin)).toEqual([{ ...winner, version: 2 }]);
  });

  it('deletes only the version read; a second delete finds nothing', async () => {
    const company = await makeCompany('Agenda delete');
    const admin = await as('ROLE_ADMIN', company);
    const meeting = (await create(admin)).body;
    await update(admin, meeting.id, { version: 1, name: 'Moved on' });
    const stale = await remove(admin, meeting.id, { version: 1 });
    expect(stale.status).toBe(409);
    expect(await list(admin)).toHaveLength(1);
    const [first, second] = await Promise.all([remove(admin, meeting.id, { version: 2 }), remove(admin, meeting.id, { version: 2 })]);
    expect([first.status, second.status].sort()).toEqual([200, 404]);
    expect(await list(admin)).toEqual([]);
    expect((await remove(admin, 'no-such-meeting', { version: 1 })).status).toBe(404);
    // An id no meeting can have (too long for a key, odd characters) is a 404 too, never a 500.
    expect((await update(admin, 'x'.repeat(2000), { version: 1, name: 'Long' })).status).toBe(404);
    expect((await remove(admin, '../../etc', { version: 1 })).status).toBe(404);
  });
});

describe('bad input', () => {
  it('answers 400 with a field message id per bad field and changes nothing', async () => {
    const company = await makeCompany('Agenda bad input');
    const admin = await as('ROLE_ADMIN', company);
    const meeting = (await create(admin, { name: 'Steady' })).body;

    const wrongTypes = await create(admin, { name: 5, duration: 30, datetime: 1_700_000_000 });
    expect(wrongTypes.status).toBe(400);
    expect(wrongTypes.body.errors).toEqual({ name: 'validation.invalid', duration: 'validation.invalid', datetime: 'validation.invalid' });

    const badValues = await create(admin, { name: '   ', duration: '2h', datetime: '31/02/2030 10:00' });
    expect(badValues.body.errors).toEqual({ name: 'validation.required', duration: 'validation.meeting.duration', datetime: 'validation.meeting.datetime' });

    const tooLong = await create(admin, { name: 'x'.repeat(121) });
    expect(tooLong.body.errors).toEqual({ name: 'validation.meeting.nameTooLong' });
    const impossible = await create(admin, { datetime: '2030-02-30T10:00:00Z' });
    expect(impossible.body.errors).toEqual({ datetime: 'validation.meeting.datetime' });

    const noVersion = await update(admin, meeting.id, { name: 'Changed' });
    expect(noVersion.status).toBe(400);
    expect(noVersion.body.errors).toEqual({ version: 'validation.required' });
    expect((await update(admin, meeting.id, { version: '1', name: 'Changed' })).body.errors).toEqual({ version: 'validation.invalid' });
    expect((await update(admin, meeting.id, { version: 1, name: null })).body.errors).toEqual({ name: 'validation.required' });
    expect((await update(admin, meeting.id, { version: 1, name: '' })).status).toBe(400);
    expect((await remove(admin, meeting.id, {})).body.errors).toEqual({ version: 'validation.required' });
    const notJson = await admin.request('PUT', `/api/meetings/${meeting.id}`, { body: 'name=x', headers: { 'content-type': 'text/plain' } });
    expect(notJson.status).toBe(415);

    expect(await list(admin)).toEqual([meeting]);
  });
});
