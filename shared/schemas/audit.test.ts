import { describe, expect, it } from 'vitest';
import { auditQuerySchema, companyHistoryQuerySchema } from './audit';
import { errorsOf } from './testing/errors';

describe('audit query schema', () => {
  it.each([
    [{}, null],
    [{ company: 'c-1', user: 'U1', subject: 'u'.repeat(64), kind: 'sign-in', from: '2026-01-01', to: '2026-12-31' }, null],
    [{ cursor: 'eyJwayI6ImEifQ_-' }, null],
    [{ cursor: '' }, null], // the first page
    [{ cursor: 'c'.repeat(2000) }, null],
    [{ cursor: 'c'.repeat(2001) }, { cursor: 'validation.invalid' }],
    [{ cursor: 'a+b' }, { cursor: 'validation.invalid' }],
    [{ cursor: '=ab' }, { cursor: 'validation.invalid' }],
    [{ cursor: 'ab=' }, { cursor: 'validation.invalid' }],
    [{ company: 'u'.repeat(65) }, { company: 'validation.invalid' }],
    [{ company: 'a b' }, { company: 'validation.invalid' }],
    [{ user: '#c1' }, { user: 'validation.invalid' }],
    [{ user: 'c1#' }, { user: 'validation.invalid' }],
    [{ subject: '' }, { subject: 'validation.invalid' }],
    [{ subject: 'u#1' }, { subject: 'validation.invalid' }],
    [{ kind: 'password' }, { kind: 'validation.invalid' }],
    [{ from: '26-01-01' }, { from: 'validation.date' }],
    [{ from: '2026-1-01' }, { from: 'validation.date' }],
    [{ from: '2026-01-1' }, { from: 'validation.date' }],
    [{ from: 'yyyy-01-01' }, { from: 'validation.date' }],
    [{ from: '2026-mm-01' }, { from: 'validation.date' }],
    [{ to: '2026-01-dd' }, { to: 'validation.date' }],
    [{ to: 'x2026-01-01' }, { to: 'validation.date' }],
    [{ to: '2026-01-01T00:00' }, { to: 'validation.date' }],
  ])('%j: %j', (query, errors) => {
    expect(errorsOf(auditQuerySchema, query)).toEqual(errors ?? {});
  });

  it('every kind of the audit can be filtered on', () => {
    for (const kind of ['user', 'company', 'step', 'translations', 'default-collector', 'source', 'rule', 'collector', 'commission', 'meeting', 'sign-in']) {
      expect(errorsOf(auditQuerySchema, { kind }), kind).toEqual({});
    }
  });

  it('drops a parameter it does not know, keeps the filters it does', () => {
    expect(auditQuerySchema.validateSync({ compnay: 'c1', kind: 'user' })).toEqual({ kind: 'user' });
  });
});

describe('company history query schema', () => {
  it.each([
    [{}, null],
    [{ kind: 'step', from: '2026-01-01', to: '2026-01-01', cursor: 'eyJwayI6ImEifQ_-' }, null],
    [{ cursor: '' }, null],
    [{ cursor: 'c'.repeat(2001) }, { cursor: 'validation.invalid' }],
    [{ cursor: 'a+b' }, { cursor: 'validation.invalid' }],
    [{ cursor: '=ab' }, { cursor: 'validation.invalid' }],
    [{ cursor: 'ab=' }, { cursor: 'validation.invalid' }],
    // A user's sign-ins are the administrators' to read, not the company's.
    [{ kind: 'sign-in' }, { kind: 'validation.invalid' }],
    [{ from: '2026-02-30' }, { from: 'validation.date' }],
    [{ to: '2026-13-01' }, { to: 'validation.date' }],
    [{ from: '2026-05-02', to: '2026-05-01' }, { to: 'validation.dateRange' }],
  ])('%j: %j', (query, errors) => {
    expect(errorsOf(companyHistoryQuerySchema, query)).toEqual(errors ?? {});
  });

  it('drops a parameter it does not know, such as another company', () => {
    expect(companyHistoryQuerySchema.validateSync({ company: 'c2', kind: 'step' })).toEqual({ kind: 'step' });
  });
});
