import { describe, expect, it } from 'vitest';
import { keys } from './keys';
import { commissionsPage, putNewCommission, type CommissionRecord } from './commissions';
import { countSources, deleteSourceWithRules, listSources, putNewSource, reindexCompanySources, sourcesPage, updateSource, type SourceFieldsRecord, type SourceRecord } from './sources';
import { failNext, interpose, recordCommands, under } from './testing/faults';
import { uid, useTestTable } from './testing/table';

const table = useTestTable();

const AT = '2026-01-01T00:00:00.000Z';
/** A source of the company, a name of its own. */
const source = (companyId: string, over: Partial<SourceRecord> = {}): SourceRecord => ({
  ...{ id: uid(), companyId, name: `Google Ads ${uid()}`, channel: 'Paid Search', businessModel: 'CPC', deduplication: 'Last Paid Click' },
  ...{ utmSource: 'google', utmMedium: 'cpc', utmCampaign: '', agency: '', version: 1, created: AT, updated: AT },
  ...over,
});
/** A source stored by the repository, in a new company. */
async function stored(): Promise<{ companyId: string; record: SourceRecord }> {
  const companyId = uid();
  const record = source(companyId);
  await putNewSource(record);
  return { companyId, record };
}
const fields = ({ id: _id, version: _version, companyId: _companyId, created: _created, updated: _updated, ...rest }: SourceRecord, over: Partial<SourceFieldsRecord> = {}): SourceFieldsRecord => ({ ...rest, ...over });
const auditOf = (id: string) => table.partition(`AUDIT#source#${id}`);
const nameGuard = (companyId: string, name: string) => table.item(keys.sourceNameGuard(companyId, name));

/** `n` rules and `m` commissions of the source (and one rule of another source). */
async function hangers(companyId: string, sourceId: string, n: number, m = 0): Promise<void> {
  for (let i = 0; i < n; i++) await table.put({ ...keys.rule(companyId, `r-${sourceId}-${i}`), sourceId });
  for (let i = 0; i < m; i++) await table.put({ ...keys.commission(companyId, `c-${sourceId}-${i}`), sourceId });
  await table.put({ ...keys.rule(companyId, `other-${sourceId}`), sourceId: 'another' });
}

describe('putNewSource', () => {
  it('writes the source, its id guard (any company) and its name guard (the company), with the audit record', async () => {
    const companyId = uid();
    const record = source(companyId, { id: uid().toUpperCase() });
    expect(await putNewSource(record)).toEqual({ ok: true, value: record });
    expect(await table.item(keys.source(companyId, record.id))).toEqual({ pk: `COMPANY#${companyId}`, sk: `SOURCE#${record.id}`, ...record });
    expect(await table.item(keys.sourceIdGuard(record.id))).toEqual({ pk: `SOURCE_ID#${record.id.toLowerCase()}`, sk: 'SOURCE_ID', companyId });
    expect(await nameGuard(companyId, ` ${record.name.toUpperCase()} `)).toEqual({ ...keys.sourceNameGuard(companyId, record.name), sourceId: record.id });
    expect(await auditOf(record.id)).toEqual([expect.objectContaining({ action: 'create', sk: `V000000000001#${record.created}`, after: expect.objectContaining({ name: record.name }) })]);
    expect(await listSources(companyId)).toEqual([record]);
    expect(await countSources(companyId)).toBe(1);
  });

  it("an id used in any company is 'taken', a name used in the company (any case) is 'nameTaken': nothing written", async () => {
    const companyId = uid();
    const first = await putNewSource(source(companyId));
    const first_ = (first as { value: SourceRecord }).value;
    expect(await putNewSource(source(uid(), { id: first_.id.toUpperCase() }))).toEqual({ ok: false, reason: 'taken' });
    const sameName = source(companyId, { name: ` ${first_.name.toLowerCase()}` });
    expect(await putNewSource(sameName)).toEqual({ ok: false, reason: 'nameTaken' });
    expect(await table.item(keys.sourceIdGuard(sameName.id))).toBeUndefined();
    expect(await listSources(companyId)).toEqual([first_]);
    // The same name in another company is free.
    expect((await putNewSource(source(uid(), { name: first_.name }))).ok).toBe(true);
  });

  it("takes over the name guard of a legacy pair that points at the source itself", async () => {
    const companyId = uid();
    const record = source(companyId);
    await table.put({ ...keys.sourceNameGuard(companyId, record.name), sourceId: record.id });
    expect(await putNewSource(record)).toEqual({ ok: true, value: record });
  });

  it('passes on an error that is no refusal', async () => {
    await expect(putNewSource(source(uid(), { agency: 'x'.repeat(500_000) }))).rejects.toMatchObject({ name: 'ValidationException' });
  });
});

describe('updateSource', () => {
  it('replaces the fields on the version read (version + 1), moves the name guard, records the change, answers the saved source', async () => {
    const { companyId, record } = await stored();
    const name = `Bing ${uid()}`;
    const outcome = await updateSource(companyId, record.id, 1, fields(record, { name, utmSource: 'bing' }), '2026-02-02T00:00:00.000Z');
    const saved = { ...record, name, utmSource: 'bing', updated: '2026-02-02T00:00:00.000Z', version: 2 };
    expect(outcome).toEqual({ ok: true, value: saved });
    expect(await listSources(companyId)).toEqual([saved]);
    expect(await nameGuard(companyId, record.name)).toBeUndefined();
    expect(await nameGuard(companyId, name)).toMatchObject({ sourceId: record.id });
    expect((await auditOf(record.id))[1]).toMatchObject({ sk: `V000000000002#${record.created}`, action: 'update', before: { name: record.name, utmSource: 'google' }, after: { name, utmSource: 'bing' } });
  });

  it('a change of case only keeps the guard', async () => {
    const { companyId, record } = await stored();
    expect(await updateSource(companyId, record.id, 1, fields(record, { name: record.name.toUpperCase() }), 'now')).toMatchObject({ ok: true, value: { name: record.name.toUpperCase(), version: 2 } });
    expect(await nameGuard(companyId, record.name)).toMatchObject({ sourceId: record.id });
  });

  it("'nameTaken' for a name another source holds, 'stale' on another version, 'missing' when gone: nothing changes", async () => {
    const companyId = uid();
    const [a, b] = [source(companyId), source(companyId)];
    await putNewSource(a);
    await putNewSource(b);
    expect(await updateSource(companyId, a.id, 1, fields(a, { name: b.name.toUpperCase() }), 'now')).toEqual({ ok: false, reason: 'nameTaken' });
    expect(await updateSource(companyId, a.id, 2, fields(a, { channel: 'x' }), 'now')).toEqual({ ok: false, reason: 'stale' });
    expect(await updateSource(companyId, uid(), 1, fields(a), 'now')).toEqual({ ok: false, reason: 'missing' });
    expect(await listSources(companyId)).toEqual([a, b].sort((x, y) => x.id.localeCompare(y.id)));
    expect(await nameGuard(companyId, a.name)).toMatchObject({ sourceId: a.id });
    expect(await auditOf(a.id)).toHaveLength(1);
  });

  it("a deletion between the read and the write is 'missing'", async () => {
    const { companyId, record } = await stored();
    await under(interpose('TransactWriteItemsCommand', { before: async () => void (await deleteSourceWithRules(companyId, record.id, 1)) }), async () => {
      expect(await updateSource(companyId, record.id, 1, fields(record, { channel: 'x' }), 'now')).toEqual({ ok: false, reason: 'missing' });
    });
  });

  it('a source made before the name guards: its old name is freed only if it holds it', async () => {
    const companyId = uid();
    const [legacy, other] = [source(companyId), source(companyId)];
    // A legacy pair of one name: the guard is the other source's.
    await table.put({ ...keys.source(companyId, legacy.id), ...legacy, name: other.name });
    await putNewSource(other);
    const name = `Renamed ${uid()}`;
    expect(await updateSource(companyId, legacy.id, 1, fields(legacy, { name }), 'now')).toMatchObject({ ok: true });
    expect(await nameGuard(companyId, other.name)).toMatchObject({ sourceId: other.id });
    expect(await nameGuard(companyId, name)).toMatchObject({ sourceId: legacy.id });
  });

  it("a source deleted right after the write is 'missing' (the answer is read back)", async () => {
    const { companyId, record } = await stored();
    await under(interpose('TransactWriteItemsCommand', { after: () => table.delete(keys.source(companyId, record.id)) }), async () => {
      expect(await updateSource(companyId, record.id, 1, fields(record, { channel: 'x' }), 'now')).toEqual({ ok: false, reason: 'missing' });
    });
  });
});

describe('deleteSourceWithRules', () => {
  it('deletes the source, its guards, its rules and its commissions in one transaction, with the audit record', async () => {
    const { companyId, record } = await stored();
    await hangers(companyId, record.id, 3, 2);
    expect(await deleteSourceWithRules(companyId, record.id, 1)).toMatchObject({ ok: true, value: { ruleIds: { length: 3 } } });
    expect(await listSources(companyId)).toEqual([]);
    expect(await table.item(keys.sourceIdGuard(record.id))).toBeUndefined();
    expect(await nameGuard(companyId, record.name)).toBeUndefined();
    expect((await table.partition(`COMPANY#${companyId}`)).map((item) => item.sk)).toEqual([`RULE#other-${record.id}`]);
    expect((await auditOf(record.id))[1]).toMatchObject({ sk: `V000000000002#${record.created}`, action: 'delete', after: {} });
    // Its id and name can be used again.
    expect((await putNewSource({ ...record, created: 'again' })).ok).toBe(true);
  });

  it('more rules than a transaction takes: the surplus goes first in batches, the source last', async () => {
    const { companyId, record } = await stored();
    await hangers(companyId, record.id, 90, 10);
    expect(await deleteSourceWithRules(companyId, record.id, 1)).toMatchObject({ ok: true, value: { ruleIds: { length: 90 } } });
    expect((await table.partition(`COMPANY#${companyId}`)).map((item) => item.sk)).toEqual([`RULE#other-${record.id}`]);
  });

  it("refuses another version ('stale', nothing deleted, also with a surplus) and a source that is gone ('missing')", async () => {
    const { companyId, record } = await stored();
    await hangers(companyId, record.id, 96);
    expect(await deleteSourceWithRules(companyId, record.id, 2)).toEqual({ ok: false, reason: 'stale' });
    // The source, its name guard, its 8 list rows, its 96 rules and the other source's one.
    expect(await table.partition(`COMPANY#${companyId}`)).toHaveLength(107);
    expect(await deleteSourceWithRules(companyId, uid(), 1)).toEqual({ ok: false, reason: 'missing' });
    const few = source(companyId);
    await putNewSource(few);
    expect(await deleteSourceWithRules(companyId, few.id, 3)).toEqual({ ok: false, reason: 'stale' });
    expect(await listSources(companyId)).toContainEqual(few);
  });

  it('keeps a name guard that is not its own (a legacy source without one)', async () => {
    const companyId = uid();
    const [legacy, other] = [source(companyId), source(companyId)];
    await table.put({ ...keys.source(companyId, legacy.id), ...legacy, name: other.name });
    await table.put({ ...keys.sourceIdGuard(legacy.id), companyId });
    await putNewSource(other);
    expect(await deleteSourceWithRules(companyId, legacy.id, 1)).toMatchObject({ ok: true, value: { ruleIds: { length: 0 } } });
    expect(await nameGuard(companyId, other.name)).toMatchObject({ sourceId: other.id });
  });

  it("a change or deletion between the read and the write: 'stale' or 'missing'", async () => {
    const { companyId, record } = await stored();
    await under(interpose('TransactWriteItemsCommand', { before: async () => void (await updateSource(companyId, record.id, 1, fields(record, { channel: 'x' }), 'now')) }), async () => {
      expect(await deleteSourceWithRules(companyId, record.id, 1)).toEqual({ ok: false, reason: 'stale' });
    });
    await under(interpose('TransactWriteItemsCommand', { before: async () => void (await deleteSourceWithRules(companyId, record.id, 2)) }), async () => {
      expect(await deleteSourceWithRules(companyId, record.id, 2)).toEqual({ ok: false, reason: 'missing' });
    });
  });

  it("a deletion already recorded (its audit record exists) is refused as 'stale'", async () => {
    const { companyId, record } = await stored();
    // Its audit record exists already (a version recorded twice): the transaction is refused on the audit item only.
    await table.put({ pk: `AUDIT#source#${record.id}`, sk: `V000000000002#${record.created}` });
    await expect(deleteSourceWithRules(companyId, record.id, 1)).resolves.toEqual({ ok: false, reason: 'stale' });
  });
});

describe('all or nothing, consistent reads, errors that are no refusal', () => {
  it('a refused deletion with few rules leaves every rule (they go in the transaction, not before it)', async () => {
    const { companyId, record } = await stored();
    await hangers(companyId, record.id, 3, 1);
    await under(interpose('TransactWriteItemsCommand', { before: async () => void (await updateSource(companyId, record.id, 1, fields(record, { channel: 'x' }), 'now')) }), async () => {
      expect(await deleteSourceWithRules(companyId, record.id, 1)).toEqual({ ok: false, reason: 'stale' });
    });
    expect((await table.partition(`COMPANY#${companyId}`)).filter((item) => String(item.sk).startsWith('RULE#') || String(item.sk).startsWith('COMMISSION#'))).toHaveLength(5);
  });

  it("the name guard's owner is read consistently (a guard written just before counts)", async () => {
    const { companyId, record } = await stored();
    const sent = recordCommands();
    await under(sent, async () => {
      await updateSource(companyId, record.id, 1, fields(record, { name: `n ${uid()}` }), 'now');
    });
    const guardRead = sent.sent.find((c) => c.command === 'GetItemCommand' && String((c.input.Key as { sk: string }).sk).startsWith('SOURCE_NAME#'));
    expect(guardRead?.input).toMatchObject({ ConsistentRead: true });
  });

  it('update and delete pass them on', async () => {
    const { companyId, record } = await stored();
    for (const write of [() => updateSource(companyId, record.id, 1, fields(record, { channel: 'x' }), 'now'), () => deleteSourceWithRules(companyId, record.id, 1)]) {
      await under(failNext('TransactWriteItemsCommand'), async () => {
        await expect(write()).rejects.toMatchObject({ name: 'TimeoutError' });
      });
    }
    expect(await listSources(companyId)).toEqual([record]);
  });
});

describe('a page of sources (their list rows) and of commissions', () => {
  const names = async (companyId: string, query: Parameters<typeof sourcesPage>[1], cursor: string | null = null, limit = 50) => {
    const page = await sourcesPage(companyId, query, cursor, limit);
    return { names: page.sources.map((s) => s.name), next: page.next };
  };
  const commission = (companyId: string, sourceRecord: SourceRecord, over: Partial<CommissionRecord> = {}): CommissionRecord => ({
    id: uid(), companyId, sourceId: sourceRecord.id, sourceName: sourceRecord.name, type: 'fixed', commission: 5, version: 1, created: AT, ...over,
  });

  it('pages, sorts, searches and filters by model; a rename moves the rows, a deletion removes them', async () => {
    const companyId = uid();
    const beta = source(companyId, { name: 'beta', channel: 'Email' });
    const alpha = source(companyId, { name: 'Alpha', channel: 'Display' });
    const gamma = source(companyId, { name: 'gamma', channel: 'Affiliate', businessModel: 'CPO', utmMedium: 'Partner' });
    for (const record of [beta, alpha, gamma]) await putNewSource(record);
    const first = await names(companyId, { sort: 'name', dir: 'asc' }, null, 2);
    expect(first.names).toEqual(['Alpha', 'beta']);
    expect(await names(companyId, { sort: 'name', dir: 'asc' }, first.next, 2)).toEqual({ names: ['gamma'], next: null });
    expect((await names(companyId, { sort: 'channel', dir: 'desc' })).names).toEqual(['beta', 'Alpha', 'gamma']);
    expect((await names(companyId, { sort: 'name', dir: 'asc', search: 'PARTNER' })).names).toEqual(['gamma']);
    expect((await names(companyId, { sort: 'name', dir: 'asc', businessModel: 'CPO' })).names).toEqual(['gamma']);
    expect(await updateSource(companyId, alpha.id, 1, fields(alpha, { name: 'zulu' }), AT)).toMatchObject({ ok: true });
    expect((await names(companyId, { sort: 'name', dir: 'asc' })).names).toEqual(['beta', 'gamma', 'zulu']);
    expect((await names(companyId, { sort: 'name', dir: 'asc', search: 'alpha' })).names).toEqual([]);
    expect(await deleteSourceWithRules(companyId, gamma.id, 1)).toMatchObject({ ok: true });
    expect((await names(companyId, { sort: 'channel', dir: 'asc' })).names).toEqual(['zulu', 'beta']);
    // Eight rows per source (one per column), none left of the deleted one.
    expect((await table.partition(`COMPANY#${companyId}`)).filter((item) => String(item.sk).startsWith('LIST#sources#'))).toHaveLength(16);
  });

  it("a source's rename renames its commissions and moves their rows; its deletion takes their rows", async () => {
    const companyId = uid();
    const awin = source(companyId, { name: 'Awin', businessModel: 'CPO' });
    const zanox = source(companyId, { name: 'Zanox', businessModel: 'CPO' });
    await putNewSource(awin);
    await putNewSource(zanox);
    await putNewCommission(commission(companyId, awin));
    await putNewCommission(commission(companyId, zanox, { type: 'percent', commission: 12.5 }));
    const bySource = async () => (await commissionsPage(companyId, { sort: 'sourceName', dir: 'asc' }, null, 50)).commissions.map((c) => c.sourceName);
    expect(await bySource()).toEqual(['Awin', 'Zanox']);
    expect(await updateSource(companyId, awin.id, 1, fields(awin, { name: 'Tradedoubler' }), AT)).toMatchObject({ ok: true });
    expect(await bySource()).toEqual(['Tradedoubler', 'Zanox']);
    expect((await commissionsPage(companyId, { sort: 'sourceName', dir: 'asc', search: 'awin' }, null, 50)).commissions).toEqual([]);
    expect((await commissionsPage(companyId, { sort: 'commission', dir: 'desc' }, null, 50)).commissions.map((c) => c.commission)).toEqual([12.5, 5]);
    expect(await deleteSourceWithRules(companyId, zanox.id, 1)).toMatchObject({ ok: true });
    expect(await bySource()).toEqual(['Tradedoubler']);
    expect((await table.partition(`COMPANY#${companyId}`)).filter((item) => String(item.sk).startsWith('LIST#commissions#'))).toHaveLength(3);
  });

  it('sources and commissions stored before the rows join their pages when re-indexed (npm run reindex-lists), with the source’s name now', async () => {
    const companyId = uid();
    const old = source(companyId, { name: 'Old one', businessModel: 'CPO' });
    await table.put({ ...keys.source(companyId, old.id), ...old });
    await table.put({ ...keys.commission(companyId, 'k1'), ...commission(companyId, old, { id: 'k1', sourceName: 'Its name long ago' }) });
    expect((await names(companyId, { sort: 'name', dir: 'asc' })).names).toEqual([]);
    expect(await reindexCompanySources(companyId)).toEqual({ sources: 1, commissions: 1 });
    expect((await names(companyId, { sort: 'name', dir: 'asc' })).names).toEqual(['Old one']);
    expect((await commissionsPage(companyId, { sort: 'sourceName', dir: 'asc', search: 'old one' }, null, 50)).commissions).toEqual([expect.objectContaining({ id: 'k1', sourceName: 'Old one' })]);
    // Again: harmless.
    expect(await reindexCompanySources(companyId)).toEqual({ sources: 1, commissions: 1 });
    expect((await names(companyId, { sort: 'name', dir: 'asc' })).names).toEqual(['Old one']);
  });
});
