import { describe, expect, it, vi } from 'vitest';
import type { CompanyRecord } from '../../data/companies';
import type { UserRecord } from '../../data/users';
import { ConflictError, ForbiddenError, NotFoundError } from '../../platform/errors';
import { deleteCompany, type DeleteCompanyDeps } from './delete-company';

const company = (id: string, over: Partial<CompanyRecord> = {}): CompanyRecord => ({
  id, name: id.toUpperCase(), product: '360', country: 'FR', viewId: null, dimensionIndex: null, orderFeedUrl: null,
  integrationSteps: ['sources'], isDefault: false, created: '2026-01-01T00:00:00.000Z', version: 2, ...over,
});
const user = (id: string, over: Partial<UserRecord> = {}): UserRecord => ({
  id, login: `${id}@t.test`, cognitoUsername: id, firstName: '', lastName: '', roles: ['ROLE_USER'], companyId: 'team',
  managedCompanyIds: [], currentCompanyId: null, created: '', signedOutAt: null, version: 1, ...over,
});

function deps(records: CompanyRecord[], users: UserRecord[]) {
  const calls: string[] = [];
  const d: DeleteCompanyDeps = {
    getCompanyRecord: vi.fn(async (id) => records.find((c) => c.id === id) ?? null),
    getCompany: vi.fn(async (id) => records.find((c) => c.id === id && !c.deletingAt) ?? null),
    findDefaultCompany: vi.fn(async () => records.find((c) => c.isDefault) ?? null),
    markCompanyDeleting: vi.fn(async (id) => { calls.push(`mark ${id}`); return { ...records.find((c) => c.id === id)!, deletingAt: 'now' }; }),
    usersReferencingCompany: vi.fn(async () => users),
    detachUserFromCompany: vi.fn(async (u, _id, replacement) => { calls.push(`detach ${u.id} -> ${replacement}`); }),
    deletePartitionChildren: vi.fn(async () => { calls.push('children'); return 260; }),
    deleteFeedUploads: vi.fn(async () => { calls.push('uploads'); return 1; }),
    deleteCompanyRecord: vi.fn(async (c) => { calls.push(`record ${c.id}`); }),
    now: () => new Date('2026-05-01T00:00:00Z'),
  };
  return { d, calls };
}

const team = company('team', { isDefault: true });
const admin = user('admin', { roles: ['ROLE_ADMIN'], currentCompanyId: 'x' });

describe('deleteCompany', () => {
  it('marks first, detaches users, empties the partition and removes the record last', async () => {
    const manager = user('m', { roles: ['ROLE_MANAGER'], managedCompanyIds: ['team', 'x'], currentCompanyId: 'x' });
    const { d, calls } = deps([team, company('x')], [admin, manager]);
    const answer = await deleteCompany(admin, 'x', 2, d);
    expect(calls).toEqual(['mark x', 'detach admin -> team', 'detach m -> null', 'children', 'uploads', 'record x']);
    expect(answer).toEqual({ deleted: 'x', items: 260, feedObjects: 1, currentCompany: { id: 'team', name: 'TEAM', product: '360', country: 'FR' } });
  });

  it('refuses the default company, a stale version and a company that is still a main company', async () => {
    const { d, calls } = deps([team, company('x')], [user('u1', { companyId: 'x' }), user('u2', { companyId: 'x' })]);
    await expect(deleteCompany(admin, 'team', 1, d)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(deleteCompany(admin, 'x', 1, d)).rejects.toBeInstanceOf(ConflictError);
    await expect(deleteCompany(admin, 'x', 2, d)).rejects.toThrow('2 users still have this company as main company');
    expect(calls).toEqual([]);
  });

  it('resumes a deletion that stopped half-way whatever the version sent', async () => {
    const { d, calls } = deps([team, company('x', { deletingAt: 'before', version: 7 })], []);
    await deleteCompany(admin, 'x', 1, d);
    expect(calls.at(-1)).toBe('record x');
  });
});


describe('deleteCompany: what it says and where the admin lands', () => {
  it('names a missing company, the default one, one user left as main', async () => {
    const { d, calls } = deps([team, company('x')], [user('u1', { companyId: 'x' }), user('gone', { companyId: 'x', deletedAt: '2026-04-01T00:00:00.000Z' } as Partial<UserRecord>)]);
    await expect(deleteCompany(admin, 'nope', 2, d)).rejects.toThrow(new NotFoundError('No such company'));
    await expect(deleteCompany(admin, 'team', 2, d)).rejects.toThrow(new ForbiddenError('The default company cannot be deleted'));
    // A deleted user does not count.
    await expect(deleteCompany(admin, 'x', 2, d)).rejects.toThrow(new ConflictError('1 user still has this company as main company: move or delete this user first'));
    expect(calls).toEqual([]);
  });

  it('an admin who worked elsewhere stays there; one who worked on it goes to the default company', async () => {
    const elsewhere = user('admin2', { roles: ['ROLE_ADMIN'], companyId: 'team', currentCompanyId: 'y' });
    const { d } = deps([team, company('x'), company('y')], []);
    expect((await deleteCompany(elsewhere, 'x', 2, d)).currentCompany.id).toBe('y');
    const here = deps([team, company('x')], []);
    expect((await deleteCompany(admin, 'x', 2, here.d)).currentCompany.id).toBe('team');
  });

  it('without a default company, an admin who worked on it goes back to the main one', async () => {
    const main = company('main');
    const { d, calls } = deps([main, company('x')], [user('a', { roles: ['ROLE_ADMIN'], companyId: 'main', currentCompanyId: 'x' })]);
    const answer = await deleteCompany(user('a', { roles: ['ROLE_ADMIN'], companyId: 'main', currentCompanyId: 'x' }), 'x', 2, d);
    expect(calls).toContain('detach a -> null');
    expect(answer.currentCompany.id).toBe('main');
  });

  it('an admin whose own company is gone too is told so, after the deletion', async () => {
    const { d, calls } = deps([company('x')], []);
    await expect(deleteCompany(user('a', { roles: ['ROLE_ADMIN'], companyId: 'gone', currentCompanyId: 'x' }), 'x', 2, d)).rejects.toThrow(
      new NotFoundError('Your company no longer exists'),
    );
    expect(calls.at(-1)).toBe('record x');
  });
});
