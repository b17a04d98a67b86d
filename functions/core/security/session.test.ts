import { describe, expect, it, vi } from 'vitest';
import type { UserRecord } from '../../data/users';
import { InvalidCredentialsError, InvalidMfaCodeError, TooManyRequestsError, UnauthenticatedError } from '../../platform/errors';
import type { IdentityProvider, Tokens } from '../../platform/identity-provider';
import { removeOwnMfa, startMfaEnrolment, verifyMfaEnrolment } from './mfa';
import { completeMfa, completeNewPassword, login, logout, refresh, type SessionDeps } from './session';
import { memoryThrottleStore } from './testing/memory-throttle';
import { logger } from '../../platform/log';

const CLIENT = '198.51.100.7';
const NOW = 1_800_000_000_000;

const user = (over: Partial<UserRecord> = {}): UserRecord => ({
  id: 'sub-1',
  login: 'ann@portal.test',
  cognitoUsername: 'sub-1',
  firstName: 'Ann',
  lastName: 'Lee',
  roles: ['ROLE_USER'],
  companyId: 'c1',
  managedCompanyIds: ['c1'],
  currentCompanyId: null,
  created: '2026-01-01T00:00:00.000Z',
  signedOutAt: null,
  version: 1,
  ...over,
});

const tokens = (over: Partial<Tokens> = {}): Tokens => ({
  accessToken: 'access',
  refreshToken: 'refresh',
  expiresIn: 3600,
  issuedAt: NOW / 1000,
  subject: 'sub-1',
  ...over,
});

/** `password`: the one Cognito accepts (a first-sign-in challenge then sets another); none given: any. */
function setup(found: UserRecord | null, identity: Partial<IdentityProvider> = {}, password?: string) {
  let clock = NOW;
  let current = password;
  const challenges = new Map<string, { userId: string; expiresAt: number; kind: string }>();
  const deps: SessionDeps = {
    identity: {
      signIn: vi.fn(async (_username: string, password: string) => {
        if (current !== undefined && password !== current) throw new InvalidCredentialsError();
        return { kind: 'tokens' as const, tokens: tokens({ issuedAt: Math.floor(clock / 1000) }) };
      }),
      completeNewPassword: vi.fn(async (_username: string, _session: string, password: string) => {
        current = password;
        return { kind: 'tokens' as const, tokens: tokens({ issuedAt: Math.floor(clock / 1000) }) };
      }),
      refresh: vi.fn(async () => tokens({ refreshToken: undefined, issuedAt: Math.floor(clock / 1000) })),
      revokeRefreshToken: vi.fn(async () => {}),
      setPermanentPassword: vi.fn(async () => {}),
      signOutEverywhere: vi.fn(async () => {}),
      answerMfa: vi.fn(async () => ({ kind: 'tokens' as const, tokens: tokens({ issuedAt: Math.floor(clock / 1000) }) })),
      startTotpEnrolment: vi.fn(async () => 'SECRET'),
      verifyTotpEnrolment: vi.fn(async () => {}),
      removeTotp: vi.fn(async () => {}),
      ...identity,
    },
    findUserByLogin: vi.fn(async () => found),
    getUser: vi.fn(async () => found),
    markSignedOut: vi.fn(async () => {}),
    markPasswordChanged: vi.fn(async () => {}),
    saveChallenge: vi.fn(async (session: string, userId: string, expiresAt: number, kind = 'new-password') => void challenges.set(session, { userId, expiresAt, kind })),
    isLiveChallenge: vi.fn(async (session: string, userId: string, now: number, kind = 'new-password') => {
      const item = challenges.get(session);
      return item?.userId === userId && item.kind === kind && item.expiresAt > now;
    }),
    setMfaEnrolled: vi.fn(async () => {}),
    markSignedIn: vi.fn(async () => {}),
    adminMfaRequired: () => false,
    deleteChallenge: vi.fn(async (session: string) => void challenges.delete(session)),
    currentUserOf: vi.fn(async (u: UserRecord) => ({ id: u.id }) as never),
    recordSignIn: vi.fn(async () => {}),
    throttle: memoryThrottleStore(),
    now: () => clock,
    sleep: vi.fn(async (ms: number) => {
      clock += ms;
    }),
  };
  return deps;
}

describe('login', () => {
  it('signs in with the Cognito username of the record and returns the user and tokens', async () => {
    const deps = setup(user({ cognitoUsername: 'cognito-name' }));
    const result = await login({ username: 'ann@portal.test', password: 'secret-pass' }, CLIENT, deps);
    expect(deps.identity.signIn).toHaveBeenCalledWith('cognito-name', 'secret-pass');
    expect(result).toMatchObject({ status: 'signed-in', user: { id: 'sub-1' }, tokens: { accessToken: 'access' } });
  });

  it('answers an unknown login exactly like a wrong password, after asking Cognito all the same', async () => {
    const wrong = setup(user(), { signIn: vi.fn(async () => Promise.reject(new InvalidCredentialsError())) });
    const unknown = setup(null, { signIn: vi.fn(async () => Promise.reject(new InvalidCredentialsError())) });
    const a = await login({ username: 'ann@portal.test', password: 'bad' }, CLIENT, wrong).catch((e: unknown) => e);
    const b = await login({ username: 'nobody@portal.test', password: 'bad' }, CLIENT, unknown).catch((e: unknown) => e);
    expect(unknown.identity.signIn).toHaveBeenCalledWith('nobody@portal.test', 'bad');
    expect(a).toBeInstanceOf(InvalidCredentialsError);
    expect(b).toBeInstanceOf(InvalidCredentialsError);
    expect((a as InvalidCredentialsError).toBody()).toEqual((b as InvalidCredentialsError).toBody());
  });

  it('refuses a deleted user even when Cognito accepts the password', async () => {
    const deps = setup(user({ deletedAt: '2026-02-01T00:00:00.000Z' }));
    await expect(login({ username: 'ann@portal.test', password: 'x-pass-123' }, CLIENT, deps)).rejects.toBeInstanceOf(InvalidCredentialsError);
  });

  it('passes the first-sign-in challenge through and remembers it was issued', async () => {
    const deps = setup(user(), { signIn: vi.fn(async () => ({ kind: 'new-password-required' as const, session: 'S' })) });
    expect(await login({ username: 'ann@portal.test', password: 'temp-pass' }, CLIENT, deps)).toEqual({
      status: 'new-password-required',
      session: 'S',
    });
    expect(deps.saveChallenge).toHaveBeenCalledWith('S', 'sub-1', NOW / 1000 + 180, 'new-password');
  });

  it('waits for the next second after a sign-out in the same second, so the new session is not born signed out', async () => {
    const deps = setup(user({ signedOutAt: NOW / 1000 }));
    const result = await login({ username: 'ann@portal.test', password: 'secret-pass' }, CLIENT, deps);
    expect(deps.sleep).toHaveBeenCalledOnce();
    expect(result.status).toBe('signed-in');
    if (result.status === 'signed-in') expect(result.tokens.issuedAt).toBeGreaterThan(NOW / 1000);
  });

  it('fails loudly when the record id is not the Cognito sub (a provisioning bug)', async () => {
    const deps = setup(user({ id: 'other' }));
    await expect(login({ username: 'ann@portal.test', password: 'secret-pass' }, CLIENT, deps)).rejects.toThrow(/Cognito subject/);
  });
});

describe('completeNewPassword', () => {
  it('answers the challenge for the user of the login and signs in, once', async () => {
    const deps = setup(user(), {}, 'Temporary-pass-1');
    await deps.saveChallenge('S', 'sub-1', NOW / 1000 + 180);
    const result = await completeNewPassword({ username: 'ann@portal.test', session: 'S', password: 'brand-new-pass' }, '203.0.113.9', deps);
    expect(deps.identity.completeNewPassword).toHaveBeenCalledWith('sub-1', 'S', 'brand-new-pass');
    // The session's tokens come from a fresh sign-in with the new password (refreshable everywhere).
    expect(deps.identity.signIn).toHaveBeenCalledWith('sub-1', 'brand-new-pass');
    expect(result.status).toBe('signed-in');
    await expect(completeNewPassword({ username: 'ann@portal.test', session: 'S', password: 'brand-new-pass' }, '203.0.113.9', deps)).rejects.toBeInstanceOf(
      UnauthenticatedError,
    );
  });

  it('refuses the temporary password as the new one, and keeps the challenge for another try', async () => {
    const deps = setup(user(), {}, 'Temporary-pass-1');
    await deps.saveChallenge('S', 'sub-1', NOW / 1000 + 180);
    await expect(completeNewPassword({ username: 'ann@portal.test', session: 'S', password: 'Temporary-pass-1' }, '203.0.113.9', deps)).rejects.toMatchObject({
      errors: { password: 'validation.passwordSameAsTemporary' },
    });
    expect(deps.identity.completeNewPassword).not.toHaveBeenCalled();
    expect((await completeNewPassword({ username: 'ann@portal.test', session: 'S', password: 'brand-new-pass' }, '203.0.113.9', deps)).status).toBe('signed-in');
  });

  it('refuses a session the portal did not issue to this user, or an expired one, without asking Cognito', async () => {
    const deps = setup(user());
    await deps.saveChallenge('OTHER', 'sub-2', NOW / 1000 + 180);
    await deps.saveChallenge('OLD', 'sub-1', NOW / 1000);
    for (const session of ['made-up', 'OTHER', 'OLD']) {
      await expect(completeNewPassword({ username: 'ann@portal.test', session, password: 'brand-new-pass' }, '203.0.113.9', deps)).rejects.toBeInstanceOf(
        UnauthenticatedError,
      );
    }
    expect(deps.identity.completeNewPassword).not.toHaveBeenCalled();
  });

  it('refuses an unknown login', async () => {
    await expect(completeNewPassword({ username: 'x@portal.test', session: 'S', password: 'brand-new-pass' }, '203.0.113.9', setup(null))).rejects.toBeInstanceOf(
      UnauthenticatedError,
    );
  });
});

describe('refresh', () => {
  const previous = { userId: 'sub-1', issuedAt: NOW / 1000 - 4000 };

  it('gives a new access token while the session is live', async () => {
    const deps = setup(user());
    expect((await refresh('refresh', previous, deps)).accessToken).toBe('access');
    expect(deps.identity.refresh).toHaveBeenCalledWith('refresh', 'sub-1');
  });

  it('refuses without a refresh token or without the previous access token', async () => {
    await expect(refresh(undefined, previous, setup(user()))).rejects.toBeInstanceOf(UnauthenticatedError);
    await expect(refresh('refresh', null, setup(user()))).rejects.toBeInstanceOf(UnauthenticatedError);
  });

  it('refuses a session ended since its access token was issued (logout, password reset)', async () => {
    const deps = setup(user({ signedOutAt: previous.issuedAt + 10 }));
    await expect(refresh('refresh', previous, deps)).rejects.toBeInstanceOf(UnauthenticatedError);
    expect(deps.identity.refresh).not.toHaveBeenCalled();
  });

  it('refuses a refresh token that belongs to someone else', async () => {
    const deps = setup(user(), { refresh: vi.fn(async () => tokens({ subject: 'sub-2' })) });
    await expect(refresh('refresh', previous, deps)).rejects.toBeInstanceOf(UnauthenticatedError);
  });

  it('refuses deleted users', async () => {
    await expect(refresh('refresh', previous, setup(user({ deletedAt: 'x' })))).rejects.toBeInstanceOf(UnauthenticatedError);
  });
});

describe('logout', () => {
  it('revokes the refresh token and marks the user signed out now', async () => {
    const deps = setup(user());
    await logout('refresh', 'sub-1', deps);
    expect(deps.identity.revokeRefreshToken).toHaveBeenCalledWith('refresh');
    expect(deps.markSignedOut).toHaveBeenCalledWith('sub-1', NOW / 1000);
  });

  it('does what it can without cookies', async () => {
    const deps = setup(user());
    await logout(undefined, null, deps);
    expect(deps.identity.revokeRefreshToken).not.toHaveBeenCalled();
    expect(deps.markSignedOut).not.toHaveBeenCalled();
  });
});

describe('login throttling', () => {
  const wrongPassword = () => vi.fn(async () => Promise.reject(new InvalidCredentialsError()));

  it('backs off after five wrong passwords for a login: the right one is not even tried meanwhile', async () => {
    const deps = setup(user(), { signIn: wrongPassword() });
    for (let i = 0; i < 5; i++) {
      await expect(login({ username: 'ann@portal.test', password: `bad-${i}` }, CLIENT, deps)).rejects.toBeInstanceOf(InvalidCredentialsError);
    }
    deps.identity.signIn = vi.fn(async () => ({ kind: 'tokens' as const, tokens: tokens() }));
    const refused = await login({ username: 'ANN@portal.test', password: 'secret-pass' }, CLIENT, deps).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TooManyRequestsError);
    expect((refused as TooManyRequestsError).retryAfterSeconds).toBe(30);
    expect(deps.identity.signIn).not.toHaveBeenCalled();
    // After the wait, the right password works and clears the count.
    await deps.sleep(30_000);
    expect((await login({ username: 'ann@portal.test', password: 'secret-pass' }, CLIENT, deps)).status).toBe('signed-in');
  });

  it('doubles the wait with each further failure, up to 15 minutes', async () => {
    const deps = setup(user(), { signIn: wrongPassword() });
    const waits: number[] = [];
    for (let i = 0; i < 20; i++) {
      const error = await login({ username: 'ann@portal.test', password: 'bad' }, CLIENT, deps).catch((e: unknown) => e);
      if (error instanceof TooManyRequestsError) {
        waits.push(error.retryAfterSeconds);
        await deps.sleep(error.retryAfterSeconds * 1000);
      }
    }
    expect(waits).toEqual([30, 60, 120, 240, 480, 900, 900, 900]);
  });

  it('throttles unknown logins the same way (no account discovery through the throttle)', async () => {
    const deps = setup(null, { signIn: wrongPassword() });
    for (let i = 0; i < 5; i++) await login({ username: 'ghost@portal.test', password: 'bad' }, CLIENT, deps).catch(() => {});
    await expect(login({ username: 'ghost@portal.test', password: 'bad' }, CLIENT, deps)).rejects.toBeInstanceOf(TooManyRequestsError);
  });

  it('backs off one client address trying many logins', async () => {
    const deps = setup(null, { signIn: wrongPassword() });
    for (let i = 0; i < 50; i++) await login({ username: `user-${i}@portal.test`, password: 'bad' }, CLIENT, deps).catch(() => {});
    await expect(login({ username: 'fresh@portal.test', password: 'bad' }, CLIENT, deps)).rejects.toBeInstanceOf(TooManyRequestsError);
    await expect(login({ username: 'fresh@portal.test', password: 'bad' }, '203.0.113.9', deps)).rejects.toBeInstanceOf(InvalidCredentialsError);
  });
});

describe('authenticator codes (TOTP)', () => {
  const admin = (over: Partial<UserRecord> = {}) => user({ roles: ['ROLE_ADMIN'], ...over });

  it('hands out the code step when Cognito asks for it, and signs in with the right code', async () => {
    const deps = setup(admin({ mfaEnrolled: true }), { signIn: vi.fn(async () => ({ kind: 'mfa-required' as const, session: 'M' })) });
    expect(await login({ username: 'ann@portal.test', password: 'pw' }, CLIENT, deps)).toEqual({ status: 'mfa-required', session: 'M' });
    const result = await completeMfa({ username: 'ann@portal.test', session: 'M', code: '123456' }, CLIENT, deps);
    expect(result.status).toBe('signed-in');
    expect(deps.identity.answerMfa).toHaveBeenCalledWith('sub-1', 'M', '123456');
    // Used once: the same session cannot sign in again.
    await expect(completeMfa({ username: 'ann@portal.test', session: 'M', code: '123456' }, CLIENT, deps)).rejects.toBeInstanceOf(UnauthenticatedError);
  });

  it('never answers a code session as a new-password session, nor the reverse', async () => {
    const deps = setup(admin(), { signIn: vi.fn(async () => ({ kind: 'mfa-required' as const, session: 'M' })) });
    await login({ username: 'ann@portal.test', password: 'pw' }, CLIENT, deps);
    await expect(completeNewPassword({ username: 'ann@portal.test', session: 'M', password: 'New-password-12' }, '203.0.113.9', deps)).rejects.toBeInstanceOf(UnauthenticatedError);
    expect(deps.identity.completeNewPassword).not.toHaveBeenCalled();
    await expect(completeMfa({ username: 'ann@portal.test', session: 'forged', code: '123456' }, CLIENT, deps)).rejects.toBeInstanceOf(UnauthenticatedError);
    expect(deps.identity.answerMfa).not.toHaveBeenCalled();
  });

  it('backs off after wrong codes like after wrong passwords', async () => {
    const deps = setup(admin(), {
      signIn: vi.fn(async () => ({ kind: 'mfa-required' as const, session: 'M' })),
      answerMfa: vi.fn(async () => {
        throw new InvalidMfaCodeError();
      }),
    });
    await login({ username: 'ann@portal.test', password: 'pw' }, CLIENT, deps);
    for (let i = 0; i < 5; i++) {
      await expect(completeMfa({ username: 'ann@portal.test', session: 'M', code: '000000' }, CLIENT, deps)).rejects.toBeInstanceOf(InvalidMfaCodeError);
    }
    await expect(completeMfa({ username: 'ann@portal.test', session: 'M', code: '000000' }, CLIENT, deps)).rejects.toBeInstanceOf(TooManyRequestsError);
  });

  it('gives an administrator without an app only the enrolment when the stage requires one', async () => {
    const deps = { ...setup(admin()), adminMfaRequired: () => true };
    const result = await login({ username: 'ann@portal.test', password: 'pw' }, CLIENT, deps);
    expect(result.status).toBe('mfa-setup-required');
    // Other roles, and administrators where it is optional, sign in as before.
    expect((await login({ username: 'ann@portal.test', password: 'pw' }, CLIENT, { ...setup(user()), adminMfaRequired: () => true })).status).toBe('signed-in');
    expect((await login({ username: 'ann@portal.test', password: 'pw' }, CLIENT, setup(admin()))).status).toBe('signed-in');
  });

  it('keeps the record in line with Cognito: a sign-in without a code means no app, one with a code means an app', async () => {
    const stale = setup(admin({ mfaEnrolled: true }));
    await login({ username: 'ann@portal.test', password: 'pw' }, CLIENT, stale);
    expect(stale.setMfaEnrolled).toHaveBeenCalledWith(expect.objectContaining({ id: 'sub-1' }), false);
    const fresh = setup(admin({ mfaEnrolled: false }), { signIn: vi.fn(async () => ({ kind: 'mfa-required' as const, session: 'M' })) });
    await login({ username: 'ann@portal.test', password: 'pw' }, CLIENT, fresh);
    await completeMfa({ username: 'ann@portal.test', session: 'M', code: '123456' }, CLIENT, fresh);
    expect(fresh.setMfaEnrolled).toHaveBeenCalledWith(expect.objectContaining({ id: 'sub-1' }), true);
  });
});

describe('authenticator enrolment', () => {
  const deps = () => {
    const identity = {
      startTotpEnrolment: vi.fn(async () => 'JBSWY3DPEHPK3PXP'),
      verifyTotpEnrolment: vi.fn(async () => {}),
      signIn: vi.fn(async (_username: string, password: string) => {
        if (password !== 'Current-pass-1') throw new InvalidCredentialsError();
        return { kind: 'mfa-required' as const, session: 'M' };
      }),
      answerMfa: vi.fn(async (_username: string, _session: string, code: string) => {
        if (code !== '123456') throw new InvalidMfaCodeError();
        return { kind: 'tokens' as const, tokens: tokens() };
      }),
      revokeRefreshToken: vi.fn(async () => {}),
      removeTotp: vi.fn(async () => {}),
    };
    return { identity, setMfaEnrolled: vi.fn(async () => {}), notify: vi.fn(async () => {}), throttle: memoryThrottleStore(), now: () => NOW };
  };
  const password = 'Current-pass-1';

  it('gives the secret and the otpauth URI of the QR code, only with the current password', async () => {
    const d = deps();
    await expect(startMfaEnrolment(user(), 'access', 'wrong-password', CLIENT, d)).rejects.toMatchObject({ errors: { password: 'validation.currentPasswordWrong' } });
    expect(d.identity.startTotpEnrolment).not.toHaveBeenCalled();
    const enrolment = await startMfaEnrolment(user(), 'access', password, CLIENT, d);
    expect(enrolment).toEqual({
      secret: 'JBSWY3DPEHPK3PXP',
      uri: 'otpauth://totp/Onboarding%20Portal%3Aann%40portal.test?secret=JBSWY3DPEHPK3PXP&issuer=Onboarding+Portal&algorithm=SHA1&digits=6&period=30',
    });
  });

  it('records the app (and when) only once the password and its first code are right, and tells the owner', async () => {
    const d = deps();
    await expect(verifyMfaEnrolment(user(), 'access', { password: 'wrong-password', code: '123456' }, CLIENT, d)).rejects.toMatchObject({ code: 'validation' });
    d.identity.verifyTotpEnrolment.mockRejectedValueOnce(new InvalidMfaCodeError());
    await expect(verifyMfaEnrolment(user(), 'access', { password, code: '000000' }, CLIENT, d)).rejects.toBeInstanceOf(InvalidMfaCodeError);
    expect(d.setMfaEnrolled).not.toHaveBeenCalled();
    expect(d.notify).not.toHaveBeenCalled();
    expect(await verifyMfaEnrolment(user(), 'access', { password, code: '123456' }, CLIENT, d)).toEqual({ status: 'enrolled' });
    expect(d.setMfaEnrolled).toHaveBeenCalledWith(expect.objectContaining({ id: 'sub-1' }), true, new Date(NOW).toISOString());
    expect(d.notify).toHaveBeenCalledWith(expect.objectContaining({ id: 'sub-1' }), 'added');
  });

  it('counts wrong passwords in the sign-in backoff', async () => {
    const d = deps();
    for (let i = 0; i < 5; i++) await expect(startMfaEnrolment(user(), 'access', 'wrong-password', CLIENT, d)).rejects.toMatchObject({ code: 'validation' });
    await expect(startMfaEnrolment(user(), 'access', password, CLIENT, d)).rejects.toBeInstanceOf(TooManyRequestsError);
  });

  it('removes the app only with the password and a current code', async () => {
    const d = deps();
    await expect(removeOwnMfa(user({ mfaEnrolled: true }), { password: 'wrong-password', code: '123456' }, CLIENT, d)).rejects.toMatchObject({ code: 'validation' });
    await expect(removeOwnMfa(user({ mfaEnrolled: true }), { password, code: '000000' }, CLIENT, d)).rejects.toBeInstanceOf(InvalidMfaCodeError);
    expect(d.identity.removeTotp).not.toHaveBeenCalled();
    expect(await removeOwnMfa(user({ mfaEnrolled: true }), { password, code: '123456' }, CLIENT, d)).toEqual({ status: 'removed' });
    expect(d.identity.removeTotp).toHaveBeenCalledWith('sub-1');
    expect(d.identity.revokeRefreshToken).toHaveBeenCalledWith('refresh');
    expect(d.setMfaEnrolled).toHaveBeenCalledWith(expect.objectContaining({ id: 'sub-1' }), false);
    expect(d.notify).toHaveBeenCalledWith(expect.objectContaining({ id: 'sub-1' }), 'removed');
  });

  it('needs the session token', async () => {
    await expect(startMfaEnrolment(user(), undefined, password, CLIENT, deps())).rejects.toBeInstanceOf(UnauthenticatedError);
  });

  it('needs the session token to verify the first code too', async () => {
    const d = deps();
    await expect(verifyMfaEnrolment(user(), undefined, { password, code: '123456' }, CLIENT, d)).rejects.toBeInstanceOf(UnauthenticatedError);
    expect(d.identity.verifyTotpEnrolment).not.toHaveBeenCalled();
  });

  it('counts wrong first codes and wrong removal codes in the backoff, but not an outage', async () => {
    const d = deps();
    d.identity.verifyTotpEnrolment.mockRejectedValue(new InvalidMfaCodeError());
    for (let i = 0; i < 5; i++) await expect(verifyMfaEnrolment(user(), 'access', { password, code: '000000' }, CLIENT, d)).rejects.toBeInstanceOf(InvalidMfaCodeError);
    await expect(verifyMfaEnrolment(user(), 'access', { password, code: '123456' }, CLIENT, d)).rejects.toBeInstanceOf(TooManyRequestsError);

    const r = deps();
    for (let i = 0; i < 5; i++) await expect(removeOwnMfa(user(), { password, code: '000000' }, CLIENT, r)).rejects.toBeInstanceOf(InvalidMfaCodeError);
    await expect(removeOwnMfa(user(), { password, code: '123456' }, CLIENT, r)).rejects.toBeInstanceOf(TooManyRequestsError);

    const down = deps();
    const counted = vi.spyOn(down.throttle, 'countAttempt');
    down.identity.verifyTotpEnrolment.mockRejectedValue(new Error('Cognito unreachable'));
    await expect(verifyMfaEnrolment(user(), 'access', { password, code: '123456' }, CLIENT, down)).rejects.toThrow('Cognito unreachable');
    down.identity.answerMfa.mockRejectedValue(new Error('Cognito unreachable'));
    await expect(removeOwnMfa(user(), { password, code: '123456' }, CLIENT, down)).rejects.toThrow('Cognito unreachable');
    down.identity.signIn.mockRejectedValue(new Error('Cognito unreachable'));
    await expect(removeOwnMfa(user(), { password, code: '123456' }, CLIENT, down)).rejects.toThrow('Cognito unreachable');
    expect(counted).not.toHaveBeenCalled();
  });

  it('says which field is wrong when the password is', async () => {
    await expect(removeOwnMfa(user(), { password: 'wrong-password', code: '123456' }, CLIENT, deps())).rejects.toMatchObject({
      errors: { password: 'validation.currentPasswordWrong' },
    });
  });

  it('with no app on in Cognito, removes nothing, ends the probe’s session and puts the record in line', async () => {
    const d = deps();
    d.identity.signIn.mockResolvedValue({ kind: 'tokens', tokens: tokens() } as never);
    expect(await removeOwnMfa(user({ mfaEnrolled: true }), { password, code: '123456' }, CLIENT, d)).toEqual({ status: 'removed' });
    expect(d.identity.revokeRefreshToken).toHaveBeenCalledWith('refresh');
    expect(d.setMfaEnrolled).toHaveBeenCalledWith(expect.objectContaining({ id: 'sub-1' }), false);
    expect(d.identity.removeTotp).not.toHaveBeenCalled();
    expect(d.notify).not.toHaveBeenCalled();
    // Record already without: no write; tokens without a refresh token: nothing to revoke.
    const quiet = deps();
    quiet.identity.signIn.mockResolvedValue({ kind: 'tokens', tokens: tokens({ refreshToken: undefined }) } as never);
    await removeOwnMfa(user({ mfaEnrolled: false }), { password, code: '123456' }, CLIENT, quiet);
    expect(quiet.setMfaEnrolled).not.toHaveBeenCalled();
    expect(quiet.identity.revokeRefreshToken).not.toHaveBeenCalled();
  });

  it('refuses to remove on a sign-in step it does not expect, and revokes only a refresh token there is', async () => {
    const d = deps();
    d.identity.signIn.mockResolvedValue({ kind: 'new-password-required', session: 'S' } as never);
    await expect(removeOwnMfa(user({ mfaEnrolled: true }), { password, code: '123456' }, CLIENT, d)).rejects.toThrow('Sign in again');
    expect(d.identity.removeTotp).not.toHaveBeenCalled();
    const noRefresh = deps();
    noRefresh.identity.answerMfa.mockResolvedValue({ kind: 'tokens', tokens: tokens({ refreshToken: undefined }) } as never);
    await removeOwnMfa(user({ mfaEnrolled: true }), { password, code: '123456' }, CLIENT, noRefresh);
    expect(noRefresh.identity.revokeRefreshToken).not.toHaveBeenCalled();
    expect(noRefresh.identity.removeTotp).toHaveBeenCalledWith('sub-1');
  });
});

describe('sign-in edges (mutation testing found these unchecked)', () => {
  const ann = { username: 'ann@portal.test', password: 'secret-pass' };
  const expiredMessage = 'The sign-in session expired: sign in again';

  it('waits only while the sign-out plus the skew is not a whole second behind: not at the edge, not long after', async () => {
    const signedOutAt = NOW / 1000;
    // The first millisecond a new token's iat (whole seconds) is past signedOutAt + skew: no wait.
    const atEdge = setup(user({ signedOutAt: signedOutAt - 6 }));
    await login(ann, CLIENT, atEdge);
    expect(atEdge.sleep).not.toHaveBeenCalled();
    const longAgo = setup(user({ signedOutAt: signedOutAt - 86_400 }));
    await login(ann, CLIENT, longAgo);
    expect(longAgo.sleep).not.toHaveBeenCalled();
    // A millisecond short of it: wait that millisecond (and a margin).
    const justShort = setup(user({ signedOutAt: signedOutAt - 6 }));
    justShort.now = () => NOW - 1;
    await login(ann, CLIENT, justShort);
    expect(justShort.sleep).toHaveBeenCalledWith(26);
  });

  it('refuses a fresh token Cognito dates at or before the sign-out (a clock behind ours)', async () => {
    const deps = setup(user({ signedOutAt: NOW / 1000 - 100 }), {
      signIn: vi.fn(async () => ({ kind: 'tokens' as const, tokens: tokens({ issuedAt: NOW / 1000 - 100 }) })),
    });
    await expect(login(ann, CLIENT, deps)).rejects.toThrow('Sign in again');
  });

  it('writes the app flag only when it changed, and decides the enrolment on the corrected record', async () => {
    const same = setup(user({ mfaEnrolled: false }));
    await login(ann, CLIENT, same);
    expect(same.setMfaEnrolled).not.toHaveBeenCalled();
    // The record says enrolled, Cognito did not ask for a code: the app is gone, so an admin must enrol again.
    const stale = { ...setup(user({ roles: ['ROLE_ADMIN'], mfaEnrolled: true })), adminMfaRequired: () => true };
    expect((await login(ann, CLIENT, stale)).status).toBe('mfa-setup-required');
  });

  it('clears the client’s failures on success only when it has some', async () => {
    const clean = setup(user());
    const clear = vi.spyOn(clean.throttle, 'clearCounter');
    await login(ann, CLIENT, clean);
    expect(clear).not.toHaveBeenCalled();
    // Four wrong, then right: the four are forgotten, so five more wrong ones are free again... up to the backoff.
    const deps = setup(user(), {}, 'secret-pass');
    for (let i = 0; i < 4; i++) await expect(login({ ...ann, password: 'wrong' }, CLIENT, deps)).rejects.toBeInstanceOf(InvalidCredentialsError);
    await login(ann, CLIENT, deps);
    for (let i = 0; i < 4; i++) await expect(login({ ...ann, password: 'wrong' }, CLIENT, deps)).rejects.toBeInstanceOf(InvalidCredentialsError);
    // 4 (not 8) failures on record: the fifth is still free.
    await expect(login({ ...ann, password: 'wrong' }, CLIENT, deps)).rejects.toBeInstanceOf(InvalidCredentialsError);
  });

  it('counts only wrong passwords and codes, not an outage, as failures', async () => {
    const down = setup(user(), { signIn: vi.fn(async () => Promise.reject(new Error('Cognito unreachable'))) });
    const count = vi.spyOn(down.throttle, 'countAttempt');
    await expect(login(ann, CLIENT, down)).rejects.toThrow('Cognito unreachable');
    expect(count).not.toHaveBeenCalled();
    const mfaDown = setup(user(), {
      signIn: vi.fn(async () => ({ kind: 'mfa-required' as const, session: 'M' })),
      answerMfa: vi.fn(async () => Promise.reject(new Error('Cognito unreachable'))),
    });
    await login(ann, CLIENT, mfaDown);
    const mfaCount = vi.spyOn(mfaDown.throttle, 'countAttempt');
    await expect(completeMfa({ username: ann.username, session: 'M', code: '123456' }, CLIENT, mfaDown)).rejects.toThrow('Cognito unreachable');
    expect(mfaCount).not.toHaveBeenCalled();
  });

  it('answers a code step of a deleted user, or one Cognito does not finish, as an expired session', async () => {
    const deleted = setup(user({ deletedAt: '2026-02-01T00:00:00.000Z' }));
    await expect(completeMfa({ username: ann.username, session: 'M', code: '123456' }, CLIENT, deleted)).rejects.toThrow(expiredMessage);
    const unfinished = setup(user(), {
      signIn: vi.fn(async () => ({ kind: 'mfa-required' as const, session: 'M' })),
      answerMfa: vi.fn(async () => ({ kind: 'mfa-required' as const, session: 'M2' })),
    });
    await login(ann, CLIENT, unfinished);
    await expect(completeMfa({ username: ann.username, session: 'M', code: '123456' }, CLIENT, unfinished)).rejects.toThrow(expiredMessage);
    expect(unfinished.deleteChallenge).not.toHaveBeenCalled();
    // Deleted between the password and the code: its live challenge does not carry it through.
    const deletedMeanwhile = setup(user(), { signIn: vi.fn(async () => ({ kind: 'mfa-required' as const, session: 'M' })) });
    await login(ann, CLIENT, deletedMeanwhile);
    deletedMeanwhile.findUserByLogin = vi.fn(async () => user({ deletedAt: '2026-02-01T00:00:00.000Z' }));
    await expect(completeMfa({ username: ann.username, session: 'M', code: '123456' }, CLIENT, deletedMeanwhile)).rejects.toThrow(expiredMessage);
    expect(deletedMeanwhile.identity.answerMfa).not.toHaveBeenCalled();
  });

  it('after a new password, hands out the code step when Cognito asks for one, and refuses an unfinished answer', async () => {
    /** Cognito knows only the temporary password until the challenge is answered, then answers `after` for the new one. */
    const challenged = async (after: Awaited<ReturnType<IdentityProvider['signIn']>>, answer?: IdentityProvider['completeNewPassword']) => {
      let changed = false;
      const deps = setup(user(), {
        signIn: vi.fn(async () => {
          if (!changed) throw new InvalidCredentialsError();
          return after;
        }),
        completeNewPassword: vi.fn(async (...args: Parameters<IdentityProvider['completeNewPassword']>) => {
          changed = true;
          return answer ? answer(...args) : { kind: 'tokens' as const, tokens: tokens() };
        }),
      });
      await deps.saveChallenge('S', 'sub-1', NOW / 1000 + 180);
      return deps;
    };
    const newPassword = { username: ann.username, session: 'S', password: 'New-password-12' };
    const toMfa = await challenged({ kind: 'mfa-required', session: 'M' });
    expect(await completeNewPassword(newPassword, '203.0.113.9', toMfa)).toEqual({ status: 'mfa-required', session: 'M' });
    expect(toMfa.saveChallenge).toHaveBeenLastCalledWith('M', 'sub-1', NOW / 1000 + 180, 'mfa');

    const stuck = await challenged({ kind: 'tokens', tokens: tokens() }, async () => ({ kind: 'new-password-required', session: 'S2' }));
    await expect(completeNewPassword(newPassword, '203.0.113.9', stuck)).rejects.toThrow(expiredMessage);
    expect(stuck.markPasswordChanged).not.toHaveBeenCalled();

    const noTokens = await challenged({ kind: 'new-password-required', session: 'S3' });
    await expect(completeNewPassword(newPassword, '203.0.113.9', noTokens)).rejects.toThrow(expiredMessage);
  });
});

describe('the audit of sign-ins (recordSignIn) and the last sign-in', () => {
  it('records a sign-in that gave a session, with the login and address; a challenge is no sign-in yet', async () => {
    const deps = setup(user());
    await login({ username: 'Ann@portal.test', password: 'secret-pass' }, CLIENT, deps);
    expect(deps.recordSignIn).toHaveBeenCalledWith({ userId: 'sub-1', login: 'Ann@portal.test', ok: true, client: CLIENT });
    expect(deps.markSignedIn).toHaveBeenCalledWith('sub-1', new Date(NOW).toISOString());
    const challenged = setup(user(), { signIn: vi.fn(async () => ({ kind: 'new-password-required' as const, session: 'S' })) });
    await login({ username: 'ann@portal.test', password: 'temp-pass' }, CLIENT, challenged);
    expect(challenged.recordSignIn).not.toHaveBeenCalled();
  });

  it('records a wrong password as failed, for a known user by id and an unknown login without one', async () => {
    const wrong = setup(user(), { signIn: vi.fn(async () => Promise.reject(new InvalidCredentialsError())) });
    await login({ username: 'ann@portal.test', password: 'bad' }, CLIENT, wrong).catch(() => undefined);
    expect(wrong.recordSignIn).toHaveBeenCalledWith({ userId: 'sub-1', login: 'ann@portal.test', ok: false, client: CLIENT });
    const unknown = setup(null, { signIn: vi.fn(async () => Promise.reject(new InvalidCredentialsError())) });
    await login({ username: 'nobody@portal.test', password: 'bad' }, CLIENT, unknown).catch(() => undefined);
    expect(unknown.recordSignIn).toHaveBeenCalledWith({ userId: null, login: 'nobody@portal.test', ok: false, client: CLIENT });
    // Another failure (Cognito down) is no wrong password: not recorded.
    const down = setup(user(), { signIn: vi.fn(async () => Promise.reject(new Error('Cognito down'))) });
    await login({ username: 'ann@portal.test', password: 'x' }, CLIENT, down).catch(() => undefined);
    expect(down.recordSignIn).not.toHaveBeenCalled();
  });

  it('records the second step: a wrong code as failed, a right one as a sign-in', async () => {
    const deps = setup(user(), {
      signIn: vi.fn(async () => ({ kind: 'mfa-required' as const, session: 'M' })),
      answerMfa: vi.fn(async (_u: string, _s: string, code: string) => {
        if (code !== '123456') throw new InvalidMfaCodeError();
        return { kind: 'tokens' as const, tokens: tokens() };
      }),
    });
    await login({ username: 'ann@portal.test', password: 'secret-pass' }, CLIENT, deps);
    await completeMfa({ username: 'ann@portal.test', session: 'M', code: '000000' }, CLIENT, deps).catch(() => undefined);
    expect(deps.recordSignIn).toHaveBeenLastCalledWith({ userId: 'sub-1', login: 'ann@portal.test', ok: false, client: CLIENT });
    await completeMfa({ username: 'ann@portal.test', session: 'M', code: '123456' }, CLIENT, deps);
    expect(deps.recordSignIn).toHaveBeenLastCalledWith({ userId: 'sub-1', login: 'ann@portal.test', ok: true, client: CLIENT });
  });

  it('a last sign-in that cannot be written is logged, and the sign-in goes through', async () => {
    const deps = { ...setup(user()), markSignedIn: vi.fn(async () => Promise.reject(new RangeError('table down'))) };
    const log = vi.spyOn(logger(), 'error').mockImplementation(() => undefined);
    expect(await login({ username: 'ann@portal.test', password: 'secret-pass' }, CLIENT, deps)).toMatchObject({ status: 'signed-in' });
    expect(log).toHaveBeenCalledWith('Last sign-in not recorded', { userId: 'sub-1', error: 'RangeError' });
    log.mockRestore();
  });
});
