import { describe, expect, it } from 'vitest';
import type { AccessCheckAnswer, DimensionCheckAnswer } from 'shared/domain/analytics';
import type { IntegrationStatus, StepStatus, StepType } from 'shared/domain/types';
import { accessView, canCheck, dimensionView, initialValues, showsAccessCard, storedFacts, typeAfterDimensionInput, type VerificationValues } from './verification-model';
import { ApiError } from '../../lib/api/client';

const values = (over: Partial<VerificationValues> = {}): VerificationValues => ({ ...initialValues(), view_id: '12345', dimension: '1', ...over });
const access = (code: AccessCheckAnswer['code'], errors: string[] = []): AccessCheckAnswer => ({
  code, errors: errors.map((message) => ({ message })), total: 1, property: null, viewIdStored: false, trafficImported: null, otherResource: null,
});
const dimension = (code: DimensionCheckAnswer['code'], sessions: number | null, transactions: number | null): DimensionCheckAnswer => ({
  code, errors: code === 200 ? [] : [{ message: 'no' }], method: 'dimension', dimension: null,
  sessions: sessions === null ? null : { percent: sessions, withDimension: 1, total: 1 },
  transactions: transactions === null ? null : { percent: transactions, withDimension: 1, total: 1 },
  events: null, non_standard_format: null, dimensionIndexStored: false, otherResource: null,
});

describe('verification rules', () => {
  it('Check: view id of 5 characters, dimension and event action only when they count, never while loading', () => {
    expect(canCheck('combined', values({ view_id: '1234' }), false)).toBe(false);
    expect(canCheck('combined', values(), false)).toBe(true);
    expect(canCheck('combined', values(), true)).toBe(false);
    expect(canCheck('combined', values({ dimension: ' ' }), false)).toBe(false);
    expect(canCheck('combined', values({ dimension: '', type: 'access' }), false)).toBe(true);
    expect(canCheck('access', values({ dimension: '' }), false)).toBe(true);
    expect(canCheck('dimension', values({ dimension: '' }), false)).toBe(false);
    expect(canCheck('dimension', values({ method: 'events' }), false)).toBe(false);
    expect(canCheck('dimension', values({ method: 'events', event_action: 'purchase' }), false)).toBe(true);
    expect(canCheck('combined', values({ type: 'access', method: 'events' }), false)).toBe(true);
  });

  it('typing a dimension in Access Only switches back; clearing it does not', () => {
    expect(typeAfterDimensionInput('access', '2')).toBe('accessdimension');
    expect(typeAfterDimensionInput('access', '')).toBe('access');
    expect(typeAfterDimensionInput('accessdimension', '')).toBe('accessdimension');
  });

  const own = (step: StepStatus) => ({ step, googleAnalytics: undefined, last: null });
  it('access: granted without errors, denied on a refusal or a failed call, Stage Completed from the step', () => {
    expect(accessView({ state: 'idle' }, own('TBD'))).toBe('todo');
    expect(accessView({ state: 'idle' }, own('done'))).toBe('completed');
    expect(accessView({ state: 'answered', answer: access(200) }, own('TBD'))).toBe('granted');
    expect(accessView({ state: 'answered', answer: access(200, ['partial']) }, own('TBD'))).toBe('denied');
    expect(accessView({ state: 'answered', answer: access(403, ['no']) }, own('done'))).toBe('denied');
    expect(accessView({ state: 'failed', error: new Error('x') }, own('TBD'))).toBe('denied');
    // Another company's View ID: a conflict, not a denied access (nor a dimension error).
    const taken = new ApiError(400, 'validation', 'no', { view_id: 'validation.analytics.viewIdTaken' });
    expect(accessView({ state: 'failed', error: taken }, own('TBD'))).toBe('conflict');
    expect(dimensionView({ state: 'failed', error: taken }, own('TBD'))).toBe('conflict');
    expect(accessView({ state: 'failed', error: new ApiError(400, 'validation', 'no', { view_id: 'validation.analytics.viewId' }) }, own('TBD'))).toBe('denied');
  });

  it('dimension: 403 denied, other codes and missing figures error, then the verdict', () => {
    expect(dimensionView({ state: 'answered', answer: dimension(403, null, null) }, own('TBD'))).toBe('denied');
    expect(dimensionView({ state: 'answered', answer: dimension(404, null, null) }, own('TBD'))).toBe('error');
    expect(dimensionView({ state: 'answered', answer: dimension(200, 98, null) }, own('TBD'))).toBe('error');
    expect(dimensionView({ state: 'answered', answer: dimension(200, 98, 94.99) }, own('TBD'))).toBe('low');
    expect(dimensionView({ state: 'answered', answer: dimension(200, 95, 95) }, own('TBD'))).toBe('success');
    expect(dimensionView({ state: 'failed', error: new Error('x') }, own('done'))).toBe('error');
    expect(dimensionView({ state: 'idle' }, own('done'))).toBe('completed');
  });

  describe('a page opened later reads what happened, for every mix of steps', () => {
    const at = '2026-11-20T10:00:00.000Z';
    const status = (steps: Array<[StepType, StepStatus]>, analytics: IntegrationStatus['analytics'] = { access: null, dimension: null }): IntegrationStatus => ({
      companyId: 'c', companyName: 'Acme', product: '360', sourceCount: 0, feedChecked: false,
      steps: steps.map(([stepType, s]) => ({ stepType, status: s, updated: null })),
      analytics,
    });
    const cards = (s: IntegrationStatus) => {
      const facts = storedFacts(s);
      return [accessView({ state: 'idle' }, facts.access), dimensionView({ state: 'idle' }, facts.dimension)];
    };
    const passed = { access: { at, result: 'granted' as const }, dimension: { at, result: 'success' as const } };

    it.each<[string, Array<[StepType, StepStatus]>, IntegrationStatus['analytics'] | undefined, string[]]>([
      // The default lists (no hidden steps): google_analytics done after a passing dimension check.
      ['google_analytics done, no hidden step', [['google_analytics', 'done']], passed, ['completed', 'completed']],
      ['google_analytics to do, checks passed access, low dimension', [['google_analytics', 'TBD']], { access: passed.access, dimension: { at, result: 'low' } }, ['granted', 'low']],
      ['google_analytics to do, access denied last', [['google_analytics', 'TBD']], { access: { at, result: 'denied' }, dimension: null }, ['denied', 'todo']],
      ['google_analytics to do, never checked', [['google_analytics', 'TBD']], undefined, ['todo', 'todo']],
      // The hidden steps decide when the company has them, whatever the last checks said.
      ['both hidden steps done', [['ga_access', 'done'], ['ga_dimension', 'done']], undefined, ['completed', 'completed']],
      ['both hidden steps to do, checks passed', [['ga_access', 'TBD'], ['ga_dimension', 'TBD']], passed, ['todo', 'todo']],
      ['only ga_access (done), dimension from its last check', [['ga_access', 'done']], { access: null, dimension: { at, result: 'denied' } }, ['completed', 'denied']],
      ['only ga_dimension (to do), access from its last check', [['ga_dimension', 'TBD']], { access: { at, result: 'granted' }, dimension: null }, ['granted', 'todo']],
      ['hidden steps to do but google_analytics done: the hidden steps decide', [['google_analytics', 'done'], ['ga_access', 'TBD'], ['ga_dimension', 'done']], passed, ['todo', 'completed']],
      // No analytics step at all (another analytics platform): the last checks alone.
      ['no analytics step, checks passed', [['sources', 'done']], passed, ['granted', 'success']],
      ['no analytics step, dimension error last', [['sources', 'done']], { access: passed.access, dimension: { at, result: 'error' } }, ['granted', 'error']],
    ])('%s', (_name, steps, analytics, expected) => {
      expect(cards(status(steps, analytics))).toEqual(expected);
    });
  });

  it('the combined page keeps the access card while access matters and the dimension is not good yet', () => {
    expect(showsAccessCard('combined', values(), 'todo', 'todo')).toBe(false);
    expect(showsAccessCard('combined', values(), 'granted', 'low')).toBe(true);
    expect(showsAccessCard('combined', values(), 'denied', 'todo')).toBe(true);
    expect(showsAccessCard('combined', values(), 'granted', 'success')).toBe(false);
    expect(showsAccessCard('combined', values({ type: 'access' }), 'todo', 'todo')).toBe(true);
    expect(showsAccessCard('dimension', values(), 'granted', 'low')).toBe(false);
  });
});
