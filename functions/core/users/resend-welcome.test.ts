import { describe, expect, it, vi } from 'vitest';
import type { CompanyRecord } from '../../data/companies';
import type { UserRecord } from '../../data/users';
import { ForbiddenError, NotFoundError, TooManyRequestsError } from '../../platform/errors';
import { memoryThrottleStore } from '../security/testing/memory-throttle';
import { companyLookupOf } from './testing/company-lookup';
import { resendWelcome, WELCOME_MAILS_PER_USER, type ResendWelcomeDeps } from './resend-welcome';

const company = { id: 'a', name: 'Alpha', country: 'FR' } as CompanyRecord;
const user = { id: 'u', login: 'u@portal.test', cognitoUsername: 'cog-u', firstName: 'Una', lastName: 'User', roles: ['ROLE_USER'], companyId: 'a', managedCompanyIds: ['a'], created: '2026-01-01T00:00:00.000Z', version: 1 } as UserRecord;
/** A fixed clock in the middle of an hour's window, so the cap's window never turns during the test. */
const NOW = Date.UTC(2026, 10, 26, 10, 30);

function deps(now = () => NOW): ResendWelcomeDeps & { sendMail: ReturnType<typeof vi.fn>; setTemporaryPassword: ReturnType<typeof vi.fn> } {
  return {
    getUser: async (id) => (id === user.id ? user : null),
    companyLookup: companyLookupOf([company]),
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
  it('reads the user’s own companies by id alone, never every company', async () => {
    const d = deps();
    const lookup = companyLookupOf([company, { id: 'z', name: 'Zeta', country: 'RU' } as CompanyRecord]);
    expect(await resendWelcome('u', { id: 'admin' }, { ...d, companyLookup: lookup })).toMatchObject({ company: 'Alpha', welcomeMailSent: true });
    expect(lookup.getCompanies.mock.calls).toEqual([[['a', 'a']]]);
    expect(lookup.findCompaniesByNames).not.toHaveBeenCalled();
    expect(d.sendMail).toHaveBeenCalledWith(expect.objectContaining({ template: 'welcome-fr' }));
  });

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

describe('resendWelcome: whom and what', () => {
  it('replaces the password, ends the sessions at the second of the change, and mails in the company\'s language', async () => {
    const d = deps(() => NOW + 999);
    await resendWelcome('u', { id: 'admin' }, d);
    expect(d.setTemporaryPassword).toHaveBeenCalledWith('cog-u', 'Tmp4pass7Q');
    expect(d.markPasswordChanged).toHaveBeenCalledWith(expect.objectContaining({ id: 'u', companyId: 'a' }));
    expect(d.markSignedOut).toHaveBeenCalledWith('u', Math.floor(NOW / 1000));
    expect(d.identity.signOutEverywhere).toHaveBeenCalledWith('cog-u');
    expect(d.sendMail).toHaveBeenCalledWith(expect.objectContaining({ to: 'u@portal.test', template: 'welcome-fr' }));
  });

  it('a user whose company is gone still gets the default welcome', async () => {
    const d = { ...deps(), companyLookup: companyLookupOf([]) };
    expect(await resendWelcome('u', { id: 'admin' }, d)).toMatchObject({ company: '', welcomeMailSent: true });
    expect(d.sendMail).toHaveBeenCalledWith(expect.objectContaining({ template: 'welcome-default' }));
  });

  it('refuses a missing or deleted user, the protected administrator and the caller, changing nothing', async () => {
    for (const [found, caller, error] of [
      [null, 'admin', new NotFoundError('No such user')],
      [{ ...user, deletedAt: '2026-03-01T00:00:00.000Z' }, 'admin', new NotFoundError('No such user')],
      [{ ...user, login: 'ADMIN@portal.test' }, 'admin', new ForbiddenError('The protected administrator’s password cannot be replaced')],
      [user, 'u', new ForbiddenError('Change your own password from your profile')],
    ] as const) {
      const d = { ...deps(), getUser: async () => found as UserRecord | null };
      await expect(resendWelcome('u', { id: caller }, d)).rejects.toThrow(error);
      expect(d.setTemporaryPassword).not.toHaveBeenCalled();
    }
  });
});
