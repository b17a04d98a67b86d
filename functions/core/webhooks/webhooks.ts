import { randomBytes, randomUUID } from 'node:crypto';
import {
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_EVENT_TYPE_HEADER,
  WEBHOOK_SECRET_OVERLAP_HOURS,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOKS_PER_COMPANY,
  type Webhook,
  type WebhookAttempt,
  type WebhookEvent,
  type WebhookEventType,
  type WebhookWithSecret,
} from '../../../shared/domain/webhooks';
import type { WebhookCreateRequest } from '../../../shared/schemas/webhooks';
import { getDelivery, type NewDelivery } from '../../data/outbox';
import * as repo from '../../data/webhooks';
import type { WebhookRecord } from '../../data/webhooks';
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors';
import { pointsInside, postWebhook, WEBHOOK_LIMITS, webhookAllowFromEnv, WebhookPostError } from '../../platform/webhook-post';
import { signatureHeader } from './signature';

/**
 * Webhooks (docs/product.md, "Webhooks"): a company's endpoints, each told of the events it
 * subscribed to through the outbox (functions/core/outbox), so a delivery has the mail's retries,
 * backoff and dead letters. An event becomes one delivery per subscribed endpoint, recorded in the
 * transaction of the change that causes it (webhookDeliveries); the outbox's `webhook` sender
 * (sendWebhook) signs and posts it and writes a line of the endpoint's log per try.
 */

export interface WebhookDeps {
  list: typeof repo.listWebhooks;
  count: typeof repo.countWebhooks;
  get: typeof repo.getWebhook;
  putNew: typeof repo.putNewWebhook;
  update: typeof repo.updateWebhook;
  remove: typeof repo.deleteWebhook;
  newId(): string;
  newSecret(): string;
  now(): Date;
  /** The address guard, asked at registration (platform/webhook-post.ts). */
  pointsInside(url: string): Promise<boolean>;
}

export const webhookDefaults: WebhookDeps = {
  list: repo.listWebhooks,
  count: repo.countWebhooks,
  get: repo.getWebhook,
  putNew: repo.putNewWebhook,
  update: repo.updateWebhook,
  remove: repo.deleteWebhook,
  newId: randomUUID,
  newSecret: () => `whsec_${randomBytes(32).toString('base64url')}`,
  now: () => new Date(),
  pointsInside: (url) => pointsInside(url),
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const NO_WEBHOOK = 'No such webhook';

const toWebhook = ({ id, name, url, format, events, created, previousSecretUntil, version }: WebhookRecord): Webhook => ({
  id, name, url, format, events, created, previousSecretUntil: previousSecretUntil ?? null, version,
});

export async function listCompanyWebhooks(companyId: string, deps: WebhookDeps = webhookDefaults): Promise<Webhook[]> {
  return (await deps.list(companyId)).map(toWebhook).sort((a, b) => a.created.localeCompare(b.created) || a.id.localeCompare(b.id));
}

/** A new endpoint; its secret is in this answer and nowhere else the portal shows. */
export async function createWebhook(companyId: string, input: WebhookCreateRequest, deps: WebhookDeps = webhookDefaults): Promise<WebhookWithSecret> {
  if (await deps.pointsInside(input.url)) {
    throw new ValidationError({ url: 'validation.webhook.internal' }, 'The address points inside a private network (loopback, private or link-local): webhooks go to public https endpoints only');
  }
  if ((await deps.count(companyId)) >= WEBHOOKS_PER_COMPANY) {
    throw new ConflictError('This company has as many webhooks as it may: delete one first', { name: 'validation.webhook.tooMany' });
  }
  const record: WebhookRecord = {
    id: deps.newId(),
    companyId,
    name: input.name,
    url: input.url,
    format: input.format,
    events: [...new Set(input.events)] as WebhookEventType[],
    created: deps.now().toISOString(),
    secret: deps.newSecret(),
    previousSecret: null,
    previousSecretUntil: null,
    version: 1,
  };
  await deps.putNew(record);
  return { webhook: toWebhook(record), secret: record.secret };
}

export async function ownedWebhook(companyId: string, id: string, deps: WebhookDeps): Promise<WebhookRecord> {
  const record = UUID.test(id) ? await deps.get(companyId, id) : null;
  if (!record) throw new NotFoundError(NO_WEBHOOK);
  return record;
}

const writeFailure = (reason: 'missing' | 'stale') => (reason === 'missing' ? new NotFoundError(NO_WEBHOOK) : new ConflictError('This webhook was changed meanwhile: reload the page'));

/** A new secret, answered once; the previous one still signs for WEBHOOK_SECRET_OVERLAP_HOURS. */
export async function rotateWebhookSecret(companyId: string, id: string, version: number, deps: WebhookDeps = webhookDefaults): Promise<WebhookWithSecret> {
  const record = await ownedWebhook(companyId, id, deps);
  const secret = deps.newSecret();
  const until = new Date(deps.now().getTime() + WEBHOOK_SECRET_OVERLAP_HOURS * 3_600_000).toISOString();
  const outcome = await deps.update(companyId, record.id, version, { secret, previousSecret: record.secret, previousSecretUntil: until });
  if (!outcome.ok) throw writeFailure(outcome.reason);
  return { webhook: toWebhook(outcome.value), secret };
}

export async function deleteWebhook(companyId: string, id: string, version: number, deps: WebhookDeps = webhookDefaults): Promise<{ id: string }> {
  if (!UUID.test(id)) throw new NotFoundError(NO_WEBHOOK);
  const outcome = await deps.remove(companyId, id, version);
  if (!outcome.ok) throw writeFailure(outcome.reason);
  return { id };
}

// ---- events and their deliveries ----

export type WebhookEventInput = { type: WebhookEventType; data: Record<string, unknown> };

/** The payload of one delivery in the outbox: the endpoint is read again at each try (its secret may rotate). */
interface WebhookPayload {
  companyId: string;
  webhookId: string;
  event: WebhookEvent;
}

export function webhookDelivery(webhook: Pick<WebhookRecord, 'id' | 'url'>, event: WebhookEvent): NewDelivery {
  const payload: WebhookPayload = { companyId: event.companyId, webhookId: webhook.id, event };
  // The host only: a Slack URL's path is its credential, and the back office lists recipients.
  return { id: randomUUID(), kind: 'webhook', recipient: `webhook:${new URL(webhook.url).host}`, topic: event.type, payload: { ...payload }, cause: `webhook:${event.type}` };
}

export const newEvent = (companyId: string, input: WebhookEventInput, at: string): WebhookEvent => ({ id: randomUUID(), type: input.type, occurredAt: at, companyId, data: input.data });

/**
 * The deliveries of `events` to every endpoint of the company that subscribed, for the caller to
 * record in the transaction of the change (one event id per event, the same for every endpoint).
 */
export async function webhookDeliveries(companyId: string, events: readonly WebhookEventInput[], at: string, list: typeof repo.listWebhooks = repo.listWebhooks): Promise<NewDelivery[]> {
  if (events.length === 0) return [];
  const endpoints = await list(companyId);
  if (endpoints.length === 0) return [];
  return events.flatMap((input) => {
    const event = newEvent(companyId, input, at);
    return endpoints.filter((endpoint) => endpoint.events.includes(input.type)).map((endpoint) => webhookDelivery(endpoint, event));
  });
}

/** How many tries the page shows. */
const LOG_SIZE = 20;

/** The endpoint's last tries, newest first, each with its delivery's state (sent, tried again, given up). */
export async function listWebhookAttempts(companyId: string, id: string, deps: WebhookDeps = webhookDefaults): Promise<WebhookAttempt[]> {
  const record = await ownedWebhook(companyId, id, deps);
  const attempts = await repo.listWebhookAttempts(companyId, record.id, LOG_SIZE);
  const states = new Map<string, WebhookAttempt['state']>();
  for (const deliveryId of new Set(attempts.map((a) => a.deliveryId))) {
    const found = await getDelivery(deliveryId);
    // A sent delivery's record expires after a while: its last try said how it went.
    states.set(deliveryId, found ? (found.state === 'sent' ? 'sent' : found.state) : attempts.find((a) => a.deliveryId === deliveryId)?.error ? 'dead' : 'sent');
  }
  return attempts.map((attempt) => ({ ...attempt, state: states.get(attempt.deliveryId)! }));
}

// ---- the outbox's sender ----

function body(format: WebhookRecord['format'], event: WebhookEvent): string {
  if (format === 'json') return JSON.stringify(event);
  return JSON.stringify({ text: slackText(event) });
}

/** A Slack message of the event (English: a channel is shared by people of any language). */
function slackText(event: WebhookEvent): string {
  const data = event.data as Record<string, string | number | undefined>;
  if (event.type === 'data-health.changed') return `Data health: ${String(data.kind)} is now ${String(data.to)} (was ${String(data.from ?? 'unknown')}).`;
  if (event.type === 'feed-check.finished') return `Feed check finished: ${String(data.health)}, ${String(data.orders ?? 0)} orders (${String(data.trigger)}).`;
  return 'Test event from the onboarding portal: this endpoint is reached.';
}

/**
 * One try of a webhook delivery (the outbox's `webhook` kind): throws when it should be tried
 * again; 'skipped' when the endpoint is gone. Every try leaves a line in the endpoint's log.
 */
export async function sendWebhook(payload: Record<string, unknown>, tried: { id: string; attempts: number }, now: () => number = Date.now): Promise<'sent' | 'skipped'> {
  const { companyId, webhookId, event } = payload as unknown as WebhookPayload;
  const endpoint = await repo.getWebhook(companyId, webhookId);
  if (!endpoint) return 'skipped';
  const text = body(endpoint.format, event);
  const at = now();
  const secrets = [endpoint.secret, ...(endpoint.previousSecret && endpoint.previousSecretUntil && Date.parse(endpoint.previousSecretUntil) > at ? [endpoint.previousSecret] : [])];
  const headers = {
    [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(secrets, Math.floor(at / 1000), text),
    [WEBHOOK_EVENT_ID_HEADER]: event.id,
    [WEBHOOK_EVENT_TYPE_HEADER]: event.type,
  };
  const line = { deliveryId: tried.id, eventId: event.id, event: event.type, attempt: tried.attempts, at: new Date(at).toISOString() };
  try {
    const { status } = await postWebhook(endpoint.url, text, headers, { ...WEBHOOK_LIMITS, allow: webhookAllowFromEnv() });
    await repo.putWebhookAttempt(companyId, webhookId, { ...line, status, error: null });
    return 'sent';
  } catch (error) {
    const failure = error instanceof WebhookPostError ? error : new WebhookPostError('connection', null, 'The endpoint cannot be reached.');
    await repo.putWebhookAttempt(companyId, webhookId, { ...line, status: failure.status, error: failure.code });
    throw failure;
  }
}
