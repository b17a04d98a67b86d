import type { OutboxDelivery, OutboxPage, OutboxState } from '../../../shared/domain/types';
import { LIST_PAGE_SIZE, outboxListQuerySchema } from '../../../shared/schemas/lists';
import { getDelivery, listDeliveries, requeueDelivery, toDelivery } from '../../data/outbox';
import { ConflictError, NotFoundError } from '../../platform/errors';
import { validQuery } from '../../platform/query';
import { kickOutbox } from './outbox';

/**
 * The back office's mail page (docs/reliability.md, "Mail"): what the outbox could not send yet
 * (pending) or gave up on (dead), a page at a time, and "send again".
 */
export async function listOutbox(query: Record<string, string>): Promise<OutboxPage> {
  const { state = 'dead', cursor } = validQuery(outboxListQuerySchema, query);
  return listDeliveries(state as OutboxState, cursor || null, LIST_PAGE_SIZE);
}

export interface ResendDeps {
  getDelivery: typeof getDelivery;
  requeueDelivery: typeof requeueDelivery;
  kickOutbox(ids: readonly string[]): Promise<void>;
  now(): Date;
}

const defaults: ResendDeps = { getDelivery, requeueDelivery, kickOutbox, now: () => new Date() };

/**
 * An administrator sends a dead (or still pending) delivery again: due at once, its tries counted
 * afresh, recorded in the audit history, and the dispatcher kicked. A delivery sent meanwhile is
 * a 409 (nothing to send), an unknown one a 404.
 */
export async function resendDelivery(id: string, deps: ResendDeps = defaults): Promise<OutboxDelivery> {
  const record = await deps.getDelivery(id);
  if (!record) throw new NotFoundError('No such mail in the outbox');
  if (record.state !== 'pending' && record.state !== 'dead') throw new ConflictError('This mail was sent meanwhile');
  const at = deps.now().toISOString();
  const requeued = await deps.requeueDelivery(record, at, {
    kind: 'outbox',
    action: 'resend',
    recordId: id,
    companyId: null,
    // What an auditor reads: whom, which mail, how it stood; never its payload (links, passwords).
    before: { recipient: record.recipient, topic: record.topic, state: record.state, attempts: record.attempts, lastError: record.lastError },
    after: { recipient: record.recipient, topic: record.topic, state: 'pending', attempts: 0, lastError: record.lastError },
  });
  if (!requeued) throw new ConflictError('This mail changed meanwhile: read the list again');
  await deps.kickOutbox([id]);
  return toDelivery({ ...record, state: 'pending', attempts: 0, nextAt: at, updated: at });
}
