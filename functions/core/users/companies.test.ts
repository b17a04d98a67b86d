import { describe, expect, it, vi } from 'vitest';
import type { CompanyRecord } from '../../data/companies';
import type { UserRecord } from '../../data/users';
import { ForbiddenError, NotFoundError } from '../../platform/errors';
import { changeCurrentCompany, currentUser, currentUserOf, managedCompanies, resolveCompany, type UserCompanyDeps } from './companies';

const company = (id: string, name: string): CompanyRecord => ({
  id,
  name,
  product: '360',
  country: 'FR',
  viewId: null,
  dimensionIndex: null,
  orderFeedUrl: null,
  integrationSteps: ['sources'],
  isDefault: false,
  created: '2026-01-01T00:00:00.000Z',
  version: 3,
});
const all = [company('a', 'Alpha'), company('b', 'Beta'), company('c', 'Gamma'), company('t', 'Team')];

const user = (over: Partial<UserRecord>): UserRecord => ({
  id: 'u',
  login: 'u@portal.test',
  cognitoUsername: 'u',
  firstName: 'U',
  lastName: 'V',
  roles: ['ROLE_USER'],
  companyId: 'a',
  managedCompanyIds: ['a'],
  currentCompanyId: null,
  created: '2026-01-01T00:00:00.000Z',
  signedOutAt: null,
  version: 1,
  ...over,
});

function deps(): UserCompanyDeps {
  return {
    getCompany: vi.fn(async (id: string) => all.find((c) => c.id === id) ?? null),
    getCompanies: vi.fn(async (ids: readonly string[]) => all.filter((c) => ids.includes(c.id))),
    setCurrentCompany: vi.fn(async () => {}),
  };
}

describe('managedCompanies', () => {
  it('gives customers their main company only, managers their list, admins their main and current one (never every company)', async () => {
    const names = async (u: UserRecord) => (await managedCompanies(u, deps())).map((c) => c.id);
    expect(await names(user({ managedCompanyIds: ['a', 'b'] }))).toEqual(['a']);
    expect(await names(user({ roles: ['ROLE_MANAGER'], managedCompanyIds: ['c', 'b'] }))).toEqual(['a', 'b', 'c']);
    expect(await names(user({ roles: ['ROLE_ADMIN'], companyId: 't' }))).toEqual(['t']);
    expect(await names(user({ roles: ['ROLE_ADMIN'], companyId: 't', currentCompanyId: 'b' }))).toEqual(['b', 't']);
  });

  it('answers the Company shape without storage fields', async () => {
    const [first] = await managedCompanies(user({}), deps());
    expect(first).toEqual({
      id: 'a',
      name: 'Alpha',
      product: '360',
      country: 'FR',
      viewId: null,
      dimensionIndex: null,
      orderFeedUrl: null,
      matchThreshold: 20,
      volumeDropThreshold: 50,
      integrationSteps: ['sources'],
      version: 3,
      isDefault: false,
    });
  });
});

describe('changeCurrentCompany', () => {
  it('stores an allowed company', async () => {
    const d = deps();
    const manager = user({ roles: ['ROLE_MANAGER'], managedCompanyIds: ['a', 'b'] });
    expect((await changeCurrentCompany(manager, 'b', d)).id).toBe('b');
    expect(d.setCurrentCompany).toHaveBeenCalledWith(expect.objectContaining({ id: 'u' }), 'b');
  });

  it('refuses a company outside the rules, without storing anything', async () => {
    const d = deps();
    await expect(changeCurrentCompany(user({ roles: ['ROLE_MANAGER'], managedCompanyIds: ['b'] }), 'c', d)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(changeCurrentCompany(user({}), 'b', d)).rejects.toBeInstanceOf(ForbiddenError);
    expect(d.setCurrentCompany).not.toHaveBeenCalled();
  });

  it('answers 404 for an admin naming a company that does not exist', async () => {
    await expect(changeCurrentCompany(user({ roles: ['ROLE_ADMIN'] }), 'zzz', deps())).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('resolveCompany and currentUser', () => {
  it('falls back to the main company when the stored one was deleted', async () => {
    const admin = user({ roles: ['ROLE_ADMIN'], companyId: 't', currentCompanyId: 'deleted' });
    expect((await resolveCompany(admin, deps()))?.id).toBe('t');
  });

  it('describes the user with main, current and selectable companies', async () => {
    const manager = user({ roles: ['ROLE_MANAGER'], managedCompanyIds: ['b'], currentCompanyId: 'b' });
    const d = deps();
    const current = (await resolveCompany(manager, d))!;
    const answer = await currentUser(manager, current, d);
    expect(answer).toMatchObject({
      role: 'ROLE_MANAGER',
      roles: ['ROLE_MANAGER'],
      company: { id: 'a', name: 'Alpha' },
      currentCompany: { id: 'b', name: 'Beta' },
      managedCompanies: [{ id: 'a' }, { id: 'b' }],
    });
    expect(answer).not.toHaveProperty('cognitoUsername');
    expect(answer).not.toHaveProperty('signedOutAt');
  });
});

describe('the signed-in user\'s companies at their edges', () => {
  it('lists the companies a user may choose by name, whatever order the store gives', async () => {
    const d = { ...deps(), getCompanies: vi.fn(async () => [all[3]!, all[0]!, all[2]!, all[1]!]) };
    expect((await managedCompanies(user({ roles: ['ROLE_MANAGER'], managedCompanyIds: ['a', 'b', 'c', 't'] }), d)).map((c) => c.name)).toEqual(['Alpha', 'Beta', 'Gamma', 'Team']);
  });

  it('reads the main company only when the user works on another one', async () => {
    const d = deps();
    await currentUser(user({}), all[0]!, d);
    expect(d.getCompany).not.toHaveBeenCalled();
    const admin = user({ roles: ['ROLE_ADMIN'], currentCompanyId: 'b' });
    expect((await currentUser(admin, all[1]!, d)).company.id).toBe('a');
    expect(d.getCompany).toHaveBeenCalledWith('a');
  });

  it('a main company deleted under the user shows the current one instead of failing', async () => {
    const d = { ...deps(), getCompany: vi.fn(async () => null) };
    expect((await currentUser(user({ roles: ['ROLE_ADMIN'], companyId: 'gone', currentCompanyId: 'b' }), all[1]!, d)).company.id).toBe('b');
  });

  it('resolves the stored choice; with its main company gone too, no company; the main one is read once', async () => {
    const d = deps();
    expect((await resolveCompany(user({ roles: ['ROLE_ADMIN'], currentCompanyId: 'c' }), d))?.id).toBe('c');
    const none = deps();
    expect(await resolveCompany(user({ companyId: 'gone' }), none)).toBeNull();
    expect(none.getCompany).toHaveBeenCalledTimes(1);
    expect(await currentUserOf(user({ companyId: 'gone' }), none).catch((error: unknown) => error)).toEqual(new ForbiddenError('Your company no longer exists'));
    expect((await currentUserOf(user({}), deps())).currentCompany.id).toBe('a');
  });

  it('says why a switch is refused', async () => {
    await expect(changeCurrentCompany(user({}), 'b', deps())).rejects.toThrow(new ForbiddenError('You cannot work on this company'));
    await expect(changeCurrentCompany(user({ roles: ['ROLE_ADMIN'] }), 'zzz', deps())).rejects.toThrow(new NotFoundError('No such company'));
  });
});
