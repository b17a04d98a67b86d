import { describe, expect, it } from 'vitest';
import { ViewIdTakenError, type CompanyRecord } from '../../data/companies';
import type { Actor } from '../integration/steps';
import { checkAccess, checkDimension, importUtms, type AnalyticsDeps } from './checks';
import { sandboxProvider, SANDBOX_PROPERTIES as P } from './sandbox-provider';
import { AnalyticsProviderError, type AnalyticsProvider } from './types';

/** The analytics use cases with fakes around them (the gateway tests run them for real: test/integration/analytics.test.ts). */

const company = (over: Partial<CompanyRecord> = {}): CompanyRecord =>
  ({ id: 'c1', name: 'Acme', product: '360', country: 'FR', viewId: null, dimensionIndex: null, orderFeedUrl: null, integrationSteps: ['google_analytics'], isDefault: false, created: '', version: 1, ...over }) as CompanyRecord;
const actor = { user: { firstName: 'Jane', login: 'jane@acme.test' }, role: 'ROLE_USER' } as Actor;
/** A View ID company c2 stored (and a sandbox property: refusing it must not depend on Google's answer). */
const OTHER_COMPANYS_VIEW = `${P.success}4242`;

function fakes(provider: AnalyticsProvider = sandboxProvider, storeFirst = true, storedMeanwhile: string | null = null) {
  const log: string[] = [];
  /** What each check recorded as its card (kept apart from `log`: every answered check records). */
  const records: string[] = [];
  const deps: AnalyticsDeps = {
    provider: async () => provider,
    standardFormat: () => /^\d+\.\d+$/,
    storeFirst: async (_id, field, value) => {
      log.push(`store ${field}=${value}`);
      return storeFirst;
    },
    storedField: async () => storedMeanwhile,
    viewOwners: async (viewId) => (viewId === OTHER_COMPANYS_VIEW ? ['c2'] : []),
    refreshTrafficIfStale: async (c) => {
      log.push(`traffic of ${c.viewId}`);
      return { ok: true, rows: 6, at: '2026-11-28T06:00:00.000Z', stepStatus: null };
    },
    refreshTraffic: async (c) => {
      log.push(`import of ${c.viewId}`);
      return { ok: true, rows: 6, at: '2026-11-28T06:00:00.000Z', stepStatus: null };
    },
    completeStep: async (_company, _actor, step) => {
      log.push(`done ${step}`);
    },
    recordCheck: async (_id, check) => {
      records.push(`${check.kind} ${check.result}`);
    },
  };
  return { deps, log, records };
}

const failing = (method: keyof AnalyticsProvider, error: Error): AnalyticsProvider => ({
  ...sandboxProvider,
  [method]: async () => {
    throw error;
  },
});

describe('checkAccess', () => {
  it('Google failing (not a denial) is code 502 with its message; nothing stored or completed', async () => {
    const { deps, log } = fakes(failing('checkAccess', new AnalyticsProviderError('failed', 'Quota exhausted')));
    expect(await checkAccess(company(), actor, P.success, deps)).toEqual({
      code: 502,
      errors: [{ message: 'Quota exhausted' }],
      total: null,
      property: null,
      viewIdStored: false,
      trafficImported: null,
      otherResource: null,
    });
    expect(log).toEqual([]);
  });

  it('the first grant stores the view id, imports its traffic when stale, completes ga_access', async () => {
    const { deps, log } = fakes();
    const answer = await checkAccess(company(), actor, P.success, deps);
    expect(answer).toMatchObject({ code: 200, errors: [], viewIdStored: true, trafficImported: 6, otherResource: null });
    expect(log).toEqual(['store viewId=100001', 'traffic of 100001', 'done ga_access']);
  });

  it('a failing traffic import: the view id is stored and the step done, nothing imported', async () => {
    const { deps, log } = fakes();
    deps.refreshTrafficIfStale = async () => ({ ok: false, code: 502, message: 'timeout' });
    expect(await checkAccess(company(), actor, P.success, deps)).toMatchObject({ code: 200, viewIdStored: true, trafficImported: null });
    expect(log).toEqual(['store viewId=100001', 'done ga_access']);
  });

  it('a concurrent check stored the same view id first: still the company’s own', async () => {
    const { deps, log } = fakes(sandboxProvider, false, P.success);
    expect(await checkAccess(company(), actor, P.success, deps)).toMatchObject({ code: 200, viewIdStored: false, otherResource: null });
    expect(log).toEqual(['store viewId=100001', 'traffic of 100001', 'done ga_access']);
  });

  it('a concurrent check stored another view id first: this one is another property, nothing else happens', async () => {
    const { deps, log } = fakes(sandboxProvider, false, P.low);
    expect(await checkAccess(company(), actor, P.success, deps)).toMatchObject({ code: 200, otherResource: { kind: 'viewId', stored: P.low } });
    expect(log).toEqual(['store viewId=100001']);
  });

  it('the stored view id: granted, its stale traffic imported, nothing stored', async () => {
    const { deps, log } = fakes();
    expect(await checkAccess(company({ viewId: P.success }), actor, P.success, deps)).toMatchObject({ code: 200, viewIdStored: false, trafficImported: 6 });
    expect(log).toEqual(['traffic of 100001', 'done ga_access']);
  });

  it('another property than the stored one: its answer, the stored id named, no step, no import, no card', async () => {
    const { deps, log, records } = fakes();
    for (const viewId of [P.success, P.denied]) {
      const answer = await checkAccess(company({ viewId: '555555' }), actor, viewId, deps);
      expect(answer.otherResource).toEqual({ kind: 'viewId', stored: '555555' });
    }
    expect(log).toEqual([]);
    expect(records).toEqual([]);
  });

  it('anything but a provider error is not an answer (500 from the handler)', async () => {
    const { deps } = fakes(failing('checkAccess', new TypeError('bug')));
    await expect(checkAccess(company(), actor, P.success, deps)).rejects.toThrow(TypeError);
  });
});

describe('another company’s View ID', () => {
  it('is refused by every check before Google is asked: 400 on view_id, nothing stored, imported or completed', async () => {
    const asked: string[] = [];
    const spy = new Proxy(sandboxProvider, {
      get: (target, name) => {
        asked.push(String(name));
        return target[name as keyof AnalyticsProvider];
      },
    });
    const { deps, log, records } = fakes(spy);
    const refusals = [
      () => checkAccess(company(), actor, OTHER_COMPANYS_VIEW, deps),
      () => importUtms(company({ viewId: P.success }), actor, OTHER_COMPANYS_VIEW, deps),
      () => checkDimension(company(), actor, { viewId: OTHER_COMPANYS_VIEW, dimension: '1', method: 'dimension' }, deps),
    ];
    for (const refusal of refusals) await expect(refusal()).rejects.toMatchObject({ status: 400, errors: { view_id: 'validation.analytics.viewIdTaken' } });
    expect(asked).toEqual([]);
    expect(log).toEqual([]);
    expect(records).toEqual([]);
  });
  it('the company’s own stored View ID is its own', async () => {
    const { deps } = fakes();
    expect(await checkAccess(company({ viewId: OTHER_COMPANYS_VIEW }), actor, OTHER_COMPANYS_VIEW, deps)).toMatchObject({ code: 200 });
  });

  it('stored by another company between the ownership check and the store: the same 400, no import, no step', async () => {
    const { deps, log } = fakes();
    deps.storeFirst = async () => {
      throw new ViewIdTakenError();
    };
    await expect(checkAccess(company(), actor, P.success, deps)).rejects.toMatchObject({ status: 400, errors: { view_id: 'validation.analytics.viewIdTaken' } });
    expect(log).toEqual([]);
  });
});

describe('the card each check leaves behind (read by pages opened later)', () => {
  it('access: granted without errors, denied on a refusal or a failure of Google', async () => {
    const { deps, records } = fakes();
    await checkAccess(company(), actor, P.success, deps);
    await checkAccess(company(), actor, P.denied, deps);
    await checkAccess(company(), actor, P.success, { ...deps, provider: async () => failing('checkAccess', new AnalyticsProviderError('failed', 'Quota')) });
    expect(records).toEqual(['access granted', 'access denied', 'access denied']);
  });
  it('dimension: the verdict, denied on 403, error on an unknown index; an UTM import records nothing', async () => {
    const { deps, records } = fakes();
    const check = (viewId: string, dimension = '1') => checkDimension(company(), actor, { viewId, dimension, method: 'dimension' }, deps);
    await check(P.success);
    await check(P.low);
    await check(P.denied);
    await check(P.success, '9');
    await importUtms(company({ viewId: P.success }), actor, P.success, deps);
    expect(records).toEqual(['dimension success', 'dimension low', 'dimension denied', 'dimension error']);
  });
});

describe('importUtms', () => {
  it('imports the stored property and answers the imported rows as the total', async () => {
    const { deps, log } = fakes();
    expect(await importUtms(company({ viewId: P.success }), actor, P.success, deps)).toEqual({
      code: 200, errors: [], total: 6, property: null, viewIdStored: false, trafficImported: 6, otherResource: null,
    });
    expect(log).toEqual(['import of 100001']);
  });
  it('a refusal of the analytics tool is the answer, with its message', async () => {
    const { deps } = fakes();
    deps.refreshTraffic = async () => ({ ok: false, code: 403, message: 'No permission' });
    expect(await importUtms(company({ viewId: P.success }), actor, P.success, deps)).toMatchObject({ code: 403, errors: [{ message: 'No permission' }], trafficImported: null });
  });
  it('another View ID than the stored one imports nothing; none stored: the access check first (400)', async () => {
    const { deps, log } = fakes();
    expect(await importUtms(company({ viewId: P.success }), actor, P.low, deps)).toMatchObject({ trafficImported: null, otherResource: { kind: 'viewId', stored: P.success } });
    await expect(importUtms(company(), actor, P.success, deps)).rejects.toMatchObject({ status: 400, errors: { view_id: 'validation.analytics.accessFirst' } });
    expect(log).toEqual([]);
  });
});

describe('checkDimension', () => {
  it('a property without custom dimensions: code 404 saying so', async () => {
    const { deps, log } = fakes({ ...sandboxProvider, customDimensions: async () => [] });
    const answer = await checkDimension(company(), actor, { viewId: P.success, dimension: '1', method: 'dimension' }, deps);
    expect(answer.code).toBe(404);
    expect(answer.errors[0]!.message).toContain('the property has no custom dimension');
    expect(log).toEqual([]);
  });

  it('the one-dimension wording, and the resolved index is 1-based', async () => {
    const one = { ...sandboxProvider, customDimensions: async () => (await sandboxProvider.customDimensions(P.success)).slice(0, 1) };
    const { deps } = fakes(one);
    expect((await checkDimension(company(), actor, { viewId: P.success, dimension: '2', method: 'dimension' }, deps)).errors).toEqual([
      { message: 'Custom dimension 2 does not exist: the property has 1 custom dimension (1 to 1).' },
    ]);
    const found = await checkDimension(company(), actor, { viewId: P.success, dimension: '1', method: 'dimension' }, deps);
    expect(found.dimension).toMatchObject({ index: 1, parameterName: 'client_id' });
  });

  it('success: stores the View ID and the index (none stored), imports, completes ga_dimension and google_analytics', async () => {
    const { deps, log } = fakes();
    const answer = await checkDimension(company(), actor, { viewId: P.success, dimension: '1', method: 'dimension' }, deps);
    expect(answer.dimensionIndexStored).toBe(true);
    expect(log).toEqual(['store viewId=100001', 'traffic of 100001', 'store dimensionIndex=1', 'done ga_dimension', 'done google_analytics']);
  });

  it('the stored View ID and index: completes, stores nothing', async () => {
    const { deps, log } = fakes();
    const answer = await checkDimension(company({ viewId: P.success, dimensionIndex: '1' }), actor, { viewId: P.success, dimension: '01', method: 'dimension' }, deps);
    expect(answer).toMatchObject({ dimensionIndexStored: false, otherResource: null });
    expect(log).toEqual(['done ga_dimension', 'done google_analytics']);
  });

  it('a success on another property or another dimension than the stored ones completes nothing, stores nothing, records no card', async () => {
    const { deps, log, records } = fakes();
    const stored = company({ viewId: P.denied, dimensionIndex: '1' });
    const onOther = await checkDimension(stored, actor, { viewId: P.nonStandard, dimension: '1', method: 'dimension' }, deps);
    expect(onOther).toMatchObject({ code: 200, otherResource: { kind: 'viewId', stored: P.denied } });
    const otherIndex = await checkDimension(company({ viewId: P.success, dimensionIndex: '2' }), actor, { viewId: P.success, dimension: '1', method: 'events', eventAction: 'purchase' }, deps);
    expect(otherIndex).toMatchObject({ code: 200, otherResource: { kind: 'dimensionIndex', stored: '2' } });
    const refused = await checkDimension(stored, actor, { viewId: P.low, dimension: '9', method: 'dimension' }, deps);
    expect(refused).toMatchObject({ code: 404, otherResource: { kind: 'viewId', stored: P.denied } });
    expect(log).toEqual([]);
    expect(records).toEqual([]);
  });

  it('low: stores the View ID and the index, completes nothing; missing figures: stores nothing', async () => {
    const low = fakes();
    await checkDimension(company(), actor, { viewId: P.low, dimension: '1', method: 'dimension' }, low.deps);
    expect(low.log).toEqual(['store viewId=100004', 'traffic of 100004', 'store dimensionIndex=1']);
    const empty = fakes();
    await checkDimension(company(), actor, { viewId: P.zeroTraffic, dimension: '1', method: 'events', eventAction: 'purchase' }, empty.deps);
    expect(empty.log).toEqual([]);
  });

  it('a failure while measuring keeps the resolved dimension in the answer', async () => {
    const { deps, log } = fakes(failing('eventCounts', new AnalyticsProviderError('failed', 'Invalid event name')));
    const answer = await checkDimension(company(), actor, { viewId: P.success, dimension: '1', method: 'events', eventAction: 'purchase' }, deps);
    expect(answer).toMatchObject({ code: 502, errors: [{ message: 'Invalid event name' }], method: 'events', dimension: { index: 1 }, sessions: null, events: null });
    expect(log).toEqual([]);
  });

  it('the events method passes the event action and caps the example labels at 10', async () => {
    let asked = '';
    const provider: AnalyticsProvider = {
      ...sandboxProvider,
      eventCounts: async (id, dimension, eventName, limit) => {
        asked = `${eventName}/${limit}`;
        return sandboxProvider.eventCounts(id, dimension, eventName, 50);
      },
    };
    const { deps } = fakes(provider);
    const answer = await checkDimension(company(), actor, { viewId: P.success, dimension: '1', method: 'events', eventAction: 'add_to_cart' }, deps);
    expect(asked).toBe('add_to_cart/10');
    expect(answer.events?.items).toHaveLength(10);
    expect(answer.transactions).toBeNull();
  });
});
