import { describe, expect, it } from 'vitest';
import { keys } from './keys';
import { listSteps, newStepItem, transitionStep } from './steps';
import { interpose, recordCommands, under } from './testing/faults';
import { uid, useTestTable } from './testing/table';

const table = useTestTable();

async function company(...types: Array<'sources' | 'collector' | 'status_feed'>): Promise<string> {
  const companyId = uid();
  for (const type of types) await table.put(newStepItem(companyId, type));
  return companyId;
}

describe('step items', () => {
  it('a new step is TBD, version 1, in the company partition', () => {
    expect(newStepItem('c1', 'sources')).toEqual({
      pk: 'COMPANY#c1',
      sk: 'STEP#sources',
      companyId: 'c1',
      stepType: 'sources',
      status: 'TBD',
      updated: null,
      version: 1,
    });
  });

  it("lists a company's steps (only its own, no other item of the partition)", async () => {
    const companyId = await company('sources', 'collector');
    await table.put({ ...keys.source(companyId, 's'), id: 's' });
    expect(await listSteps(companyId)).toEqual([
      { companyId, stepType: 'collector', status: 'TBD', updated: null, version: 1 },
      { companyId, stepType: 'sources', status: 'TBD', updated: null, version: 1 },
    ]);
    expect(await listSteps(uid())).toEqual([]);
  });
});

describe('transitionStep', () => {
  it('moves the step from the status read, with the time, version + 1 and its audit record', async () => {
    const companyId = await company('sources');
    const after = await transitionStep(companyId, 'sources', 'TBD', 'done', '2026-04-01T00:00:00.000Z');
    expect(after).toEqual({ companyId, stepType: 'sources', status: 'done', updated: '2026-04-01T00:00:00.000Z', version: 2 });
    expect(await listSteps(companyId)).toEqual([after]);
    const records = await table.partition(`AUDIT#step#${companyId}#sources`);
    expect(records).toEqual([expect.objectContaining({ action: 'update', companyId, before: { status: 'TBD' }, after: { status: 'done' } })]);
    // No version in the record's key: a step put back on the list starts again at 1.
    expect(records[0]!.sk).toMatch(/^T/);
  });

  it('keeps a note with the new status, drops the old one with a move without a note', async () => {
    const companyId = await company('status_feed');
    const noted = await transitionStep(companyId, 'status_feed', 'TBD', 'done', 't1', 'checked by hand');
    expect(noted).toMatchObject({ status: 'done', note: 'checked by hand' });
    expect((await listSteps(companyId))[0]).toMatchObject({ note: 'checked by hand' });
    const back = await transitionStep(companyId, 'status_feed', 'done', 'TBD', 't2');
    expect(back).toEqual({ companyId, stepType: 'status_feed', status: 'TBD', updated: 't2', version: 3 });
    expect(back).not.toHaveProperty('note');
    expect((await listSteps(companyId))[0]).not.toHaveProperty('note');
    const again = await transitionStep(companyId, 'status_feed', 'TBD', 'not_mandatory', 't3', '');
    expect(again).toMatchObject({ status: 'not_mandatory', note: '' });
  });

  it('null when the step is missing or no longer in the status read: of two moves exactly one happens', async () => {
    const companyId = await company('collector');
    expect(await transitionStep(companyId, 'sources', 'TBD', 'done', 't')).toBeNull();
    expect(await transitionStep(companyId, 'collector', 'done', 'TBD', 't')).toBeNull();
    const moves = await Promise.all([transitionStep(companyId, 'collector', 'TBD', 'done', 'a'), transitionStep(companyId, 'collector', 'TBD', 'done', 'b')]);
    expect(moves.filter(Boolean)).toHaveLength(1);
    expect((await listSteps(companyId))[0]).toMatchObject({ status: 'done', version: 2 });
  });

  it('null when the step moved between the read and the write (its version changed)', async () => {
    const companyId = await company('sources');
    // Same status, another version: someone moved it there and back.
    await under(interpose('TransactWriteItemsCommand', { before: () => table.put({ ...newStepItem(companyId, 'sources'), version: 3 }) }), async () => {
      expect(await transitionStep(companyId, 'sources', 'TBD', 'done', 't')).toBeNull();
    });
    expect((await listSteps(companyId))[0]).toMatchObject({ status: 'TBD', version: 3 });
    expect(await table.partition(`AUDIT#step#${companyId}#sources`)).toEqual([]);
  });

  it('passes on an error that is no refusal', async () => {
    const companyId = await company('sources');
    await expect(transitionStep(companyId, 'sources', 'TBD', 'done', 't', 'x'.repeat(500_000))).rejects.toMatchObject({ name: 'ValidationException' });
  });
});

describe('what a transition reads', () => {
  it('the step, consistently (the version read goes into the condition)', async () => {
    const companyId = await company('sources');
    const sent = recordCommands();
    await under(sent, async () => {
      await transitionStep(companyId, 'sources', 'TBD', 'done', 't');
    });
    expect(sent.sent[0]).toMatchObject({ command: 'GetItemCommand', input: { Key: keys.step(companyId, 'sources'), ConsistentRead: true } });
  });
});
