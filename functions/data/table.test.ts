import { PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { documentClient } from '../platform/clients/dynamodb';
import { ConflictError } from '../platform/errors';
import { fastPauses, holdBackBatches, interpose, under } from './testing/faults';
import { uid, useTestTable } from './testing/table';
import {
  batchDeleteKeys,
  cancellationCodes,
  db,
  isConditionFailure,
  putWithGuard,
  queryAll,
  queryAllByIndex,
  queryPage,
  queryPages,
  stripKeys,
  tableName,
  transactWrite,
} from './table';

const table = useTestTable();

/** `n` items in partition `pk` (sk `I#00`, `I#01`...), each with an index entry in gsi1 partition `gsi`. */
async function seed(pk: string, n: number, gsi = `G#${pk}`, extra: (i: number) => Record<string, unknown> = () => ({})): Promise<void> {
  for (let i = 0; i < n; i++) {
    await table.put({ pk, sk: `I#${String(i).padStart(2, '0')}`, gsi1pk: gsi, gsi1sk: String(i).padStart(2, '0'), n: i, ...extra(i) });
  }
}

/** `n` items in a new partition, and their keys. */
async function seededKeys(n: number): Promise<{ pk: string; keys: Array<{ pk: string; sk: string }> }> {
  const pk = `D#${uid()}`;
  await seed(pk, n);
  return { pk, keys: (await table.partition(pk)).map((item) => ({ pk: item.pk as string, sk: item.sk as string })) };
}

/** The error DynamoDB Local raises for a cancelled transaction whose items' conditions are as given. */
async function cancelled(conditions: boolean[]): Promise<unknown> {
  const pk = `TX#${uid()}`;
  await table.put({ pk, sk: 'EXISTS' });
  return db()
    .send(
      new TransactWriteCommand({
        TransactItems: conditions.map((fails, i) => ({
          Put: { TableName: tableName(), Item: { pk, sk: fails ? 'EXISTS' : `NEW${i}` }, ConditionExpression: 'attribute_not_exists(pk)' },
        })),
      }),
    )
    .then(
      () => null,
      (error: unknown) => error,
    );
}

describe('the table and its client', () => {
  it('writes to the table TABLE_NAME names, through the one document client (undefined attributes dropped)', async () => {
    expect(tableName()).toBe(table.name);
    expect(db()).toBe(documentClient());
    const pk = `T#${uid()}`;
    await db().send(new PutCommand({ TableName: tableName(), Item: { pk, sk: 'x', gone: undefined, kept: 1 } }));
    expect(await table.item({ pk, sk: 'x' })).toEqual({ pk, sk: 'x', kept: 1 });
  });
});

describe('queryPages / queryAll (the paging helper of the repositories)', () => {
  it('follows LastEvaluatedKey through every page, in key order', async () => {
    const pk = `P#${uid()}`;
    await seed(pk, 7);
    const sizes: number[] = [];
    for await (const page of queryPages({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, Limit: 3 })) sizes.push(page.Items?.length ?? 0);
    expect(sizes.filter(Boolean)).toEqual([3, 3, 1]);
    const all = await queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, Limit: 2 });
    expect(all.map((item) => item.n)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('an empty partition is an empty list', async () => {
    expect(await queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `P#${uid()}` } })).toEqual([]);
  });
});

describe('queryAllByIndex', () => {
  it('reads one gsi1 partition, all pages (over 1 MB), without key attributes', async () => {
    const gsi = `BIG#${uid()}`;
    // 12 items of 100 KB: DynamoDB answers a Query in pages of at most 1 MB, so this takes two.
    await seed(`P#${uid()}`, 12, gsi, () => ({ filler: 'x'.repeat(100_000) }));
    await seed(`P#${uid()}`, 2, `OTHER#${uid()}`);
    const found = await queryAllByIndex<{ n: number; filler: string }>('gsi1', gsi);
    expect(found.map((item) => item.n)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(Object.keys(found[0]!).sort()).toEqual(['filler', 'n']);
  });

  it('applies a filter, a projection and attribute names', async () => {
    const gsi = `F#${uid()}`;
    await seed(`P#${uid()}`, 6, gsi, (i) => ({ even: i % 2 === 0, name: `n${i}`, other: 'o' }));
    expect(await queryAllByIndex('gsi1', gsi, { expression: 'even = :fyes', values: { ':fyes': true }, projection: '#name, n', names: { '#name': 'name' } })).toEqual([
      { name: 'n0', n: 0 },
      { name: 'n2', n: 2 },
      { name: 'n4', n: 4 },
    ]);
    expect(await queryAllByIndex('gsi1', gsi, { projection: 'n' })).toEqual([0, 1, 2, 3, 4, 5].map((n) => ({ n })));
  });
});

describe('condition failures', () => {
  it('knows the two errors a failed condition raises', async () => {
    const pk = `C#${uid()}`;
    await table.put({ pk, sk: 's' });
    const single = await db()
      .send(new PutCommand({ TableName: tableName(), Item: { pk, sk: 's' }, ConditionExpression: 'attribute_not_exists(pk)' }))
      .catch((error: unknown) => error);
    expect((single as Error).name).toBe('ConditionalCheckFailedException');
    expect(isConditionFailure(single)).toBe(true);
    const transaction = await cancelled([false, true]);
    expect((transaction as Error).name).toBe('TransactionCanceledException');
    expect(isConditionFailure(transaction)).toBe(true);
    expect(isConditionFailure(Object.assign(new Error('x'), { name: 'ValidationException' }))).toBe(false);
    expect(isConditionFailure(null)).toBe(false);
    expect(isConditionFailure(undefined)).toBe(false);
  });

  it("reads a cancelled transaction's reasons in the order of its items", async () => {
    expect(cancellationCodes(await cancelled([false, true, false]))).toEqual(['None', 'ConditionalCheckFailed', 'None']);
    expect(cancellationCodes(await cancelled([true]))).toEqual(['ConditionalCheckFailed']);
    expect(cancellationCodes({ CancellationReasons: [{}, { Code: 'TransactionConflict' }] })).toEqual(['None', 'TransactionConflict']);
    expect(cancellationCodes(new Error('other'))).toEqual([]);
    expect(cancellationCodes(null)).toEqual([]);
  });
});

describe('stripKeys', () => {
  it('removes the table and index keys only', () => {
    const item = { pk: 1, sk: 2, gsi1pk: 3, gsi1sk: 4, gsi2pk: 5, gsi2sk: 6, gsi3pk: 7, gsi3sk: 8, id: 'a', pkName: 'kept', version: 1 };
    expect(stripKeys(item)).toEqual({ id: 'a', pkName: 'kept', version: 1 });
  });
});

describe('putWithGuard', () => {
  const messages = { taken: 'name taken', exists: 'id used' };
  const entity = (id: string) => ({ pk: `E#${id}`, sk: 'E', id });
  const guard = (name: string, id: string) => ({ pk: `NAME#${name}`, sk: 'NAME', id });
  const audit = (id: string) => ({ Put: { TableName: tableName(), Item: { pk: `AUD#${id}`, sk: 'A' }, ConditionExpression: 'attribute_not_exists(pk)' } });

  it('writes the entity, its guards, the items alongside and the audit record together', async () => {
    const id = uid();
    await putWithGuard({
      item: entity(id),
      guard: guard(id, id),
      otherGuards: [{ item: { pk: `VIEW#${id}`, sk: 'V', id }, taken: () => new Error('view taken') }],
      alongside: [{ pk: `E#${id}`, sk: 'CHILD#1' }],
      audit: audit(id),
      messages,
    });
    expect(await table.item({ pk: `E#${id}`, sk: 'E' })).toEqual(entity(id));
    expect(await table.item({ pk: `NAME#${id}`, sk: 'NAME' })).toEqual(guard(id, id));
    expect(await table.item({ pk: `VIEW#${id}`, sk: 'V' })).toBeDefined();
    expect(await table.item({ pk: `E#${id}`, sk: 'CHILD#1' })).toBeDefined();
    expect(await table.item({ pk: `AUD#${id}`, sk: 'A' })).toBeDefined();
  });

  it("a taken guard is the 'taken' conflict and writes nothing", async () => {
    const [first, second] = [uid(), uid()];
    await putWithGuard({ item: entity(first), guard: guard(`n-${first}`, first), messages });
    const refused = await putWithGuard({ item: entity(second), guard: guard(`n-${first}`, second), alongside: [{ pk: `E#${second}`, sk: 'CHILD' }], audit: audit(second), messages }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ConflictError);
    expect((refused as Error).message).toBe('name taken');
    expect(await table.partition(`E#${second}`)).toEqual([]);
    expect(await table.item({ pk: `AUD#${second}`, sk: 'A' })).toBeUndefined();
    expect((await table.item({ pk: `NAME#n-${first}`, sk: 'NAME' }))?.id).toBe(first);
  });

  it("an existing entity is the 'exists' conflict; another guard taken is that guard's error", async () => {
    const id = uid();
    await putWithGuard({ item: entity(id), guard: guard(`a-${id}`, id), otherGuards: [{ item: { pk: `VIEW#${id}`, sk: 'V' }, taken: () => new Error('unused') }], messages });
    await expect(putWithGuard({ item: entity(id), guard: guard(`b-${id}`, id), messages })).rejects.toThrow(new ConflictError('id used'));
    expect(await table.item({ pk: `NAME#b-${id}`, sk: 'NAME' })).toBeUndefined();
    const other = uid();
    const viewTaken = new Error('view taken');
    await expect(
      putWithGuard({
        item: entity(other),
        guard: guard(`c-${other}`, other),
        otherGuards: [
          { item: { pk: `FREE#${other}`, sk: 'V' }, taken: () => new Error('not this one') },
          { item: { pk: `VIEW#${id}`, sk: 'V' }, taken: () => viewTaken },
        ],
        messages,
      }),
    ).rejects.toBe(viewTaken);
    expect(await table.item({ pk: `E#${other}`, sk: 'E' })).toBeUndefined();
  });

  it('a refusal of something else (the audit record exists already) is passed on as it is', async () => {
    const id = uid();
    await table.put({ pk: `AUD#${id}`, sk: 'A' });
    const error = await putWithGuard({ item: entity(id), guard: guard(`d-${id}`, id), audit: audit(id), messages }).catch((e: unknown) => e);
    expect((error as Error).name).toBe('TransactionCanceledException');
    expect(cancellationCodes(error)).toEqual(['None', 'None', 'ConditionalCheckFailed']);
    const invalid = await putWithGuard({ item: { pk: `E#${id}` }, guard: guard(`e-${id}`, id), messages }).catch((e: unknown) => e);
    expect((invalid as Error).name).toBe('ValidationException');
  });
});

describe('batchDeleteKeys', () => {
  afterEach(() => vi.restoreAllMocks());

  it('deletes any number of keys, 25 per call', async () => {
    const { pk, keys } = await seededKeys(60);
    const sent = holdBackBatches(0);
    await under(sent, async () => {
      await batchDeleteKeys(keys.slice(0, 55));
    });
    expect(sent.sent).toEqual([25, 25, 5]);
    expect((await table.partition(pk)).map((item) => item.n)).toEqual([55, 56, 57, 58, 59]);
    await batchDeleteKeys([]);
  });

  it('sends the unprocessed keys again, after a growing pause', async () => {
    const { pk, keys } = await seededKeys(4);
    const pauses = fastPauses();
    const held = holdBackBatches(2);
    await under(held, async () => {
      await batchDeleteKeys(keys);
    });
    // 1 of 4 sent, then 1 of 3, then the 2 left.
    expect(held.sent).toEqual([1, 1, 2]);
    expect(pauses).toEqual([100, 200]);
    expect(await table.partition(pk)).toEqual([]);
  });

  it('gives up after 9 calls that leave items unprocessed, with the pauses doubling', async () => {
    const { pk, keys } = await seededKeys(12);
    const pauses = fastPauses();
    const held = holdBackBatches(100);
    await under(held, async () => {
      await expect(batchDeleteKeys(keys)).rejects.toThrow('DynamoDB kept items unprocessed: run the write again');
    });
    expect(held.sent).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(pauses).toEqual([100, 200, 400, 800, 1600, 3200, 6400, 12800]);
    expect((await table.partition(pk)).length).toBe(3);
  });
});

describe('queryPage (the page a client pages through)', () => {
  const query = (pk: string) => ({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk } });
  const startKey = (cursor: string | null) => JSON.parse(Buffer.from(cursor!, 'base64url').toString('utf8')).k;
  const scope = { scope: 'test' };

  it('answers `limit` items and the cursor of the next page, null at the end', async () => {
    const pk = `Q#${uid()}`;
    await seed(pk, 5);
    const first = await queryPage(query(pk), null, 2, scope);
    expect(first.items.map((item) => item.n)).toEqual([0, 1]);
    expect(startKey(first.next)).toEqual({ pk, sk: 'I#01' });
    const second = await queryPage(query(pk), first.next, 2, scope);
    expect(second.items.map((item) => item.n)).toEqual([2, 3]);
    const last = await queryPage(query(pk), second.next, 2, scope);
    expect(last.items.map((item) => item.n)).toEqual([4]);
    expect(last.next).toBeNull();
    expect(await queryPage(query(pk), null, 10, scope)).toEqual({ items: expect.any(Array), next: null });
  });

  it('a filtered read goes on until the page is full, at most `maxReads` reads, then hands back its cursor', async () => {
    const pk = `Q#${uid()}`;
    await seed(pk, 10, `G#${pk}`, (i) => ({ keep: i === 1 || i >= 8 }));
    const filtered = { ...query(pk), FilterExpression: 'keep = :yes', ExpressionAttributeValues: { ':pk': pk, ':yes': true } };
    // Each read asks for the items still missing: 3 (item 1 found), 2, 2, 2 (item 8), 1 (item 9).
    expect(await queryPage(filtered, null, 3, scope)).toEqual({ items: [expect.objectContaining({ n: 1 }), expect.objectContaining({ n: 8 }), expect.objectContaining({ n: 9 })], next: expect.any(String) });
    const partial = await queryPage(filtered, null, 3, { ...scope, maxReads: 2 });
    expect(partial.items.map((item) => item.n)).toEqual([1]);
    expect(startKey(partial.next)).toEqual({ pk, sk: 'I#04' });
    const rest = await queryPage(filtered, partial.next, 3, { ...scope, maxReads: 2 });
    // 3 asked (5, 6, 7: none), 3 asked again (8 and 9, the end).
    expect(rest).toEqual({ items: [expect.objectContaining({ n: 8 }), expect.objectContaining({ n: 9 })], next: null });
  });

  it('reading ahead (`perRead`), the page is cut at `limit` and the next one starts after the last item kept', async () => {
    const pk = `Q#${uid()}`;
    await seed(pk, 6);
    const first = await queryPage(query(pk), null, 2, { ...scope, perRead: 5 });
    expect(first.items.map((item) => item.n)).toEqual([0, 1]);
    expect(startKey(first.next)).toEqual({ pk, sk: 'I#01' });
    const second = await queryPage(query(pk), first.next, 2, { ...scope, perRead: 5 });
    expect(second.items.map((item) => item.n)).toEqual([2, 3]);
  });

  it('refuses a cursor of another scope, or one that is no cursor, with a 400 on `cursor`', async () => {
    const pk = `Q#${uid()}`;
    await seed(pk, 3);
    const { next } = await queryPage(query(pk), null, 1, { scope: 'users:login:asc' });
    await expect(queryPage(query(pk), next, 1, { scope: 'users:login:desc' })).rejects.toMatchObject({ status: 400, errors: { cursor: 'validation.invalid' } });
    for (const junk of ['abc', Buffer.from('[1]').toString('base64url'), Buffer.from('{"s":"x"}').toString('base64url')]) {
      await expect(queryPage(query(pk), junk, 1, { scope: 'users:login:asc' })).rejects.toMatchObject({ status: 400 });
    }
    expect((await queryPage(query(pk), next, 1, { scope: 'users:login:asc' })).items.map((item) => item.n)).toEqual([1]);
  });
});

describe('transactWrite (the one way the repositories send a transaction)', () => {
  afterEach(() => vi.restoreAllMocks());

  /**
   * The repositories' next `times` TransactWriteItems are cancelled with these reasons before they
   * reach DynamoDB Local (which runs one transaction at a time, so never loses a race); the calls
   * made are counted, the ones after go through.
   */
  function cancelNext(times: number, reasons: string[]) {
    let calls = 0;
    const fault = interpose(
      'TransactWriteItemsCommand',
      {
        before: async () => {
          calls++;
          throw Object.assign(new Error('Transaction cancelled'), { name: 'TransactionCanceledException', CancellationReasons: reasons.map((Code) => ({ Code })) });
        },
      },
      times,
    );
    return { fault, calls: () => calls };
  }
  const put = (pk: string) => [{ Put: { TableName: tableName(), Item: { pk, sk: 'x' } } }];

  it('sends a transaction that only lost a race again, until it goes through', async () => {
    fastPauses();
    const pk = `R#${uid()}`;
    const race = cancelNext(2, ['None', 'TransactionConflict']);
    await under(race.fault, () => transactWrite(put(pk)));
    expect(race.calls()).toBe(2);
    expect(await table.item({ pk, sk: 'x' })).toEqual({ pk, sk: 'x' });
  });

  it('hands a failed condition to the caller at once, and a race that never ends after the last retry', async () => {
    fastPauses();
    const failed = cancelNext(5, ['TransactionConflict', 'ConditionalCheckFailed']);
    await expect(under(failed.fault, () => transactWrite(put(`R#${uid()}`)))).rejects.toMatchObject({ name: 'TransactionCanceledException' });
    expect(failed.calls()).toBe(1);
    const pk = `R#${uid()}`;
    const endless = cancelNext(20, ['TransactionConflict']);
    await expect(under(endless.fault, () => transactWrite(put(pk)))).rejects.toMatchObject({ name: 'TransactionCanceledException' });
    expect(endless.calls()).toBe(7);
    expect(await table.item({ pk, sk: 'x' })).toBeUndefined();
  });
});
