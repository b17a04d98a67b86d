import type { CurrentUser } from '../../../shared/domain/types';
import type { UserPreferencesRequest } from '../../../shared/schemas/users';
import type { CompanyRecord } from '../../data/companies';
import { setHealthAlerts, type UserRecord } from '../../data/users';
import { currentUser } from './companies';

/**
 * POST /api/users/current/preferences: the signed-in user's own preferences (only the data-health
 * alert mails today). Always the caller's own record (the auth context's), never another user's.
 */
export async function updatePreferences(user: UserRecord, current: CompanyRecord, body: UserPreferencesRequest): Promise<CurrentUser> {
  await setHealthAlerts(user, body.healthAlerts);
  return currentUser({ ...user, healthAlerts: body.healthAlerts }, current);
}
