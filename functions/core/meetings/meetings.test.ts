import { describe, expect, it } from 'vitest';
import type { MeetingChanges, MeetingRecord, WriteOutcome } from '../../data/meetings';
import { ConflictError, NotFoundError } from '../../platform/errors';
import { createMeeting, deleteCompanyMeeting, listCompanyMeetings, updateCompanyMeeting, type MeetingDeps } from './meetings';

/** An in-memory partitioned store with the repository's conditional semantics. */
function memoryDeps(now = new Date('2026-03-01T09:00:00.000Z')) {
  const items = new Map<string, MeetingRecord>();
  const key = (companyId: string, id: string) => `${companyId}/${id}`;
  const outcome = (companyId: string, id: string): { ok: false; reason: 'missing' | 'stale' } => ({
    ok: false,
    reason: items.has(key(companyId, id)) ? 'stale' : 'missing',
  });
  let n = 0;
  const deps: MeetingDeps = {
    listMeetings: async (companyId) => [...items.values()].filter((m) => m.companyId === companyId),
    putNewMeeting: async (meeting) => {
      items.set(key(meeting.companyId, meeting.id), meeting);
      return meeting;
    },
    updateMeeting: async (companyId, id, expected, changes: MeetingChanges, at): Promise<WriteOutcome<MeetingRecord>> => {
      const current = items.get(key(companyId, id));
      if (!current || current.version !== expected) return outcome(companyId, id);
      const next = { ...current, ...changes, updated: at, version: current.version + 1 };
      items.set(key(companyId, id), next);
      return { ok: true, value: next };
    },
    deleteMeeting: async (companyId, id, expected) => {
      const current = items.get(key(companyId, id));
      if (!current || current.version !== expected) return outcome(companyId, id);
      items.delete(key(companyId, id));
      return { ok: true, value: null };
    },
    newId: () => `m${++n}`,
    now: () => now,
  };
  return { deps, items };
}

describe('meetings use cases', () => {
  it('creates with the spec defaults: New Meeting, 30m, now + 7 days', async () => {
    const { deps } = memoryDeps();
    const meeting = await createMeeting('c1', {}, deps);
    expect(meeting).toEqual({ id: 'm1', name: 'New Meeting', duration: '30m', datetime: '2026-03-08T09:00:00.000Z', version: 1 });
  });

  it('keeps given fields and stores the datetime in UTC', async () => {
    const { deps } = memoryDeps();
    const meeting = await createMeeting('c1', { name: 'Kick-off', duration: '1h15m', datetime: '2026-04-01T10:30:00+02:00' }, deps);
    expect(meeting).toMatchObject({ name: 'Kick-off', duration: '1h15m', datetime: '2026-04-01T08:30:00.000Z' });
  });

  it('lists one company only, by datetime ascending', async () => {
    const { deps } = memoryDeps();
    await createMeeting('c1', { name: 'Later', datetime: '2026-05-01T10:00:00Z' }, deps);
    await createMeeting('c1', { name: 'Sooner', datetime: '2026-04-01T10:00:00Z' }, deps);
    await createMeeting('c2', { name: 'Elsewhere', datetime: '2026-03-01T10:00:00Z' }, deps);
    expect((await listCompanyMeetings('c1', deps)).map((m) => m.name)).toEqual(['Sooner', 'Later']);
  });

  it('updates on the version read, then refuses the stale version (409) and unknown ids (404)', async () => {
    const { deps } = memoryDeps();
    const created = await createMeeting('c1', {}, deps);
    const updated = await updateCompanyMeeting('c1', created.id, { version: 1, name: 'Renamed' }, deps);
    expect(updated).toMatchObject({ name: 'Renamed', duration: '30m', version: 2 });
    await expect(updateCompanyMeeting('c1', created.id, { version: 1, duration: '1h' }, deps)).rejects.toBeInstanceOf(ConflictError);
    await expect(updateCompanyMeeting('c2', created.id, { version: 2, duration: '1h' }, deps)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('deletes on the version read only', async () => {
    const { deps, items } = memoryDeps();
    const created = await createMeeting('c1', {}, deps);
    await updateCompanyMeeting('c1', created.id, { version: 1, name: 'Moved on' }, deps);
    await expect(deleteCompanyMeeting('c1', created.id, 1, deps)).rejects.toBeInstanceOf(ConflictError);
    expect(items.size).toBe(1);
    await expect(deleteCompanyMeeting('c1', created.id, 2, deps)).resolves.toEqual({ id: created.id });
    await expect(deleteCompanyMeeting('c1', created.id, 2, deps)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('puts the default a week ahead across a leap day, a year end and a month end, in UTC', async () => {
    const week = async (now: string) => (await createMeeting('c1', {}, memoryDeps(new Date(now)).deps)).datetime;
    expect(await week('2028-02-25T12:00:00.000Z')).toBe('2028-03-03T12:00:00.000Z'); // 29 February counts
    expect(await week('2027-02-25T12:00:00.000Z')).toBe('2027-03-04T12:00:00.000Z');
    expect(await week('2026-12-28T23:30:00.000Z')).toBe('2027-01-04T23:30:00.000Z');
    expect(await week('2026-01-31T00:00:00.000Z')).toBe('2026-02-07T00:00:00.000Z');
  });

  it('stamps created and updated with the clock, and keeps 29 February as given', async () => {
    const { deps, items } = memoryDeps(new Date('2028-02-29T08:00:00.000Z'));
    const meeting = await createMeeting('c1', { datetime: '2028-02-29T23:30:00-01:00' }, deps);
    expect(meeting.datetime).toBe('2028-03-01T00:30:00.000Z');
    expect(items.get('c1/m1')).toMatchObject({ companyId: 'c1', created: '2028-02-29T08:00:00.000Z', updated: '2028-02-29T08:00:00.000Z' });
  });

  it('orders ties by name, then id, and one second apart by time', async () => {
    const { deps } = memoryDeps();
    await createMeeting('c1', { name: 'B', datetime: '2026-12-31T23:59:59Z' }, deps);
    await createMeeting('c1', { name: 'A', datetime: '2027-01-01T00:00:00Z' }, deps);
    await createMeeting('c1', { name: 'A', datetime: '2026-12-31T23:59:59Z' }, deps);
    await createMeeting('c1', { name: 'A', datetime: '2026-12-31T23:59:59Z' }, deps);
    expect((await listCompanyMeetings('c1', deps)).map((m) => `${m.name}${m.id}`)).toEqual(['Am3', 'Am4', 'Bm1', 'Am2']);
  });

  it('answers meetings without partition or audit fields', async () => {
    const { deps } = memoryDeps();
    await createMeeting('c1', {}, deps);
    expect(Object.keys((await listCompanyMeetings('c1', deps))[0]!).sort()).toEqual(['datetime', 'duration', 'id', 'name', 'version']);
  });

  it('changes only the fields given, the datetime in UTC, stamped with the clock', async () => {
    const { deps, items } = memoryDeps(new Date('2026-12-31T22:00:00.000Z'));
    const created = await createMeeting('c1', { name: 'Kick-off' }, deps);
    const updated = await updateCompanyMeeting('c1', created.id, { version: 1, duration: '1h', datetime: '2027-01-01T00:30:00+01:00' }, deps);
    expect(updated).toEqual({ id: created.id, name: 'Kick-off', duration: '1h', datetime: '2026-12-31T23:30:00.000Z', version: 2 });
    expect(items.get('c1/m1')?.updated).toBe('2026-12-31T22:00:00.000Z');
  });

  it('names no meeting with an implausible id, without asking the table', async () => {
    const { deps } = memoryDeps();
    let asked = 0;
    deps.updateMeeting = async () => (asked++, { ok: false, reason: 'missing' });
    deps.deleteMeeting = async () => (asked++, { ok: false, reason: 'missing' });
    for (const id of ['', 'a'.repeat(65), 'a/b', 'x#1']) {
      await expect(updateCompanyMeeting('c1', id, { version: 1 }, deps)).rejects.toBeInstanceOf(NotFoundError);
      await expect(deleteCompanyMeeting('c1', id, 1, deps)).rejects.toBeInstanceOf(NotFoundError);
    }
    expect(asked).toBe(0);
    // 64 characters is a plausible id (asked, then missing).
    await expect(deleteCompanyMeeting('c1', 'A-9'.padEnd(64, 'z'), 1, deps)).rejects.toBeInstanceOf(NotFoundError);
    expect(asked).toBe(1);
  });
});

