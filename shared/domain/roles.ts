import type { Role } from './types';

/**
 * Role rules shared by the server (access decisions) and the web app (what the shell shows),
 * so both read a user's roles the same way. The spec keeps a list of roles of which the first
 * is used; a user without roles is a customer.
 */
export const primaryRole = (user: { roles: readonly Role[] }): Role => user.roles[0] ?? 'ROLE_USER';

export const isAdmin = (user: { roles: readonly Role[] }): boolean => primaryRole(user) === 'ROLE_ADMIN';

/** Managers and admins have a company switcher; customers work on their main company only. */
export const canSwitchCompany = (user: { roles: readonly Role[] }): boolean => primaryRole(user) !== 'ROLE_USER';
