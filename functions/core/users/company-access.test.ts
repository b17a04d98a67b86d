import { describe, expect, it } from 'vitest';
import { allowedCompanyIds, effectiveCompanyId, mayUseCompany, primaryRole, type AccessSubject } from './company-access';

const customer: AccessSubject = { roles: ['ROLE_USER'], companyId: 'a', managedCompanyIds: ['a'], currentCompanyId: null };
const manager: AccessSubject = { roles: ['ROLE_MANAGER'], companyId: 'a', managedCompanyIds: ['a', 'c'], currentCompanyId: 'c' };
const admin: AccessSubject = { roles: ['ROLE_ADMIN', 'ROLE_USER'], companyId: 'team', managedCompanyIds: [], currentCompanyId: 'b' };

describe('company access', () => {
  it('uses the first role, customers by default', () => {
    expect(primaryRole(admin)).toBe('ROLE_ADMIN');
    expect(primaryRole({ roles: [] })).toBe('ROLE_USER');
  });

  it('keeps customers on their main company, even with a stored choice or a managed list', () => {
    const sneaky = { ...customer, managedCompanyIds: ['a', 'b'], currentCompanyId: 'b' };
    expect(mayUseCompany(sneaky, 'b')).toBe(false);
    expect(effectiveCompanyId(sneaky)).toBe('a');
    expect(allowedCompanyIds(sneaky)).toEqual(new Set(['a']));
  });

  it('lets managers use their managed companies and their main one, nothing else', () => {
    expect(effectiveCompanyId(manager)).toBe('c');
    expect(mayUseCompany(manager, 'a')).toBe(true);
    expect(mayUseCompany(manager, 'b')).toBe(false);
  });

  it('falls back to the main company when the stored one is no longer allowed', () => {
    expect(effectiveCompanyId({ ...manager, managedCompanyIds: ['a'] })).toBe('a');
  });

  it('lets admins use any company', () => {
    expect(allowedCompanyIds(admin)).toBe('any');
    expect(effectiveCompanyId(admin)).toBe('b');
    expect(effectiveCompanyId({ ...admin, currentCompanyId: null })).toBe('team');
  });
});
