import { mixed, object, string, type InferType } from 'yup';
import { COLLECTOR_STATUSES, type CollectorStatus } from '../domain/types';
import { freeText, lineText, version, versionOnlySchema } from './common';
import { schema } from './define';

/**
 * Request schemas of the collectors calls (POST /api/collectors, PUT and DELETE
 * /api/collectors/{id}); the page's creation form, its inline edit and its help form use the
 * same rules. Spec: source and access e-mail required, the e-mail valid; statuses No/Ongoing/Yes.
 */

export const COLLECTOR_SOURCE_MAX_LENGTH = 120;
const COLLECTOR_ACCESS_EMAIL_MAX_LENGTH = 254;
export const COLLECTOR_NOTE_MAX_LENGTH = 2000;

// One @, something on both sides, a dot in the domain (the rule of the default collectors too).
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const source = () =>
  string().nonNullable('validation.required').trim().required('validation.required').max(COLLECTOR_SOURCE_MAX_LENGTH, 'validation.collector.sourceTooLong').test(lineText);
const accessEmail = () =>
  string()
    .nonNullable('validation.required')
    .trim()
    .required('validation.required')
    .max(COLLECTOR_ACCESS_EMAIL_MAX_LENGTH, 'validation.collector.email')
    .test('collector-email', 'validation.collector.email', (value) => !value || EMAIL.test(value));
const note = () => string().nonNullable('validation.invalid').trim().max(COLLECTOR_NOTE_MAX_LENGTH, 'validation.collector.commentTooLong').default('').test(freeText);
const status = () => mixed<CollectorStatus>().nonNullable('validation.invalid').oneOf(COLLECTOR_STATUSES, 'validation.collector.status').default('No');

const fields = () => ({
  source: source(),
  accessEmail: accessEmail(),
  comment: note(),
  commentStatus: note(),
  configStatus: status(),
  collectStatus: status(),
});

/** POST /api/collectors: the server makes the id; statuses default to No. */
export const collectorCreateSchema = /* @__PURE__ */ schema(() => object(fields()));
export type CollectorCreateRequest = InferType<typeof collectorCreateSchema>;

/** PUT /api/collectors/{id}: the whole editable row and the version the editor read. */
export const collectorUpdateSchema = /* @__PURE__ */ schema(() => object({ version: version(), ...fields() }));
export type CollectorUpdateRequest = InferType<typeof collectorUpdateSchema>;

/** DELETE /api/collectors/{id}: the version read (a row someone changed is not deleted blindly). */
export const collectorDeleteSchema = versionOnlySchema;

/** The creation form (and the help form): what the customer types. */
export const collectorFormSchema = /* @__PURE__ */ schema(() => object({ source: source(), accessEmail: accessEmail(), comment: note() }));
export type CollectorForm = InferType<typeof collectorFormSchema>;
