import { createHash, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keys } from './keys';
import { failNext, interpose, readsOf, under } from './testing/faults';
import { useTestTable } from './testing/table';
import { clearCounter, countAttempt, readCounter, type CounterKey } from './throttles';

const table = useTestTable();
const counter = (over: Partial<CounterKey> = {}): CounterKey => ({ scope: 'sign-in', subject: `${randomUUID()}@x.test`, window: 7, ...over });
const hashOf = (subject: string) => createHash('sha256').update(subject.trim().toLowerCase(), 'utf8').digest('base64url');

describe('attempt counters', () => {
  it('one item per scope, hashed subject (any case) and window, counted atomically, with its TTL', async () => {
    const key = counter();
    expect(await readCounter(key)).toBeNull();
    expect(await countAttempt(key, 1000, 50)).toBe(1);
    expect(await countAttempt({ ...key, subject: ` ${key.subject.toUpperCase()} ` }, 2000, 60)).toBe(2);
    expect(await table.item(keys.throttle('sign-in', hashOf(key.subject), 7))).toEqual({ pk: `THROTTLE#sign-in#${hashOf(key.subject)}`, sk: 'W#7', count: 2, lastAt: 2000, expiresAt: 60 });
    expect(await readCounter(key)).toEqual({ count: 2, lastAt: 2000 });
    // Another window, another scope: other counters.
    expect(await countAttempt({ ...key, window: 8 }, 3000, 70)).toBe(1);
    expect(await countAttempt({ ...key, scope: 'reset' }, 3000, 70)).toBe(1);
    expect(await readCounter(key)).toEqual({ count: 2, lastAt: 2000 });
  });

  it('concurrent attempts all count', async () => {
    const key = counter();
    const counts = await Promise.all(Array.from({ length: 8 }, (_, i) => countAttempt(key, 1000 + i, 99)));
    expect([...counts].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect((await readCounter(key))?.count).toBe(8);
  });

  it('restarts from 1 after a quiet spell (last attempt before restartBefore), keeps counting otherwise', async () => {
    const key = counter({ window: 0 });
    await countAttempt(key, 1000, 1, 0);
    expect(await countAttempt(key, 5000, 1, 1000)).toBe(2);
    expect(await countAttempt(key, 9000, 1, 5001)).toBe(1);
    expect(await readCounter(key)).toEqual({ count: 1, lastAt: 9000 });
  });

  it('reads a damaged counter as none, and a counter without its time as time 0', async () => {
    const key = counter();
    await table.put({ ...keys.throttle(key.scope, hashOf(key.subject), key.window), count: 'x' });
    expect(await readCounter(key)).toBeNull();
    await table.put({ ...keys.throttle(key.scope, hashOf(key.subject), key.window), count: 3 });
    expect(await readCounter(key)).toEqual({ count: 3, lastAt: 0 });
  });

  it('clears a counter', async () => {
    const key = counter();
    await countAttempt(key, 1, 1);
    await clearCounter(key);
    expect(await readCounter(key)).toBeNull();
    await clearCounter(key);
  });

  it('a counter started by another attempt between the update and the put is added to', async () => {
    const key = counter();
    await under(interpose('PutItemCommand', { before: () => table.put({ ...keys.throttle(key.scope, hashOf(key.subject), key.window), count: 4, lastAt: 10, expiresAt: 1 }) }), async () => {
      expect(await countAttempt(key, 20, 2)).toBe(5);
    });
    expect(await readCounter(key)).toEqual({ count: 5, lastAt: 20 });
  });

  it('gives up when the counter keeps changing under it (3 rounds)', async () => {
    const key = counter();
    const item = { ...keys.throttle(key.scope, hashOf(key.subject), key.window) };
    // Each update finds a stale counter, and each put finds a fresh one: another attempt each time.
    let updates = 0;
    const stale = interpose('UpdateItemCommand', { before: () => table.put({ ...item, count: 1, lastAt: 0 }).then(() => void updates++) }, 10);
    const fresh = interpose('PutItemCommand', { before: () => table.put({ ...item, count: 1, lastAt: 100 }) }, 10);
    await under(stale, () =>
      under(fresh, () => expect(countAttempt(key, 200, 1, 50)).rejects.toThrow('Throttle counter sign-in kept changing under concurrent attempts')),
    );
    expect(updates).toBe(3);
  });

  it('passes on errors that are no refusal', async () => {
    const key = counter();
    await expect(countAttempt(key, 1, 'x'.repeat(500_000) as unknown as number)).rejects.toMatchObject({ name: 'ValidationException' });
    await under(failNext('UpdateItemCommand'), () => expect(countAttempt(counter(), 1, 1)).rejects.toMatchObject({ name: 'TimeoutError' }));
    expect(await readsOf(() => readCounter(counter()))).toEqual([{ command: 'GetItemCommand', consistent: true, projection: null }]);
    await under(failNext('PutItemCommand'), async () => {
      await expect(countAttempt(counter(), 1, 1)).rejects.toMatchObject({ name: 'TimeoutError' });
    });
  });
});
