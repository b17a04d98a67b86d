/**
 * Webhooks (docs/product.md, "Webhooks"; docs/api.md, "Verifying a webhook"): a company's HTTPS
 * endpoints told of its data-health changes and finished feed checks, signed, through the outbox.
 */

/** At most this many endpoints per company. */
export const WEBHOOKS_PER_COMPANY = 10;

/** `json`: the portal's event as JSON; `slack`: a Slack incoming webhook's `{ text }`. */
export const WEBHOOK_FORMATS = ['json', 'slack'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

/** What an endpoint may subscribe to (`webhook.test` goes to any endpoint, on its user's asking). */
export const WEBHOOK_EVENTS = ['data-health.changed', 'feed-check.finished'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number] | 'webhook.test';

/** After a rotation the previous secret still signs (a second `v1=`) for this long. */
export const WEBHOOK_SECRET_OVERLAP_HOURS = 24;

/** The signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">[,v1=<previous secret's>]`. */
export const WEBHOOK_SIGNATURE_HEADER = 'X-Portal-Signature';
/** The event's id: the same on every try of one delivery (the receiver de-duplicates on it). */
export const WEBHOOK_EVENT_ID_HEADER = 'X-Portal-Event-Id';
export const WEBHOOK_EVENT_TYPE_HEADER = 'X-Portal-Event';

export interface Webhook {
  id: string;
  name: string;
  url: string;
  format: WebhookFormat;
  events: WebhookEventType[];
  created: string;
  /** Until then the previous secret signs too (null: no rotation in progress). */
  previousSecretUntil: string | null;
  version: number;
}

/** A creation's or a rotation's answer: the endpoint and, this once, its secret. */
export interface WebhookWithSecret {
  webhook: Webhook;
  secret: string;
}

/** One try of one delivery, newest first in the log. */
export interface WebhookAttempt {
  deliveryId: string;
  eventId: string;
  event: WebhookEventType;
  attempt: number;
  at: string;
  /** The endpoint's HTTP status (null: no answer). */
  status: number | null;
  /**
   * What went wrong, as a code the page words in the user's language: the feed fetch's guard codes
   * (address, dns, timeout, connection, redirect, too-large, protocol, url, scheme), `status` (an
   * answer outside 2xx).
   */
  error: string | null;
  /** What became of the delivery as a whole: `sent`, `pending` (tried again later) or `dead` (given up). */
  state: 'sent' | 'pending' | 'dead';
}

/** The JSON body of every event (the Slack format carries `text` instead). */
export interface WebhookEvent {
  id: string;
  type: WebhookEventType;
  occurredAt: string;
  companyId: string;
  /**
   * data-health.changed: `{ kind, from, to }` with `kind` a string (new kinds pass through);
   * feed-check.finished: `{ checkId, health, orders, trigger }`; webhook.test: `{}`.
   */
  data: Record<string, unknown>;
}
