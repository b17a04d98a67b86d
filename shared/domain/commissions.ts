import type { AffiliateCommission } from './types';

/**
 * A source's commissions are all fixed or all percent (issue 21: a fixed and a percent commission
 * on one source contradict each other; several of one type stay allowed, e.g. per category).
 * The other type the source has already, if any: the form and the server refuse the new one with it.
 */
export const clashingCommissionType = (
  commissions: readonly Pick<AffiliateCommission, 'sourceId' | 'type'>[],
  sourceId: string,
  type: AffiliateCommission['type'],
): AffiliateCommission['type'] | undefined => commissions.find((commission) => commission.sourceId === sourceId && commission.type !== type)?.type;
