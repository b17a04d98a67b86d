import type { UserMailSuppression } from '../../../shared/domain/types';
import { deleteMailSuppression, getMailSuppression } from '../../data/mail-suppressions';
import * as usersRepo from '../../data/users';
import { NotFoundError } from '../../platform/errors';
import { logger } from '../../platform/log';

/**
 * The users admin's view of a suppressed address (GET/DELETE /api/users/{id}/mail-suppression,
 * admins only: the route table's access). Lifting it lets the portal mail the address again, e.g.
 * after the user fixed a full mailbox or a typo was corrected; SES reports it again if it still bounces.
 */
async function liveUser(id: string): Promise<usersRepo.UserRecord> {
  const user = await usersRepo.getUser(id);
  if (!user || user.deletedAt) throw new NotFoundError('No such user');
  return user;
}

export async function getUserMailSuppression(id: string): Promise<UserMailSuppression> {
  return { suppression: await getMailSuppression((await liveUser(id)).login) };
}

export async function liftUserMailSuppression(id: string, caller: { id: string }): Promise<UserMailSuppression> {
  const user = await liveUser(id);
  const lifted = await deleteMailSuppression(user.login, user);
  if (lifted) logger().info('mail suppression lifted', { userId: id, by: caller.id });
  return { suppression: null };
}
