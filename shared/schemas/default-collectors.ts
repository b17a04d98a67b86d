import { mixed, object, string, type InferType } from 'yup';
import { COLLECTOR_TYPES, type CollectorType } from '../domain/types';
import { lineText, version, versionOnlySchema } from './common';
import { schema } from './define';

/**
 * Request schemas of the default collectors calls (POST /api/default-collectors, PUT and DELETE
 * /api/default-collectors/{id}); the page's creation form and its in-place edit use the same rules.
 */

const COLLECTOR_NAME_MAX_LENGTH = 120;
const COLLECTOR_EMAIL_MAX_LENGTH = 254;
const COLLECTOR_COMMENT_MAX_LENGTH = 2000;
const COLLECTOR_COMMENT_LANGUAGES = ['en', 'ru', 'fr'] as const;
export type CollectorComment = Record<(typeof COLLECTOR_COMMENT_LANGUAGES)[number], string>;

// The shape yup's own `.uuid()` accepts, written out so the message is ours.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
// One @, something on both sides, a dot in the domain: what an administrator types for a mailbox.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The comment's JSON text (spec: "JSON text with en, ru, fr strings") as an object; anything that
 * is not such an object (older rows, hand-made data) reads as empty comments, never throws.
 */
export function parseCollectorComment(text: string | null | undefined): CollectorComment {
  const empty: CollectorComment = { en: '', ru: '', fr: '' };
  // Stryker disable next-line ConditionalExpression: a shortcut: JSON.parse throws on '' and gives null for null, both read as empty below
  if (!text) return empty;
  try {
    const value: unknown = JSON.parse(text);
    // Stryker disable next-line ConditionalExpression,LogicalOperator: says what the loop does anyway: null throws into the catch, and a number, a text or a list has no en/ru/fr strings
    if (!value || typeof value !== 'object' || Array.isArray(value)) return empty;
    const record = value as Record<string, unknown>;
    for (const lang of COLLECTOR_COMMENT_LANGUAGES) {
      if (typeof record[lang] === 'string') empty[lang] = record[lang];
    }
    return empty;
  } catch {
    return empty;
  }
}

/** The comment's wire form: the three languages, in a fixed order. */
export const formatCollectorComment = (comment: Partial<CollectorComment>): string =>
  JSON.stringify({ en: comment.en ?? '', ru: comment.ru ?? '', fr: comment.fr ?? '' });

/** True when `text` is JSON of an object with only en/ru/fr keys, each a string within the limit. */
export function isCollectorCommentText(text: string): boolean {
  let value: unknown;
  // Stryker disable BlockStatement: without the catch's return, `value` stays undefined and is refused just below (a next-line directive cannot reach a catch clause)
  try {
    value = JSON.parse(text);
  } catch {
    return false;
  }
  // Stryker restore BlockStatement
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  return Object.entries(value).every(
    ([key, item]) => (COLLECTOR_COMMENT_LANGUAGES as readonly string[]).includes(key) && typeof item === 'string' && item.length <= COLLECTOR_COMMENT_MAX_LENGTH,
  );
}

/** The comment's check; the default below fills a missing comment before it runs (the guard is for the type). */
const isCommentTextOrNothing = (value: string | undefined): boolean =>
  // Stryker disable next-line ConditionalExpression: as said, never undefined here
  value === undefined ||
  isCollectorCommentText(value);

const id = () => string().nonNullable('validation.required').trim().required('validation.required').matches(UUID, 'validation.defaultCollector.id');
const name = () =>
  string().nonNullable('validation.required').trim().required('validation.required').max(COLLECTOR_NAME_MAX_LENGTH, 'validation.defaultCollector.nameTooLong').test(lineText);
const accessEmail = () =>
  string()
    .nonNullable('validation.required')
    .trim()
    .max(COLLECTOR_EMAIL_MAX_LENGTH, 'validation.defaultCollector.email')
    .test('collector-email', 'validation.defaultCollector.email', (value) => !value || EMAIL.test(value))
    .default('');
const type = () => mixed<CollectorType>().nonNullable('validation.required').oneOf(COLLECTOR_TYPES, 'validation.invalid').required('validation.required');
const comment = () =>
  string()
    // An empty comment is no comment (the empty three-language text), as when it is left out.
    .transform((value: unknown) => (value === '' ? undefined : value))
    .nonNullable('validation.required')
    .max(4 * COLLECTOR_COMMENT_MAX_LENGTH, 'validation.defaultCollector.comment')
    .test('collector-comment', 'validation.defaultCollector.comment', isCommentTextOrNothing)
    .default(formatCollectorComment({}));

/** POST /api/default-collectors: the client makes the id (spec); name and type are required. */
export const defaultCollectorCreateSchema = /* @__PURE__ */ schema(() =>
  object({
    id: id(),
    name: name(),
    accessEmail: accessEmail(),
    type: type(),
    comment: comment(),
  }),
);
export type DefaultCollectorCreateRequest = InferType<typeof defaultCollectorCreateSchema>;

/** PUT /api/default-collectors/{id}: the whole editable row and the version the editor read. */
export const defaultCollectorUpdateSchema = /* @__PURE__ */ schema(() =>
  object({
    version: version(),
    name: name(),
    accessEmail: accessEmail(),
    type: type(),
    comment: comment(),
  }),
);
export type DefaultCollectorUpdateRequest = InferType<typeof defaultCollectorUpdateSchema>;

/** DELETE /api/default-collectors/{id}: the version the editor read (a changed row is not deleted blindly). */
export const defaultCollectorDeleteSchema = versionOnlySchema;
export type DefaultCollectorDeleteRequest = InferType<typeof defaultCollectorDeleteSchema>;

/** The creation form and the in-place edit: the fields of the request, the comment as three boxes. */
export const defaultCollectorFormSchema = /* @__PURE__ */ schema(() =>
  object({
    name: name(),
    accessEmail: accessEmail(),
    type: type(),
    commentEn: string().max(COLLECTOR_COMMENT_MAX_LENGTH, 'validation.defaultCollector.comment').default(''),
    commentRu: string().max(COLLECTOR_COMMENT_MAX_LENGTH, 'validation.defaultCollector.comment').default(''),
    commentFr: string().max(COLLECTOR_COMMENT_MAX_LENGTH, 'validation.defaultCollector.comment').default(''),
  }),
);
export type DefaultCollectorForm = InferType<typeof defaultCollectorFormSchema>;
