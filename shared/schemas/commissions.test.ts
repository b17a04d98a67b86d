import { describe, expect, it } from 'vitest';
import { commissionCreateSchema } from './commissions';
import { sourceCreateSchema } from './sources';
import { errorsOf } from './testing/errors';

const errorOf = async (schema: typeof commissionCreateSchema | typeof sourceCreateSchema, value: unknown) => {
  try {
    await schema.validate(value, { abortEarly: false });
    return null;
  } catch (error) {
    return (error as { inner: Array<{ path: string; message: string }> }).inner.map((e) => [e.path, e.message]);
  }
};

describe('commission and source schemas', () => {
  it('takes a numeric commission in range for its type', async () => {
    expect(await errorOf(commissionCreateSchema, { sourceName: 'Awin', type: 'percent', commission: 100 })).toBeNull();
    expect(await errorOf(commissionCreateSchema, { sourceName: 'Awin', type: 'percent', commission: 0 })).toEqual([['commission', 'validation.commission.percent']]);
    expect(await errorOf(commissionCreateSchema, { sourceName: 'Awin', type: 'fixed', commission: 0 })).toEqual([['commission', 'validation.commission.fixed']]);
    expect(await errorOf(commissionCreateSchema, { sourceName: 'Awin', type: 'fixed', commission: 'abc' })).toEqual([['commission', 'validation.commission.number']]);
    // A cent is the smallest commission: 1e-300 would even be out of DynamoDB's range (a 500 before).
    expect(await errorOf(commissionCreateSchema, { sourceName: 'Awin', type: 'fixed', commission: 0.01 })).toBeNull();
    expect(await errorOf(commissionCreateSchema, { sourceName: 'Awin', type: 'fixed', commission: 1e-300 })).toEqual([['commission', 'validation.commission.fixed']]);
    expect(await errorOf(commissionCreateSchema, { sourceName: 'Awin', type: 'percent', commission: 0.009 })).toEqual([['commission', 'validation.commission.percent']]);
    expect(await errorOf(commissionCreateSchema, { sourceName: '', type: '', commission: '' })).toEqual([
      ['sourceName', 'validation.required'],
      ['type', 'validation.required'],
      ['commission', 'validation.required'],
    ]);
  });

  it('requires a UUID id and known options for a source', async () => {
    const ok = { id: '0b6f4a52-8e1d-4c3b-9a7f-2d5e6c7b8a90', name: 'A', channel: 'Email', businessModel: 'Free', deduplication: 'Post Click' };
    expect(await errorOf(sourceCreateSchema, ok)).toBeNull();
    expect(await errorOf(sourceCreateSchema, { ...ok, id: '123', businessModel: 'CPA', deduplication: '' })).toEqual([
      ['id', 'validation.source.id'],
      ['businessModel', 'validation.source.businessModel'],
      ['deduplication', 'validation.required'],
    ]);
  });
});

describe('commission limits at their edges', () => {
  const body = (type: string, commission: unknown) => ({ sourceName: 'Awin', type, commission });
  it.each([
    ['percent', 0.01, null],
    ['percent', 100, null],
    ['percent', 100.01, 'validation.commission.percent'],
    ['percent', 0.009, 'validation.commission.percent'],
    ['fixed', 0.01, null],
    ['fixed', 1_000_000, null],
    ['fixed', 1_000_000.01, 'validation.commission.fixed'],
    ['fixed', 0.009, 'validation.commission.fixed'],
    ['fixed', -5, 'validation.commission.fixed'],
    ['fixed', Number.NaN, 'validation.commission.number'], // what a number input gives for '1e'
    ['percent', Number.POSITIVE_INFINITY, 'validation.commission.number'],
    ['fixed', '12', 'validation.commission.number'],
  ])('%s %s: %s', (type, commission, message) => {
    expect(errorsOf(commissionCreateSchema, body(type, commission))).toEqual(message ? { commission: message } : {});
  });
});
