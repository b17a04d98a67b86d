import { meetingsCreate } from '../../../shared/routes';
import { createMeeting } from '../../core/meetings/meetings';
import { httpHandler } from '../../pipeline/http';

/** POST /api/meetings `{ name?, duration?, datetime? }` (admins): a meeting of the current company, defaults for what is left out. */
export const handler = httpHandler(meetingsCreate).handle(async ({ auth, body }) => ({
  status: 201,
  body: await createMeeting(auth.company.id, body),
}));
