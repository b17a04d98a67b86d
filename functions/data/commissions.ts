import type { AffiliateCommission } from '../../shared/domain/types';
import { companyItems } from './company-items';
import { keys } from './keys';

/**
 * Affiliate commissions: `COMMISSION#<id>` items of the company's partition (one Query for the
 * page). Created with a server-made id, deleted on the version read.
 */

export interface CommissionRecord extends AffiliateCommission {
  companyId: string;
  created: string;
}

const commissions = companyItems<CommissionRecord>(keys.commission, keys.commissionPrefix, 'commission');

export const listCommissions = commissions.list;
export const putNewCommission = commissions.putNew;

/** Deletes the commission only on the version read: 'missing' or 'stale' when the condition fails. */
export async function deleteCommission(companyId: string, id: string, expectedVersion: number): Promise<'ok' | 'missing' | 'stale'> {
  const outcome = await commissions.remove(companyId, id, expectedVersion);
  return outcome.ok ? 'ok' : outcome.reason;
}
