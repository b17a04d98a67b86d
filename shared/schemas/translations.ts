import { mixed, number, object, string, type InferType } from 'yup';
import { TRANSLATION_LOCALES, type MessageTexts } from '../domain/translations';
import { schema } from './define';

/**
 * POST /api/translations: the three languages at once ("Update all"), each a JSON object of
 * message id -> text, and the version the admin read (all three are one conditional write).
 * The shape is checked here; ids, text types, ICU syntax and placeholders against the bundled
 * English are checked by the server (functions/core/translations), which knows the bundle.
 */

/** Longest text of one message: the longest bundled one is a paragraph. */
export const TRANSLATION_MESSAGE_MAX_LENGTH = 4000;

/** A JSON object of texts, or nothing: null and a missing catalogue are required's refusal, answered first (the handler keeps a field's first message). */
const isCatalogueOrNothing = (value: unknown): boolean =>
  // Stryker disable next-line ConditionalExpression,EqualityOperator: as said, the answer for null and undefined is required's
  value == null ||
  (typeof value === 'object' && !Array.isArray(value));

const catalogue = () =>
  mixed<MessageTexts>()
    .meta({ jsonSchema: { type: 'object', additionalProperties: { type: 'string' } } }) // for docs/openapi.json
    .nonNullable('validation.translations.notObject')
    .required('validation.required')
    .test('translations-object', 'validation.translations.notObject', isCatalogueOrNothing);

export const translationsUpdateSchema = /* @__PURE__ */ schema(() =>
  object({
    version: number()
      .nonNullable('validation.required')
      .integer('validation.invalid')
      .min(0, 'validation.invalid')
      .max(Number.MAX_SAFE_INTEGER, 'validation.invalid')
      .required('validation.required'),
    en: catalogue(),
    fr: catalogue(),
    ru: catalogue(),
  }),
);
export type TranslationsUpdateRequest = InferType<typeof translationsUpdateSchema>;

/** GET /api/translations: `?locale=fr` asks for that language's compiled overrides; no query, the admin page's catalogues. */
export const translationsQuerySchema = /* @__PURE__ */ schema(() => object({ locale: string().oneOf([...TRANSLATION_LOCALES], 'validation.invalid') }));
