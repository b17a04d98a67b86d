import { describe, expect, it } from 'vitest';
import { defaultStepsFor, orderSteps } from './steps';

describe('default steps', () => {
  it('are the four common steps, plus commission rules for affiliates', () => {
    expect(defaultStepsFor('360')).toEqual(['google_analytics', 'sources', 'collector', 'status_feed']);
    expect(defaultStepsFor('lead')).toEqual(defaultStepsFor('360'));
    expect(defaultStepsFor('affiliate')).toEqual(['google_analytics', 'sources', 'collector', 'status_feed', 'commission_rules']);
  });

  it('put analytics steps first and drop duplicates, keeping the rest in order', () => {
    expect(orderSteps(['sources', 'matomo_analytics', 'collector', 'sources', 'google_analytics'])).toEqual([
      'matomo_analytics',
      'google_analytics',
      'sources',
      'collector',
    ]);
  });
});
