import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keys } from './keys';
import { consumeResetToken, findResetToken, isResetTokenShape, saveResetToken } from './password-reset-tokens';
import { deleteChallenge, isLiveChallenge, saveChallenge } from './sign-in-challenges';
import { failNext, readsOf, under } from './testing/faults';
import { useTestTable } from './testing/table';

const table = useTestTable();
const token = () => randomBytes(32).toString('base64url');
const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

describe('password reset tokens', () => {
  it('the shape: 43 base64url characters', () => {
    expect(isResetTokenShape(token())).toBe(true);
    expect(isResetTokenShape('a'.repeat(43))).toBe(true);
    expect(isResetTokenShape('a'.repeat(42))).toBe(false);
    expect(isResetTokenShape('a'.repeat(44))).toBe(false);
    expect(isResetTokenShape(`${'a'.repeat(42)}=`)).toBe(false);
    expect(isResetTokenShape(`${'a'.repeat(42)}+`)).toBe(false);
    expect(isResetTokenShape(` ${'a'.repeat(43)}`)).toBe(false);
    expect(isResetTokenShape(`${'a'.repeat(43)}\n`)).toBe(false);
    expect(isResetTokenShape('-_09AZaz'.repeat(5) + 'abc')).toBe(true);
  });

  it('stores only the hash of the token, with the user, the expiry (TTL) and the password version', async () => {
    const t = token();
    const before = Date.now();
    await saveResetToken(t, 'u1', 5000, 3);
    const item = await table.item(keys.passwordReset(sha256(t)));
    expect(item).toEqual({ pk: `RESET#${sha256(t)}`, sk: 'RESET', userId: 'u1', expiresAt: 5000, passwordVersion: 3, created: expect.any(String) });
    expect(Date.parse(item!.created as string)).toBeGreaterThanOrEqual(before - 1000);
    expect(JSON.stringify(item)).not.toContain(t);
    await saveResetToken(token(), 'u2', 5000);
    // A token is never saved twice.
    await expect(saveResetToken(t, 'u3', 6000)).rejects.toMatchObject({ name: 'ConditionalCheckFailedException' });
  });

  it('finds a live token only (expiry in code: TTL deletes late)', async () => {
    const t = token();
    await saveResetToken(t, 'u1', 5000, 2);
    expect(await findResetToken(t, 4999)).toEqual({ userId: 'u1', expiresAt: 5000, passwordVersion: 2 });
    expect(await findResetToken(t, 5000)).toBeNull();
    expect(await findResetToken(token(), 1)).toBeNull();
    const old = token();
    await table.put({ ...keys.passwordReset(sha256(old)), userId: 'u9', expiresAt: 5000 });
    expect(await findResetToken(old, 1)).toEqual({ userId: 'u9', expiresAt: 5000, passwordVersion: 0 });
    const broken = token();
    await table.put({ ...keys.passwordReset(sha256(broken)), userId: 7, expiresAt: 5000 });
    expect(await findResetToken(broken, 1)).toBeNull();
    await table.put({ ...keys.passwordReset(sha256(broken)), userId: 'u', expiresAt: '5000' });
    expect(await findResetToken(broken, 1)).toBeNull();
    const defaults = token();
    await saveResetToken(defaults, 'u1', 5000);
    expect(await findResetToken(defaults, 1)).toMatchObject({ passwordVersion: 0 });
  });

  it('is used once: the first live consumption gets the user, later ones and expired ones get null', async () => {
    const t = token();
    await saveResetToken(t, 'u1', 5000);
    expect(await consumeResetToken(t, 5000)).toBeNull();
    expect(await consumeResetToken(t, 4999)).toBe('u1');
    expect(await consumeResetToken(t, 4999)).toBeNull();
    expect(await findResetToken(t, 1)).toBeNull();
    const twice = token();
    await saveResetToken(twice, 'u2', 5000);
    const results = await Promise.all([consumeResetToken(twice, 1), consumeResetToken(twice, 1)]);
    expect(results.filter(Boolean)).toEqual(['u2']);
    const broken = token();
    await table.put({ ...keys.passwordReset(sha256(broken)), userId: 3, expiresAt: 5000 });
    expect(await consumeResetToken(broken, 1)).toBeNull();
  });

  it('passes on errors that are no refusal', async () => {
    await under(failNext('DeleteItemCommand'), async () => {
      await expect(consumeResetToken(token(), 1)).rejects.toMatchObject({ name: 'TimeoutError' });
    });
  });
});

describe('first-sign-in challenges', () => {
  it('stores the hash of the session with the user, expiry and kind; live only for that user, kind and time', async () => {
    const session = randomBytes(40).toString('base64');
    await saveChallenge(session, 'u1', 5000);
    expect(await table.item(keys.signInChallenge(sha256(session)))).toEqual({ pk: `CHALLENGE#${sha256(session)}`, sk: 'CHALLENGE', userId: 'u1', expiresAt: 5000, kind: 'new-password' });
    expect(await isLiveChallenge(session, 'u1', 4999)).toBe(true);
    expect(await isLiveChallenge(session, 'u1', 4999, 'new-password')).toBe(true);
    expect(await isLiveChallenge(session, 'u1', 4999, 'mfa')).toBe(false);
    expect(await isLiveChallenge(session, 'u2', 4999)).toBe(false);
    expect(await isLiveChallenge(session, 'u1', 5000)).toBe(false);
    expect(await isLiveChallenge(`${session}x`, 'u1', 1)).toBe(false);
    const mfa = randomBytes(40).toString('base64');
    await saveChallenge(mfa, 'u1', 5000, 'mfa');
    expect(await isLiveChallenge(mfa, 'u1', 1, 'mfa')).toBe(true);
    expect(await isLiveChallenge(mfa, 'u1', 1)).toBe(false);
    await deleteChallenge(session);
    expect(await isLiveChallenge(session, 'u1', 1)).toBe(false);
    expect(await table.item(keys.signInChallenge(sha256(session)))).toBeUndefined();
  });

  it('a challenge stored before kinds existed is a new-password one; a damaged expiry is not live', async () => {
    const session = 'legacy-session';
    await table.put({ ...keys.signInChallenge(sha256(session)), userId: 'u1', expiresAt: 5000 });
    expect(await isLiveChallenge(session, 'u1', 1)).toBe(true);
    expect(await isLiveChallenge(session, 'u1', 1, 'mfa')).toBe(false);
    await table.put({ ...keys.signInChallenge(sha256(session)), userId: 'u1', expiresAt: '9999', kind: 'new-password' });
    expect(await isLiveChallenge(session, 'u1', 1)).toBe(false);
  });
});

describe('what the reads ask for', () => {
  it('a reset link and a challenge are read consistently (a link mailed a moment ago works)', async () => {
    expect(await readsOf(() => findResetToken(token(), 1))).toEqual([{ command: 'GetItemCommand', consistent: true, projection: null }]);
    expect(await readsOf(() => isLiveChallenge('s', 'u', 1))).toEqual([{ command: 'GetItemCommand', consistent: true, projection: null }]);
  });
});
