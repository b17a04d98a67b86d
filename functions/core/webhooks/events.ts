import type { FeedCheckRecord } from '../../data/feed-checks';
import * as feedRepo from '../../data/feed-checks';
import { recordDelivery } from '../../data/outbox';
import type { FeedHistoryEntry } from '../../../shared/domain/order-feed';
import { kickOutbox } from '../outbox/outbox';
import { feedRetryDelivery } from '../order-feed/feed-retry';
import { newEvent, ownedWebhook, webhookDefaults, webhookDeliveries, webhookDelivery, type WebhookDeps, type WebhookEventInput } from './webhooks';

/**
 * Where webhook events come from (docs/product.md, "Webhooks"): the daily health check's changes
 * (functions/core/data-health/recheck-health.ts), a finished feed check, the page's test button.
 * The deliveries are recorded with the change, then the dispatcher is kicked.
 */

type KindStatuses = Record<string, { status: string } | undefined>;

/**
 * A kind that turned healthy, warning or failing since the last check (a first result, or one that
 * became unknown, is no change to tell). The kind is a plain string: a new kind passes through.
 */
export function healthChangeEvents(before: KindStatuses, after: KindStatuses): WebhookEventInput[] {
  return Object.entries(after).flatMap(([kind, now]) => {
    const was = before[kind]?.status;
    if (!now || !was || was === now.status || now.status === 'unknown') return [];
    return [{ type: 'data-health.changed' as const, data: { kind, from: was, to: now.status } }];
  });
}

/** The feed check's finish (manual or daily), with its webhook calls and its same-day retry in the same transaction. */
export async function finishFeedCheckWithEvents(record: FeedCheckRecord, entry: FeedHistoryEntry): Promise<boolean> {
  const event: WebhookEventInput = {
    type: 'feed-check.finished',
    data: { checkId: record.id, health: entry.health, orders: entry.orders, trigger: entry.trigger },
  };
  const deliveries = await webhookDeliveries(record.companyId, [event], entry.date);
  // A daily fetch that failed for a passing reason: its same-day retry, due later (the sweep sends it then).
  const retry = feedRetryDelivery(record.companyId, entry);
  const finished = await feedRepo.finishFeedCheck(record, entry, retry ? [...deliveries, retry] : deliveries);
  if (finished) await kickOutbox(deliveries.map((d) => d.id));
  return finished;
}

/** The "send test event" button: one delivery to this endpoint only, sent now. */
export async function sendTestEvent(companyId: string, id: string, deps: WebhookDeps = webhookDefaults): Promise<{ deliveryId: string; eventId: string }> {
  const record = await ownedWebhook(companyId, id, deps);
  const at = deps.now().toISOString();
  const event = newEvent(companyId, { type: 'webhook.test', data: {} }, at);
  const test = webhookDelivery(record, event);
  await recordDelivery(test, at);
  await kickOutbox([test.id]);
  return { deliveryId: test.id, eventId: event.id };
}
