import { analyticsEvents } from '../../../shared/routes';
import { checkDimension } from '../../core/analytics/checks';
import { httpHandler } from '../../pipeline/http';

/** POST /api/analytics/events: sessions and events coverage, the events being those named by the event action. */
export const handler = httpHandler(analyticsEvents).handle(async ({ auth, body }) => ({
  body: await checkDimension(
    auth.company,
    auth,
    { viewId: body.view_id, dimension: body.dimension, method: 'events', eventAction: body.event_action },
  ),
}));
