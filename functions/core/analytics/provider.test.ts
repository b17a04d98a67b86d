import { afterEach, describe, expect, it } from 'vitest';
import { analyticsOrders, providerName, standardFormat } from './provider';
import { SANDBOX_PROPERTIES } from './sandbox-provider';
import { AnalyticsProviderError } from './types';

/** Which provider answers, and the configured standard format. */

const saved = { ...process.env };
afterEach(() => {
  for (const name of ['ANALYTICS_PROVIDER', 'STAGE', 'ANALYTICS_STANDARD_FORMAT']) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

describe('providerName', () => {
  it('follows ANALYTICS_PROVIDER, else the stage: sandbox locally, google deployed', () => {
    delete process.env.ANALYTICS_PROVIDER;
    process.env.STAGE = 'local';
    expect(providerName()).toBe('sandbox');
    process.env.STAGE = 'prod';
    expect(providerName()).toBe('google');
    process.env.ANALYTICS_PROVIDER = 'sandbox';
    expect(providerName()).toBe('sandbox');
    process.env.ANALYTICS_PROVIDER = 'googel';
    expect(() => providerName()).toThrow(/google or sandbox/);
  });
});

describe('standardFormat', () => {
  it('is digits.digits unless configured; a configured pattern matches whole values, anchors optional', () => {
    delete process.env.ANALYTICS_STANDARD_FORMAT;
    expect(standardFormat().test('123.456')).toBe(true);
    process.env.ANALYTICS_STANDARD_FORMAT = 'GA1\\.\\d\\.\\d+\\.\\d+';
    expect(['GA1.2.3.4', 'xGA1.2.3.4', '123.456'].map((v) => standardFormat().test(v))).toEqual([true, false, false]);
    process.env.ANALYTICS_STANDARD_FORMAT = '^[a-f0-9]{32}$';
    expect(['0123456789abcdef0123456789abcdef', '0123456789abcdef0123456789abcdef0'].map((v) => standardFormat().test(v))).toEqual([true, false]);
    process.env.ANALYTICS_STANDARD_FORMAT = '(';
    expect(() => standardFormat()).toThrow(/not a valid regular expression/);
  });
});

describe('analyticsOrders (sandbox)', () => {
  it('knows every order id except those ending in 7; a refused property throws', async () => {
    process.env.ANALYTICS_PROVIDER = 'sandbox';
    const orders = await analyticsOrders(SANDBOX_PROPERTIES.success, '2026-11-20');
    expect(orders.day).toBe('2026-11-20');
    expect(['A100001', 'A100007', '17', '7a', ''].map((id) => orders.has(id))).toEqual([true, false, false, true, false]);
    await expect(analyticsOrders(SANDBOX_PROPERTIES.denied, '2026-11-20')).rejects.toBeInstanceOf(AnalyticsProviderError);
  });
});
