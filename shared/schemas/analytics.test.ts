import { describe, expect, it } from 'vitest';
import { analyticsAccessSchema, analyticsDimensionSchema, analyticsEventsSchema } from './analytics';
import { errorsOf } from './testing/errors';

const VIEW = '123456789';

describe('analytics check schemas', () => {
  it.each([
    ['12345', null], // the shortest view id
    ['1'.repeat(20), null], // the longest
    [` ${VIEW} `, null], // spaces typed around it are trimmed
    [undefined, 'validation.required'],
    [null, 'validation.required'],
    ['', 'validation.required'],
    ['   ', 'validation.required'],
    ['1234', 'validation.analytics.viewIdTooShort'],
    ['1'.repeat(21), 'validation.analytics.viewIdNumeric'],
    ['a12345', 'validation.analytics.viewIdNumeric'],
    ['12345a', 'validation.analytics.viewIdNumeric'],
    ['123 45', 'validation.analytics.viewIdNumeric'],
    ['UA-12345-1', 'validation.analytics.viewIdNumeric'],
  ])('view id %j: %s', (view_id, message) => {
    expect(errorsOf(analyticsAccessSchema, { view_id })).toEqual(message ? { view_id: message } : {});
  });

  it('keeps the view id trimmed', () => {
    expect(analyticsAccessSchema.validateSync({ view_id: ` ${VIEW} ` })).toEqual({ view_id: VIEW });
  });

  it.each([
    ['1', null],
    ['10', null],
    ['999', null],
    [' 7 ', null],
    [undefined, 'validation.required'],
    [null, 'validation.required'],
    ['  ', 'validation.required'],
    ['0', 'validation.analytics.dimensionNumeric'], // custom dimensions are numbered from 1
    ['01', 'validation.analytics.dimensionNumeric'],
    ['1000', 'validation.analytics.dimensionNumeric'],
    ['x1', 'validation.analytics.dimensionNumeric'],
    ['1x', 'validation.analytics.dimensionNumeric'],
  ])('dimension %j: %s', (dimension, message) => {
    expect(errorsOf(analyticsDimensionSchema, { view_id: VIEW, dimension })).toEqual(message ? { dimension: message } : {});
  });

  it('the dimension call needs the view id too, and keeps both trimmed', () => {
    expect(errorsOf(analyticsDimensionSchema, { dimension: '3' })).toEqual({ view_id: 'validation.required' });
    expect(analyticsDimensionSchema.validateSync({ view_id: VIEW, dimension: ' 3 ' })).toEqual({ view_id: VIEW, dimension: '3' });
  });

  it.each([
    ['purchase', null],
    ['Purchase_2', null],
    ['a', null],
    ['e'.repeat(100), null],
    [' purchase ', null],
    [undefined, 'validation.analytics.eventActionRequired'],
    [null, 'validation.analytics.eventActionRequired'],
    ['  ', 'validation.analytics.eventActionRequired'],
    ['e'.repeat(101), 'validation.analytics.eventActionInvalid'],
    ['2purchase', 'validation.analytics.eventActionInvalid'],
    ['_purchase', 'validation.analytics.eventActionInvalid'],
    ['pur-chase', 'validation.analytics.eventActionInvalid'],
    ['purchase!', 'validation.analytics.eventActionInvalid'],
  ])('event action %j: %s', (event_action, message) => {
    expect(errorsOf(analyticsEventsSchema, { view_id: VIEW, dimension: '2', event_action })).toEqual(message ? { event_action: message } : {});
  });

  it('the events call checks all three fields, each with its own message', () => {
    expect(errorsOf(analyticsEventsSchema, {})).toEqual({
      view_id: 'validation.required',
      dimension: 'validation.required',
      event_action: 'validation.analytics.eventActionRequired',
    });
    expect(analyticsEventsSchema.validateSync({ view_id: VIEW, dimension: '2', event_action: ' purchase ' }).event_action).toBe('purchase');
  });
});
