import { ValidationError as YupValidationError, type AnyObjectSchema, type InferType } from 'yup';
import { ValidationError } from './errors';

/** What a refused parameter was, for the 400's message (the `errors` carry the i18n ids the page shows). */
const REASONS: Record<string, string> = {
  'validation.date': 'is no day of the calendar (YYYY-MM-DD, years 2000 to 2099)',
  'validation.dateRange': 'is before from',
  'validation.search.tooLong': 'is longer than 128 characters',
  'validation.invalidCharacters': 'holds control or invisible characters',
};

/**
 * THE check of a GET's query parameters against their schema (shared/schemas): the values, or a
 * 400 whose `errors` name each refused parameter and whose message says why, with the known ones.
 */
export function validQuery<S extends AnyObjectSchema>(schema: S, query: Record<string, string>): InferType<S> {
  try {
    return schema.validateSync(query, { abortEarly: false }) as InferType<S>;
  } catch (error) {
    // A fault inside a schema's own test is a bug, not a refused query: it stays a 500 with its cause.
    if (!(error instanceof YupValidationError)) throw error;
    const invalid = error;
    const errors = Object.fromEntries((invalid.inner.length ? invalid.inner : [invalid]).map((item) => [item.path ?? 'query', String(item.message)]));
    const known = Object.keys(schema.fields).join(', ');
    const explain = (field: string, id: string): string =>
      field in query ? `${field}=${JSON.stringify(query[field])} ${REASONS[id] ?? 'is not valid'}` : `${field} is not valid (known parameters: ${known})`;
    throw new ValidationError(errors, `The query is not valid: ${Object.entries(errors).map(([field, id]) => explain(field, id)).join('; ')}`);
  }
}
