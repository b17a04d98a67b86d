import { meetingsList } from '../../../shared/routes';
import { listCompanyMeetings } from '../../core/meetings/meetings';
import { httpHandler } from '../../pipeline/http';

/** GET /api/meetings: the current company's meetings, by datetime ascending (any signed-in caller). */
export const handler = httpHandler(meetingsList).handle(async ({ auth }) => ({
  body: await listCompanyMeetings(auth.company.id),
}));
