import { mixed, number, object, string, type InferType } from 'yup';
import type { FeedFormat } from '../feed/types';
import { FEED_URL_MAX_LENGTH, FEED_URL_PATTERN } from './companies';
import { viewIdRule } from './analytics';
import { FEED_UPLOAD_MAX_BYTES } from '../domain/order-feed';
import { schema } from './define';

/**
 * Request schemas of the feed check (POST /api/order-feed/upload and /check). The page's form
 * validates with the same objects. A check names either an uploaded object (`upload_key`, from
 * the upload ticket) or a `feed_url`, never both.
 */

const FEED_FILE_NAME_MAX_LENGTH = 255;
/** Spec 9: feed types xml (default) and csv. */
export const FEED_FORMATS: readonly FeedFormat[] = ['xml', 'csv'];

const type = () => mixed<FeedFormat>().oneOf(FEED_FORMATS, 'validation.invalid').default('xml');
const viewId = () => viewIdRule(string().trim().nullable().default(null), 'allowed');

/** POST /api/order-feed/upload */
export const feedUploadSchema = /* @__PURE__ */ schema(() =>
  object({
    fileName: string().nonNullable('validation.required').trim().required('validation.required').max(FEED_FILE_NAME_MAX_LENGTH, 'validation.invalid'),
    size: number()
      .nonNullable('validation.required')
      .integer('validation.invalid')
      .min(1, 'validation.feed.emptyFile')
      .max(FEED_UPLOAD_MAX_BYTES, 'validation.feed.fileTooLarge')
      .required('validation.required'),
    type: type(),
  }),
);
export type FeedUploadRequest = InferType<typeof feedUploadSchema>;

/** POST /api/order-feed/check */
export const feedCheckSchema = /* @__PURE__ */ schema(() =>
  object({
    view_id: viewId(),
    type: type(),
    feed_url: string()
      .trim()
      .nullable()
      .default(null)
      .max(FEED_URL_MAX_LENGTH, 'validation.company.url')
      .matches(FEED_URL_PATTERN, { message: 'validation.company.url', excludeEmptyString: true }),
    upload_key: string().trim().nullable().default(null).max(512, 'validation.invalid'),
  }).test('feed-source', 'validation.feed.urlOrFile', function oneSource(value) {
    // Named after the URL field (the form shows it there), not the object's '' path.
    return Boolean(value.feed_url) !== Boolean(value.upload_key) || this.createError({ path: 'feed_url' });
  }),
);
export type FeedCheckRequest = InferType<typeof feedCheckSchema>;
