import { describe, expect, it } from 'vitest';
import {
  isIntegrationComplete,
  progressColour,
  progressPercent,
  sortSteps,
  statusChangeRefusal,
  stepDisplay,
  stepNameFor,
  type StatusChangeFacts,
} from './integration';
import type { StepStatus, StepType } from './types';

const steps = (...statuses: StepStatus[]) => statuses.map((status) => ({ status }));

describe('progress', () => {
  it('is done steps over the steps that need doing, in percent', () => {
    expect(progressPercent(steps('done', 'TBD', 'TBD', 'TBD'))).toBe(25);
    expect(progressPercent(steps('done', 'done', 'done', 'TBD'))).toBe(75);
    expect(progressPercent(steps('done', 'done'))).toBe(100);
    // A not_mandatory step counts on neither side: five done and one not mandatory is complete, 100 (not 83).
    expect(progressPercent(steps('done', 'done', 'done', 'done', 'done', 'not_mandatory'))).toBe(100);
    expect(progressPercent(steps('done', 'TBD', 'not_mandatory'))).toBe(50);
  });

  it('reads 100 exactly when the integration is complete', () => {
    const all: StepStatus[] = ['done', 'TBD', 'not_mandatory'];
    for (const a of all) for (const b of all) for (const c of all) {
      const list = steps(a, b, c);
      expect(progressPercent(list) === 100, `${a} ${b} ${c}`).toBe(isIntegrationComplete(list));
    }
  });

  it('counts 0.4 of a step when none is done', () => {
    expect(progressPercent(steps('TBD', 'TBD', 'TBD', 'TBD'))).toBe(10);
    expect(progressPercent(steps('TBD'))).toBe(40);
    expect(progressPercent(steps('TBD', 'not_mandatory'))).toBe(40);
    // All not mandatory: nothing to do, so complete and full.
    expect(progressPercent(steps('not_mandatory', 'not_mandatory'))).toBe(100);
    expect(isIntegrationComplete(steps('not_mandatory', 'not_mandatory'))).toBe(true);
  });

  it('is full for a company without steps, which is complete', () => {
    expect(progressPercent([])).toBe(100);
    expect(isIntegrationComplete([])).toBe(true);
  });

  it('is coloured green from 75, yellow from 50, red below', () => {
    expect([100, 75, 74, 50, 49, 0].map(progressColour)).toEqual(['green', 'green', 'yellow', 'yellow', 'red', 'red']);
  });
});

describe('completion', () => {
  it('is reached when no step is TBD', () => {
    expect(isIntegrationComplete(steps('done', 'not_mandatory'))).toBe(true);
    expect(isIntegrationComplete(steps('done', 'TBD'))).toBe(false);
  });
});

describe('sources in process', () => {
  const sources = { stepType: 'sources' as StepType, status: 'TBD' as StepStatus };
  it('for 360 from the first source', () => {
    expect(stepDisplay(sources, { product: '360', sourceCount: 0 })).toBe('TBD');
    expect(stepDisplay(sources, { product: '360', sourceCount: 1 })).toBe('in_process');
  });
  it('for affiliates from the fourth source', () => {
    expect(stepDisplay(sources, { product: 'affiliate', sourceCount: 3 })).toBe('TBD');
    expect(stepDisplay(sources, { product: 'affiliate', sourceCount: 4 })).toBe('in_process');
  });
  it('never for lead companies, other steps or done steps', () => {
    expect(stepDisplay(sources, { product: 'lead', sourceCount: 9 })).toBe('TBD');
    expect(stepDisplay({ ...sources, stepType: 'collector' }, { product: '360', sourceCount: 9 })).toBe('TBD');
    expect(stepDisplay({ ...sources, status: 'done' }, { product: '360', sourceCount: 9 })).toBe('done');
  });
});

describe('sorting', () => {
  it('orders by status text and keeps the company order within a status', () => {
    const list = [
      { stepType: 'a', status: 'done' },
      { stepType: 'b', status: 'TBD' },
      { stepType: 'c', status: 'not_mandatory' },
      { stepType: 'd', status: 'TBD' },
    ] as const;
    expect(sortSteps(list).map((s) => s.stepType)).toEqual(['b', 'd', 'a', 'c']);
  });
});

describe('status changes', () => {
  const customer: StatusChangeFacts = { role: 'ROLE_USER', product: '360', sourceCount: 2, feedChecked: false };
  const admin: StatusChangeFacts = { ...customer, role: 'ROLE_ADMIN' };
  const manager: StatusChangeFacts = { ...customer, role: 'ROLE_MANAGER' };

  it('lets only an administrator set a done step back to TBD', () => {
    expect(statusChangeRefusal('collector', 'done', 'TBD', customer)).toBe('admin-only-reset');
    expect(statusChangeRefusal('collector', 'done', 'TBD', manager)).toBe('admin-only-reset');
    expect(statusChangeRefusal('collector', 'done', 'TBD', admin)).toBeNull();
  });

  it('lets customers complete the manual steps', () => {
    for (const step of ['collector', 'commission_rules', 'adobe_analytics', 'salesforce_crm'] as StepType[]) {
      expect(statusChangeRefusal(step, 'TBD', 'done', customer), step).toBeNull();
    }
  });

  it('needs a source for the sources step, and not exactly 3 for affiliates', () => {
    expect(statusChangeRefusal('sources', 'TBD', 'done', { ...customer, sourceCount: 0 })).toBe('no-sources');
    expect(statusChangeRefusal('sources', 'TBD', 'done', { ...customer, sourceCount: 1 })).toBeNull();
    expect(statusChangeRefusal('sources', 'TBD', 'done', { ...customer, product: 'affiliate', sourceCount: 3 })).toBe('affiliate-three-sources');
    expect(statusChangeRefusal('sources', 'TBD', 'done', { ...customer, product: 'affiliate', sourceCount: 4 })).toBeNull();
  });

  it('completes the feed step by hand only after a check or with another connection', () => {
    expect(statusChangeRefusal('status_feed', 'TBD', 'done', customer)).toBe('feed-not-checked');
    expect(statusChangeRefusal('status_feed', 'TBD', 'done', { ...customer, feedChecked: true })).toBeNull();
    expect(statusChangeRefusal('status_feed', 'TBD', 'done', { ...customer, otherConnection: true })).toBeNull();
  });

  it('keeps the automatic steps to their checks', () => {
    for (const step of ['ga_access', 'ga_dimension', 'utm_rules', 'google_analytics'] as StepType[]) {
      expect(statusChangeRefusal(step, 'TBD', 'done', customer), step).toBe('not-manual');
      expect(statusChangeRefusal(step, 'TBD', 'done', { ...customer, byCheck: true }), step).toBeNull();
    }
  });

  it('leaves not_mandatory to administrators and refuses no-op changes', () => {
    expect(statusChangeRefusal('collector', 'TBD', 'not_mandatory', customer)).toBe('admin-only');
    expect(statusChangeRefusal('collector', 'not_mandatory', 'done', customer)).toBe('admin-only');
    expect(statusChangeRefusal('collector', 'TBD', 'not_mandatory', admin)).toBeNull();
    expect(statusChangeRefusal('collector', 'done', 'done', admin)).toBe('unchanged');
  });
});

describe('stepNameFor', () => {
  it('names the feed step a lead feed for every product but 360, and leaves other steps alone', () => {
    expect(stepNameFor('status_feed', '360')).toBe('Order Feed');
    expect(stepNameFor('status_feed', 'affiliate')).toBe('Lead Feed');
    expect(stepNameFor('status_feed', 'lead')).toBe('Lead Feed');
    expect(stepNameFor('sources', 'lead')).toBe('Sources');
  });
});

describe('step refusals at their boundaries (mutation testing found these unchecked)', () => {
  const customer: StatusChangeFacts = { role: 'ROLE_USER', product: '360', sourceCount: 3, feedChecked: false };

  it('lets a 360 company with exactly 3 sources complete the Sources step (the 3-source rule is the affiliates’ only)', () => {
    expect(statusChangeRefusal('sources', 'TBD', 'done', customer)).toBeNull();
    expect(statusChangeRefusal('sources', 'TBD', 'done', { ...customer, product: 'lead' })).toBeNull();
    expect(statusChangeRefusal('sources', 'TBD', 'done', { ...customer, product: 'affiliate' })).toBe('affiliate-three-sources');
  });

  it('says "administrators only" (not "only an administrator resets") when a customer sets a not_mandatory step to TBD', () => {
    expect(statusChangeRefusal('collector', 'not_mandatory', 'TBD', customer)).toBe('admin-only');
    expect(statusChangeRefusal('collector', 'done', 'TBD', customer)).toBe('admin-only-reset');
    expect(statusChangeRefusal('collector', 'not_mandatory', 'TBD', { ...customer, role: 'ROLE_ADMIN' })).toBeNull();
  });

  it('keeps the company order within each status on a long list too (where the sort merges runs)', () => {
    const statuses = ['TBD', 'done', 'not_mandatory'] as const;
    // A fixed pseudo-random spread of 120 statuses.
    const list = Array.from({ length: 120 }, (_, index) => ({ index, status: statuses[(index * 7 + (index >> 3)) % 3]! }));
    const expected = statuses.flatMap((status) => list.filter((s) => s.status === status).map((s) => s.index));
    expect(sortSteps(list).map((s) => s.index)).toEqual(expected);
  });

  it('sorts a list given in reverse order: TBD, done, not_mandatory, each in company order', () => {
    const list = (['not_mandatory', 'done', 'TBD', 'not_mandatory', 'done', 'TBD'] as const).map((status, index) => ({ index, status }));
    expect(sortSteps(list).map((s) => s.index)).toEqual([2, 5, 1, 4, 0, 3]);
  });
});
