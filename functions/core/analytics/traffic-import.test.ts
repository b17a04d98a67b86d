import { describe, expect, it } from 'vitest';
import type { CompanyRecord } from '../../data/companies';
import type { TrafficImport } from '../../data/traffic';
import type { Actor } from '../integration/steps';
import { sandboxProvider, SANDBOX_PROPERTIES as P } from './sandbox-provider';
import { refreshTraffic, refreshTrafficIfStale, type TrafficImportDeps } from './traffic-import';
import { AnalyticsProviderError } from './types';

const company = (viewId: string | null = P.success) => ({ id: 'c1', name: 'Acme', viewId }) as CompanyRecord;
const actor = { user: { firstName: 'Jane', login: 'jane@acme.test' }, role: 'ROLE_USER' } as Actor;
const NOW = new Date('2026-11-28T06:00:00.000Z');

function fakes(last: TrafficImport | null = null) {
  const log: string[] = [];
  const deps: TrafficImportDeps = {
    provider: async () => sandboxProvider,
    replaceTraffic: async (_id, rows) => (log.push(`replace ${rows.length}`), rows.length),
    recordImport: async (_id, record) => void log.push(`record ${record.viewId} ${record.rows} ${record.at}`),
    lastImport: async () => last,
    completeUtmStep: async () => (log.push('utm_rules re-evaluated'), 'done'),
    now: () => NOW,
  };
  return { deps, log };
}

describe('refreshTraffic', () => {
  it('imports the stored property, keeps the time, then re-evaluates utm_rules', async () => {
    const { deps, log } = fakes();
    expect(await refreshTraffic(company(), actor, deps)).toEqual({ ok: true, rows: 6, at: NOW.toISOString(), stepStatus: 'done' });
    expect(log).toEqual(['replace 6', `record ${P.success} 6 ${NOW.toISOString()}`, 'utm_rules re-evaluated']);
  });
  it('a refusal of the analytics tool is an outcome: nothing replaced, recorded or completed', async () => {
    const { deps, log } = fakes();
    deps.provider = async () => ({ ...sandboxProvider, utmTraffic: async () => { throw new AnalyticsProviderError('denied', 'No permission'); } });
    expect(await refreshTraffic(company(), actor, deps)).toEqual({ ok: false, code: 403, message: 'No permission' });
    expect(log).toEqual([]);
  });
  it('a company without a View ID has nothing to import from (a bug of the caller)', async () => {
    await expect(refreshTraffic(company(null), actor, fakes().deps)).rejects.toThrow(/no View ID/);
  });
});

describe('refreshTrafficIfStale', () => {
  const at = (hoursAgo: number) => new Date(NOW.getTime() - hoursAgo * 3_600_000).toISOString();
  it.each([
    ['never imported', null, true],
    ['imported 25 hours ago', { at: at(25), viewId: P.success, rows: 6 }, true],
    ['imported from another property (the View ID was moved by an administrator)', { at: at(1), viewId: P.low, rows: 3 }, true],
    ['imported 23 hours ago from the stored property', { at: at(23), viewId: P.success, rows: 6 }, false],
  ] as const)('%s: imports %s', async (_what, last, imports) => {
    const { deps, log } = fakes(last);
    const outcome = await refreshTrafficIfStale(company(), actor, deps);
    expect(outcome === null).toBe(!imports);
    expect(log.length > 0).toBe(imports);
  });
});
