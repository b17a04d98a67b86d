import type { AffiliateCommission } from '../../shared/domain/types';
import { companyItems } from './company-items';
import { joinSharedGuard, leaveSharedGuard, sharedGuardValue, type SharedGuard } from './guards';
import { keys } from './keys';
import { isConditionFailure } from './table';

/**
 * Affiliate commissions: `COMMISSION#<id>` items of the company's partition (one Query for the
 * page). Created with a server-made id, deleted on the version read. A source's commissions are all
 * of one type (shared/domain/commissions.ts): each commission joins its source's shared guard
 * (`keys.commissionTypeGuard`, functions/data/guards.ts) in its create's transaction and leaves it
 * in its delete's, so of concurrent creates of both types on one source only one type is stored.
 * Deleting the source deletes the guard with the commissions (data/sources.ts).
 */

export interface CommissionRecord extends AffiliateCommission {
  companyId: string;
  created: string;
}

const commissions = companyItems<CommissionRecord>(keys.commission, keys.commissionPrefix, 'commission');

const typeGuard = (record: Pick<CommissionRecord, 'companyId' | 'sourceId' | 'id' | 'type'>): SharedGuard => ({
  key: keys.commissionTypeGuard(record.companyId, record.sourceId),
  field: 'type',
  value: record.type,
  id: record.id,
});

export const listCommissions = commissions.list;

/** A create's outcome: stored, or refused because the source's commissions are of the other type (`otherType`). */
export type CommissionCreated = { ok: true; value: CommissionRecord } | { ok: false; reason: 'otherType'; otherType: AffiliateCommission['type'] };

/** Writes a new commission and joins its source's type guard: a source holding the other type refuses it, nothing written. */
export async function putNewCommission(record: CommissionRecord): Promise<CommissionCreated> {
  const guard = typeGuard(record);
  try {
    return { ok: true, value: await commissions.putNew(record, [joinSharedGuard(guard)]) };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const held = await sharedGuardValue(guard.key, guard.field);
    if (held && held !== record.type) return { ok: false, reason: 'otherType', otherType: held as AffiliateCommission['type'] };
    throw error;
  }
}

/** Deletes the commission only on the version read (and leaves its source's type guard): 'missing' or 'stale' when the condition fails. */
export async function deleteCommission(companyId: string, id: string, expectedVersion: number): Promise<'ok' | 'missing' | 'stale'> {
  const outcome = await commissions.remove(companyId, id, expectedVersion, (before) => leaveSharedGuard(typeGuard(before)));
  return outcome.ok ? 'ok' : outcome.reason;
}
