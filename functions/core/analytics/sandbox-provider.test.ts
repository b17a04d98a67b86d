import { describe, expect, it } from 'vitest';
import { STANDARD_DIMENSION_FORMAT } from '../../../shared/domain/analytics';
import { SANDBOX_DENIED_MESSAGE, SANDBOX_PROPERTIES as P, sandboxProvider } from './sandbox-provider';
import { AnalyticsProviderError, type CustomDimension } from './types';

/** The sandbox's documented outcomes (its header, docs/analytics.md): the local stack and the gateway tests rely on them. */
const dimension: CustomDimension = { apiName: 'customEvent:client_id', parameterName: 'client_id', displayName: 'client_id', scope: 'EVENT' };

describe('the sandbox analytics tool', () => {
  it('grants the listed properties with their names and sessions, and a longer id as its first six digits', async () => {
    expect(await sandboxProvider.checkAccess(P.success)).toEqual({ id: P.success, name: 'Sandbox shop (set up well)', sessions: 20_000 });
    expect(await sandboxProvider.checkAccess(`${P.low}42`)).toEqual({ id: `${P.low}42`, name: 'Sandbox shop (low coverage)', sessions: 10_000 });
    expect((await sandboxProvider.checkAccess(P.zeroTraffic)).sessions).toBe(0);
  });

  it('denies the others with Google\'s message, a prefix of fewer digits too', async () => {
    for (const id of [P.denied, P.unknown, '10000', '999999', '99999999']) {
      await expect(sandboxProvider.checkAccess(id), id).rejects.toEqual(new AnalyticsProviderError('denied', SANDBOX_DENIED_MESSAGE));
    }
  });

  it('has the two documented custom dimensions, a fresh copy each time', async () => {
    const first = await sandboxProvider.customDimensions(P.success);
    expect(first.map((d) => [d.apiName, d.scope])).toEqual([
      ['customEvent:client_id', 'EVENT'],
      ['customUser:user_type', 'USER'],
    ]);
    first[0]!.displayName = 'changed';
    expect((await sandboxProvider.customDimensions(P.success))[0]!.displayName).toBe('client_id');
  });

  it('counts sessions and transactions with the dimension', async () => {
    expect(await sandboxProvider.dimensionCounts(P.low, dimension)).toEqual({
      sessions: { withDimension: 7_000, total: 10_000 },
      transactions: { withDimension: 100, total: 200 },
    });
  });

  it('counts events: the first value twice, the others once, standard labels, at most `limit`', async () => {
    const counts = await sandboxProvider.eventCounts(P.success, dimension, 'purchase', 3);
    expect(counts.sessions).toEqual({ withDimension: 19_700, total: 20_000 });
    expect(counts.events).toMatchObject({ withDimension: 396, total: 400, unique: 395 });
    expect(counts.events.items.map((i) => i.count)).toEqual([2, 1, 1]);
    expect(counts.events.items.every((i) => STANDARD_DIMENSION_FORMAT.test(i.label))).toBe(true);
    expect(counts.events.items[0]!.label).toBe('1000000000.1700000000');
    expect(counts.events.items[1]!.label).toBe('1000007919.1700104729');
    expect(new Set(counts.events.items.map((i) => i.label)).size).toBe(3);
    const none = await sandboxProvider.eventCounts(P.zeroTraffic, dimension, 'purchase', 3);
    expect(none.events).toEqual({ withDimension: 0, total: 0, unique: 0, items: [] });
  });

  it('lists the non-standard values the given pattern refuses, most sessions first, at most `limit`', async () => {
    const values = await sandboxProvider.nonStandardValues(P.nonStandard, dimension, STANDARD_DIMENSION_FORMAT, 10);
    expect(values.total).toBe(12);
    expect(values.items).toHaveLength(10);
    expect(values.items.slice(0, 6)).toEqual([
      { value: 'GA1.2.0', sessions: 40 },
      { value: 'undefined1', sessions: 39 },
      { value: 'client-2', sessions: 38 },
      { value: 'null3', sessions: 37 },
      { value: '{{client_id}}4', sessions: 36 },
      { value: 'GA1.2.5', sessions: 35 },
    ]);
    // A deployment's own format changes what is non-standard.
    expect((await sandboxProvider.nonStandardValues(P.nonStandard, dimension, /^GA1\.2\.\d+$/, 10)).total).toBe(9);
    expect(await sandboxProvider.nonStandardValues(P.success, dimension, STANDARD_DIMENSION_FORMAT, 10)).toEqual({ items: [], total: 0 });
  });

  it('answers UTM rows as copies, and knows every order id but those ending in 7', async () => {
    const rows = await sandboxProvider.utmTraffic(P.low);
    expect(rows).toEqual([
      { utmSource: 'google', utmMedium: 'cpc', utmCampaign: 'generic', sessions: 5000 },
      { utmSource: '(direct)', utmMedium: '(none)', utmCampaign: '(direct)', sessions: 3500 },
      { utmSource: 'affiliate', utmMedium: 'cpa', utmCampaign: 'partner_x', sessions: 1500 },
    ]);
    rows[0]!.sessions = 0;
    expect((await sandboxProvider.utmTraffic(P.low))[0]!.sessions).toBe(5000);
    const orders = await sandboxProvider.analyticsOrders(P.success, '2026-11-20');
    expect(orders.day).toBe('2026-11-20');
    expect([orders.has('A1'), orders.has('A7'), orders.has('')]).toEqual([true, false, false]);
    await expect(sandboxProvider.analyticsOrders(P.denied, '2026-11-20')).rejects.toBeInstanceOf(AnalyticsProviderError);
  });
});
