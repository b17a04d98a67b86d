import type { Product } from 'shared/domain/types';
import { feedKindOf } from 'shared/feed/types';
import type { MessageId } from './t';

/**
 * A company that is not a 360 one sends a lead feed, not an order feed (spec), wherever the feed
 * is named: the menu heading, the page titles and breadcrumbs (the warning pages' too). The
 * route table and the menu name the order feed; this swaps in the lead-feed ids in one place.
 */
const LEAD_IDS: Partial<Record<MessageId, MessageId>> = {
  'route.orderFeed': 'route.leadFeed',
  'nav.orderFeed': 'nav.leadFeed',
};

export const feedWording = (id: MessageId, product: Product | undefined): MessageId =>
  product && feedKindOf(product) === 'lead' ? (LEAD_IDS[id] ?? id) : id;
