import { randomUUID } from 'node:crypto';
import { jobFunctionEnv, type MailTemplateName } from '../../platform/config/resources';
import { claimDelivery, dueDeliveries, recordDelivery, settleDelivery, type NewDelivery, type OutboxRecord } from '../../data/outbox';
import { getMailSuppression } from '../../data/mail-suppressions';
import { startJob } from '../../platform/jobs';
import { logger } from '../../platform/log';
import { sendTemplatedEmail, type MailRequest, type Mailer } from '../../platform/mailer';
import { sendWebhook } from '../webhooks/webhooks';
import { sendFeedRetry } from '../order-feed/feed-retry';
import { afterFailure, OUTBOX_LEASE_MS, OUTBOX_RETRY, type RetryPolicy } from './backoff';

/**
 * The outbox (docs/reliability.md, "Mail"): nothing the portal sends goes out from the request
 * that causes it. The request records the delivery (in the transaction of its change where there
 * is one: `mailDelivery` + the repository's write), answers, and kicks the dispatcher (the
 * `outbox-dispatch` job); the `outbox-sweep` job sends, every minute, whatever is due and was not
 * sent (a kick lost, a try failed). Each try is claimed first (functions/data/outbox.ts), so a
 * delivery is sent by one dispatcher at a time. A delivery has a `kind` (a mail, a webhook call)
 * and its sender below.
 */

type OutboxKind = OutboxRecord['kind'];

/** A sender answers how it went; it throws when the delivery should be tried again. */
type Sender = (payload: Record<string, unknown>, tried: Tried) => Promise<'sent' | 'skipped'>;
/** The try being made: a webhook's log line names the delivery and the try. */
type Tried = Pick<OutboxRecord, 'id' | 'attempts'>;

const senders: Record<OutboxKind, Sender> = {
  // A suppressed address (a hard bounce) is skipped, not retried: mailing it again would hurt the sender.
  mail: async (payload) => {
    const mail = payload as unknown as MailRequest;
    const suppression = await getMailSuppression(mail.to);
    if (suppression) {
      logger().warn('mail skipped: address suppressed', { template: mail.template, type: suppression.type, since: suppression.at, domain: mail.to.split('@')[1] });
      return 'skipped';
    }
    await sendTemplatedEmail(mail);
    return 'sent';
  },
  // A webhook's endpoint behind the feed fetch's guard, signed (functions/core/webhooks).
  webhook: (payload, tried) => sendWebhook(payload, tried),
  // A daily feed fetch's same-day retry, due now: its message goes back to the re-check queue.
  'feed-retry': (payload) => sendFeedRetry(payload),
};

/** A mail's delivery, for a repository to record in the transaction of the change that causes it. */
export function mailDelivery(mail: MailRequest, cause: string): NewDelivery {
  return { id: randomUUID(), kind: 'mail', recipient: mail.to, topic: mail.template, payload: { ...mail }, cause };
}

/**
 * Starts the dispatcher for deliveries just recorded, without waiting for it. A kick that fails
 * loses nothing (the sweep sends them within a minute): it is logged, never thrown, since the
 * change that caused the mail is stored. A job (which has no job to start) sends them itself.
 */
export async function kickOutbox(ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  try {
    if (process.env[jobFunctionEnv('outbox-dispatch')]) await startJob('outbox-dispatch', { ids });
    else await deliverMany(ids);
  } catch (error) {
    logger().warn('outbox kick failed: the sweep sends it', { error: (error as Error).name, count: ids.length });
  }
}

/**
 * THE mailer of the use cases: records the mail, then kicks the dispatcher. "Sent" means recorded
 * for sure: the mail goes out when SES answers. An address SES reported as bounced hard is skipped
 * here already (the welcome mail says so to the administrator).
 */
export const queueMail: Mailer = async (mail) => {
  if (await getMailSuppression(mail.to)) {
    logger().warn('mail skipped: address suppressed', { template: mail.template, domain: mail.to.split('@')[1] });
    return { skipped: 'suppressed' };
  }
  const delivery = mailDelivery(mail, `mail:${mail.template satisfies MailTemplateName}`);
  await recordDelivery(delivery, new Date().toISOString());
  await kickOutbox([delivery.id]);
};

export interface DispatchDeps {
  claim: typeof claimDelivery;
  settle: typeof settleDelivery;
  due: typeof dueDeliveries;
  send(kind: OutboxKind, payload: Record<string, unknown>, tried: Tried): Promise<'sent' | 'skipped'>;
  now(): number;
  random(): number;
  policy: RetryPolicy;
}

const defaults: DispatchDeps = {
  claim: claimDelivery,
  settle: settleDelivery,
  due: dueDeliveries,
  send: (kind, payload, tried) => senders[kind](payload, tried),
  now: () => Date.now(),
  random: Math.random,
  policy: OUTBOX_RETRY,
};

export type DeliveryOutcome = 'sent' | 'skipped' | 'retry' | 'dead' | 'not-due';

const iso = (ms: number) => new Date(ms).toISOString();

/** One try of one delivery, if it is due and nobody else is trying it. */
export async function deliver(id: string, deps: DispatchDeps = defaults): Promise<DeliveryOutcome> {
  const now = deps.now();
  const claimed = await deps.claim(id, iso(now), iso(now + OUTBOX_LEASE_MS));
  if (!claimed) return 'not-due';
  let outcome: 'sent' | 'skipped';
  try {
    outcome = await deps.send(claimed.kind, claimed.payload ?? {}, claimed);
  } catch (error) {
    const at = deps.now();
    const reason = `${(error as Error).name}: ${(error as Error).message}`.slice(0, 500);
    const next = afterFailure(claimed.attempts, at, deps.random(), deps.policy);
    await deps.settle(id, claimed.attempts, next.dead ? { outcome: 'dead', at: iso(at), error: reason } : { outcome: 'retry', at: iso(at), nextAt: iso(next.nextAt), error: reason });
    const fields = { id, kind: claimed.kind, topic: claimed.topic, attempts: claimed.attempts, error: (error as Error).name };
    if (next.dead) logger().error('outbox delivery dead: an administrator may send it again', fields);
    else logger().warn('outbox delivery failed: tried again later', { ...fields, nextAt: iso(next.nextAt) });
    return next.dead ? 'dead' : 'retry';
  }
  await deps.settle(id, claimed.attempts, { outcome: 'sent', at: iso(deps.now()) });
  return outcome;
}

async function deliverMany(ids: readonly string[], deps: DispatchDeps = defaults): Promise<DeliveryOutcome[]> {
  const outcomes: DeliveryOutcome[] = [];
  // One at a time: a dispatcher's few mails, and an outage fails each at once.
  for (const id of ids) outcomes.push(await deliver(id, deps));
  return outcomes;
}

/** The kicked dispatcher: the deliveries a request just recorded. */
export const dispatchOutbox = (ids: readonly string[], deps: DispatchDeps = defaults) => deliverMany(ids, deps);

/** Deliveries the sweep takes per run (a minute apart): each within SES's 9 s budget, well inside the sweep's 5 minutes. */
const SWEEP_BATCH = 25;

/** The periodic sweep: every delivery due at `now` (a kick lost, a retry's time come). */
export async function sweepOutbox(deps: DispatchDeps = defaults): Promise<Record<DeliveryOutcome, number>> {
  const ids = await deps.due(iso(deps.now()), SWEEP_BATCH);
  const counts: Record<DeliveryOutcome, number> = { sent: 0, skipped: 0, retry: 0, dead: 0, 'not-due': 0 };
  for (const outcome of await deliverMany(ids, deps)) counts[outcome] += 1;
  return counts;
}

export { defaults as dispatchDefaults };
