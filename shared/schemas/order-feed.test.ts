import { describe, expect, it } from 'vitest';
import { FEED_UPLOAD_MAX_BYTES } from '../domain/order-feed';
import { feedCheckSchema, feedUploadSchema } from './order-feed';
import { errorsOf } from './testing/errors';

describe('feed upload schema', () => {
  const upload = { fileName: 'orders.xml', size: 1000 };

  it.each([
    [{}, null],
    [{ size: 1 }, null],
    [{ size: FEED_UPLOAD_MAX_BYTES }, null],
    [{ type: 'csv' }, null],
    [{ fileName: 'f'.repeat(255) }, null],
    [{ size: 0 }, { size: 'validation.feed.emptyFile' }],
    [{ size: FEED_UPLOAD_MAX_BYTES + 1 }, { size: 'validation.feed.fileTooLarge' }],
    [{ size: 1.5 }, { size: 'validation.invalid' }],
    [{ size: undefined }, { size: 'validation.required' }],
    [{ size: null }, { size: 'validation.required' }],
    [{ fileName: 'f'.repeat(256) }, { fileName: 'validation.invalid' }],
    [{ fileName: '   ' }, { fileName: 'validation.required' }],
    [{ fileName: null }, { fileName: 'validation.required' }],
    [{ type: 'json' }, { type: 'validation.invalid' }],
  ])('%j: %j', (change, errors) => {
    expect(errorsOf(feedUploadSchema, { ...upload, ...change })).toEqual(errors ?? {});
  });

  it('reads a feed as XML unless told otherwise (spec 9), with the file name trimmed', () => {
    expect(feedUploadSchema.validateSync({ fileName: ' orders.xml ', size: 10 })).toEqual({ fileName: 'orders.xml', size: 10, type: 'xml' });
  });
});

describe('feed check schema', () => {
  it.each([
    [{ feed_url: 'https://shop.example/feed.xml' }, null],
    [{ upload_key: 'feeds/c1/k1.xml', type: 'csv' }, null],
    [{ feed_url: 'sftp://u:p@shop.example/f.csv', view_id: '123456' }, null],
    [{ feed_url: 'https://shop.example/feed.xml', view_id: '' }, null], // the form's empty field: no comparison
    [{ feed_url: 'https://shop.example/feed.xml', view_id: '1'.repeat(20) }, null],
    [{ feed_url: 'https://shop.example/feed.xml', view_id: '1'.repeat(21) }, { view_id: 'validation.analytics.viewIdNumeric' }],
    [{ feed_url: 'https://shop.example/feed.xml', view_id: '12a45' }, { view_id: 'validation.analytics.viewIdNumeric' }],
    [{ feed_url: 'https://shop.example/feed.xml', view_id: 'a12345' }, { view_id: 'validation.analytics.viewIdNumeric' }],
    [{ feed_url: 'https://shop.example/feed.xml', view_id: '12345a' }, { view_id: 'validation.analytics.viewIdNumeric' }],
    [{ feed_url: 'shop.example/feed.xml' }, { feed_url: 'validation.company.url' }],
    [{ feed_url: `https://shop.example/${'f'.repeat(2048)}` }, { feed_url: 'validation.company.url' }],
    [{ upload_key: 'k'.repeat(512) }, null],
    [{ upload_key: 'k'.repeat(513) }, { upload_key: 'validation.invalid' }],
    [{ feed_url: 'https://shop.example/feed.xml', type: 'json' }, { type: 'validation.invalid' }],
    // Exactly one source: the form shows the refusal at the URL field.
    [{}, { feed_url: 'validation.feed.urlOrFile' }],
    [{ feed_url: '', upload_key: '' }, { feed_url: 'validation.feed.urlOrFile' }],
    [{ feed_url: '  ', upload_key: null }, { feed_url: 'validation.feed.urlOrFile' }],
    [{ feed_url: 'https://shop.example/feed.xml', upload_key: 'feeds/c1/k1.xml' }, { feed_url: 'validation.feed.urlOrFile' }],
  ])('%j: %j', (body, errors) => {
    expect(errorsOf(feedCheckSchema, body)).toEqual(errors ?? {});
  });

  it('fills the defaults and trims what is typed', () => {
    expect(feedCheckSchema.validateSync({ feed_url: ' https://shop.example/feed.xml ', view_id: ' 123456 ' })).toEqual({
      feed_url: 'https://shop.example/feed.xml',
      view_id: '123456',
      type: 'xml',
      upload_key: null,
    });
    expect(feedCheckSchema.validateSync({ upload_key: ' feeds/k.csv ' })).toEqual({ feed_url: null, view_id: null, type: 'xml', upload_key: 'feeds/k.csv' });
  });
});
