import { describe, expect, it } from 'vitest';
import { accessResult, coverage, dimensionResult, dimensionStepDone, dimensionVerdict, type AccessCheckAnswer, reportColour, STANDARD_DIMENSION_FORMAT, type DimensionCheckAnswer } from './analytics';

const figure = (percent: number | null) => ({ percent, withDimension: 0, total: percent === null ? 0 : 100 });

function answer(first: number | null, second: number | null, over: Partial<DimensionCheckAnswer> = {}): DimensionCheckAnswer {
  const method = over.method ?? 'dimension';
  return {
    code: 200,
    errors: [],
    method,
    dimension: { index: 1, apiName: 'customEvent:client_id', parameterName: 'client_id', displayName: 'client_id', scope: 'EVENT' },
    sessions: figure(first),
    transactions: method === 'dimension' ? figure(second) : null,
    events: method === 'events' ? { ...figure(second), unique: 0, items: [] } : null,
    non_standard_format: null,
    dimensionIndexStored: false,
    otherResource: null,
    ...over,
  };
}

describe('dimensionVerdict (spec 4, verification status of a dimension check)', () => {
  it('is undefined before an answer, error when the call failed', () => {
    expect(dimensionVerdict(undefined)).toBe('undefined');
    expect(dimensionVerdict(null)).toBe('undefined');
    expect(dimensionVerdict(undefined, true)).toBe('error');
    expect(dimensionVerdict(answer(100, 100), true)).toBe('error');
  });

  it('is error when the answer has errors or a code other than 200, whatever the figures', () => {
    expect(dimensionVerdict(answer(100, 100, { errors: [{ message: 'x' }] }))).toBe('error');
    expect(dimensionVerdict(answer(100, 100, { code: 403 }))).toBe('error');
    expect(dimensionVerdict(answer(100, 100, { code: 404 }))).toBe('error');
    expect(dimensionVerdict(answer(100, 100, { code: 502 }))).toBe('error');
  });

  it('is error when a needed figure is missing', () => {
    expect(dimensionVerdict(answer(null, 100))).toBe('error');
    expect(dimensionVerdict(answer(100, null))).toBe('error');
    expect(dimensionVerdict(answer(null, null))).toBe('error');
    expect(dimensionVerdict(answer(100, 100, { sessions: null }))).toBe('error');
    expect(dimensionVerdict(answer(100, 100, { transactions: null }))).toBe('error');
    expect(dimensionVerdict(answer(Number.NaN, 100))).toBe('error');
    // Events method: the events figure is the needed one, transactions do not count.
    expect(dimensionVerdict(answer(100, 100, { method: 'events', events: null, transactions: figure(100) }))).toBe('error');
  });

  it.each([
    [0, 0, 'low'],
    [0, 50, 'low'],
    [50, 0, 'low'],
    [0, 100, 'low'],
    [100, 0, 'low'],
    [64.99, 64.99, 'low'],
    [65, 65, 'low'],
    [94.99, 94.99, 'low'],
    [94.99, 100, 'low'],
    [100, 94.99, 'low'],
    [95, 94.99, 'low'],
    [95, 95, 'success'],
    [95, 100, 'success'],
    [100, 95, 'success'],
    [100, 100, 'success'],
  ] as const)('sessions %s and transactions %s: %s', (first, second, verdict) => {
    expect(dimensionVerdict(answer(first, second))).toBe(verdict);
  });

  it.each([
    [95, 95, 'success'],
    [95, 94.99, 'low'],
    [94.99, 95, 'low'],
    [100, 0, 'low'],
    [0, 0, 'low'],
    [100, 100, 'success'],
  ] as const)('events method, sessions %s and events %s: %s', (first, second, verdict) => {
    // The transactions figure is ignored for the events method: set it to the opposite to prove it.
    const transactions = figure(verdict === 'success' ? 0 : 100);
    expect(dimensionVerdict(answer(first, second, { method: 'events', transactions }))).toBe(verdict);
  });
});

describe('dimensionStepDone (spec 4: ga_dimension)', () => {
  it.each([
    [95, 95, true],
    [100, 100, true],
    [95, 94.99, false],
    [94.99, 95, false],
    [100, 0, false],
    [0, 0, false],
    [null, 100, false],
    [100, null, false],
  ] as const)('dimension method, sessions %s and transactions %s: %s', (first, second, done) => {
    expect(dimensionStepDone(answer(first, second))).toBe(done);
  });

  it.each([
    [0, 95, true],
    [null, 100, true],
    [100, 94.99, false],
    [100, 0, false],
    [100, null, false],
  ] as const)('events method, sessions %s and events %s: %s (events percent alone decides)', (first, second, done) => {
    expect(dimensionStepDone(answer(first, second, { method: 'events' }))).toBe(done);
  });

  it('is never done with errors or another code', () => {
    expect(dimensionStepDone(answer(100, 100, { errors: [{ message: 'x' }] }))).toBe(false);
    expect(dimensionStepDone(answer(100, 100, { code: 403 }))).toBe(false);
    expect(dimensionStepDone(answer(100, 100, { method: 'events', code: 404 }))).toBe(false);
  });
});

describe('reportColour (spec 4: 95+ success, 65 to under 95 warning, below 65 danger)', () => {
  it.each([
    [0, 'danger'],
    [64.99, 'danger'],
    [65, 'warning'],
    [94.99, 'warning'],
    [95, 'success'],
    [100, 'success'],
  ] as const)('%s%%: %s', (percent, colour) => {
    expect(reportColour(percent)).toBe(colour);
  });
});

describe('coverage', () => {
  it('is null without anything to measure (a missing figure), with both counts kept', () => {
    expect(coverage(0, 0)).toEqual({ percent: null, withDimension: 0, total: 0 });
    expect(coverage(3, 0)).toEqual({ percent: null, withDimension: 3, total: 0 });
  });

  it('rounds down to two decimals from the counts, exactly at the thresholds', () => {
    expect(coverage(0, 10)).toEqual({ percent: 0, withDimension: 0, total: 10 });
    expect(coverage(95, 100).percent).toBe(95);
    expect(coverage(9499, 10_000).percent).toBe(94.99);
    expect(coverage(94_999, 100_000).percent).toBe(94.99);
    expect(coverage(65, 100).percent).toBe(65);
    expect(coverage(6499, 10_000).percent).toBe(64.99);
    // Floating point would give 56.99 and 68.99 here.
    expect(coverage(57, 100).percent).toBe(57);
    expect(coverage(69, 100).percent).toBe(69);
    expect(coverage(19_700, 20_000).percent).toBe(98.5);
  });

  it('is 100 only when every item is covered (and never more)', () => {
    expect(coverage(999_999, 1_000_000).percent).toBe(99.99);
    expect(coverage(100, 100).percent).toBe(100);
    expect(coverage(101, 100).percent).toBe(100);
  });

  it('every split of small totals agrees with exact rational arithmetic', () => {
    for (let total = 1; total <= 150; total++) {
      for (let covered = 0; covered <= total; covered++) {
        const hundredths = Math.floor((covered * 10_000) / total);
        // covered/total >= hundredths/10000 and < (hundredths+1)/10000, checked in integers.
        expect(covered * 10_000 >= hundredths * total && covered * 10_000 < (hundredths + 1) * total).toBe(true);
        expect(coverage(covered, total).percent).toBe(hundredths / 100);
      }
    }
  });
});

describe('STANDARD_DIMENSION_FORMAT', () => {
  it.each([
    ['1234567890.1700000000', true],
    ['1.2', true],
    ['GA1.2.1234.5678', false],
    ['1234567890', false],
    ['1234567890.', false],
    ['.1700000000', false],
    ['(not set)', false],
    ['', false],
    [' 1.2', false],
  ])('%j: %s', (value, standard) => {
    expect(STANDARD_DIMENSION_FORMAT.test(value)).toBe(standard);
  });
});

describe('cards at their boundaries (mutation testing found these unchecked)', () => {
  const access = (over: Partial<AccessCheckAnswer>): AccessCheckAnswer => ({ code: 200, errors: [], total: 10, property: null, viewIdStored: false, ...over }) as AccessCheckAnswer;

  it('grants access only on a 200 without errors', () => {
    expect(accessResult(access({}))).toBe('granted');
    expect(accessResult(access({ errors: [{ message: 'quota' }] }))).toBe('denied');
    expect(accessResult(access({ code: 403 }))).toBe('denied');
    expect(accessResult(access({ code: 502 }))).toBe('denied');
  });

  it('shows a dimension answer without figures as an error card, and a 403 as denied', () => {
    expect(dimensionResult(answer(null, null))).toBe('error');
    expect(dimensionResult(answer(100, 100))).toBe('success');
    expect(dimensionResult(answer(100, 100, { code: 403 }))).toBe('denied');
  });

  it('does not complete the step when a figure is missing altogether', () => {
    expect(dimensionStepDone(answer(100, 100, { method: 'events', events: null }))).toBe(false);
    expect(dimensionStepDone(answer(100, 100, { sessions: null }))).toBe(false);
    expect(dimensionStepDone(answer(100, 100, { transactions: null }))).toBe(false);
  });
});
