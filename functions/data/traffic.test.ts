import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keys } from './keys';
import { fastPauses, holdBackBatches, under } from './testing/faults';
import { uid, useTestTable } from './testing/table';
import { countTraffic, getTrafficImport, getTrafficSummary, listTraffic, putTraffic, recordTrafficImport, replaceTraffic, setLinks, trafficLinkedBy, trafficPage } from './traffic';

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
    // Its sort-index row in the company's partition: by sessions, zero-padded.
    expect(await table.item({ pk: `COMPANY#${companyId}`, sk: `LIST#traffic#sessions#000000000000010\u0001${idOf(row('google'))}` })).toMatchObject({ id: idOf(row('google')), linked: 'no' });
    // The same values again: the row's figure is replaced, not added.
    await putTraffic(companyId, [row('google', 12)]);
    const listed = await listTraffic(companyId);
    expect(listed).toHaveLength(2);
    expect(listed.find((r) => r.utmSource === 'google')?.sessions).toBe(12);
    // Its row moved with its sessions: one row per combination.
    expect((await table.partition(`COMPANY#${companyId}`)).filter((item) => String(item.sk).startsWith('LIST#traffic#sessions#')).map((item) => String(item.sk).slice(22, 37)).sort()).toEqual(['000000000000003', '000000000000012']);
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
    // The read of what is stored (a combination's row moves with its sessions), then each combination and its two rows (by sessions, by utm source).
    expect(sent.sent).toEqual([60, 25, 25, 25, 25, 25, 25, 25, 5]);
    expect(await listTraffic(companyId)).toHaveLength(60);
    const pauses = fastPauses();
    const held = holdBackBatches(2);
    await under(held, async () => {
      await putTraffic(uid(), rows.slice(0, 4));
    });
    // The read is held back (1, 1, then 2; asked again at once), then the 12 items (the import below holds back writes and their pauses).
    expect(held.sent).toEqual([1, 1, 2, 12]);
    expect(pauses).toEqual([]);
  });

  it('an import replaces the traffic: combinations gone are deleted (any number), the rest overwritten, rules stay', async () => {
    const companyId = uid();
    await putTraffic(companyId, Array.from({ length: 30 }, (_, i) => row(`old${i}`)).concat([row('kept', 1)]));
    await table.put({ ...keys.rule(companyId, 'r1'), sourceId: 's' });
    const pauses = fastPauses();
    const held = holdBackBatches(4);
    const records = await under(held, () => replaceTraffic(companyId, [row('kept', 5), row('new', 2)]));
    // The put (2 combinations and their two rows each, 6 items: 1 at a time while held back), then the deletions of 30 combinations, their 60 rows and the moved row of 'kept' (91: 25, 25, 25, 16).
    expect(held.sent).toEqual([1, 1, 1, 1, 2, 25, 25, 25, 16]);
    expect(pauses).toEqual([100, 200, 400, 800]);
    expect(records.map((r) => r.utmSource)).toEqual(['kept', 'new']);
    const listed = await listTraffic(companyId);
    expect(listed.map((r) => `${r.utmSource}:${r.sessions}`).sort()).toEqual(['kept:5', 'new:2']);
    expect((await table.partition(`COMPANY#${companyId}`)).filter((item) => String(item.sk).startsWith('LIST#traffic#sessions#'))).toHaveLength(2);
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

describe('link states, pages and counts', () => {
  const rows = [row('google', 50), row('bing', 30), row('mail', 30, 'email'), row('yahoo', 5)];

  it('pages by sessions with ties in a stable order, filters on the link state, and counts', async () => {
    const companyId = uid();
    const records = await putTraffic(companyId, rows);
    expect(await getTrafficSummary(companyId)).toBeNull();
    expect(await countTraffic(companyId)).toEqual({ unlinkedUtms: 4, unlinkedSessions: 115, totalSessions: 115, totalUtms: 4 });
    const google = records.find((r) => r.utmSource === 'google')!;
    const bing = records.find((r) => r.utmSource === 'bing')!;
    expect(await setLinks(companyId, [{ record: google, from: null, to: 'rule-1' }, { record: bing, from: null, to: 'rule-1' }])).toBe(2);
    // Written on the state read only: a link changed meanwhile is left to that change.
    expect(await setLinks(companyId, [{ record: google, from: null, to: 'rule-2' }])).toBe(0);
    expect(await countTraffic(companyId)).toEqual({ unlinkedUtms: 2, unlinkedSessions: 35, totalSessions: 115, totalUtms: 4 });
    expect(await getTrafficSummary(companyId)).toEqual({ unlinkedUtms: 2, unlinkedSessions: 35, totalSessions: 115, totalUtms: 4 });

    const first = await trafficPage(companyId, { dir: 'desc' }, null, 2);
    expect(first.rows.map((r) => [r.utmSource, r.linkedBy ?? null])).toEqual([['google', 'rule-1'], expect.any(Array)]);
    const second = await trafficPage(companyId, { dir: 'desc' }, first.next, 2);
    // The two of 30 sessions, one on each page, never twice.
    expect([first.rows[1]!.utmSource, second.rows[0]!.utmSource].sort()).toEqual(['bing', 'mail']);
    expect(second.rows[1]!.utmSource).toBe('yahoo');
    // A page that ends the list exactly may still hand a cursor: the page after it is empty and the last.
    if (second.next) expect(await trafficPage(companyId, { dir: 'desc' }, second.next, 2)).toEqual({ rows: [], next: null });
    expect((await trafficPage(companyId, { dir: 'desc', linked: false }, null, 10)).rows.map((r) => r.utmSource)).toEqual(['mail', 'yahoo']);
    expect((await trafficPage(companyId, { dir: 'asc', linked: true }, null, 10)).rows.map((r) => r.utmSource)).toEqual(['bing', 'google']);
    expect((await trafficPage(companyId, { dir: 'desc', search: 'EMAIL' }, null, 10)).rows.map((r) => r.utmSource)).toEqual(['mail']);
    expect((await trafficLinkedBy(companyId, ['rule-1'])).map((r) => r.utmSource).sort()).toEqual(['bing', 'google']);
    // A cursor of another query, or of another company's traffic, is refused.
    await expect(trafficPage(companyId, { dir: 'asc' }, first.next, 2)).rejects.toThrow(/cursor/);
    await expect(trafficPage(uid(), { dir: 'desc' }, first.next, 2)).rejects.toThrow(/cursor/);
    // Unlinked again: the row says so too.
    expect(await setLinks(companyId, [{ record: { ...google, linkedBy: 'rule-1' }, from: 'rule-1', to: null }])).toBe(1);
    expect((await trafficPage(companyId, { dir: 'desc', linked: false }, null, 10)).rows.map((r) => r.utmSource)).toEqual(['google', 'mail', 'yahoo']);
  });
});
