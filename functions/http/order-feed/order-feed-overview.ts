import { orderFeedOverview } from '../../../shared/routes';
import { notBuiltYet } from '../../platform/http';

/** Placeholder until its issue lands: 501, behind the same auth as the real handler. */
export const handler = notBuiltYet(orderFeedOverview);
