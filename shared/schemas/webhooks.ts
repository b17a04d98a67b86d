import { array, mixed, object, string, type InferType } from 'yup';
import { WEBHOOK_EVENTS, WEBHOOK_FORMATS, type WebhookFormat } from '../domain/webhooks';
import { lineText, versionOnlySchema } from './common';
import { schema } from './define';

/** Request schemas of the webhooks (POST /api/webhooks, rotate, delete); the page's form uses them too. */

export const WEBHOOK_NAME_MAX_LENGTH = 80;
export const WEBHOOK_URL_MAX_LENGTH = 500;

/** An https URL (the server checks where it points when it sends: docs/product.md, "Webhooks"). */
const httpsUrl = {
  name: 'https-url',
  message: 'validation.webhook.url',
  test: (value: string | null | undefined) => {
    if (value == null || value === '') return true;
    try {
      const url = new URL(value);
      return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
    } catch {
      return false;
    }
  },
};

export const webhookCreateSchema = /* @__PURE__ */ schema(() =>
  object({
    name: string().nonNullable('validation.required').trim().required('validation.required').max(WEBHOOK_NAME_MAX_LENGTH, 'validation.webhook.nameTooLong').test(lineText),
    url: string().nonNullable('validation.required').trim().required('validation.required').max(WEBHOOK_URL_MAX_LENGTH, 'validation.webhook.url').test(httpsUrl),
    format: mixed<WebhookFormat>().nonNullable('validation.required').required('validation.required').oneOf(WEBHOOK_FORMATS, 'validation.webhook.format'),
    events: array(string().required().oneOf(WEBHOOK_EVENTS, 'validation.webhook.events'))
      .nonNullable('validation.required')
      .required('validation.required')
      .min(1, 'validation.webhook.events'),
  }),
);
export type WebhookCreateRequest = InferType<typeof webhookCreateSchema>;

/** DELETE /api/webhooks/{id} and POST /api/webhooks/{id}/rotate: the version read. */
export const webhookVersionSchema = versionOnlySchema;
