import { useIntl } from 'react-intl';
import type { HealthKind, HealthReason } from 'shared/domain/data-health';
import { feedKindOf, type FeedProduct } from 'shared/feed/types';
import type { MessageId } from '../i18n/t';

/**
 * What a data-health kind is called, why it has its status and where it is fixed: one definition
 * for /data-health and the dashboard's summary. Their texts are the data-health area's catalogue
 * (features/data-health/messages): a page that uses these is wrapped in that area (app/pages.tsx).
 */

/** The page that fixes each kind (the step pages and the UTM management). */
export const HEALTH_FIX_PAGES: Record<HealthKind, string> = {
  feed: '/crm/order-feed',
  'analytics-access': '/analytics/access',
  'analytics-coverage': '/analytics/custom-dimension',
  'utm-linking': '/marketing/utm-management',
  // A drop of orders or sessions shows first in the feed's history and its match with analytics.
  volume: '/crm/order-feed',
};

export const healthFixId = (kind: HealthKind): MessageId => `dataHealth.fix.${kind}`;

/** The kind's name; a company whose product sends leads reads "Lead feed". */
export const healthKindId = (kind: HealthKind, product: FeedProduct | undefined): MessageId =>
  kind === 'feed' && product && feedKindOf(product) === 'lead' ? 'dataHealth.kind.leadFeed' : `dataHealth.kind.${kind}`;

/**
 * The reason in the reader's language. The server sends a catalogue key and its values; a key this
 * build does not know (a newer server) or none at all shows a generic text, never the raw key.
 * Numbers may travel as text: they become numbers so plurals and number formats apply.
 */
export function useHealthReason(): (reason: HealthReason | undefined) => string {
  const intl = useIntl();
  return (reason) => {
    if (!reason || !reason.key.startsWith('health.') || !Object.hasOwn(intl.messages, reason.key)) {
      return intl.formatMessage({ id: 'dataHealth.reason.generic' });
    }
    const values = Object.fromEntries(
      Object.entries(reason.values ?? {}).map(([name, value]) => [name, typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value]),
    );
    // `http` came with `health.feed.failed` later (its select names the server's status): older stored reasons lack it.
    return intl.formatMessage({ id: reason.key }, { http: 'none', ...values });
  };
}
