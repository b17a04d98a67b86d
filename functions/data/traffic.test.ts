import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keys } from './keys';
import { fastPauses, holdBackBatches, under } from './testing/faults';
import { uid, useTestTable } from './testing/table';
import { getTrafficImport, listTraffic, putTraffic, recordTrafficImport, replaceTraffic } from './traffic';

const table = useTestTable();
const row = (utmSource: string, sessions = 1, utmMedium = 'cpc', utmCampaign = '') => ({ utmSource, utmMedium, utmCampaign, sessions });
const idOf = (r: { utmSource: string; utmMedium: string; utmCampaign: string }) => createHash('sha256').update(JSON.stringify([r.utmSource, r.utmMedium, r.utmCampaign])).digest('hex').slice(0, 32);

describe('traffic rows', () => {
  afterEach(() => vi.restoreAllMocks());

  it('one item per combination of the three values, keyed by their hash, in the company partition', async () => {
    const companyId = uid();
    const before = Date.now();
    const records = await putTraffic(companyId, [row('google', 10), row('bing', 3, 'cpc', 'spring')]);
    expect(records).toEqual([
      { ...row('google', 10), id: idOf(row('google')), companyId, version: 1, updated: expect.any(String) },
      { ...row('bing', 3, 'cpc', 'spring'), id: idOf(row('bing', 0, 'cpc', 'spring')), companyId, version: 1, updated: records[0]!.updated },
    ]);
    expect(Date.parse(records[0]!.updated)).toBeGreaterThanOrEqual(before - 1000);
    expect(await table.item(keys.traffic(companyId, idOf(row('google'))))).toEqual({ pk: `COMPANY#${companyId}`, sk: `TRAFFIC#${idOf(row('google'))}`, ...records[0] });
    // The same values again: the row's figure is replaced, not added.
    await putTraffic(companyId, [row('google', 12)]);
    const listed = await listTraffic(companyId);
    expect(listed).toHaveLength(2);
    expect(listed.find((r) => r.utmSource === 'google')?.sessions).toBe(12);
    expect(await listTraffic(uid())).toEqual([]);
    // Values that would collide if joined plainly stay apart.
    expect(idOf(row('a,b', 0, 'c'))).not.toBe(idOf(row('a', 0, 'b,c')));
  });

  it('writes any number of rows, 25 per call, and sends again what was left unprocessed', async () => {
    const companyId = uid();
    const rows = Array.from({ length: 60 }, (_, i) => row(`s${i}`, i));
    const sent = holdBackBatches(0);
    await under(sent, async () => {
      await putTraffic(companyId, rows);
    });
    expect(sent.sent).toEqual([25, 25, 10]);
    expect(await listTraffic(companyId)).toHaveLength(60);
    const pauses = fastPauses();
    const held = holdBackBatches(2);
    await under(held, async () => {
      await putTraffic(uid(), rows.slice(0, 4));
    });
    expect(held.sent).toEqual([1, 1, 2]);
    expect(pauses).toEqual([100, 200]);
  });

  it('an import replaces the traffic: combinations gone are deleted (any number), the rest overwritten, rules stay', async () => {
    const companyId = uid();
    await putTraffic(companyId, Array.from({ length: 30 }, (_, i) => row(`old${i}`)).concat([row('kept', 1)]));
    await table.put({ ...keys.rule(companyId, 'r1'), sourceId: 's' });
    const pauses = fastPauses();
    const held = holdBackBatches(4);
    const records = await under(held, () => replaceTraffic(companyId, [row('kept', 5), row('new', 2)]));
    // The put (2 rows: 1, then the other), then the deletions of 30 rows (25: 1, 1, then 23; then 5).
    expect(held.sent).toEqual([1, 1, 1, 1, 23, 5]);
    expect(pauses).toEqual([100, 100, 200]);
    expect(records.map((r) => r.utmSource)).toEqual(['kept', 'new']);
    const listed = await listTraffic(companyId);
    expect(listed.map((r) => `${r.utmSource}:${r.sessions}`).sort()).toEqual(['kept:5', 'new:2']);
    expect(await table.item(keys.rule(companyId, 'r1'))).toBeDefined();
  });
});

describe('the last traffic import', () => {
  it('is null until recorded, keeps the newest of two imports finishing out of order, and is no traffic row', async () => {
    const companyId = uid();
    expect(await getTrafficImport(companyId)).toBeNull();
    await putTraffic(companyId, [row('google', 10)]);
    await recordTrafficImport(companyId, { at: '2026-11-28T06:00:00.000Z', viewId: '100001', rows: 6 });
    await recordTrafficImport(companyId, { at: '2026-11-28T05:00:00.000Z', viewId: '100004', rows: 3 });
    expect(await getTrafficImport(companyId)).toEqual({ at: '2026-11-28T06:00:00.000Z', viewId: '100001', rows: 6 });
    await recordTrafficImport(companyId, { at: '2026-11-29T06:00:00.000Z', viewId: '100001', rows: 5 });
    expect(await getTrafficImport(companyId)).toEqual({ at: '2026-11-29T06:00:00.000Z', viewId: '100001', rows: 5 });
    expect(await table.item(keys.trafficImport(companyId))).toMatchObject({ pk: `COMPANY#${companyId}`, sk: 'TRAFFICIMPORT' });
    expect((await listTraffic(companyId)).map((r) => r.utmSource)).toEqual(['google']);
    expect(await getTrafficImport(uid())).toBeNull();
  });
});
