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
async function loginOf(id: string): Promise<string> {
  const user = await usersRepo.getUser(id);
  if (!user || user.deletedAt) throw new NotFoundError('No such user');
  return user.login;
}

export async function getUserMailSuppression(id: string): Promise<UserMailSuppression> {
  return { suppression: await getMailSuppression(await loginOf(id)) };
}

export async function liftUserMailSuppression(id: string, caller: { id: string }): Promise<UserMailSuppression> {
  const login = await loginOf(id);
  const lifted = await deleteMailSuppression(login);
  if (lifted) logger().info('mail suppression lifted', { userId: id, by: caller.id });
  return { suppression: null };
}
