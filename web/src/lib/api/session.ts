import useSWR from 'swr';
import { canSwitchCompany as sharedCanSwitch, isAdmin as sharedIsAdmin } from 'shared/domain/roles';
import type { CurrentUser } from 'shared/domain/types';
import { usersCurrent } from 'shared/routes';
import { ApiError, callRoute } from './client';
import { routeKey } from './use-route';

/** SWR key of GET /api/users/current; login and the company switcher write to it. */
export const CURRENT_USER_KEY = routeKey(usersCurrent);

async function fetchCurrentUser(): Promise<CurrentUser | null> {
  try {
    return await callRoute(usersCurrent, { auth: 'probe' });
  } catch (error) {
    // 401 after the refresh attempt simply means "signed out"; public pages must not bounce to /login.
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/**
 * user: undefined while the first answer is pending, null when signed out.
 * Another failure (network, server error) counts as signed out
 * rather than blocking every page behind a spinner.
 */
export function useCurrentUser(): { user: CurrentUser | null | undefined; isLoading: boolean } {
  const { data, error, isLoading } = useSWR(CURRENT_USER_KEY, fetchCurrentUser, {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  if (data !== undefined) return { user: data, isLoading: false };
  if (error) return { user: null, isLoading: false };
  return { user: undefined, isLoading };
}

/** The shared role rules (shared/domain/roles.ts), for a user that may not be known yet. */
export const isAdmin = (user: CurrentUser | null | undefined): boolean => !!user && sharedIsAdmin(user);

export const canSwitchCompany = (user: CurrentUser | null | undefined): boolean => !!user && sharedCanSwitch(user);
