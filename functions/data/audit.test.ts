import { describe, expect, it } from 'vitest';
import { runAs } from '../platform/actor';
import { asTransactItem, auditedWrite, auditItem, lastRecordedName, listAudit, recordSignIn, type Change } from './audit';
import { keys } from './keys';
import { uid, useTestTable } from './testing/table';

const table = useTestTable();
const YEAR = 365 * 86_400;

/** The audit records of one record, oldest key first, as stored (keys included). */
const recordsOf = (kind: string, recordId: string) => table.partition(`AUDIT#${kind}#${recordId}`);

/** A change with its audit record; the change itself is a marker item. */
async function change(c: Change, actor?: { userId: string | null; login: string }): Promise<void> {
  const write = () => auditedWrite([asTransactItem('Put', { Item: { pk: `MARK#${uid()}`, sk: 'M' } })], c);
  await (actor ? runAs(actor, write) : write());
}

describe('auditItem: the record of one change', () => {
  it('holds who, when, what and the changed fields, with the keys of its three reads and a year of TTL', async () => {
    const [userId, companyId] = [uid(), uid()];
    const before = Date.now();
    await change(
      { kind: 'user', action: 'update', recordId: userId, companyId, before: { firstName: 'Ana', lastName: 'L', version: 1 }, after: { firstName: 'Ann', lastName: 'L', version: 2 }, version: 2, client: '203.0.113.9' },
      { userId: 'admin-1', login: 'admin@x.test' },
    );
    const [record] = await recordsOf('user', userId);
    const at = record!.at as string;
    expect(Date.parse(at)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(at)).toBeLessThanOrEqual(Date.now() + 1000);
    const sk = `${at}#user#${userId}`;
    expect(record).toEqual({
      pk: `AUDIT#user#${userId}`,
      sk: 'V000000000002',
      gsi1pk: `AUDIT_OF#user#${userId}`,
      gsi1sk: sk,
      gsi2pk: 'AUDIT_BY#admin-1',
      gsi2sk: sk,
      gsi3pk: 'AUDIT',
      gsi3sk: sk,
      at,
      actorId: 'admin-1',
      actorLogin: 'admin@x.test',
      kind: 'user',
      action: 'update',
      recordId: userId,
      companyId,
      before: { firstName: 'Ana' },
      after: { firstName: 'Ann' },
      client: '203.0.113.9',
      expiresAt: Math.floor(Date.parse(at) / 1000) + YEAR,
    });
  });

  it("outside a request it is the system's change: no actor id, no index of the actor's changes", async () => {
    const id = uid();
    await change({ kind: 'company', action: 'create', recordId: id, companyId: id, after: { name: 'Shop' } });
    const [record] = await recordsOf('company', id);
    expect(record).toMatchObject({ actorId: null, actorLogin: 'system', gsi1pk: `AUDIT_OF#company#${id}`, before: {}, after: { name: 'Shop' } });
    expect(record).not.toHaveProperty('gsi2pk');
    expect(record).not.toHaveProperty('gsi2sk');
    expect(record).not.toHaveProperty('client');
    // No version: a time-ordered key of its own.
    expect(record!.sk).toMatch(new RegExp(`^T${(record!.at as string).replace(/[.]/g, '\\.')}#[0-9a-f-]{36}$`));
  });

  it('is shown on the user, the company or the platform, unless the change says whose it is', () => {
    const subject = (c: Partial<Change>) => (auditItem({ kind: 'source', action: 'update', recordId: 'r', companyId: null, ...c }) as unknown as { Put: { Item: { gsi1pk: string } } }).Put.Item.gsi1pk;
    expect(subject({ kind: 'user', companyId: 'c' })).toBe('AUDIT_OF#user#r');
    expect(subject({ companyId: 'c' })).toBe('AUDIT_OF#company#c');
    expect(subject({})).toBe('AUDIT_OF#platform');
    expect(subject({ companyId: 'c', of: 'login#x' })).toBe('AUDIT_OF#login#x');
  });

  it('versions the key (12 digits) and, for a record made again under an old id, adds its creation time', () => {
    const sk = (c: Partial<Change>) => (auditItem({ kind: 'meeting', action: 'update', recordId: 'r', companyId: 'c', ...c }) as unknown as { Put: { Item: { sk: string } } }).Put.Item.sk;
    expect(sk({ version: 7 })).toBe('V000000000007');
    expect(sk({ version: 7, after: { created: '2026-01-02T03:04:05.000Z' } })).toBe('V000000000007#2026-01-02T03:04:05.000Z');
    expect(sk({ version: 8, after: null, before: { created: '2026-01-02T03:04:05.000Z' } })).toBe('V000000000008#2026-01-02T03:04:05.000Z');
    expect(sk({ version: 9, after: { created: 17 } })).toBe('V000000000009');
    expect(sk({ version: 0 })).toBe('V000000000000');
  });

  it('never records secrets, bookkeeping or index keys; drops URL credentials; keeps fields absent on one side out of it', () => {
    const item = (before: object | null, after: object | null, messageIds?: boolean) =>
      (auditItem({ kind: 'company', action: 'update', recordId: 'r', companyId: 'r', before, after, messageIds }) as unknown as { Put: { Item: { before: object; after: object } } }).Put.Item;
    const bookkeeping = { id: 'a', companyId: 'b', version: 1, created: 'c', updated: 'd', updatedAt: 'e', updatedBy: 'f', expiresAt: 1, pk: 'p', sk: 's', gsi1pk: 'g', gsi2sk: 'h' };
    const secrets = { password: 'x', newPassword: 'y', resetToken: 'z', clientSecret: 's', sessionId: 'i', totpSeed: 't', challengeName: 'c', PASSWORD: 'X' };
    const written = item({ ...bookkeeping, name: 'A', same: [1] }, { ...Object.fromEntries(Object.keys(bookkeeping).map((k) => [k, 'changed'])), ...secrets, name: 'B', same: [1], gsiNote: 'g', gsi1Label: 'l' });
    expect(written.before).toEqual({ name: 'A' });
    expect(written.after).toEqual({ name: 'B', gsiNote: 'g', gsi1Label: 'l' });
    expect(item({ orderFeedUrl: 'sftp://bob:s3cret@feeds.example.com/a.xml' }, { orderFeedUrl: 'HTTPS://u@example.com/b.xml', note: 'a@b' })).toMatchObject({
      before: { orderFeedUrl: 'sftp://feeds.example.com/a.xml' },
      after: { orderFeedUrl: 'HTTPS://example.com/b.xml', note: 'a@b' },
    });
    // Only a URL's user part goes (up to the first @ before any slash); other values pass as they are.
    expect(item(null, { a: 'ftp://host/path@x', b: 'mailto:bob@x.org', c: 12 }).after).toEqual({ a: 'ftp://host/path@x', b: 'mailto:bob@x.org', c: 12 });
    // A field absent on one side is not on that side at all (not even as undefined).
    const sides = item({ gone: 'x', kept: 1 }, { kept: 2, added: 'y' });
    expect([Object.keys(sides.before), Object.keys(sides.after)]).toEqual([['gone', 'kept'], ['kept', 'added']]);
    expect(sides).toMatchObject({ before: { gone: 'x', kept: 1 }, after: { kept: 2, added: 'y' } });
    // Only a value that is a URL: a URL inside a text is left as it is.
    expect(item(null, { comment: 'see sftp://bob:pw@host/f.xml' }).after).toEqual({ comment: 'see sftp://bob:pw@host/f.xml' });
    // Translations: the fields are message ids, recorded whatever they are called.
    expect(item({ 'en.password': 'a', 'en.version': 'v' }, { 'en.password': 'b', 'en.version': 'v' }, true)).toMatchObject({ before: { 'en.password': 'a' }, after: { 'en.password': 'b' } });
  });

  it('is written once per version: the same change asked twice is refused with nothing written', async () => {
    const id = uid();
    const marker = { pk: `MARK#${id}`, sk: 'M' };
    const c: Change = { kind: 'collector', action: 'update', recordId: id, companyId: 'c', version: 3 };
    await auditedWrite([asTransactItem('Put', { Item: marker })], c);
    const second = { pk: `MARK#${id}`, sk: 'SECOND' };
    await expect(auditedWrite([asTransactItem('Put', { Item: second })], c)).rejects.toMatchObject({ name: 'TransactionCanceledException' });
    expect(await table.item(second)).toBeUndefined();
    expect(await recordsOf('collector', id)).toHaveLength(1);
  });

  it("a change whose own condition fails records nothing", async () => {
    const id = uid();
    await expect(
      auditedWrite([asTransactItem('Put', { Item: { pk: `MARK#${id}`, sk: 'M' }, ConditionExpression: 'attribute_exists(pk)' })], { kind: 'rule', action: 'create', recordId: id, companyId: 'c' }),
    ).rejects.toMatchObject({ name: 'TransactionCanceledException' });
    expect(await recordsOf('rule', id)).toEqual([]);
  });
});

describe('lastRecordedName', () => {
  it("is the newest name the record's history holds: a delete's before, over an older update's after; null without one", async () => {
    const [id, companyId] = [uid(), uid()];
    await change({ kind: 'source', action: 'create', recordId: id, companyId, after: { name: 'Meta', version: 1 }, version: 1 });
    await change({ kind: 'source', action: 'update', recordId: id, companyId, before: { name: 'Meta', version: 1 }, after: { name: 'Meta Ads', version: 2 }, version: 2 });
    expect(await lastRecordedName('source', id)).toBe('Meta Ads');
    await change({ kind: 'source', action: 'delete', recordId: id, companyId, before: { name: 'Meta Ads (old)', version: 2 }, version: 3 });
    expect(await lastRecordedName('source', id)).toBe('Meta Ads (old)');
    const unnamed = uid();
    await change({ kind: 'rule', action: 'create', recordId: unnamed, companyId, after: { sourceId: id, version: 1 }, version: 1 });
    expect(await lastRecordedName('rule', unnamed)).toBeNull();
    expect(await lastRecordedName('source', uid())).toBeNull();
  });
});

describe('asTransactItem', () => {
  it('puts the table name in and leaves ReturnValues out (a transaction takes none)', () => {
    const key = keys.user('u');
    expect(asTransactItem('Delete', { Key: key, ReturnValues: 'ALL_OLD', ConditionExpression: 'c' })).toEqual({ Delete: { TableName: table.name, Key: key, ConditionExpression: 'c' } });
    expect(asTransactItem('Update', { Key: key, UpdateExpression: 'SET a = :a' })).toEqual({ Update: { TableName: table.name, Key: key, UpdateExpression: 'SET a = :a' } });
  });
});

describe('recordSignIn', () => {
  it("a sign-in is made by the user and shown in the user's history", async () => {
    const userId = uid();
    await recordSignIn({ userId, login: ' Ana@X.test ', ok: true, client: '198.51.100.1' });
    const [record] = await recordsOf('sign-in', userId);
    expect((await listAudit({ of: `user#${userId}` }, null, 5)).entries).toEqual([
      { at: record!.at, actorId: userId, actorLogin: 'ana@x.test', kind: 'sign-in', action: 'signed-in', recordId: userId, companyId: null, before: {}, after: {}, client: '198.51.100.1' },
    ]);
    expect(record).toMatchObject({
      kind: 'sign-in',
      action: 'signed-in',
      recordId: userId,
      companyId: null,
      actorId: userId,
      actorLogin: 'ana@x.test',
      client: '198.51.100.1',
      gsi1pk: `AUDIT_OF#user#${userId}`,
      gsi2pk: `AUDIT_BY#${userId}`,
    });
  });

  it("a failed one is nobody's change: shown on the user if the login has one, else on the login", async () => {
    const userId = uid();
    await recordSignIn({ userId, login: 'bob@x.test', ok: false, client: 'c' });
    expect((await recordsOf('sign-in', userId))[0]).toMatchObject({ action: 'failed', actorId: null, actorLogin: 'bob@x.test', gsi1pk: `AUDIT_OF#user#${userId}` });
    expect((await recordsOf('sign-in', userId))[0]).not.toHaveProperty('gsi2pk');
    const login = `${uid()}@nobody.test`;
    await recordSignIn({ userId: null, login: login.toUpperCase(), ok: false, client: 'c' });
    expect((await recordsOf('sign-in', login))[0]).toMatchObject({ recordId: login, actorLogin: login, gsi1pk: `AUDIT_OF#login#${login}` });
  });
});

describe('listAudit: pages of the history, newest first', () => {
  /**
   * Five changes on a new company, by alice and bob in turn (the third one a source's), a few
   * milliseconds apart. Each test makes its own: a test run alone must pass alone.
   */
  async function history(): Promise<{ companyId: string; alice: string; bob: string; of: string }> {
    const [companyId, alice, bob] = [uid(), uid(), uid()];
    for (let i = 0; i < 5; i++) {
      await change(
        { kind: i === 2 ? 'source' : 'company', action: 'update', recordId: i === 2 ? `s-${companyId}` : companyId, companyId, before: { n: i }, after: { n: i + 1 }, ...(i === 2 ? {} : { version: i + 2 }) },
        { userId: i % 2 ? bob : alice, login: i % 2 ? 'bob' : 'alice' },
      );
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
    return { companyId, alice, bob, of: `company#${companyId}` };
  }

  it('of a company: every change shown there, by anyone, paged with the cursor', async () => {
    const { companyId, alice, of } = await history();
    const first = await listAudit({ of }, null, 2);
    expect(first.entries.map((e) => e.after)).toEqual([{ n: 5 }, { n: 4 }]);
    const second = await listAudit({ of }, first.next, 2);
    const third = await listAudit({ of }, second.next, 2);
    expect([...second.entries, ...third.entries].map((e) => e.after)).toEqual([{ n: 3 }, { n: 2 }, { n: 1 }]);
    expect(third.next).toBeNull();
    expect(first.entries[0]).toEqual({ at: expect.any(String), actorId: alice, actorLogin: 'alice', kind: 'company', action: 'update', recordId: companyId, companyId, before: { n: 4 }, after: { n: 5 } });
  });

  it('filtered by kind, by the user who made them, both, and a time range', async () => {
    const { companyId, alice, bob, of } = await history();
    const all = (await listAudit({ of }, null, 10)).entries;
    expect(all).toHaveLength(5);
    expect((await listAudit({ of, kind: 'source' }, null, 10)).entries.map((e) => e.recordId)).toEqual([`s-${companyId}`]);
    expect((await listAudit({ of, by: bob }, null, 10)).entries.map((e) => e.after)).toEqual([{ n: 4 }, { n: 2 }]);
    expect((await listAudit({ by: bob }, null, 10)).entries.map((e) => e.after)).toEqual([{ n: 4 }, { n: 2 }]);
    expect((await listAudit({ by: alice, kind: 'source' }, null, 10)).entries.map((e) => e.after)).toEqual([{ n: 3 }]);
    expect((await listAudit({ of, by: alice, kind: 'company' }, null, 10)).entries.map((e) => e.after)).toEqual([{ n: 5 }, { n: 1 }]);
    expect((await listAudit({ of, by: bob, kind: 'source' }, null, 10)).entries).toEqual([]);
    const times = all.map((e) => e.at);
    // Bounds compare with the index key `<time>#<kind>#<id>`: the use case ends `to` with '~' (after any '#').
    expect((await listAudit({ of, from: times[3], to: `${times[1]}~` }, null, 10)).entries.map((e) => e.at)).toEqual([times[1], times[2], times[3]]);
    expect((await listAudit({ of, from: times[1] }, null, 10)).entries.map((e) => e.at)).toEqual([times[0], times[1]]);
    expect((await listAudit({ of, to: `${times[4]}~` }, null, 10)).entries.map((e) => e.at)).toEqual([times[4]]);
    expect((await listAudit({ of, to: times[4] }, null, 10)).entries).toEqual([]);
  });

  it('all changes of the portal: the one index by time', async () => {
    const { companyId, alice } = await history();
    expect((await listAudit({}, null, 3)).entries.map((e) => e.after)).toEqual([{ n: 5 }, { n: 4 }, { n: 3 }]);
    expect((await listAudit({ kind: 'source' }, null, 1)).entries[0]).toMatchObject({ recordId: `s-${companyId}`, actorId: alice });
  });

  it("answers absent fields as the API's defaults: no actor, no company, empty sides, no client", async () => {
    const id = uid();
    await table.put({ pk: `AUDIT#user#${id}`, sk: 'V1', gsi1pk: `AUDIT_OF#legacy#${id}`, gsi1sk: `2026-01-01T00:00:00.000Z#user#${id}`, at: '2026-01-01T00:00:00.000Z', actorLogin: 'system', kind: 'user', action: 'update', recordId: id });
    expect((await listAudit({ of: `legacy#${id}` }, null, 5)).entries).toEqual([
      { at: '2026-01-01T00:00:00.000Z', actorId: null, actorLogin: 'system', kind: 'user', action: 'update', recordId: id, companyId: null, before: {}, after: {} },
    ]);
  });
});
