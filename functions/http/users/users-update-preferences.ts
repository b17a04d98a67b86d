import { usersUpdatePreferences } from '../../../shared/routes';
import { updatePreferences } from '../../core/users/update-preferences';
import { httpHandler } from '../../pipeline/http';

/** POST /api/users/current/preferences `{ healthAlerts }`: the caller's own preferences; answers the updated CurrentUser. */
export const handler = httpHandler(usersUpdatePreferences).handle(async ({ auth, body }) => ({
  body: await updatePreferences(auth.user, auth.company, body),
}));
