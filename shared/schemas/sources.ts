import { mixed, object, string, type InferType } from 'yup';
import { BUSINESS_MODELS, DEDUPLICATIONS, type BusinessModel, type Deduplication } from '../domain/sources';
import { lineText, version, versionOnlySchema } from './common';
import { schema } from './define';

/**
 * Request schemas of the sources calls (POST /api/sources, PUT and DELETE /api/sources/{id}); the
 * create form and the row's in-place edit validate with the same rules. Which business models a
 * company may choose depends on its product (affiliates: CPO and Special): the server checks that
 * in core/sources, the form offers only those.
 */

export const SOURCE_NAME_MAX_LENGTH = 120;
export const SOURCE_TEXT_MAX_LENGTH = 250;

// The shape of a UUID (crypto.randomUUID in the browser), written out so the message is ours.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
export const isSourceId = (value: string): boolean => UUID.test(value);

const required = (max: number, tooLong: string) =>
  string().nonNullable('validation.required').trim().required('validation.required').max(max, tooLong).test(lineText);
const optional = () => string().nonNullable('validation.required').trim().max(SOURCE_TEXT_MAX_LENGTH, 'validation.source.tooLong').default('').test(lineText);

// A select left on its empty choice sends '': that is a missing value, not an unknown one.
const emptyIsMissing = (value: unknown) => (value === '' ? undefined : value);

const fields = () => ({
  name: required(SOURCE_NAME_MAX_LENGTH, 'validation.source.nameTooLong'),
  channel: required(SOURCE_NAME_MAX_LENGTH, 'validation.source.nameTooLong'),
  businessModel: mixed<BusinessModel>().transform(emptyIsMissing).nonNullable('validation.required').required('validation.required').oneOf(BUSINESS_MODELS, 'validation.source.businessModel'),
  deduplication: mixed<Deduplication>().transform(emptyIsMissing).nonNullable('validation.required').required('validation.required').oneOf(DEDUPLICATIONS, 'validation.source.deduplication'),
  utmSource: optional(),
  utmMedium: optional(),
  utmCampaign: optional(),
  agency: optional(),
});

/** The editable fields (the create form and the in-place edit). */
export const sourceFieldsSchema = /* @__PURE__ */ schema(() => object(fields()));
export type SourceForm = InferType<typeof sourceFieldsSchema>;

/** POST /api/sources: the browser makes the id (spec: a random UUID), the server checks its shape and that it is free. */
export const sourceCreateSchema = /* @__PURE__ */ schema(() =>
  object({
    id: string().nonNullable('validation.required').trim().required('validation.required').matches(UUID, 'validation.source.id'),
    ...fields(),
  }),
);
export type SourceCreateRequest = InferType<typeof sourceCreateSchema>;

/** PUT /api/sources/{id}: the whole edited row and the version read. */
export const sourceUpdateSchema = /* @__PURE__ */ schema(() => object({ version: version(), ...fields() }));
export type SourceUpdateRequest = InferType<typeof sourceUpdateSchema>;

/** DELETE /api/sources/{id}: the version read (a source changed meanwhile is not deleted blindly). */
export const sourceDeleteSchema = versionOnlySchema;
