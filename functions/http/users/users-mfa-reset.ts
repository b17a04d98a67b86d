import { usersMfaReset } from '../../../shared/routes';
import { resetUserMfa } from '../../core/users/reset-user-mfa';
import { httpHandler } from '../../pipeline/http';

/** POST /api/users/{id}/mfa-reset (admins): turns the user's authenticator app off; never the protected administrator's nor one's own. */
export const handler = httpHandler(usersMfaReset).handle(async ({ auth, params }) => ({
  body: await resetUserMfa(params.id, auth.user),
}));
