import { describe, expect, it } from 'vitest';
import { array, boolean, number, object, string } from 'yup';
import { sanitizeBody } from './body';

const schema = object({
  name: string().trim(),
  count: number(),
  on: boolean(),
  tags: array(string().trim()),
  nested: object({ city: string().trim() }),
});

describe('sanitizeBody', () => {
  it('keeps the schema fields of the right JSON type', () => {
    const body = { name: ' a ', count: 2, on: false, tags: ['x'], nested: { city: 'Paris' } };
    expect(sanitizeBody(schema, body)).toEqual({ value: body, errors: {} });
  });

  it('refuses wrong types field by field instead of letting transforms throw', () => {
    const { errors } = sanitizeBody(schema, { name: ['a'], count: '2', on: 'true', tags: 'x', nested: { city: 5 } });
    expect(errors).toEqual({
      name: 'validation.invalid',
      count: 'validation.invalid',
      on: 'validation.invalid',
      tags: 'validation.invalid',
      'nested.city': 'validation.invalid',
    });
    expect(sanitizeBody(schema, { tags: ['ok', 3] }).errors).toEqual({ 'tags[1]': 'validation.invalid' });
    expect(sanitizeBody(schema, { count: Number.NaN }).errors).toEqual({ count: 'validation.invalid' });
  });

  it('drops unknown and prototype keys into a null-prototype object', () => {
    const body = JSON.parse('{"__proto__":{"admin":true},"constructor":"x","toString":"y","name":"n","extra":1}') as object;
    const { value, errors } = sanitizeBody(schema, body);
    expect(errors).toEqual({});
    expect(Object.getPrototypeOf(value)).toBeNull();
    expect(Object.keys(value)).toEqual(['name']);
    expect((value as { admin?: unknown }).admin).toBeUndefined();
  });

  it('leaves null and missing values to the schema', () => {
    expect(sanitizeBody(schema, { name: null })).toEqual({ value: { name: null }, errors: {} });
  });
});
