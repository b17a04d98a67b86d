import { describe, expect, it, vi } from 'vitest';
import type { CompanyRecord } from '../../data/companies';
import type { UserRecord } from '../../data/users';
import { TooManyRequestsError } from '../../platform/errors';
import { memoryThrottleStore } from '../security/testing/memory-throttle';
import { resendWelcome, WELCOME_MAILS_PER_USER, type ResendWelcomeDeps } from './resend-welcome';

const company = { id: 'a', name: 'Alpha', country: 'FR' } as CompanyRecord;
const user = { id: 'u', login: 'u@portal.test', cognitoUsername: 'cog-u', firstName: 'Una', lastName: 'User', roles: ['ROLE_USER'], companyId: 'a', managedCompanyIds: ['a'], created: '2026-01-01T00:00:00.000Z', version: 1 } as UserRecord;
/** A fixed clock in the middle of an hour's window, so the cap's window never turns during the test. */
const NOW = Date.UTC(2026, 10, 26, 10, 30);

function deps(now = () => NOW): ResendWelcomeDeps & { sendMail: ReturnType<typeof vi.fn>; setTemporaryPassword: ReturnType<typeof vi.fn> } {
  return {
    getUser: async (id) => (id === user.id ? user : null),
    listCompanies: async () => [company],
    setTemporaryPassword: vi.fn(async () => {}),
    newPassword: () => 'Tmp4pass7Q',
    markPasswordChanged: vi.fn(async () => {}),
    markSignedOut: vi.fn(async () => {}),
    identity: { signOutEverywhere: vi.fn(async () => {}) },
    sendMail: vi.fn(async () => {}),
    appUrl: () => 'https://portal.test',
    protectedLogin: () => 'admin@portal.test',
    throttle: memoryThrottleStore(),
    now,
  };
}

describe('resendWelcome', () => {
  it('sends at most 3 welcome e-mails an hour per user, then answers 429 with the wait and changes nothing', async () => {
    const d = deps();
    for (let i = 0; i < WELCOME_MAILS_PER_USER.max; i++) await resendWelcome('u', { id: 'admin' }, d);
    const refused = await resendWelcome('u', { id: 'admin' }, d).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TooManyRequestsError);
    expect((refused as TooManyRequestsError).retryAfterSeconds).toBe(30 * 60);
    expect(d.sendMail).toHaveBeenCalledTimes(3);
    expect(d.setTemporaryPassword).toHaveBeenCalledTimes(3);
    // The next hour's window starts again.
    await resendWelcome('u', { id: 'admin' }, { ...d, now: () => NOW + 30 * 60 * 1000 });
    expect(d.sendMail).toHaveBeenCalledTimes(4);
  });

  it('answers welcomeMailSent false (and the password) when the mail cannot go', async () => {
    const d = deps();
    d.sendMail.mockRejectedValueOnce(new Error('SES down'));
    expect(await resendWelcome('u', { id: 'admin' }, d)).toMatchObject({ plainPassword: 'Tmp4pass7Q', welcomeMailSent: false });
  });
});
