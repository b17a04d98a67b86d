import type { UserRecord } from '../../data/users';
import { isAdmin } from '../users/company-access';

/**
 * An administrator without an authenticator app, where the stage requires one (ADMIN_MFA): their
 * session opens only the set-up routes (auth middleware) and the web app shows only /mfa-setup.
 */
export const mustSetUpMfa = (user: Pick<UserRecord, 'roles' | 'mfaEnrolled'>, required: boolean): boolean =>
  required && !user.mfaEnrolled && isAdmin(user as UserRecord);
