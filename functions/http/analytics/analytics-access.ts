import { analyticsAccess } from '../../../shared/routes';
import { checkAccess } from '../../core/analytics/checks';
import { httpHandler } from '../../pipeline/http';

/** POST /api/analytics/access: Google's refusal is an answer (code 403 and its message), not an HTTP error. */
export const handler = httpHandler(analyticsAccess).handle(async ({ auth, body }) => ({
  body: await checkAccess(auth.company, auth, body.view_id),
}));
