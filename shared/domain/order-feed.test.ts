import { describe, expect, it } from 'vitest';
import type { FeedResult } from '../feed/types';
import { feedHealth, isFeedCheckActive } from './order-feed';

describe('feed check states', () => {
  it('is active only while queued or running, and not without a check', () => {
    expect(isFeedCheckActive({ status: 'queued' })).toBe(true);
    expect(isFeedCheckActive({ status: 'running' })).toBe(true);
    expect(isFeedCheckActive({ status: 'done' })).toBe(false);
    expect(isFeedCheckActive(null)).toBe(false);
    expect(isFeedCheckActive(undefined)).toBe(false);
  });

  it('has a health only once done with a result, or failed', () => {
    const clean = { errors: {} } as unknown as FeedResult;
    const warned = { errors: { zeroPrice: [] } } as unknown as FeedResult;
    expect(feedHealth({ status: 'done', result: clean })).toBe('clean');
    expect(feedHealth({ status: 'done', result: warned })).toBe('warnings');
    expect(feedHealth({ status: 'failed', result: null })).toBe('failed');
    expect(feedHealth({ status: 'done', result: null })).toBeNull();
    expect(feedHealth({ status: 'running', result: clean })).toBeNull();
  });
});
