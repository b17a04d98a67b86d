import { describe, expect, it, vi } from 'vitest';
import { FEED_UPLOAD_MAX_BYTES } from '../../../shared/domain/order-feed';
import { NotFoundError, ValidationError } from '../../platform/errors';
import { uploadedFeed } from './uploaded-feed';

const KEY = 'feeds/c1/0b9b5b1e-3f2a-4c1d-8e9f-0a1b2c3d4e5f.xml';

describe('uploadedFeed', () => {
  it("answers the object's size and original name", async () => {
    expect(await uploadedFeed('c1', KEY, async () => ({ size: 10, fileName: 'été.xml' }))).toEqual({ key: KEY, size: 10, fileName: 'été.xml' });
    expect((await uploadedFeed('c1', KEY, async () => ({ size: 10, fileName: null }))).fileName).toBe(KEY.split('/').pop());
  });

  it("refuses keys that are not exactly one of this company's uploads, without asking S3", async () => {
    const head = vi.fn(async () => ({ size: 10, fileName: null }));
    for (const key of [
      'feeds/c2/0b9b5b1e-3f2a-4c1d-8e9f-0a1b2c3d4e5f.xml',
      'feeds/c1/../c2/0b9b5b1e-3f2a-4c1d-8e9f-0a1b2c3d4e5f.xml',
      'feeds/c1/sub/0b9b5b1e-3f2a-4c1d-8e9f-0a1b2c3d4e5f.xml',
      'feeds/c10/0b9b5b1e-3f2a-4c1d-8e9f-0a1b2c3d4e5f.xml',
      'feeds/c1/0b9b5b1e-3f2a-4c1d-8e9f-0a1b2c3d4e5f.exe',
      '/feeds/c1/0b9b5b1e-3f2a-4c1d-8e9f-0a1b2c3d4e5f.xml',
      'feeds/c1/',
    ]) {
      await expect(uploadedFeed('c1', key, head), key).rejects.toBeInstanceOf(NotFoundError);
    }
    expect(head).not.toHaveBeenCalled();
  });

  it('a missing object is the same 404; empty and oversized objects are field errors (S3 emulators do not enforce the POST policy)', async () => {
    await expect(uploadedFeed('c1', KEY, async () => null)).rejects.toBeInstanceOf(NotFoundError);
    await expect(uploadedFeed('c1', KEY, async () => ({ size: 0, fileName: null }))).rejects.toEqual(new ValidationError({ upload_key: 'validation.feed.emptyFile' }));
    await expect(uploadedFeed('c1', KEY, async () => ({ size: FEED_UPLOAD_MAX_BYTES + 1, fileName: null }))).rejects.toEqual(
      new ValidationError({ upload_key: 'validation.feed.fileTooLarge' }),
    );
    expect((await uploadedFeed('c1', KEY, async () => ({ size: FEED_UPLOAD_MAX_BYTES, fileName: null }))).size).toBe(FEED_UPLOAD_MAX_BYTES);
    expect((await uploadedFeed('c1', KEY, async () => ({ size: 1, fileName: null }))).size).toBe(1);
  });
});
