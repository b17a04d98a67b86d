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

/**
 * The companies a user's row shows (spec, users admin, "Displayed scope"): an admin all companies, a
 * customer only the main company, a manager the managed list. The users table and its CSV export
 * both read it. `more`: managed companies the list page leaves out (`managedMore`).
 */
export type DisplayedScope = { all: true } | { all: false; names: readonly string[]; more: number };
export function displayedScope(user: { role: Role; company: string; managedCompanies: readonly string[]; managedMore?: number }): DisplayedScope {
  if (user.role === 'ROLE_ADMIN') return { all: true };
  if (user.role === 'ROLE_USER') return { all: false, names: user.company ? [user.company] : [], more: 0 };
  return { all: false, names: user.managedCompanies, more: user.managedMore ?? 0 };
}

/**
 * How a user is named to others (the shell's greeting, the welcome mail, who muted a health kind):
 * the first and last names that are not blank, else the login. One rule: the three places had
 * drifted (one kept a name of spaces).
 */
export const displayName = (user: { login: string; firstName?: string | null; lastName?: string | null }): string =>
  [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ') || user.login;
