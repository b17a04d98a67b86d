import { analyticsUtms } from '../../../shared/routes';
import { importUtms } from '../../core/analytics/checks';
import { httpHandler } from '../../platform/http';

/** POST /api/analytics/utms: re-imports the property's UTM traffic into the company's traffic rows (total = rows). */
export const handler = httpHandler(analyticsUtms).handle(async ({ auth, body }) => ({
  body: await importUtms(auth.company, body.view_id),
}));
