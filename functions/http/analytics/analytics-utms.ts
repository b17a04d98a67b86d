import { analyticsUtms } from '../../../shared/routes';
import { importUtms } from '../../core/analytics/checks';
import { httpHandler } from '../../pipeline/http';

/** POST /api/analytics/utms: the UTM page's "Import again": the stored property's UTM traffic replaces the company's rows (total = rows). */
export const handler = httpHandler(analyticsUtms).handle(async ({ auth, body }) => ({
  body: await importUtms(auth.company, auth, body.view_id),
}));
