import { describe, expect, it } from 'vitest';
import { reindexLists } from './reindex-lists';

describe('reindexLists', () => {
  it('re-indexes every company, claims its View ID guard (naming the clashes), its steps’ report rows, its collectors’, sources’ and commissions’ rows, the default collectors’ rows, then every user (their rows carry company names), counting what was skipped', async () => {
    const order: string[] = [];
    const outcome = await reindexLists({
      companyIds: async () => ['c1', 'c2'],
      userIds: async () => ['u1', 'u2', 'u3'],
      reindexCompany: async (id) => (order.push(id), id !== 'c2'),
      claimViewId: async (id) => (order.push(`view id of ${id}`), id === 'c2' ? 'clash' : 'held'),
      reindexUser: async (id) => (order.push(id), id !== 'u3'),
      reindexSteps: async (id) => (order.push(`steps of ${id}`), id === 'c1' ? 4 : 0),
      reindexCollectors: async (id) => (order.push(`collectors of ${id}`), id === 'c2' ? 3 : 0),
      reindexDefaultCollectors: async () => (order.push('default collectors'), 5),
      reindexSources: async (id) => (order.push(`sources of ${id}`), id === 'c1' ? { sources: 3, commissions: 2 } : { sources: 1, commissions: 0 }),
      reindexTraffic: async (id) => (id === 'c1' ? 7 : 0),
    });
    expect(order).toEqual(['c1', 'c2', 'view id of c1', 'view id of c2', 'steps of c1', 'steps of c2', 'collectors of c1', 'sources of c1', 'collectors of c2', 'sources of c2', 'default collectors', 'u1', 'u2', 'u3']);
    expect(outcome).toEqual({ companies: { written: 1, skipped: 1 }, users: { written: 2, skipped: 1 }, steps: 4, collectors: 3, defaultCollectors: 5, sources: 4, commissions: 2, traffic: 7, viewIdClashes: ['c2'] });
  });
});
