import { describe, expect, it } from 'vitest';
import type { AccessCheckAnswer, DimensionCheckAnswer } from 'shared/domain/analytics';
import { accessView, canCheck, dimensionView, initialValues, showsAccessCard, typeAfterDimensionInput, type VerificationValues } from './verification-model';

const values = (over: Partial<VerificationValues> = {}): VerificationValues => ({ ...initialValues(), view_id: '12345', dimension: '1', ...over });
const access = (code: AccessCheckAnswer['code'], errors: string[] = []): AccessCheckAnswer => ({
  code, errors: errors.map((message) => ({ message })), total: 1, property: null, viewIdStored: false, trafficImported: null,
});
const dimension = (code: DimensionCheckAnswer['code'], sessions: number | null, transactions: number | null): DimensionCheckAnswer => ({
  code, errors: code === 200 ? [] : [{ message: 'no' }], method: 'dimension', dimension: null,
  sessions: sessions === null ? null : { percent: sessions, withDimension: 1, total: 1 },
  transactions: transactions === null ? null : { percent: transactions, withDimension: 1, total: 1 },
  events: null, non_standard_format: null, dimensionIndexStored: false,
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

  it('access: granted without errors, denied on a refusal or a failed call, Stage Completed from the step', () => {
    expect(accessView({ state: 'idle' }, 'TBD')).toBe('todo');
    expect(accessView({ state: 'idle' }, 'done')).toBe('completed');
    expect(accessView({ state: 'answered', answer: access(200) }, 'TBD')).toBe('granted');
    expect(accessView({ state: 'answered', answer: access(200, ['partial']) }, 'TBD')).toBe('denied');
    expect(accessView({ state: 'answered', answer: access(403, ['no']) }, 'done')).toBe('denied');
    expect(accessView({ state: 'failed', error: new Error('x') }, 'TBD')).toBe('denied');
  });

  it('dimension: 403 denied, other codes and missing figures error, then the verdict', () => {
    expect(dimensionView({ state: 'answered', answer: dimension(403, null, null) }, 'TBD')).toBe('denied');
    expect(dimensionView({ state: 'answered', answer: dimension(404, null, null) }, 'TBD')).toBe('error');
    expect(dimensionView({ state: 'answered', answer: dimension(200, 98, null) }, 'TBD')).toBe('error');
    expect(dimensionView({ state: 'answered', answer: dimension(200, 98, 94.99) }, 'TBD')).toBe('low');
    expect(dimensionView({ state: 'answered', answer: dimension(200, 95, 95) }, 'TBD')).toBe('success');
    expect(dimensionView({ state: 'failed', error: new Error('x') }, 'done')).toBe('error');
    expect(dimensionView({ state: 'idle' }, 'done')).toBe('completed');
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
