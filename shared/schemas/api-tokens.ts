import { number, object, string, type InferType } from 'yup';
import { API_TOKEN_DAYS } from '../domain/api-tokens';
import { lineText, versionOnlySchema } from './common';
import { schema } from './define';

/** Request schemas of the company API tokens (POST /api/api-tokens, DELETE /api/api-tokens/{id}); the page's form uses them too. */

export const API_TOKEN_NAME_MAX_LENGTH = 80;

/** POST /api/api-tokens: a name for people and how many days it lives (one of API_TOKEN_DAYS). */
export const apiTokenCreateSchema = /* @__PURE__ */ schema(() =>
  object({
    name: string().nonNullable('validation.required').trim().required('validation.required').max(API_TOKEN_NAME_MAX_LENGTH, 'validation.apiToken.nameTooLong').test(lineText),
    // A number (the form's select gives its text, which yup reads as the number it spells).
    days: number().typeError('validation.apiToken.days').nonNullable('validation.required').required('validation.required').oneOf(API_TOKEN_DAYS, 'validation.apiToken.days'),
  }),
);
export type ApiTokenCreateRequest = InferType<typeof apiTokenCreateSchema>;

/** DELETE /api/api-tokens/{id} (revoke): the version read. */
export const apiTokenRevokeSchema = versionOnlySchema;
