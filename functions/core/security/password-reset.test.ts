import { describe, expect, it, vi } from 'vitest';
import type { UserRecord } from '../../data/users';
import { InvalidCredentialsError, InvalidTokenError } from '../../platform/errors';
import { completePasswordReset, type PasswordResetDeps } from './password-reset';
import { checkPasswordResetToken } from './password-reset-check';
import { RESET_TOKEN_TTL_SECONDS, requestPasswordReset, sendPasswordResetMail, type ResetRequestDeps } from './password-reset-request';
import { memoryThrottleStore } from './testing/memory-throttle';
import type { NewDelivery } from '../../data/outbox';

const NOW = 1_800_000_000_000;
const TOKEN = 'A'.repeat(43);
const CLIENT = '198.51.100.7';
const mailFor = (login: string, client = CLIENT, language: 'en' | 'fr' | 'ru' = 'en') => ({ login, client, language });

const ann = { id: 'sub-1', login: 'ann@portal.test', cognitoUsername: 'cog-1', roles: ['ROLE_USER'] } as UserRecord;

/** An in-memory token store with the same contract as the repository. */
function setup(given: UserRecord | null) {
  // A copy per test: password changes move its passwordVersion.
  const found = given && { ...given };
  const store = new Map<string, { userId: string; expiresAt: number; passwordVersion?: number }>();
  const calls: string[] = [];
  const outbox: NewDelivery[] = [];
  // One fake serves both halves (link and completion), sharing the token store.
  const deps: PasswordResetDeps & ResetRequestDeps = {
    identity: {
      setPermanentPassword: vi.fn(async () => void calls.push('setPassword')),
      signOutEverywhere: vi.fn(async () => void calls.push('signOutEverywhere')),
      // The current password is 'Current-pass-1' (the new-password rule asks Cognito by signing in).
      signIn: vi.fn(async (_username: string, password: string) => {
        if (password !== 'Current-pass-1') throw new InvalidCredentialsError();
        return { kind: 'mfa-required' as const, session: 'M' };
      }),
      revokeRefreshToken: vi.fn(async () => {}),
      removeTotp: vi.fn(async () => void calls.push('removeTotp')),
    },
    setMfaEnrolled: vi.fn(async () => void calls.push('setMfaEnrolled')),
    notify: vi.fn(async () => void calls.push('notify')),
    findUserByLogin: vi.fn(async () => found),
    getUser: vi.fn(async () => found),
    markSignedOut: vi.fn(async () => void calls.push('markSignedOut')),
    markPasswordChanged: vi.fn(async () => {
      calls.push('markPasswordChanged');
      if (found) found.passwordVersion = (found.passwordVersion ?? 0) + 1;
    }),
    saveResetToken: vi.fn(async (token: string, userId: string, expiresAt: number, passwordVersion: number, mails: readonly NewDelivery[]) => {
      store.set(token, { userId, expiresAt, passwordVersion });
      outbox.push(...mails);
    }),
    findResetToken: vi.fn(async (token: string, now: number) => {
      const item = store.get(token);
      return item && item.expiresAt > now ? { passwordVersion: 0, ...item } : null;
    }),
    consumeResetToken: vi.fn(async (token: string, now: number) => {
      calls.push('consume');
      const item = store.get(token);
      if (!item || item.expiresAt <= now) return null;
      store.delete(token);
      return item.userId;
    }),
    kickOutbox: vi.fn(async () => {}),
    throttle: memoryThrottleStore(),
    appUrl: () => 'https://portal.example',
    newToken: () => TOKEN,
    now: () => NOW,
  };
  return { deps, store, calls, outbox, user: found };
}

describe('requestPasswordReset (the request)', () => {
  it('only queues the job, with the body and the client address, and answers the same for everyone', async () => {
    const startJob = vi.fn(async () => {});
    expect(await requestPasswordReset({ login: 'ann@portal.test', language: 'ru' }, CLIENT, { startJob })).toEqual({ status: 'sent' });
    expect(await requestPasswordReset({ login: 'nobody@portal.test', language: 'en' }, CLIENT, { startJob })).toEqual({ status: 'sent' });
    expect(startJob).toHaveBeenCalledWith('password-reset-mail', { login: 'ann@portal.test', language: 'ru', client: CLIENT });
    expect(startJob).toHaveBeenCalledTimes(2);
  });
});

describe('sendPasswordResetMail (the job)', () => {
  it('sends at most 3 mails an hour per account, then again the next hour', async () => {
    const { deps, outbox } = setup(ann);
    const outcomes = [];
    for (let i = 0; i < 5; i++) outcomes.push(await sendPasswordResetMail(mailFor('ann@portal.test', `198.51.100.${i}`), deps));
    expect(outcomes).toEqual(['sent', 'sent', 'sent', 'capped', 'capped']);
    expect(outbox).toHaveLength(3);
    deps.now = () => NOW + 60 * 60 * 1000;
    expect(await sendPasswordResetMail(mailFor('ann@portal.test'), deps)).toBe('sent');
  });

  it('sends at most 50 an hour for one client address, whatever the accounts', async () => {
    const { deps } = setup(null);
    const outcomes = [];
    for (let i = 0; i < 51; i++) outcomes.push(await sendPasswordResetMail(mailFor(`someone-${i}@portal.test`), deps));
    // Unknown accounts count too: a client cannot probe logins at will.
    expect(outcomes).toEqual([...Array<string>(50).fill('no-account'), 'capped']);
    expect(deps.findUserByLogin).toHaveBeenCalledTimes(50);
  });

  it('stores a token with an expiry and its mail of the link in the outbox (one write), then kicks the dispatcher', async () => {
    const { deps, store, outbox } = setup(ann);
    expect(await sendPasswordResetMail(mailFor('ann@portal.test'), deps)).toBe('sent');
    expect(store.get(TOKEN)).toEqual({ userId: 'sub-1', expiresAt: NOW / 1000 + RESET_TOKEN_TTL_SECONDS, passwordVersion: 0 });
    expect(outbox).toEqual([
      expect.objectContaining({
        kind: 'mail',
        recipient: 'ann@portal.test',
        topic: 'password-reset',
        cause: 'password-reset',
        payload: {
          to: 'ann@portal.test',
          template: 'password-reset',
          data: { login: 'ann@portal.test', url_reset: `https://portal.example/password-reset/${TOKEN}`, expires_hours: '2' },
        },
      }),
    ]);
    expect(deps.kickOutbox).toHaveBeenCalledWith([outbox[0]!.id]);
  });

  it('answers the same for an unknown account, and stores and sends nothing', async () => {
    const { deps, store, outbox } = setup(null);
    expect(await sendPasswordResetMail(mailFor('nobody@portal.test'), deps)).toBe('no-account');
    expect(store.size).toBe(0);
    expect(outbox).toHaveLength(0);
    expect(deps.kickOutbox).not.toHaveBeenCalled();
  });

  it('writes in the language the reset was asked in', async () => {
    const { deps, outbox } = setup(ann);
    for (const [language, template] of [['fr', 'password-reset-fr'], ['ru', 'password-reset-ru'], ['en', 'password-reset']] as const) {
      await sendPasswordResetMail(mailFor('ann@portal.test', `203.0.113.${template.length}`, language), deps);
      expect(outbox.at(-1)?.topic).toBe(template);
    }
  });

  it('fails the job when the link and its mail cannot be stored (Lambda sends it again, then dead-letters it); nothing is kicked', async () => {
    const { deps } = setup(ann);
    deps.saveResetToken = vi.fn(async () => Promise.reject(new Error('DynamoDB down')));
    await expect(sendPasswordResetMail(mailFor('ann@portal.test'), deps)).rejects.toThrow('DynamoDB down');
    expect(deps.kickOutbox).not.toHaveBeenCalled();
  });
});

describe('checkPasswordResetToken', () => {
  it('accepts a live token and refuses unknown, malformed and expired ones', async () => {
    const { deps, store } = setup(ann);
    await sendPasswordResetMail(mailFor('ann@portal.test'), deps);
    expect(await checkPasswordResetToken(TOKEN, deps)).toEqual({ token: TOKEN });
    await expect(checkPasswordResetToken('B'.repeat(43), deps)).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(checkPasswordResetToken('../etc', deps)).rejects.toBeInstanceOf(InvalidTokenError);
    store.set(TOKEN, { userId: 'sub-1', expiresAt: NOW / 1000 - 1 });
    await expect(checkPasswordResetToken(TOKEN, deps)).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('refuses a malformed token without a table read (checking or completing)', async () => {
    const { deps } = setup(ann);
    for (const token of ['A'.repeat(42), 'A'.repeat(44), `${'A'.repeat(42)}=`]) {
      await expect(checkPasswordResetToken(token, deps)).rejects.toBeInstanceOf(InvalidTokenError);
      await expect(completePasswordReset(token, 'Brand-new-pass-1', {}, deps)).rejects.toBeInstanceOf(InvalidTokenError);
    }
    expect(deps.findResetToken).not.toHaveBeenCalled();
  });

  it('tells the page about an authenticator app, and since when when the portal saw it set up', async () => {
    const { deps, user } = setup({ ...ann, mfaEnrolled: true, mfaEnrolledAt: '2026-02-29T10:00:00.000Z' } as UserRecord);
    await sendPasswordResetMail(mailFor('ann@portal.test'), deps);
    expect(await checkPasswordResetToken(TOKEN, deps)).toEqual({ token: TOKEN, mfa: { since: '2026-02-29T10:00:00.000Z' } });
    delete user!.mfaEnrolledAt;
    expect(await checkPasswordResetToken(TOKEN, deps)).toEqual({ token: TOKEN, mfa: { since: null } });
  });
});

describe('completePasswordReset', () => {
  it('consumes the token, then sets the password, then ends the sessions', async () => {
    const { deps, calls } = setup(ann);
    await sendPasswordResetMail(mailFor('ann@portal.test'), deps);
    expect(await completePasswordReset(TOKEN, 'brand-new-pass', {}, deps)).toEqual({ status: 'changed' });
    expect(deps.identity.setPermanentPassword).toHaveBeenCalledWith('cog-1', 'brand-new-pass');
    expect(deps.markSignedOut).toHaveBeenCalledWith('sub-1', NOW / 1000);
    expect(calls).toEqual(['consume', 'setPassword', 'markPasswordChanged', 'markSignedOut', 'signOutEverywhere']);
  });

  it('refuses the current password as the new one, without using the link', async () => {
    const { deps, calls } = setup(ann);
    await sendPasswordResetMail(mailFor('ann@portal.test'), deps);
    await expect(completePasswordReset(TOKEN, 'Current-pass-1', {}, deps)).rejects.toMatchObject({ errors: { password: 'validation.passwordUnchanged' } });
    expect(calls).toEqual([]);
    expect(await completePasswordReset(TOKEN, 'brand-new-pass', {}, deps)).toEqual({ status: 'changed' });
  });

  it('removes the authenticator app only when asked to, and tells the owner', async () => {
    const kept = setup({ ...ann, mfaEnrolled: true });
    await sendPasswordResetMail(mailFor('ann@portal.test'), kept.deps);
    await completePasswordReset(TOKEN, 'brand-new-pass', {}, kept.deps);
    expect(kept.calls).not.toContain('removeTotp');
    const removed = setup({ ...ann, mfaEnrolled: true });
    await sendPasswordResetMail(mailFor('ann@portal.test'), removed.deps);
    await completePasswordReset(TOKEN, 'brand-new-pass', { removeMfa: true }, removed.deps);
    expect(removed.calls).toEqual(['consume', 'setPassword', 'removeTotp', 'setMfaEnrolled', 'notify', 'markPasswordChanged', 'markSignedOut', 'signOutEverywhere']);
  });

  it('works once', async () => {
    const { deps } = setup(ann);
    await sendPasswordResetMail(mailFor('ann@portal.test'), deps);
    await completePasswordReset(TOKEN, 'brand-new-pass', {}, deps);
    await expect(completePasswordReset(TOKEN, 'other-new-pass', {}, deps)).rejects.toBeInstanceOf(InvalidTokenError);
    expect(deps.identity.setPermanentPassword).toHaveBeenCalledTimes(1);
  });

  it('lets only one of two concurrent requests set a password', async () => {
    const { deps } = setup(ann);
    await sendPasswordResetMail(mailFor('ann@portal.test'), deps);
    const results = await Promise.allSettled([
      completePasswordReset(TOKEN, 'first-new-pass', {}, deps),
      completePasswordReset(TOKEN, 'second-new-pass', {}, deps),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(deps.identity.setPermanentPassword).toHaveBeenCalledTimes(1);
  });

  it('refuses an expired token without touching the password', async () => {
    const { deps, store } = setup(ann);
    store.set(TOKEN, { userId: 'sub-1', expiresAt: NOW / 1000 });
    await expect(completePasswordReset(TOKEN, 'brand-new-pass', {}, deps)).rejects.toBeInstanceOf(InvalidTokenError);
    expect(deps.identity.setPermanentPassword).not.toHaveBeenCalled();
  });

  it('refuses the token of a user deleted since', async () => {
    const { deps, store } = setup(null);
    store.set(TOKEN, { userId: 'sub-1', expiresAt: NOW / 1000 + 60 });
    await expect(completePasswordReset(TOKEN, 'brand-new-pass', {}, deps)).rejects.toBeInstanceOf(InvalidTokenError);
    expect(deps.identity.setPermanentPassword).not.toHaveBeenCalled();
  });

  it('ends every other outstanding link of the user once one reset is completed', async () => {
    const { deps, store, user } = setup({ ...ann, passwordVersion: 0 });
    const older = 'O'.repeat(43);
    store.set(older, { userId: 'sub-1', expiresAt: NOW / 1000 + 60, passwordVersion: 0 });
    store.set(TOKEN, { userId: 'sub-1', expiresAt: NOW / 1000 + 60, passwordVersion: 0 });
    await completePasswordReset(TOKEN, 'brand-new-pass', {}, deps);
    expect(user!.passwordVersion).toBe(1);
    await expect(checkPasswordResetToken(older, deps)).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(completePasswordReset(older, 'attacker-pass-1', {}, deps)).rejects.toBeInstanceOf(InvalidTokenError);
    expect(deps.identity.setPermanentPassword).toHaveBeenCalledTimes(1);
    // The unused link was not even consumed: it is refused by the version, and expires on its own.
    expect(store.has(older)).toBe(true);
  });
});
