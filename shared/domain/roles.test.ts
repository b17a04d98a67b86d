import { describe, expect, it } from 'vitest';
import { canSwitchCompany, displayName, displayedScope, isAdmin, primaryRole } from './roles';

describe('role rules', () => {
  it('uses the first role of the list, and a customer when there is none', () => {
    expect(primaryRole({ roles: ['ROLE_MANAGER', 'ROLE_ADMIN'] })).toBe('ROLE_MANAGER');
    expect(primaryRole({ roles: [] })).toBe('ROLE_USER');
  });

  it('makes only a first-role admin an admin', () => {
    expect(isAdmin({ roles: ['ROLE_ADMIN'] })).toBe(true);
    expect(isAdmin({ roles: ['ROLE_USER', 'ROLE_ADMIN'] })).toBe(false);
  });

  it('gives managers and admins the company switcher, not customers', () => {
    expect(canSwitchCompany({ roles: ['ROLE_MANAGER'] })).toBe(true);
    expect(canSwitchCompany({ roles: ['ROLE_ADMIN'] })).toBe(true);
    expect(canSwitchCompany({ roles: ['ROLE_USER'] })).toBe(false);
    expect(canSwitchCompany({ roles: [] })).toBe(false);
  });

  it('shows an admin all companies, a customer the main company only, a manager the managed list', () => {
    const user = { company: 'Acme', managedCompanies: ['Acme', 'Beta'], managedMore: 3 };
    expect(displayedScope({ ...user, role: 'ROLE_ADMIN' })).toEqual({ all: true });
    expect(displayedScope({ ...user, role: 'ROLE_USER' })).toEqual({ all: false, names: ['Acme'], more: 0 });
    expect(displayedScope({ ...user, company: '', role: 'ROLE_USER' })).toEqual({ all: false, names: [], more: 0 });
    expect(displayedScope({ ...user, role: 'ROLE_MANAGER' })).toEqual({ all: false, names: ['Acme', 'Beta'], more: 3 });
    expect(displayedScope({ ...user, managedMore: undefined, role: 'ROLE_MANAGER' })).toEqual({ all: false, names: ['Acme', 'Beta'], more: 0 });
  });
});

describe('displayName', () => {
  it('joins the names that are not blank, trimmed, else shows the login', () => {
    expect(displayName({ login: 'a@x.test', firstName: ' Ann ', lastName: 'Lee' })).toBe('Ann Lee');
    expect(displayName({ login: 'a@x.test', firstName: '', lastName: 'Lee' })).toBe('Lee');
    expect(displayName({ login: 'a@x.test', firstName: '  ', lastName: null })).toBe('a@x.test');
    expect(displayName({ login: 'a@x.test' })).toBe('a@x.test');
  });
});
