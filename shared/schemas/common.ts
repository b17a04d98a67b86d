import { number, object } from 'yup';
import { schema } from './define';

/**
 * Pieces every entity's schemas share. An edit or a delete carries the `version` it read: the
 * server writes only on that version (a stale one is 409), so nothing is overwritten silently.
 */
export const version = () =>
  number()
    .nonNullable('validation.required')
    .integer('validation.invalid')
    .min(1, 'validation.invalid')
    // Versions count writes; a number past 2^53 is no version, and DynamoDB's marshaller would throw on it (a 500).
    .max(Number.MAX_SAFE_INTEGER, 'validation.invalid')
    .required('validation.required');

/** The body of a DELETE: just the version read. */
export const versionOnlySchema = /* @__PURE__ */ schema(() => object({ version: version() }));
