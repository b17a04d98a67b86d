import { afterEach, describe, expect, it, vi } from 'vitest';
import { getHealthState, getHealthStates, getVolumeSeries, listHealthDays, putHealthDays, saveHealthState, saveVolumeSeries } from './data-health';
import { listAlertRecipients } from './users';
import { keys } from './keys';
import { fastPauses, holdBackBatches, readsOf, under } from './testing/faults';
import { uid, useTestTable } from './testing/table';

const table = useTestTable();
const DAYS_90 = 90 * 86_400;

describe('health days', () => {
  afterEach(() => vi.restoreAllMocks());

  it('one item per kind and day in the company partition, expiring 90 days after the day', async () => {
    const companyId = uid();
    await putHealthDays(companyId, '2026-03-01', [
      { kind: 'feed', status: 'healthy', checkedAt: '2026-03-01T06:00:00.000Z' },
      { kind: 'utm-linking', status: 'warning', checkedAt: '2026-03-01T06:00:01.000Z', reason: { key: 'health.utm.low', values: { percent: 40 } } },
    ]);
    const expiresAt = Date.parse('2026-03-01T00:00:00Z') / 1000 + DAYS_90;
    expect(await table.item(keys.healthDay(companyId, '2026-03-01', 'feed'))).toEqual({
      pk: `COMPANY#${companyId}`,
      sk: 'HEALTH#2026-03-01#feed',
      kind: 'feed',
      day: '2026-03-01',
      status: 'healthy',
      checkedAt: '2026-03-01T06:00:00.000Z',
      expiresAt,
    });
    expect(await table.item(keys.healthDay(companyId, '2026-03-01', 'utm-linking'))).toMatchObject({ reason: { key: 'health.utm.low', values: { percent: 40 } }, expiresAt });
    // The day's last check overwrites the earlier one.
    await putHealthDays(companyId, '2026-03-01', [{ kind: 'feed', status: 'failing', checkedAt: '2026-03-01T18:00:00.000Z' }]);
    expect(await table.item(keys.healthDay(companyId, '2026-03-01', 'feed'))).toMatchObject({ status: 'failing', checkedAt: '2026-03-01T18:00:00.000Z' });
    await putHealthDays(companyId, '2026-03-02', []);
  });

  it('sends again what DynamoDB left unprocessed, after a growing pause', async () => {
    const companyId = uid();
    const pauses = fastPauses();
    const held = holdBackBatches(2);
    await under(held, async () => {
      await putHealthDays(companyId, '2026-03-05', [
        { kind: 'feed', status: 'healthy', checkedAt: 'a' },
        { kind: 'analytics-access', status: 'healthy', checkedAt: 'b' },
        { kind: 'analytics-coverage', status: 'unknown', checkedAt: 'c' },
        { kind: 'utm-linking', status: 'healthy', checkedAt: 'd' },
      ]);
    });
    expect(held.sent).toEqual([1, 1, 2]);
    expect(pauses).toEqual([100, 200]);
    expect(await listHealthDays(companyId, '2026-03-01')).toHaveLength(4);
  });

  it('lists the days from a day on, oldest first, without the state item or other companies', async () => {
    const companyId = uid();
    await putHealthDays(companyId, '2026-02-27', [{ kind: 'feed', status: 'healthy', checkedAt: 'x' }]);
    await putHealthDays(companyId, '2026-03-02', [{ kind: 'feed', status: 'warning', checkedAt: 'y', reason: { key: 'k' } }]);
    await putHealthDays(companyId, '2026-02-28', [{ kind: 'analytics-access', status: 'failing', checkedAt: 'z' }]);
    await putHealthDays(uid(), '2026-03-01', [{ kind: 'feed', status: 'healthy', checkedAt: 'other' }]);
    await saveHealthState({ companyId, kinds: {}, alerted: {}, lastMailDay: null, mutes: {}, version: 0 }, { kinds: {}, alerted: {}, lastMailDay: null, mutes: {} });
    await table.put({ ...keys.step(companyId, 'sources'), status: 'TBD' });
    expect(await listHealthDays(companyId, '2026-02-28')).toEqual([
      { kind: 'analytics-access', day: '2026-02-28', status: 'failing', checkedAt: 'z' },
      { kind: 'feed', day: '2026-03-02', status: 'warning', checkedAt: 'y', reason: { key: 'k' } },
    ]);
    expect(await listHealthDays(companyId, '2026-03-03')).toEqual([]);
  });
});

describe('health state', () => {
  it('is empty (version 0) until the first run writes it; each run writes the version it read + 1', async () => {
    const companyId = uid();
    const empty = await getHealthState(companyId);
    expect(empty).toEqual({ companyId, kinds: {}, alerted: {}, lastMailDay: null, mutes: {}, version: 0 });
    const next = { kinds: { feed: { status: 'failing' as const, checkedAt: 't' } }, alerted: { feed: '2026-03-01' }, lastMailDay: '2026-03-01', mutes: {} };
    expect(await saveHealthState(empty, next)).toBe(true);
    expect(await table.item(keys.healthState(companyId))).toEqual({ pk: `COMPANY#${companyId}`, sk: 'HEALTHSTATE', companyId, ...next, version: 1 });
    const first = await getHealthState(companyId);
    expect(first).toEqual({ companyId, ...next, version: 1 });
    // A second run on what it read first: false, nothing written.
    expect(await saveHealthState(empty, { kinds: {}, alerted: {}, lastMailDay: null, mutes: {} })).toBe(false);
    expect(await saveHealthState(first, { ...next, lastMailDay: '2026-03-02' })).toBe(true);
    expect(await saveHealthState(first, { ...next, lastMailDay: '2026-03-03' })).toBe(false);
    expect(await getHealthState(companyId)).toMatchObject({ lastMailDay: '2026-03-02', version: 2 });
  });

  it('the volume series: one item of the partition, empty until written, replaced by the next write, not a health day', async () => {
    const companyId = uid();
    expect(await getVolumeSeries(companyId)).toEqual({ orders: {}, sessions: {} });
    await saveVolumeSeries(companyId, { orders: { '2026-03-01': 12 }, sessions: {} });
    await saveVolumeSeries(companyId, { orders: { '2026-03-01': 12, '2026-03-02': 0 }, sessions: { '2026-03-02': 900 } });
    expect(await table.item(keys.healthVolume(companyId))).toEqual({ pk: `COMPANY#${companyId}`, sk: 'HEALTHVOLUME', orders: { '2026-03-01': 12, '2026-03-02': 0 }, sessions: { '2026-03-02': 900 } });
    expect(await getVolumeSeries(companyId)).toEqual({ orders: { '2026-03-01': 12, '2026-03-02': 0 }, sessions: { '2026-03-02': 900 } });
    expect(await listHealthDays(companyId, '2026-01-01')).toEqual([]);
  });

  it('reads a state item with fields missing as the defaults', async () => {
    const companyId = uid();
    await table.put({ ...keys.healthState(companyId), companyId });
    expect(await getHealthState(companyId)).toEqual({ companyId, kinds: {}, alerted: {}, lastMailDay: null, mutes: {}, version: 0 });
  });

  it('passes on an error that is no refusal', async () => {
    const companyId = uid();
    await expect(saveHealthState({ companyId, kinds: {}, alerted: {}, lastMailDay: null, mutes: {}, version: 0 }, { kinds: {}, alerted: {}, lastMailDay: 'x'.repeat(500_000), mutes: {} })).rejects.toMatchObject({
      name: 'ValidationException',
    });
  });

  it("getHealthStates: the kinds of many companies' states, 100 keys a call, unprocessed ones asked again", async () => {
    const companies = [uid(), uid(), uid()];
    for (const [i, companyId] of companies.entries()) {
      await saveHealthState({ companyId, kinds: {}, alerted: {}, lastMailDay: null, mutes: {}, version: 0 }, { kinds: { feed: { status: 'healthy', checkedAt: `t${i}` } }, alerted: { feed: 'd' }, lastMailDay: 'd', mutes: {} });
    }
    await table.put({ ...keys.healthState(`${companies[0]}-bare`), companyId: `${companies[0]}-bare` });
    const sent = holdBackBatches(2);
    const states = await under(sent, () => getHealthStates([...companies, companies[0]!, `${companies[0]}-bare`, ...Array.from({ length: 120 }, () => uid())]));
    // 124 ids: 100 then 24; the first call answered one key at a time twice.
    expect(sent.sent).toEqual([1, 1, 98, 24]);
    expect(states.size).toBe(4);
    expect(states.get(companies[1]!)).toEqual({ kinds: { feed: { status: 'healthy', checkedAt: 't1' } }, mutes: {} });
    expect(states.get(`${companies[0]}-bare`)).toEqual({ kinds: {}, mutes: {} });
    expect(await getHealthStates([])).toEqual(new Map());
    // Gives up after 5 calls.
    const stubborn = holdBackBatches(10);
    await under(stubborn, async () => {
      expect((await getHealthStates(companies.concat(Array.from({ length: 5 }, () => uid())))).size).toBeLessThanOrEqual(3);
    });
    expect(stubborn.sent).toEqual([1, 1, 1, 1, 1]);
  });
});

describe('listAlertRecipients', () => {
  it("the company's users who did not turn the alerts off and are not deleted: id and login only", async () => {
    await table.alone(async () => {
      const companyId = uid();
      // Every user the company's reference rows name (users.ts writes them with the record): a
      // manager of the company and a user of another company are named too, and left out.
      const user = async (login: string, extra: Record<string, unknown> = {}, company = companyId) => {
        const id = uid();
        await table.put({ ...keys.user(id), gsi1pk: 'USERS', gsi1sk: login, id, login, companyId: company, managedCompanyIds: [], firstName: 'x', ...extra });
        await table.put({ ...keys.companyUser(companyId, id), userId: id });
        return id;
      };
      const plain = await user('a@x.test');
      const on = await user('b@x.test', { healthAlerts: true });
      await user('c@x.test', { healthAlerts: false });
      await user('d@x.test', { deletedAt: '2026-01-01' });
      const undeleted = await user('e@x.test', { deletedAt: null });
      await user('f@x.test', {}, uid());
      await user('g@x.test', { managedCompanyIds: [companyId] }, uid());
      expect(await listAlertRecipients(companyId)).toEqual([
        { id: plain, login: 'a@x.test' },
        { id: on, login: 'b@x.test' },
        { id: undeleted, login: 'e@x.test' },
      ]);
    });
  });
});

describe('what the reads ask for', () => {
  it('the state is read consistently (a run writes the version it read + 1)', async () => {
    expect(await readsOf(() => getHealthState(uid()))).toEqual([{ command: 'GetItemCommand', consistent: true, projection: null }]);
  });
});
