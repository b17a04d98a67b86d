import { describe, expect, it } from 'vitest';
import { claimResource, whoseResource } from './own-resource';

describe('whoseResource: the one rule of the checks that complete steps', () => {
  it.each([
    ['viewId', null, '100001', { is: 'unclaimed' }],
    ['viewId', '', '100001', { is: 'unclaimed' }],
    ['viewId', '100001', ' 100001 ', { is: 'stored' }],
    ['viewId', '100002', '100005', { is: 'other', other: { kind: 'viewId', stored: '100002' } }],
    ['dimensionIndex', '1', '01', { is: 'stored' }],
    ['dimensionIndex', '2', '1', { is: 'other', other: { kind: 'dimensionIndex', stored: '2' } }],
    // The same feed with or without its login: the stored one (the page shows it without credentials).
    ['orderFeedUrl', 'https://u:p@shop.example/feed.xml', 'https://shop.example/feed.xml', { is: 'stored' }],
    ['orderFeedUrl', 'https://u:p@shop.example/feed.xml', 'https://shop.example/other.xml', { is: 'other', other: { kind: 'orderFeedUrl', stored: 'https://shop.example/feed.xml' } }],
  ] as const)('%s stored %j, checked %j', (kind, stored, checked, expected) => {
    expect(whoseResource(kind, stored, checked)).toEqual(expected);
  });
});

describe('claimResource: first-time storage', () => {
  const store = (stored: boolean, now: string | null) => {
    const calls: string[] = [];
    return {
      calls,
      store: {
        storeFirst: async () => (calls.push('store'), stored),
        reread: async () => (calls.push('reread'), now),
      },
    };
  };

  it('the stored resource: own, nothing written', async () => {
    const { calls, store: s } = store(true, null);
    expect(await claimResource('viewId', { viewId: '100001', dimensionIndex: null, orderFeedUrl: null }, '100001', true, s)).toEqual({ own: true, storedNow: false, otherResource: null });
    expect(calls).toEqual([]);
  });
  it('another resource: not own, nothing written, whatever the outcome', async () => {
    const { calls, store: s } = store(true, null);
    expect(await claimResource('viewId', { viewId: '100002', dimensionIndex: null, orderFeedUrl: null }, '100005', true, s)).toEqual({
      own: false, storedNow: false, otherResource: { kind: 'viewId', stored: '100002' },
    });
    expect(calls).toEqual([]);
  });
  it('none stored and a successful check: stores it', async () => {
    const { calls, store: s } = store(true, null);
    expect(await claimResource('dimensionIndex', { viewId: null, dimensionIndex: null, orderFeedUrl: null }, '1', true, s)).toEqual({ own: true, storedNow: true, otherResource: null });
    expect(calls).toEqual(['store']);
  });
  it('none stored and an unsuccessful check: stores nothing', async () => {
    const { calls, store: s } = store(true, null);
    expect((await claimResource('dimensionIndex', { viewId: null, dimensionIndex: null, orderFeedUrl: null }, '1', false, s)).storedNow).toBe(false);
    expect(calls).toEqual([]);
  });
  it('a concurrent check stored first: the same value is still own, another makes this one "other"', async () => {
    const same = store(false, '1');
    expect(await claimResource('dimensionIndex', { viewId: null, dimensionIndex: null, orderFeedUrl: null }, '1', true, same.store)).toEqual({ own: true, storedNow: false, otherResource: null });
    const other = store(false, '2');
    expect(await claimResource('dimensionIndex', { viewId: null, dimensionIndex: null, orderFeedUrl: null }, '1', true, other.store)).toEqual({
      own: false, storedNow: false, otherResource: { kind: 'dimensionIndex', stored: '2' },
    });
    expect(other.calls).toEqual(['store', 'reread']);
  });
});
