import { describe, expect, it } from 'vitest';
import { object, string } from 'yup';
import { ValidationError } from './errors';
import { validQuery } from './query';

const schema = object({
  q: string().max(128, 'validation.search.tooLong'),
  day: string().test('boom', 'never', (value) => {
    if (value === 'bug') throw new RangeError('a fault in the rule itself');
    return true;
  }),
}).noUnknown();

describe('validQuery', () => {
  it('answers the values of a valid query', () => {
    expect(validQuery(schema, { q: 'acme' })).toEqual({ q: 'acme' });
  });

  it('refuses a bad parameter with its id and a message naming the value and why', () => {
    let caught: unknown;
    try {
      validQuery(schema, { q: 'x'.repeat(129) });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ValidationError);
    expect((caught as ValidationError).errors).toEqual({ q: 'validation.search.tooLong' });
    expect((caught as Error).message).toContain('is longer than 128 characters');
  });

  it('lets a fault inside a schema through as itself, not as a refused query', () => {
    expect(() => validQuery(schema, { day: 'bug' })).toThrow(RangeError);
  });
});
