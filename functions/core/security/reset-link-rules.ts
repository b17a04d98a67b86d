import type { UserRecord } from '../../data/users';

/**
 * A reset link works only for a live user whose password has not changed since the link was
 * issued: completing one reset (or any password change) ends every other outstanding link.
 */
export function isLinkLive(user: UserRecord | null, link: { passwordVersion: number }): user is UserRecord {
  return !!user && !user.deletedAt && (user.passwordVersion ?? 0) === link.passwordVersion;
}
