import { describe, expect, it } from 'vitest';
import { canSwitchCompany, isAdmin, primaryRole } from './roles';

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
});
