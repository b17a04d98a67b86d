import { analyticsDimension } from '../../../shared/routes';
import { checkDimension } from '../../core/analytics/checks';
import { httpHandler } from '../../pipeline/http';

/** POST /api/analytics/dimension: sessions and transactions coverage of the property's N-th custom dimension. */
export const handler = httpHandler(analyticsDimension).handle(async ({ auth, body }) => ({
  body: await checkDimension(auth.company, auth, { viewId: body.view_id, dimension: body.dimension, method: 'dimension' }),
}));
