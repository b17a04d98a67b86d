import { describe, expect, it } from 'vitest';
import { deleteCollector, listCollectors, putNewCollector, replaceCollector, type CollectorRecord } from './collectors';
import { deleteCommission, listCommissions, putNewCommission, type CommissionRecord } from './commissions';
import { companyItems, countPartition, queryPartition } from './company-items';
import { keys } from './keys';
import { deleteMeeting, listMeetings, putNewMeeting, updateMeeting, type MeetingRecord } from './meetings';
import { failNext, interpose, recordCommands, under } from './testing/faults';
import { uid, useTestTable } from './testing/table';
import { deleteRule, listRules, listSourceRefs, putNewRule, type TrafficRuleRecord } from './traffic-rules';

/** The items of a company's partition, through the one generic repository (company-items.ts) and its users. */

const table = useTestTable();

const collector = (companyId: string, over: Partial<CollectorRecord> = {}): CollectorRecord => ({
  id: uid(),
  companyId,
  source: 'Awin',
  accessEmail: 'a@x.test',
  comment: '',
  commentStatus: '',
  configStatus: 'No',
  collectStatus: 'No',
  version: 1,
  created: '2026-01-01T00:00:00.000Z',
  updated: '2026-01-01T00:00:00.000Z',
  ...over,
});
const meeting = (companyId: string, over: Partial<MeetingRecord> = {}): MeetingRecord => ({
  id: uid(),
  companyId,
  name: 'Kick-off',
  duration: 30,
  datetime: '2026-03-01T10:00:00.000Z',
  version: 1,
  created: '2026-01-01T00:00:00.000Z',
  updated: '2026-01-01T00:00:00.000Z',
  ...over,
} as MeetingRecord);
const fields = ({ accessEmail, comment, commentStatus, configStatus, collectStatus }: CollectorRecord, source: string) => ({ source, accessEmail, comment, commentStatus, configStatus, collectStatus });
const auditOf = (kind: string, id: string) => table.partition(`AUDIT#${kind}#${id}`);

describe('putNew / list / get', () => {
  it("writes the item in the company's partition under its kind's prefix, with its audit record, and lists it", async () => {
    const companyId = uid();
    const item = collector(companyId);
    expect(await putNewCollector(item)).toEqual(item);
    expect(await table.item(keys.collector(companyId, item.id))).toEqual({ pk: `COMPANY#${companyId}`, sk: `COLLECTOR#${item.id}`, ...item });
    expect(await auditOf('collector', item.id)).toEqual([
      expect.objectContaining({ sk: `V000000000001#${item.created}`, action: 'create', companyId, after: expect.objectContaining({ source: 'Awin' }) }),
    ]);
    expect(await listCollectors(companyId)).toEqual([item]);
    // Another kind in the same partition, another company: not listed.
    await putNewMeeting(meeting(companyId));
    await putNewCollector(collector(uid()));
    expect(await listCollectors(companyId)).toEqual([item]);
    expect(await listCollectors(uid())).toEqual([]);
  });

  it('refuses an id already taken in the partition (never overwrites), recording nothing', async () => {
    const companyId = uid();
    const item = collector(companyId);
    await putNewCollector(item);
    await expect(putNewCollector({ ...item, source: 'Other' })).rejects.toMatchObject({ name: 'TransactionCanceledException' });
    expect(await listCollectors(companyId)).toEqual([item]);
    expect(await auditOf('collector', item.id)).toHaveLength(1);
  });

  it('lists every item, page after page, and counts them', async () => {
    const companyId = uid();
    // 30 meetings of 40 KB: more than one 1 MB page.
    const written: MeetingRecord[] = [];
    for (let i = 0; i < 30; i++) written.push(await putNewMeeting(meeting(companyId, { id: `m-${String(i).padStart(2, '0')}`, name: 'x'.repeat(40_000) })));
    const listed = await listMeetings(companyId);
    expect(listed.map((m) => m.id)).toEqual(written.map((m) => m.id));
    expect(await countPartition(companyId, keys.meetingPrefix)).toBe(30);
    expect(await countPartition(companyId, keys.collectorPrefix)).toBe(0);
    expect(await countPartition(uid(), keys.meetingPrefix)).toBe(0);
  });
});

describe('queryPartition / countPartition', () => {
  it('counts over more than one page, only the prefix asked, only the company asked', async () => {
    const companyId = uid();
    // A count-only Query reads up to 1 MB per page too: 25 items of 60 KB need two.
    for (let i = 0; i < 25; i++) await table.put({ ...keys.rule(companyId, `r${i}`), filler: 'x'.repeat(60_000) });
    await table.put({ ...keys.source(companyId, 's1'), id: 's1' });
    await table.put({ ...keys.rule(uid(), 'r1') });
    expect(await countPartition(companyId, keys.rulePrefix)).toBe(25);
    expect(await countPartition(companyId, keys.sourcePrefix)).toBe(1);
  });

  it('reads consistently (an item written just before is there) and takes a filter and projection', async () => {
    const companyId = uid();
    await table.put({ ...keys.rule(companyId, 'a'), sourceId: 's1', rule: [] });
    await table.put({ ...keys.rule(companyId, 'b'), sourceId: 's2', rule: [] });
    expect(await queryPartition(companyId, keys.rulePrefix, { FilterExpression: 'sourceId = :s', ProjectionExpression: 'sk', ExpressionAttributeValues: { ':s': 's2' } })).toEqual([{ sk: 'RULE#b' }]);
    expect((await queryPartition(companyId, keys.rulePrefix)).map((item) => item.sk)).toEqual(['RULE#a', 'RULE#b']);
  });
});

describe('update (on the version read)', () => {
  it('sets the given fields, version + 1, with the audit record of the change', async () => {
    const companyId = uid();
    const item = await putNewMeeting(meeting(companyId));
    const outcome = await updateMeeting(companyId, item.id, 1, { name: 'Review', duration: undefined }, '2026-02-02T00:00:00.000Z');
    const after = { ...item, name: 'Review', updated: '2026-02-02T00:00:00.000Z', version: 2 };
    expect(outcome).toEqual({ ok: true, value: after });
    expect(await listMeetings(companyId)).toEqual([after]);
    const records = await auditOf('meeting', item.id);
    expect(records[1]).toMatchObject({ sk: `V000000000002#${item.created}`, action: 'update', before: { name: 'Kick-off' }, after: { name: 'Review' } });
  });

  it('with no field to change, only the version moves', async () => {
    const companyId = uid();
    const item = await putNewMeeting(meeting(companyId));
    const generic = companyItems<MeetingRecord>(keys.meeting, keys.meetingPrefix, 'meeting');
    expect(await generic.update(companyId, item.id, 1, { name: undefined })).toEqual({ ok: true, value: { ...item, version: 2 } });
    expect(await table.item(keys.meeting(companyId, item.id))).toEqual({ ...keys.meeting(companyId, item.id), ...item, version: 2 });
  });

  it('replaceCollector sets every editable field and the time', async () => {
    const companyId = uid();
    const item = await putNewCollector(collector(companyId));
    const next = { source: 'Tradedoubler', accessEmail: 'b@x.test', comment: 'c', commentStatus: 'set up', configStatus: 'Yes' as const, collectStatus: 'Ongoing' as const };
    const outcome = await replaceCollector(companyId, item.id, 1, next, '2026-07-01T00:00:00.000Z');
    expect(outcome).toEqual({ ok: true, value: { ...item, ...next, updated: '2026-07-01T00:00:00.000Z', version: 2 } });
    expect(await listCollectors(companyId)).toEqual([{ ...item, ...next, updated: '2026-07-01T00:00:00.000Z', version: 2 }]);
  });

  it("'stale' for another version, 'missing' for no item (also another company's): nothing written", async () => {
    const companyId = uid();
    const item = await putNewCollector(collector(companyId));
    expect(await replaceCollector(companyId, item.id, 2, fields(item, 'X'), 'now')).toEqual({ ok: false, reason: 'stale' });
    expect(await replaceCollector(uid(), item.id, 1, fields(item, 'X'), 'now')).toEqual({ ok: false, reason: 'missing' });
    expect(await listCollectors(companyId)).toEqual([item]);
    expect(await auditOf('collector', item.id)).toHaveLength(1);
  });

  it('a change landing between the read and the write makes it stale; a deletion makes it missing', async () => {
    const companyId = uid();
    const item = await putNewCollector(collector(companyId));
    await under(interpose('TransactWriteItemsCommand', { before: () => table.put({ ...keys.collector(companyId, item.id), ...item, version: 2 }) }), async () => {
      expect(await replaceCollector(companyId, item.id, 1, fields(item, 'X'), 'now')).toEqual({ ok: false, reason: 'stale' });
    });
    const fresh = await putNewCollector(collector(companyId));
    await under(interpose('TransactWriteItemsCommand', { before: async () => void (await deleteCollector(companyId, fresh.id, 1)) }), async () => {
      expect(await replaceCollector(companyId, fresh.id, 1, fields(fresh, 'X'), 'now')).toEqual({ ok: false, reason: 'missing' });
    });
  });

  it('passes on an error that is no refusal', async () => {
    const companyId = uid();
    const item = await putNewMeeting(meeting(companyId));
    // A field name DynamoDB refuses in an expression attribute value: a ValidationException.
    await expect(updateMeeting(companyId, item.id, 1, { name: 'x'.repeat(500_000) }, 'now')).rejects.toMatchObject({ name: 'ValidationException' });
  });
});

describe('remove (on the version read)', () => {
  it('deletes the item with the audit record of the deletion (version + 1)', async () => {
    const companyId = uid();
    const item = await putNewCollector(collector(companyId));
    expect(await deleteCollector(companyId, item.id, 1)).toEqual({ ok: true, value: null });
    expect(await listCollectors(companyId)).toEqual([]);
    expect((await auditOf('collector', item.id))[1]).toMatchObject({ sk: `V000000000002#${item.created}`, action: 'delete', before: expect.objectContaining({ source: 'Awin' }), after: {} });
  });

  it("'stale', 'missing', and the same when the item moves between the read and the write", async () => {
    const companyId = uid();
    const item = await putNewMeeting(meeting(companyId));
    expect(await deleteMeeting(companyId, item.id, 2)).toEqual({ ok: false, reason: 'stale' });
    expect(await deleteMeeting(uid(), item.id, 1)).toEqual({ ok: false, reason: 'missing' });
    await under(interpose('TransactWriteItemsCommand', { before: () => table.put({ ...keys.meeting(companyId, item.id), ...item, version: 5 }) }), async () => {
      expect(await deleteMeeting(companyId, item.id, 1)).toEqual({ ok: false, reason: 'stale' });
    });
    await under(interpose('TransactWriteItemsCommand', { before: async () => void (await deleteMeeting(companyId, item.id, 5)) }), async () => {
      expect(await deleteMeeting(companyId, item.id, 5)).toEqual({ ok: false, reason: 'missing' });
    });
  });

  it("commissions answer 'ok', 'stale' or 'missing'", async () => {
    const companyId = uid();
    const commission: CommissionRecord = { id: uid(), companyId, sourceId: 's', sourceName: 'Awin', type: 'fixed', commission: 5, version: 1, created: 'c' };
    await putNewCommission(commission);
    expect(await listCommissions(companyId)).toEqual([commission]);
    expect(await deleteCommission(companyId, commission.id, 3)).toBe('stale');
    expect(await deleteCommission(companyId, commission.id, 1)).toBe('ok');
    expect(await deleteCommission(companyId, commission.id, 1)).toBe('missing');
  });
});

describe('UTM rules', () => {
  it('are items of the partition with their structured conditions; the source refs are id and name only', async () => {
    const companyId = uid();
    const rule: TrafficRuleRecord = { id: uid(), companyId, sourceId: 's1', rule: [{ type: 'equal', utm: 'utmSource', value: 'google' }], version: 1, created: 'c', updated: 'u' };
    await putNewRule(rule);
    expect(await listRules(companyId)).toEqual([rule]);
    expect((await table.item(keys.rule(companyId, rule.id)))?.rule).toEqual(rule.rule);
    expect(await deleteRule(companyId, rule.id, 1)).toEqual({ ok: true, value: null });
    await table.put({ ...keys.source(companyId, 'b'), id: 'b', name: 'Bing', channel: 'x' });
    await table.put({ ...keys.source(companyId, 'a'), id: 'a' });
    expect(await listSourceRefs(companyId)).toEqual([
      { id: 'a', name: '' },
      { id: 'b', name: 'Bing' },
    ]);
  });
});

describe('what the reads ask for, and errors that are no refusal', () => {
  it('the items and the item are read consistently (a page re-reads right after a write); a count reads no items', async () => {
    const companyId = uid();
    const item = await putNewMeeting(meeting(companyId));
    const sent = recordCommands();
    await under(sent, async () => {
      await listMeetings(companyId);
      await countPartition(companyId, keys.meetingPrefix);
      await updateMeeting(companyId, item.id, 1, { name: 'x' }, 'now');
      await listSourceRefs(companyId);
    });
    const reads = sent.sent.filter((c) => c.command !== 'TransactWriteItemsCommand');
    expect(reads.map((c) => [c.command, c.input.ConsistentRead ?? false, c.input.Select ?? null, c.input.ProjectionExpression ?? null])).toEqual([
      ['QueryCommand', true, null, null],
      ['QueryCommand', false, 'COUNT', null],
      ['GetItemCommand', true, null, null],
      ['QueryCommand', true, null, '#id, #name'],
    ]);
  });

  it('update and remove pass such errors on', async () => {
    const companyId = uid();
    const item = await putNewMeeting(meeting(companyId));
    for (const write of [() => updateMeeting(companyId, item.id, 1, { name: 'x' }, 'now'), () => deleteMeeting(companyId, item.id, 1)]) {
      await under(failNext('TransactWriteItemsCommand'), async () => {
        await expect(write()).rejects.toMatchObject({ name: 'TimeoutError' });
      });
    }
    expect(await listMeetings(companyId)).toEqual([item]);
  });
});
