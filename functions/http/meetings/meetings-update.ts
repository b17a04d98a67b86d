import { meetingsUpdate } from '../../../shared/routes';
import { updateCompanyMeeting } from '../../core/meetings/meetings';
import { httpHandler } from '../../pipeline/http';

/** PUT /api/meetings/{id} `{ version, name?, duration?, datetime? }` (admins): 409 when the version is stale, 404 outside the company. */
export const handler = httpHandler(meetingsUpdate).handle(async ({ auth, params, body }) => ({
  body: await updateCompanyMeeting(auth.company.id, params.id, body),
}));
