import { meetingsDelete } from '../../../shared/routes';
import { deleteCompanyMeeting } from '../../core/meetings/meetings';
import { httpHandler } from '../../pipeline/http';

/** DELETE /api/meetings/{id} `{ version }` (admins): 409 when the meeting changed since it was read, 404 outside the company. */
export const handler = httpHandler(meetingsDelete).handle(async ({ auth, params, body }) => ({
  body: await deleteCompanyMeeting(auth.company.id, params.id, body.version),
}));
